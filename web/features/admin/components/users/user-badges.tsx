import { USER_ROLE_LABEL, USER_STATUS_LABEL, type UserRole, type UserStatus } from "../../../../../src/schemas/admin-users";

/** The user's platform role, as the list and the detail show it. */
export function UserRoleBadge({ role }: { role: UserRole }) {
  return <span className={`badge badge-sm ${role === "admin" ? "badge-primary" : "badge-ghost"}`}>{USER_ROLE_LABEL[role]}</span>;
}

/** Active or suspended: suspended reads in the error colour so it stands out in a long list. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <span className={`badge badge-sm ${status === "suspended" ? "badge-error" : "badge-success"}`}>{USER_STATUS_LABEL[status]}</span>;
}
