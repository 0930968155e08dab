import { z } from "zod";

/**
 * The credit statement of /faturamento (issue 15): debits (credit_transactions) and grants
 * (credit_grants + bonus_credit_history) newest first, filtered by São Paulo days, agent and action.
 */

/** What the ledger holds as a debit's action (src/runtime/call-meter.ts). */
export const DEBIT_ACTIONS = ["chat", "transcription", "routing", "handoff_summary", "sentiment", "memory", "summary"] as const;
export type DebitAction = (typeof DEBIT_ACTIONS)[number];
/** Grants by kind: credit_grants.kind, plus "bonus" for an admin's bonus (bonus_credit_history). */
export const GRANT_KINDS = ["plan_period", "pack", "free_renewal", "admin_plan", "bonus"] as const;
export const STATEMENT_ACTIONS = [...DEBIT_ACTIONS, ...GRANT_KINDS] as const;
export type StatementAction = (typeof STATEMENT_ACTIONS)[number];

export const STATEMENT_ACTION_LABEL: Record<StatementAction, string> = {
  chat: "Conversa",
  transcription: "Transcrição de áudio",
  routing: "Roteamento entre agentes",
  handoff_summary: "Resumo para transferência",
  sentiment: "Análise de sentimento",
  memory: "Memória do cliente",
  summary: "Resumo de conversa",
  plan_period: "Créditos do plano",
  pack: "Créditos adicionais",
  free_renewal: "Renovação do plano Gratuito",
  admin_plan: "Plano atribuído pelo administrador",
  bonus: "Bônus do administrador",
};

/** A statement's longest period: every read stays a bounded range of the workspace's index. */
export const STATEMENT_MAX_DAYS = 366;
/** The CSV export's row cap, so one download cannot hold the server. */
export const STATEMENT_CSV_MAX_ROWS = 100_000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida (use AAAA-MM-DD)");

export const statementFilter = z
  .object({
    /** First and last São Paulo day, inclusive. */
    from: day,
    to: day,
    agentId: z.string().trim().min(1).max(64).optional(),
    action: z.enum(STATEMENT_ACTIONS).optional(),
  })
  .refine((f) => f.from <= f.to, { message: "A data inicial deve ser anterior à final", path: ["from"] })
  .refine((f) => (Date.parse(`${f.to}T00:00:00Z`) - Date.parse(`${f.from}T00:00:00Z`)) / 86_400_000 < STATEMENT_MAX_DAYS, {
    message: `O período pode ter no máximo ${STATEMENT_MAX_DAYS} dias`,
    path: ["to"],
  });
export type StatementFilter = z.infer<typeof statementFilter>;

export const statementCursor = z.object({ at: z.number().int().nonnegative(), id: z.string().min(1).max(80) });
export type StatementCursor = z.infer<typeof statementCursor>;

export const statementListInput = z.object({
  filter: statementFilter,
  cursor: statementCursor.nullish(),
  limit: z.number().int().min(1).max(100).default(50),
});
export type StatementListInput = z.infer<typeof statementListInput>;

export const statementTotalsInput = z.object({ filter: statementFilter });

export const usageChartInput = z.object({
  period: z.union([z.literal(7), z.literal(15), z.literal(30)]),
  agentId: z.string().trim().min(1).max(64).optional(),
});
export type UsageChartInput = z.infer<typeof usageChartInput>;

/** The chart draws at most this many agents; the rest are summed as "Outros". */
export const CHART_TOP_AGENTS = 5;
export const OTHERS_LABEL = "Outros";

export type StatementEntry = {
  id: string;
  kind: "debit" | "grant";
  at: number;
  agentId: string | null;
  agentName: string | null;
  action: StatementAction | string;
  tokens: number;
  /** milli-credits; positive for both kinds (kind says the sign) */
  creditsMilli: number;
  costBrl: number;
  description: string;
};
