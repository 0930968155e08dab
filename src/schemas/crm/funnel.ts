import { z } from "zod";

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
} as const;
