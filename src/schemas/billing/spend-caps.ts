import { z } from "zod";

/**
 * Monthly spend caps (issue 15): whole credits per São Paulo calendar month, for the workspace, one
 * agent, or each end customer (a visitor of the public chat, a contact on a channel).
 */
export const SPEND_CAP_SCOPES = ["workspace", "agent", "customer"] as const;
export type SpendCapScope = (typeof SPEND_CAP_SCOPES)[number];

export const SPEND_CAP_SCOPE_LABEL: Record<SpendCapScope, string> = {
  workspace: "Workspace inteiro",
  agent: "Por agente",
  customer: "Por cliente final",
};

/** What the customer reads instead of an answer once a cap is reached. */
export const SPEND_CAP_MESSAGE = "Limite de uso atingido. Tente novamente mais tarde.";

export const spendCapInput = z
  .object({
    scope: z.enum(SPEND_CAP_SCOPES),
    agentId: z.string().trim().max(64).optional(),
    monthlyCredits: z.coerce
      .number({ message: "Informe o limite em créditos" })
      .int("Use um número inteiro de créditos")
      .min(1, "O limite deve ser de pelo menos 1 crédito")
      .max(100_000_000, "Limite alto demais"),
  })
  .refine((c) => c.scope !== "agent" || Boolean(c.agentId), { message: "Escolha o agente", path: ["agentId"] });
export type SpendCapInput = z.infer<typeof spendCapInput>;

export const spendCapIdInput = z.object({ id: z.string().min(1).max(64) });
