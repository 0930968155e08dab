import { z } from "zod";
import { line, optional, paragraph } from "../text";

/** SPEC §9: a stage's colour when none is picked. */
export const DEFAULT_STAGE_COLOR = "#6B7280";

/** The pipeline every workspace starts with (issue 14). */
export const DEFAULT_PIPELINE = {
  name: "Funil de vendas",
  stages: [
    { name: "Novo lead", color: "#3B82F6", probability: 10, isWon: false, isLost: false },
    { name: "Qualificado", color: "#8B5CF6", probability: 25, isWon: false, isLost: false },
    { name: "Proposta", color: "#F59E0B", probability: 50, isWon: false, isLost: false },
    { name: "Negociação", color: "#F97316", probability: 75, isWon: false, isLost: false },
    { name: "Ganho", color: "#16A34A", probability: 100, isWon: true, isLost: false },
    { name: "Perdido", color: "#DC2626", probability: 0, isWon: false, isLost: true },
  ],
} as const;

export const dealStatuses = ["open", "won", "lost"] as const;
export type DealStatus = (typeof dealStatuses)[number];
export const DEAL_STATUS_LABEL: Record<DealStatus, string> = { open: "Aberto", won: "Ganho", lost: "Perdido" };

/** SPEC §5: "Move-deal needs dealId and targetStageId, notes up to 500". */
export const moveDealInput = z.object({
  dealId: z.uuid({ message: "ID inválido" }),
  targetStageId: z.uuid({ message: "ID inválido" }),
  notes: z.string().trim().max(500, "Observação deve ter no máximo 500 caracteres").optional(),
  /** The deal's version the client saw: an older one means someone else moved it first. */
  expectedVersion: z.number().int().min(1).optional(),
  /** Place it before this deal in the target column (end of the column when absent). */
  beforeDealId: z.uuid().optional(),
});
export type MoveDealInput = z.infer<typeof moveDealInput>;

/** pt-BR refusals of the funnel, quoted by the screens and tests. */
export const FUNNEL_ERRORS = {
  dealNotFound: "Negócio não encontrado",
  stageNotFound: "Etapa não encontrada",
  stageOfOtherPipeline: "A etapa escolhida pertence a outro funil",
  concurrentMove: "Este negócio foi alterado por outra pessoa. Atualize a página e tente de novo.",
  pipelineNotFound: "Funil não encontrado",
  deleteDefaultPipeline: "O funil padrão não pode ser excluído. Defina outro funil como padrão antes.",
  pipelineHasDeals: "Este funil tem negócios. Escolha movê-los para outro funil ou excluí-los junto.",
  moveTargetSamePipeline: "Escolha uma etapa de outro funil para receber os negócios",
  tooManyPipelines: "Limite de funis atingido",
  tooManyStages: "Limite de etapas atingido",
  stageHasDeals: "Esta etapa tem negócios. Mova-os para outra etapa antes de excluí-la.",
  lastStage: "O funil precisa de pelo menos uma etapa",
  stageFlagsWithDeals: "Não é possível mudar uma etapa com negócios para ganho ou perda (nem o contrário). Mova os negócios antes.",
  stageOrderMismatch: "A lista de etapas não corresponde às etapas do funil. Atualize a página e tente de novo.",
  contactNotFound: "Contato não encontrado",
  ownerNotMember: "O responsável precisa ser membro deste workspace",
  lostReasonRequired: "Informe o motivo da perda",
} as const;

// ─── Pipelines, stages and deals of the /funil board (issue 14, funnel part) ───

/** Bounds of what one workspace sets up by hand (a board wider than this is not readable). */
export const MAX_PIPELINES = 20;
export const MAX_STAGES = 20;
/** R$ 10 bilhões in centavos: far above any real deal, far below 2^53. */
export const MAX_DEAL_CENTS = 1_000_000_000_000;
/** A column's totals count at most this many deals (the board stays bounded; more shows as "N+"). */
export const COLUMN_TOTALS_CAP = 20_000;

const funnelId = z.uuid({ message: "ID inválido" });
const hexColor = z.string().trim().regex(/^#[0-9A-Fa-f]{6}$/, "Cor inválida (use #RRGGBB)");
const percent = z
  .number({ message: "Probabilidade inválida" })
  .int("Probabilidade deve ser um número inteiro")
  .min(0, "Probabilidade deve ser entre 0 e 100")
  .max(100, "Probabilidade deve ser entre 0 e 100");
const dealTag = z.string().trim().min(1, "Etiqueta vazia").max(50, "Etiqueta deve ter no máximo 50 caracteres");
/** A real calendar day, YYYY-MM-DD. */
const calendarDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida (use AAAA-MM-DD)")
  .refine((s) => new Date(`${s}T12:00:00Z`).toISOString().startsWith(s), "Data inválida");

export const pipelineName = line(2, 100, { min: "Nome do funil deve ter pelo menos 2 caracteres", max: "Nome do funil deve ter no máximo 100 caracteres" });
export const stageName = line(2, 50, { min: "Nome da etapa deve ter pelo menos 2 caracteres", max: "Nome da etapa deve ter no máximo 50 caracteres" });
const WON_AND_LOST = "Uma etapa não pode ser de ganho e de perda ao mesmo tempo";
const notBoth = (s: { isWon?: boolean; isLost?: boolean }) => !(s.isWon && s.isLost);

const stageShape = z.object({
  name: stageName,
  color: hexColor.default(DEFAULT_STAGE_COLOR),
  probability: percent.default(0),
  isWon: z.boolean().default(false),
  isLost: z.boolean().default(false),
});
export const stageInput = stageShape.refine(notBoth, { message: WON_AND_LOST, path: ["isLost"] });
export type StageInput = z.output<typeof stageInput>;

export const pipelineIdInput = z.object({ pipelineId: funnelId });
/** A new pipeline; without stages it gets the default pipeline's six. */
export const createPipelineInput = z.object({
  name: pipelineName,
  stages: z.array(stageInput).min(1, "O funil precisa de pelo menos uma etapa").max(MAX_STAGES, `No máximo ${MAX_STAGES} etapas`).optional(),
});
export const renamePipelineInput = z.object({ pipelineId: funnelId, name: pipelineName });
/** What happens to the deals of a pipeline being deleted: refused unless the user chose to move or delete them. */
export const pipelineDealsOnDelete = ["refuse", "move", "delete"] as const;
export const deletePipelineInput = z
  .object({ pipelineId: funnelId, deals: z.enum(pipelineDealsOnDelete).default("refuse"), targetStageId: funnelId.optional() })
  .refine((v) => v.deals !== "move" || v.targetStageId, { message: "Escolha a etapa de destino dos negócios", path: ["targetStageId"] });

export const createStageInput = stageShape.extend({ pipelineId: funnelId }).refine(notBoth, { message: WON_AND_LOST, path: ["isLost"] });
/** A patch: only the fields named change (no defaults, they would reset the others). */
export const updateStageInput = z.object({
  stageId: funnelId,
  patch: z
    .object({ name: stageName, color: hexColor, probability: percent, isWon: z.boolean(), isLost: z.boolean() })
    .partial()
    .refine(notBoth, { message: WON_AND_LOST, path: ["isLost"] }),
});
export const reorderStagesInput = z.object({ pipelineId: funnelId, stageIds: z.array(funnelId).min(1).max(MAX_STAGES) });
export const stageIdInput = z.object({ stageId: funnelId });

export const lostReasonField = line(2, 500, { min: "Motivo da perda deve ter pelo menos 2 caracteres", max: "Motivo da perda deve ter no máximo 500 caracteres" });

/** SPEC §5 deal rules; the value in integer centavos (BRL). */
export const dealFields = z.object({
  title: line(2, 200, { min: "Título deve ter pelo menos 2 caracteres", max: "Título deve ter no máximo 200 caracteres" }),
  valueCents: z.number({ message: "Valor inválido" }).int("Valor inválido").min(0, "Valor não pode ser negativo").max(MAX_DEAL_CENTS, "Valor muito alto"),
  contactId: funnelId.nullable().optional(),
  ownerUserId: funnelId.nullable().optional(),
  expectedCloseDate: optional(calendarDay),
  probability: percent.nullable().optional(),
  tags: z.array(dealTag).max(20, "No máximo 20 etiquetas"),
  notes: optional(paragraph(1, 5000, { max: "Observações devem ter no máximo 5000 caracteres" })),
  lostReason: optional(lostReasonField),
});
export const createDealInput = dealFields.omit({ lostReason: true }).extend({
  pipelineId: funnelId.optional(),
  stageId: funnelId.optional(),
  valueCents: dealFields.shape.valueCents.default(0),
  tags: dealFields.shape.tags.default([]),
});
export type CreateDealInput = z.output<typeof createDealInput>;
export const updateDealInput = z.object({ dealId: funnelId, expectedVersion: z.number().int().min(1).optional(), patch: dealFields.partial() });
export type DealPatch = z.output<typeof updateDealInput>["patch"];
export const dealIdInput = z.object({ dealId: funnelId });
/** A move from the board: to a lost stage it needs the reason. */
export const moveDealRequest = moveDealInput.extend({ lostReason: optional(lostReasonField) });
export type MoveDealRequest = z.output<typeof moveDealRequest>;

/** The board's and the list's filters. */
export const dealFilter = z.object({
  ownerUserId: funnelId.optional(),
  tag: dealTag.optional(),
  minValueCents: z.number().int().min(0).max(MAX_DEAL_CENTS).optional(),
  maxValueCents: z.number().int().min(0).max(MAX_DEAL_CENTS).optional(),
  search: z.string().trim().max(200).optional(),
});
export type DealFilter = z.infer<typeof dealFilter>;
export const boardInput = dealFilter.extend({ pipelineId: funnelId.optional(), perStage: z.number().int().min(1).max(100).default(20) });
export const columnPageInput = dealFilter.extend({
  stageId: funnelId,
  /** Opaque cursor: the last card's place in the column. */
  after: z.string().max(100),
  limit: z.number().int().min(1).max(100).default(20),
});
export const dealSorts = ["recent", "value_desc", "value_asc", "title", "close_date"] as const;
export type DealSort = (typeof dealSorts)[number];
export const DEAL_SORT_LABEL: Record<DealSort, string> = {
  recent: "Mais recentes",
  value_desc: "Maior valor",
  value_asc: "Menor valor",
  title: "Título (A–Z)",
  close_date: "Previsão de fechamento",
};
export const listDealsInput = dealFilter.extend({
  pipelineId: funnelId.optional(),
  status: z.enum(dealStatuses).optional(),
  sort: z.enum(dealSorts).default("recent"),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(5).max(100).default(25),
});
export const funnelStatsInput = z.object({ pipelineId: funnelId.optional() });
export const contactOptionsInput = z.object({ search: z.string().trim().max(100).optional() });

