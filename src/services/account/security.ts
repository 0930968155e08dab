import { and, eq, gt, ne } from "drizzle-orm";
import { users } from "../../../db/schema";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { describeUserAgent } from "../../lib/user-agent";
import { logActivity } from "../activity";
import { hashPassword } from "../auth";
import type { ServiceContext } from "../context";
import { sendTemplatedMail } from "../mail-templates/send";
import { rateLimiter } from "../rate-limit";
import { endOtherSessions, endUserSession, forgetUserSessions, listUserSessions, publicSessionId } from "../sessions";
import { accountActor, loadUser } from "./profile";

export const ACCOUNT_MSG = {
  wrongPassword: "Senha atual incorreta.",
  tooManyAttempts: "Muitas tentativas com a senha errada. Aguarde alguns minutos antes de tentar novamente.",
  emailTaken: "Este email já está em uso por outra conta.",
  sameEmail: "Este já é o email da sua conta.",
  badEmailToken: "Link de confirmação inválido ou expirado.",
  sessionNotFound: "Sessão não encontrada ou já encerrada.",
  currentSession: "Esta é a sessão que você está usando. Para encerrá-la, use 'Sair'.",
  mailFailed: "Não foi possível enviar o email de confirmação. Tente novamente em alguns minutos.",
} as const;

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
const PASSWORD_WINDOW_MS = 5 * 60 * 1000;
const PASSWORD_MAX_FAILURES = 5;

/**
 * The current password, checked with the login's budget per user: a stolen open session cannot
 * guess it to take the account over (change the email or password, delete it).
 */
export async function verifyCurrentPassword(ctx: ServiceContext, userId: string, password: string) {
  const slots = await rateLimiter.take(ctx.db, [{ bucket: "account-password", key: userId, max: PASSWORD_MAX_FAILURES }], PASSWORD_WINDOW_MS, ctx.now());
  if (!slots) throw new AppError("RATE_LIMITED", ACCOUNT_MSG.tooManyAttempts);
  const user = await loadUser(ctx, userId);
  if (!(await Bun.password.verify(password, user.passwordHash))) {
    throw new AppError("VALIDATION", ACCOUNT_MSG.wrongPassword, { field: "currentPassword" });
  }
  await rateLimiter.release(ctx.db, slots);
  return user;
}

/** New password; every other session ends at once (this one stays), a mail tells the owner. */
export async function changePassword(ctx: ServiceContext, input: { currentPassword: string; newPassword: string }) {
  const { userId, sid } = accountActor(ctx);
  const user = await verifyCurrentPassword(ctx, userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db
    .update(users)
    // A new password also cancels a pending email change (it may be an intruder's).
    .set({ passwordHash, resetToken: null, resetTokenExpiry: null, pendingEmail: null, pendingEmailToken: null, pendingEmailExpiry: null, updatedAt: ctx.now() })
    .where(eq(users.id, userId));
  const ended = sid ? await endOtherSessions(ctx.db, userId, sid) : 0;
  forgetUserSessions(userId);
  await logActivity(ctx.db, ctx.meta, {
    userId,
    action: "account.password_changed",
    category: "account",
    resourceType: "user",
    resourceId: userId,
    description: `Senha alterada; ${ended === 1 ? "1 outra sessão encerrada" : `${ended} outras sessões encerradas`}`,
    details: { endedSessions: ended },
    sessionId: sid,
  });
  await sendTemplatedMail(ctx, "password-changed", user.email, { firstName: user.firstName });
  return { ok: true, endedSessions: ended };
}

async function emailInUse(ctx: ServiceContext, email: string, exceptUserId: string) {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  return !!row;
}

/** Mails a link to the new address; the email changes only when it is followed (confirmEmailChange). */
export async function requestEmailChange(ctx: ServiceContext, input: { newEmail: string; currentPassword: string }) {
  const { userId, sid } = accountActor(ctx);
  const user = await verifyCurrentPassword(ctx, userId, input.currentPassword);
  if (input.newEmail === user.email) throw new AppError("VALIDATION", ACCOUNT_MSG.sameEmail, { field: "newEmail" });
  if (await emailInUse(ctx, input.newEmail, userId)) throw new AppError("CONFLICT", ACCOUNT_MSG.emailTaken, { field: "newEmail" });
  const token = randomToken();
  const expiry = ctx.now() + EMAIL_CHANGE_TTL_MS;
  await ctx.db
    .update(users)
    .set({ pendingEmail: input.newEmail, pendingEmailToken: sha256Hex(token), pendingEmailExpiry: expiry, updatedAt: ctx.now() })
    .where(eq(users.id, userId));
  forgetUserSessions(userId);
  const confirmUrl = `${ctx.appUrl}/verify-email?type=email-change&token=${token}`;
  const sent = await sendTemplatedMail(ctx, "email-change", input.newEmail, { firstName: user.firstName, newEmail: input.newEmail, confirmUrl });
  // The current address hears of it too: a stolen session must not move the login away unnoticed.
  await sendTemplatedMail(ctx, "email-change-requested", user.email, { firstName: user.firstName, newEmail: input.newEmail });
  await logActivity(ctx.db, ctx.meta, {
    userId,
    action: "account.email_change_requested",
    category: "account",
    resourceType: "user",
    resourceId: userId,
    description: `Troca de email solicitada para ${input.newEmail}`,
    oldValues: { email: user.email },
    newValues: { pendingEmail: input.newEmail },
    sessionId: sid,
  });
  if (sent.status === "failed") throw new AppError("UNAVAILABLE", ACCOUNT_MSG.mailFailed);
  return { pendingEmail: input.newEmail, expiresAt: expiry };
}

export async function cancelEmailChange(ctx: ServiceContext) {
  const { userId, sid } = accountActor(ctx);
  await ctx.db.update(users).set({ pendingEmail: null, pendingEmailToken: null, pendingEmailExpiry: null }).where(eq(users.id, userId));
  forgetUserSessions(userId);
  await logActivity(ctx.db, ctx.meta, {
    userId,
    action: "account.email_change_canceled",
    category: "account",
    resourceType: "user",
    resourceId: userId,
    description: "Troca de email cancelada",
    sessionId: sid,
  });
  return { ok: true };
}

/**
 * Public (the link is the proof, single use): the pending address becomes the email, verified
 * since the link reached it. An address taken meanwhile by another account is refused.
 */
export async function confirmEmailChange(ctx: ServiceContext, input: { token: string }) {
  const now = ctx.now();
  const [pending] = await ctx.db
    .select({ id: users.id, email: users.email, pendingEmail: users.pendingEmail })
    .from(users)
    .where(and(eq(users.pendingEmailToken, sha256Hex(input.token)), gt(users.pendingEmailExpiry, now)))
    .limit(1);
  if (!pending?.pendingEmail) throw new AppError("VALIDATION", ACCOUNT_MSG.badEmailToken);
  const newEmail = pending.pendingEmail;
  if (await emailInUse(ctx, newEmail, pending.id)) throw new AppError("CONFLICT", ACCOUNT_MSG.emailTaken);
  try {
    const [done] = await ctx.db
      .update(users)
      .set({ email: newEmail, emailVerified: true, pendingEmail: null, pendingEmailToken: null, pendingEmailExpiry: null, resetToken: null, resetTokenExpiry: null, updatedAt: now })
      .where(and(eq(users.id, pending.id), eq(users.pendingEmailToken, sha256Hex(input.token))))
      .returning({ id: users.id });
    if (!done) throw new AppError("VALIDATION", ACCOUNT_MSG.badEmailToken);
  } catch (e) {
    // The unique index decides a race with a registration of the same address.
    if (e instanceof AppError) throw e;
    throw new AppError("CONFLICT", ACCOUNT_MSG.emailTaken);
  }
  forgetUserSessions(pending.id);
  await logActivity(ctx.db, ctx.meta, {
    userId: pending.id,
    action: "account.email_changed",
    category: "account",
    resourceType: "user",
    resourceId: pending.id,
    description: `Email alterado para ${newEmail}`,
    oldValues: { email: pending.email },
    newValues: { email: newEmail },
  });
  return { ok: true, email: newEmail };
}

/** The caller's sessions: device from the user agent, IP, created and last seen, which one is this. */
export async function listSessions(ctx: ServiceContext) {
  const { userId, sid } = accountActor(ctx);
  const rows = await listUserSessions(ctx.db, userId, ctx.now());
  return rows.map((s) => ({
    id: publicSessionId(s.sid),
    device: describeUserAgent(s.sess.userAgent),
    userAgent: s.sess.userAgent,
    ipAddress: s.sess.ipAddress,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt ?? s.createdAt,
    current: s.sid === sid,
  }));
}

export async function endSession(ctx: ServiceContext, input: { id: string }) {
  const { userId, sid } = accountActor(ctx);
  if (sid && publicSessionId(sid) === input.id) throw new AppError("VALIDATION", ACCOUNT_MSG.currentSession);
  if (!(await endUserSession(ctx.db, userId, input.id))) throw new AppError("NOT_FOUND", ACCOUNT_MSG.sessionNotFound);
  await logActivity(ctx.db, ctx.meta, {
    userId,
    action: "account.session_ended",
    category: "account",
    resourceType: "session",
    resourceId: input.id,
    description: "Uma sessão foi encerrada",
    sessionId: sid,
  });
  return { ok: true };
}

export async function endOthers(ctx: ServiceContext) {
  const { userId, sid } = accountActor(ctx);
  const ended = sid ? await endOtherSessions(ctx.db, userId, sid) : 0;
  await logActivity(ctx.db, ctx.meta, {
    userId,
    action: "account.sessions_ended",
    category: "account",
    resourceType: "session",
    description: `Outras sessões encerradas (${ended})`,
    details: { endedSessions: ended },
    sessionId: sid,
  });
  return { ok: true, endedSessions: ended };
}
