import { z } from "zod";

/**
 * /admin/usuarios (issue 17): the list's filters, the detail's id and the admin's actions on a user,
 * shared by the pages and the adminUsers.* procedures. Pure: the web imports it.
 */
export const USER_STATUSES = ["active", "suspended"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABEL: Record<UserStatus, string> = { active: "Ativo", suspended: "Suspenso" };

export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_ROLE_LABEL: Record<UserRole, string> = { user: "Usuário", admin: "Administrador" };

const userId = z.uuid({ message: "ID inválido" });
/** Pages past this are not offered: an admin narrows with the filters instead of paging that far. */
export const ADMIN_USERS_MAX_PAGE = 400;

export const adminUsersListInput = z.object({
  /** part of the name or the email */
  search: z.string().trim().max(100, "A busca pode ter no máximo 100 caracteres").optional(),
  role: z.enum(USER_ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  verified: z.boolean().optional(),
  /** users owning a workspace on this plan */
  planId: z.uuid({ message: "Plano inválido" }).optional(),
  /** 1-based page, newest first (the created_at index gives it without a sort) */
  page: z.number().int().min(1).max(ADMIN_USERS_MAX_PAGE).default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
});
export type AdminUsersListInput = z.infer<typeof adminUsersListInput>;

export const adminUserRef = z.object({ userId });
export type AdminUserRef = z.infer<typeof adminUserRef>;

export const adminSetRoleInput = z.object({ userId, role: z.enum(USER_ROLES, { message: "Papel inválido" }) });
export type AdminSetRoleInput = z.infer<typeof adminSetRoleInput>;

export const SUSPENSION_REASON_MIN = 5;
export const SUSPENSION_REASON_MAX = 500;
export const adminSuspendInput = z.object({
  userId,
  reason: z
    .string({ message: "Informe o motivo da suspensão" })
    .trim()
    .min(SUSPENSION_REASON_MIN, `O motivo precisa de pelo menos ${SUSPENSION_REASON_MIN} caracteres`)
    .max(SUSPENSION_REASON_MAX, `O motivo pode ter no máximo ${SUSPENSION_REASON_MAX} caracteres`),
});
export type AdminSuspendInput = z.infer<typeof adminSuspendInput>;
