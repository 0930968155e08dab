import type { MemberRole, PermissionFlag } from "../../../src/schemas/workspaces";

export const ROLE_LABELS: Record<MemberRole | "owner", string> = {
  owner: "Proprietário",
  admin: "Administrador",
  member: "Membro",
  viewer: "Visualizador",
};

export const PERMISSION_LABELS: Record<PermissionFlag, string> = {
  canCreateAgents: "Criar agentes",
  canEditAgents: "Editar agentes",
  canDeleteAgents: "Excluir agentes",
  canManageMembers: "Gerenciar membros",
  canManageSettings: "Gerenciar configurações",
};

export const roleLabel = (role: string) => ROLE_LABELS[role as MemberRole | "owner"] ?? role;
