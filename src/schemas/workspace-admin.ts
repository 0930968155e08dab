/**
 * Inputs of workspace administration (issue 17): rename, settings, members, ownership, deletion,
 * usage and agent copy. Shared by the /workspace forms and the procedures.
 */
import { z } from "zod";
import { dashboardPeriod, memberRoles } from "./workspaces";

const uuid = z.uuid({ message: "ID inválido" });

/** Every IANA zone the runtime knows (the settings select offers exactly these). */
export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf("timeZone");
const zoneSet = new Set(TIME_ZONES);

export const updateWorkspaceInput = z.object({
  name: z
    .string({ message: "Nome é obrigatório" })
    .trim()
    .min(2, "Nome deve ter pelo menos 2 caracteres")
    .max(100, "Nome deve ter no máximo 100 caracteres"),
  description: z.string().trim().max(500, "Descrição deve ter no máximo 500 caracteres").default(""),
});
export type UpdateWorkspace = z.output<typeof updateWorkspaceInput>;

export const workspaceSettingsInput = z.object({
  allowPublicJoin: z.boolean({ message: "Valor inválido" }),
  defaultAgentModel: z.string().trim().max(100, "Modelo deve ter no máximo 100 caracteres").nullable(),
  maxAgents: z
    .number({ message: "Informe um número" })
    .int("Informe um número inteiro")
    .min(1, "Mínimo 1 agente")
    .max(10_000, "Valor acima do máximo")
    .nullable(),
  timezone: z
    .string({ message: "Fuso horário é obrigatório" })
    .max(64, "Fuso horário inválido")
    .refine((tz) => zoneSet.has(tz), "Fuso horário inválido"),
});
export type WorkspaceSettingsInput = z.output<typeof workspaceSettingsInput>;

const flags = z.object({
  canCreateAgents: z.boolean(),
  canEditAgents: z.boolean(),
  canDeleteAgents: z.boolean(),
  canManageMembers: z.boolean(),
  canManageSettings: z.boolean(),
});

export const memberRef = z.object({ userId: uuid });

export const updateMemberInput = z.object({
  userId: uuid,
  role: z.enum(memberRoles, { message: "Função deve ser admin, member ou viewer" }),
  permissions: flags,
});
export type UpdateMember = z.output<typeof updateMemberInput>;

/** Typed confirmation: the workspace's exact name (compared on the server). */
export const deleteWorkspaceInput = z.object({
  confirmName: z.string({ message: "Digite o nome do workspace" }).trim().min(1, "Digite o nome do workspace").max(100, "Nome não confere"),
});

export const usageInput = z.object({ period: dashboardPeriod });

const UUID_MESSAGE = "deve ser um UUID válido";
/** SPEC §5 Workspace copy target: id required, ≤100 chars, hex and hyphen only; new name 2–100. */
export const copyAgentInput = z.object({
  agentId: uuid,
  targetWorkspaceId: z
    .string({ message: `ID do workspace ${UUID_MESSAGE}` })
    .trim()
    .min(1, `ID do workspace ${UUID_MESSAGE}`)
    .max(100, `ID do workspace ${UUID_MESSAGE}`)
    .regex(/^[0-9a-fA-F-]+$/, `ID do workspace ${UUID_MESSAGE}`),
  newName: z
    .string({ message: "Nome é obrigatório" })
    .trim()
    .min(2, "Nome deve ter pelo menos 2 caracteres")
    .max(100, "Nome deve ter no máximo 100 caracteres"),
});
export type CopyAgent = z.output<typeof copyAgentInput>;
