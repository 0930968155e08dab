/** Inputs of /admin/espacos, /admin/workspaces/editar/{id} and /admin/agentes (issue 17), shared by the forms and adminWorkspaces.*. */
import { z } from "zod";

const uuid = (message: string) => z.uuid({ message });
const search = z.string().trim().max(100, "Busca deve ter no máximo 100 caracteres").default("");
const page = z.number({ message: "Página inválida" }).int("Página inválida").min(1, "Página inválida").max(10_000, "Página inválida").default(1);
const pageSize = z.number({ message: "Tamanho de página inválido" }).int().min(5, "Tamanho de página inválido").max(100, "Tamanho de página inválido").default(20);

export const adminWorkspaceListInput = z.object({
  search,
  /** A plan's id; empty: every plan. */
  planId: z.union([z.literal(""), uuid("Plano inválido")]).default(""),
  page,
  pageSize,
});
export type AdminWorkspaceListInput = z.input<typeof adminWorkspaceListInput>;
export type AdminWorkspaceList = z.output<typeof adminWorkspaceListInput>;

export const adminWorkspaceIdInput = z.object({ id: uuid("Workspace inválido") });

export const adminSetPlanInput = z.object({
  workspaceId: uuid("Workspace inválido"),
  planId: uuid("Selecione um plano"),
});
export type AdminSetPlan = z.output<typeof adminSetPlanInput>;

/** A limit an admin sets for one workspace; null: the plan's. */
const limit = (label: string) =>
  z
    .number({ message: `${label} deve ser um número` })
    .int(`${label} deve ser um número inteiro`)
    .min(1, `${label} deve ser pelo menos 1`)
    .max(1000, `${label} deve ser no máximo 1000`)
    .nullable();

export const adminSetLimitsInput = z.object({
  workspaceId: uuid("Workspace inválido"),
  maxAgents: limit("Limite de agentes"),
  maxMembers: limit("Limite de membros"),
});
export type AdminSetLimitsInput = z.input<typeof adminSetLimitsInput>;
export type AdminSetLimits = z.output<typeof adminSetLimitsInput>;

export const adminAgentStatuses = ["all", "active", "inactive", "blocked"] as const;
export type AdminAgentStatus = (typeof adminAgentStatuses)[number];
export const adminAgentChannels = ["all", "whatsapp_cloud", "whatsapp_uaz", "telegram", "instagram", "none"] as const;
export type AdminAgentChannel = (typeof adminAgentChannels)[number];

export const adminAgentListInput = z.object({
  search,
  status: z.enum(adminAgentStatuses, { message: "Situação inválida" }).default("all"),
  channel: z.enum(adminAgentChannels, { message: "Canal inválido" }).default("all"),
  page,
  pageSize,
});
export type AdminAgentListInput = z.input<typeof adminAgentListInput>;
export type AdminAgentList = z.output<typeof adminAgentListInput>;

export const adminBlockAgentInput = z.object({
  agentId: uuid("Agente inválido"),
  reason: z
    .string({ message: "Informe o motivo" })
    .trim()
    .min(5, "Motivo deve ter pelo menos 5 caracteres")
    .max(500, "Motivo deve ter no máximo 500 caracteres"),
});
export type AdminBlockAgentInput = z.input<typeof adminBlockAgentInput>;
export type AdminBlockAgent = z.output<typeof adminBlockAgentInput>;

export const adminAgentIdInput = z.object({ agentId: uuid("Agente inválido") });
