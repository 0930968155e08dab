/**
 * What a platform admin does to a user (/admin/usuarios/{id}): change the role, suspend and
 * reactivate, resend the verification mail, send a password-reset link. Each writes one audit line
 * with the admin's id and the user's id as the resource, on top of the procedure's generic line.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { users } from "../../../../db/schema";
import { AppError } from "../../../lib/errors";
import type { AdminSetRoleInput, AdminSuspendInput } from "../../../schemas/admin-users";
import { USER_ROLE_LABEL } from "../../../schemas/admin-users";
import { type ActivityEntry, logActivity } from "../../activity";
import { sendPasswordResetMail, sendVerificationMail } from "../../auth";
import type { AppDeps, RequestMeta } from "../../context";
import { sendTemplatedMail } from "../../mail-templates/send";
import type { SendResult } from "../../mail";
import { destroyUserSessions, forgetUserSessions } from "../../sessions";
import { findUserOrThrow } from "./detail";

export const ADMIN_USER_MSG = {
  selfRole: "Você não pode alterar o seu próprio papel de administrador.",
  lastAdmin: "Este é o último administrador da plataforma: promova outra pessoa antes de rebaixá-lo.",
  selfSuspend: "Você não pode suspender a sua própria conta.",
  suspendAdmin: "Não é possível suspender um administrador. Altere o papel para usuário antes.",
  alreadySuspended: "Este usuário já está suspenso.",
  notSuspended: "Este usuário não está suspenso.",
  alreadyVerified: "O email deste usuário já foi verificado.",
  suspendedNoMail: "A conta está suspensa: reative-a antes de enviar links de acesso.",
  mailFailed: "Não foi possível enviar o email agora. Veja o motivo em Teste de emails e tente novamente.",
} as const;

export type AdminActor = { adminId: string; sessionId: string | null };

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

function audit(deps: AppDeps, meta: RequestMeta, actor: AdminActor, userId: string, action: string, description: string, extra: Partial<ActivityEntry>) {
  return logActivity(deps.db, meta, {
    userId: actor.adminId,
    action,
    category: "admin",
    resourceType: "user",
    resourceId: userId,
    description,
    sessionId: actor.sessionId,
    ...extra,
  });
}

/** A mail the admin asked for that did not leave is an error they see (it stays in the outbox with its reason). */
function mailSent(result: SendResult | undefined) {
  if (result?.status === "failed") throw new AppError("UNAVAILABLE", ADMIN_USER_MSG.mailFailed);
}

export async function setUserRole(deps: AppDeps, meta: RequestMeta, actor: AdminActor, input: AdminSetRoleInput) {
  if (input.userId === actor.adminId) throw new AppError("FORBIDDEN", ADMIN_USER_MSG.selfRole);
  const before = await findUserOrThrow(deps, input.userId);
  if (before.role === input.role) return { id: before.id, role: before.role, changed: false };
  // One statement: the "another admin remains" check and the demotion cannot interleave with a
  // concurrent demotion of that other admin (SQLite runs writes one at a time).
  const othersAdmin = sql`exists (select 1 from ${users} u2 where u2.role = 'admin' and u2.id <> ${input.userId} and u2.status = 'active' limit 1)`;
  const [after] = await deps.db
    .update(users)
    .set({ role: input.role })
    .where(and(eq(users.id, input.userId), input.role === "user" ? othersAdmin : undefined))
    .returning({ id: users.id, role: users.role });
  if (!after) throw new AppError("CONFLICT", ADMIN_USER_MSG.lastAdmin);
  // Admin pages check the role of the cached session: the change holds on the user's next request.
  forgetUserSessions(input.userId);
  await audit(deps, meta, actor, input.userId, "admin.user.role_changed", `Papel de ${fullName(before)} alterado de ${USER_ROLE_LABEL[before.role]} para ${USER_ROLE_LABEL[input.role]}`, {
    oldValues: { role: before.role },
    newValues: { role: input.role },
  });
  return { id: after.id, role: after.role, changed: true };
}

export async function suspendUser(deps: AppDeps, meta: RequestMeta, actor: AdminActor, input: AdminSuspendInput) {
  if (input.userId === actor.adminId) throw new AppError("FORBIDDEN", ADMIN_USER_MSG.selfSuspend);
  const before = await findUserOrThrow(deps, input.userId);
  if (before.role === "admin") throw new AppError("FORBIDDEN", ADMIN_USER_MSG.suspendAdmin);
  const now = deps.now();
  const [after] = await deps.db
    .update(users)
    .set({ status: "suspended", suspendedAt: now, suspensionReason: input.reason })
    .where(and(eq(users.id, input.userId), eq(users.status, "active"), ne(users.role, "admin")))
    .returning({ id: users.id });
  if (!after) throw new AppError("CONFLICT", ADMIN_USER_MSG.alreadySuspended);
  // Every open session ends now (cached ones too): the next request of any tab is signed out.
  await destroyUserSessions(deps.db, input.userId);
  await audit(deps, meta, actor, input.userId, "admin.user.suspended", `Conta de ${fullName(before)} suspensa. Motivo: ${input.reason}`, {
    oldValues: { status: before.status },
    newValues: { status: "suspended", suspensionReason: input.reason },
  });
  // The suspension stands even if the mail fails: it is in the outbox with its reason.
  const mail = await sendTemplatedMail(deps, "account-suspended", before.email, { firstName: before.firstName, reason: input.reason });
  return { id: after.id, status: "suspended" as const, suspendedAt: now, mail: mail.status };
}

export async function reactivateUser(deps: AppDeps, meta: RequestMeta, actor: AdminActor, userId: string) {
  const before = await findUserOrThrow(deps, userId);
  const [after] = await deps.db
    .update(users)
    .set({ status: "active", suspendedAt: null, suspensionReason: null })
    .where(and(eq(users.id, userId), eq(users.status, "suspended")))
    .returning({ id: users.id });
  if (!after) throw new AppError("CONFLICT", ADMIN_USER_MSG.notSuspended);
  forgetUserSessions(userId);
  await audit(deps, meta, actor, userId, "admin.user.reactivated", `Conta de ${fullName(before)} reativada`, {
    oldValues: { status: before.status, suspensionReason: before.suspensionReason },
    newValues: { status: "active" },
  });
  const mail = await sendTemplatedMail(deps, "account-reactivated", before.email, { firstName: before.firstName });
  return { id: after.id, status: "active" as const, mail: mail.status };
}

export async function resendUserVerification(deps: AppDeps, meta: RequestMeta, actor: AdminActor, userId: string) {
  const user = await findUserOrThrow(deps, userId);
  if (user.emailVerified) throw new AppError("CONFLICT", ADMIN_USER_MSG.alreadyVerified);
  if (user.status !== "active") throw new AppError("CONFLICT", ADMIN_USER_MSG.suspendedNoMail);
  const result = await sendVerificationMail(deps, user);
  await audit(deps, meta, actor, userId, "admin.user.verification_sent", `Email de verificação reenviado para ${user.email}`, { details: { mail: result.status } });
  mailSent(result);
  return { ok: true, mail: result.status };
}

export async function sendUserPasswordReset(deps: AppDeps, meta: RequestMeta, actor: AdminActor, userId: string) {
  const user = await findUserOrThrow(deps, userId);
  if (user.status !== "active") throw new AppError("CONFLICT", ADMIN_USER_MSG.suspendedNoMail);
  const result = await sendPasswordResetMail(deps, user);
  await audit(deps, meta, actor, userId, "admin.user.reset_link_sent", `Link de redefinição de senha enviado para ${user.email}`, { details: { mail: result.status } });
  mailSent(result);
  return { ok: true, mail: result.status };
}
