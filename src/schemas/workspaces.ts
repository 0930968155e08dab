import { z } from "zod";

export const memberRoles = ["admin", "member", "viewer"] as const;
export type MemberRole = (typeof memberRoles)[number];

export const permissionFlags = [
  "canCreateAgents",
  "canEditAgents",
  "canDeleteAgents",
  "canManageMembers",
  "canManageSettings",
] as const;
export type PermissionFlag = (typeof permissionFlags)[number];
export type MemberPermissions = Record<PermissionFlag, boolean>;

export const ownerPermissions: MemberPermissions = {
  canCreateAgents: true,
  canEditAgents: true,
  canDeleteAgents: true,
  canManageMembers: true,
  canManageSettings: true,
};

export type WorkspaceSettings = {
  allowPublicJoin: boolean;
  defaultAgentModel: string | null;
  maxAgents: number | null;
  timezone: string;
};

/** An admin's per-workspace limits over the plan's (null or absent: the plan decides). */
export type WorkspaceLimitOverrides = { maxAgents?: number | null; maxMembers?: number | null; uazapiInstances?: number | null };

export const defaultWorkspaceSettings: WorkspaceSettings = {
  allowPublicJoin: false,
  defaultAgentModel: null,
  maxAgents: null,
  timezone: "America/Sao_Paulo",
};

const uuid = z.uuid({ message: "ID inválido" });

export const workspaceIdParam = z.object({ id: uuid });

/** Server-side definition: name at least 2 characters (SPEC §5 Workspace and credits). */
export const createWorkspaceInput = z.object({
  name: z
    .string({ message: "Nome é obrigatório" })
    .trim()
    .min(2, "Nome deve ter pelo menos 2 caracteres")
    .max(100, "Nome deve ter no máximo 100 caracteres"),
  description: z.string().trim().max(500, "Descrição deve ter no máximo 500 caracteres").optional().default(""),
});
export type CreateWorkspaceInput = z.input<typeof createWorkspaceInput>;
export type CreateWorkspace = z.output<typeof createWorkspaceInput>;

export const inviteMemberInput = z.object({
  email: z.email({ message: "Email inválido" }).trim().toLowerCase(),
  role: z.enum(memberRoles, { message: "Função deve ser admin, member ou viewer" }).default("member"),
  permissions: z
    .object({
      canCreateAgents: z.boolean().default(false),
      canEditAgents: z.boolean().default(false),
      canDeleteAgents: z.boolean().default(false),
      canManageMembers: z.boolean().default(false),
      canManageSettings: z.boolean().default(false),
    })
    .default({
      canCreateAgents: false,
      canEditAgents: false,
      canDeleteAgents: false,
      canManageMembers: false,
      canManageSettings: false,
    }),
});
export type InviteMemberInput = z.input<typeof inviteMemberInput>;
export type InviteMember = z.output<typeof inviteMemberInput>;

export const acceptInvitationInput = z.object({
  token: z.string().trim().min(1, "Token é obrigatório").max(200, "Token inválido"),
});

const PERIOD_MESSAGE = "Período deve ser 7, 15 ou 30 dias";
// The message on coerce too: "?period=abc" must not answer zod's English NaN text.
export const dashboardPeriod = z.coerce
  .number({ message: PERIOD_MESSAGE })
  .refine((n) => n === 7 || n === 15 || n === 30, PERIOD_MESSAGE);

/** Credit grant by an admin (SPEC §5). Amount in whole credits. */
export const creditGrantInput = z.object({
  workspaceId: uuid,
  amount: z
    .number({ message: "Quantidade é obrigatória" })
    .int("Quantidade deve ser um número inteiro")
    .min(1, "Mínimo 1 crédito")
    .max(100000, "Máximo 100.000 créditos por vez"),
  reason: z.string().trim().min(5, "Motivo deve ter pelo menos 5 caracteres").max(500, "Motivo deve ter no máximo 500 caracteres"),
  observations: z.string().trim().max(1000, "Observações devem ter no máximo 1000 caracteres").optional(),
  expiresAt: z.number().int().optional(),
});
export type CreditGrant = z.output<typeof creditGrantInput>;
