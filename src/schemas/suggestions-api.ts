import { z } from "zod";
import { SUGGESTION_CATEGORIES, SUGGESTION_PRIORITIES, SUGGESTION_STATUSES, VOTE_TYPES } from "./suggestions";

/** Inputs of suggestions.* and adminSuggestions.* (issue 19): the page and the server share these rules. */
export const SUGGESTION_PAGE_SIZE = 20;
export const SUGGESTION_TITLE_MIN = 5;
export const SUGGESTION_TITLE_MAX = 120;
export const SUGGESTION_DESCRIPTION_MIN = 10;
export const SUGGESTION_DESCRIPTION_MAX = 5000;
export const SUGGESTION_REPLY_MAX = 5000;
/** New suggestions per user per hour: enough for real use, not for flooding the board. */
export const SUGGESTIONS_PER_HOUR = 5;

export const SUGGESTION_SORTS = ["votes", "recent", "mine"] as const;
export const SUGGESTION_SORT_LABEL: Record<(typeof SUGGESTION_SORTS)[number], string> = { votes: "Mais votadas", recent: "Mais recentes", mine: "Minhas sugestões" };

/** What an admin may set by hand: 'mesclada' only comes from a merge. */
export const ADMIN_SETTABLE_STATUSES = ["pendente", "planejada", "em_andamento", "concluida", "recusada"] as const;

export const SUGGESTION_MESSAGES = {
  notFound: "Sugestão não encontrada.",
  notEditable: "Só é possível alterar ou excluir a sua sugestão enquanto ela está pendente.",
  closedForVotes: "Esta sugestão foi mesclada ou recusada e não recebe mais votos.",
  rateLimited: `Você já enviou ${SUGGESTIONS_PER_HOUR} sugestões na última hora. Tente novamente mais tarde.`,
  mergeSelf: "Escolha outra sugestão como destino.",
  mergeTargetClosed: "A sugestão de destino foi mesclada; escolha outra.",
  alreadyMerged: "Esta sugestão já foi mesclada.",
  hasMerged: "Outras sugestões foram mescladas nesta; ela não pode mais ser excluída por você.",
} as const;

const suggestionId = z.uuid("Sugestão inválida");
const page = z.number().int().min(1).max(10_000).default(1);
const pageSize = z.number().int().min(1).max(100).default(SUGGESTION_PAGE_SIZE);
const q = z.string().trim().max(200, "Busca deve ter no máximo 200 caracteres").optional();

const title = z
  .string()
  .trim()
  .min(SUGGESTION_TITLE_MIN, `Título deve ter pelo menos ${SUGGESTION_TITLE_MIN} caracteres`)
  .max(SUGGESTION_TITLE_MAX, `Título deve ter no máximo ${SUGGESTION_TITLE_MAX} caracteres`);
const description = z
  .string()
  .trim()
  .min(SUGGESTION_DESCRIPTION_MIN, `Descrição deve ter pelo menos ${SUGGESTION_DESCRIPTION_MIN} caracteres`)
  .max(SUGGESTION_DESCRIPTION_MAX, `Descrição deve ter no máximo ${SUGGESTION_DESCRIPTION_MAX} caracteres`);
const category = z.enum(SUGGESTION_CATEGORIES, "Categoria inválida");

export const suggestionListInput = z.object({
  page,
  pageSize,
  status: z.enum(SUGGESTION_STATUSES, "Situação inválida").optional(),
  category: category.optional(),
  q,
  sort: z.enum(SUGGESTION_SORTS).default("votes"),
});
export type SuggestionListInput = z.output<typeof suggestionListInput>;

export const suggestionIdInput = z.object({ id: suggestionId });

export const suggestionCreateInput = z.object({ title, description, category: category.default("geral") });
export type SuggestionCreateInput = z.output<typeof suggestionCreateInput>;

export const suggestionUpdateInput = suggestionCreateInput.extend({ id: suggestionId });
export type SuggestionUpdateInput = z.output<typeof suggestionUpdateInput>;

/** null takes the vote back. */
export const suggestionVoteInput = z.object({ id: suggestionId, voteType: z.enum(VOTE_TYPES, "Voto inválido").nullable() });
export type SuggestionVoteInput = z.output<typeof suggestionVoteInput>;

export const adminSuggestionListInput = z.object({
  page,
  pageSize,
  status: z.enum(SUGGESTION_STATUSES, "Situação inválida").optional(),
  category: category.optional(),
  priority: z.enum(SUGGESTION_PRIORITIES, "Prioridade inválida").optional(),
  q,
  sort: z.enum(["votes", "recent"]).default("votes"),
});
export type AdminSuggestionListInput = z.output<typeof adminSuggestionListInput>;

/** Only the fields sent change. */
export const adminSuggestionUpdateInput = z.object({
  id: suggestionId,
  status: z.enum(ADMIN_SETTABLE_STATUSES, "Situação inválida").optional(),
  priority: z.enum(SUGGESTION_PRIORITIES, "Prioridade inválida").optional(),
  category: category.optional(),
});
export type AdminSuggestionUpdateInput = z.output<typeof adminSuggestionUpdateInput>;

export const adminSuggestionReplyInput = z.object({
  id: suggestionId,
  reply: z.string().trim().min(1, "Escreva a resposta").max(SUGGESTION_REPLY_MAX, `Resposta deve ter no máximo ${SUGGESTION_REPLY_MAX} caracteres`),
});
export type AdminSuggestionReplyInput = z.output<typeof adminSuggestionReplyInput>;

export const adminSuggestionMergeInput = z.object({ sourceId: suggestionId, targetId: suggestionId });
export type AdminSuggestionMergeInput = z.output<typeof adminSuggestionMergeInput>;
