/**
 * The pt-BR refusals of the access layer (src/services/access.ts), here so the screens quote the
 * same text the server answers: the browser may import src/schemas, never src/services.
 */
import type { PermissionFlag } from "./workspaces";

/**
 * What a call can require of the caller's standing: one of the member's flags, or
 * `canAnswerConversations` (every role but viewer: the inbox is read-only to viewers).
 */
export type Permission = PermissionFlag | "canAnswerConversations";

/** One pt-BR refusal per permission (the texts the screens and tests quote). */
export const PERMISSION_DENIED: Record<Permission, string> = {
  canCreateAgents: "Você não tem permissão para criar agentes neste workspace",
  canEditAgents: "Você não tem permissão para editar agentes neste workspace",
  canDeleteAgents: "Você não tem permissão para excluir agentes neste workspace",
  canManageMembers: "Você não tem permissão para gerenciar membros deste workspace",
  canManageSettings: "Você não tem permissão para alterar as configurações deste workspace",
  canAnswerConversations: "Seu acesso a este workspace é somente leitura: você não pode responder nem alterar conversas.",
};

/** Training is editing an agent (canEditAgents); its screen words the refusal as "treinar". */
export const TRAINING_DENIED = "Você não tem permissão para treinar agentes neste workspace";

/** CRM writes (contacts, deals, variables) are for every role but viewer, like the inbox. */
export const CRM_READ_ONLY = "Seu acesso a este workspace é somente leitura: você não pode alterar contatos, negócios ou variáveis.";
/** LGPD erasure removes a person's data for good: only the workspace's owner may. */
export const CRM_ERASE_OWNER_ONLY = "Somente o proprietário do workspace pode apagar definitivamente os dados de um contato.";

/** Campaigns, Leads Hunter and number validation: every role but viewer may prepare them. */
export const CAMPAIGNS_READ_ONLY = "Seu acesso a este workspace é somente leitura: você não pode alterar campanhas, listas ou leads.";
/** Starting or resuming a campaign sends from the business's number: the settings permission. */
export const CAMPAIGN_START_DENIED = "Você não tem permissão para iniciar campanhas neste workspace";
