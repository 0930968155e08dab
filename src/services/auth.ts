import { and, eq, gt } from "drizzle-orm";
import { users } from "../../db/schema";
import { randomToken, sha256Hex } from "../lib/crypto";
import { AppError } from "../lib/errors";
import type { ForgotPassword, Login, RegisterInput, ResetPassword, VerifyEmail } from "../schemas/auth";
import { logActivity } from "./activity";
import { grantFreeCreditsIfEligible } from "./credits";
import type { AppDeps, RequestMeta } from "./context";
import { withTransaction } from "./context";
import { rateKeyOf, rateLimiter } from "./rate-limit";
import { createSession, destroySession, destroyUserSessions, forgetUserSessions, type SessionUser } from "./sessions";
import { resolveMembership } from "./access";
import { sendTemplatedMail } from "./mail-templates/send";
import { createWorkspaceRecord, firstWorkspaceOf } from "./workspaces";

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 5 * 60 * 1000;
const VERIFY_TTL_MS = 48 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

export const MSG = {
  badCredentials: "Email ou senha incorretos. Verifique suas credenciais e tente novamente.",
  accountSuspended: "Sua conta está suspensa. Entre em contato com o suporte para saber mais.",
  tooManyLogins: "Muitas tentativas de login. Aguarde alguns minutos antes de tentar novamente.",
  tooManyResets: "Muitas solicitações de recuperação. Aguarde alguns minutos antes de tentar novamente.",
  emailTaken: "Usuário com este email já existe",
  emailNotFound: "Este email não está cadastrado em nossa plataforma.",
  emailNotVerified: "Email não verificado. Verifique sua caixa de entrada e clique no link de confirmação.",
  badResetToken: "Link de redefinição inválido ou expirado.",
  badVerifyToken: "Link de verificação inválido ou expirado.",
  tooManyRegistrations: "Muitos cadastros a partir deste endereço. Aguarde uma hora e tente novamente.",
} as const;

const REGISTER_WINDOW_MS = 60 * 60 * 1000;

/** A fixed hash verified when the email is unknown, so a miss costs the same time as a hit. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= Bun.password.hash("atenda-timing-equaliser", "argon2id");
  return dummyHash;
};

export const hashPassword = (password: string) => Bun.password.hash(password, "argon2id");

export function publicUser(u: SessionUser, currentWorkspaceId: string | null = null) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phoneNumber: u.phoneNumber,
    role: u.role,
    emailVerified: u.emailVerified,
    profileImageUrl: u.profileImageUrl,
    language: u.language,
    currentWorkspaceId,
    createdAt: u.createdAt,
  };
}

export async function sendVerificationMail(deps: AppDeps, user: { id: string; email: string; firstName: string }) {
  const token = randomToken();
  await deps.db
    .update(users)
    .set({ emailVerificationToken: sha256Hex(token), emailVerificationExpiry: deps.now() + VERIFY_TTL_MS })
    .where(eq(users.id, user.id));
  forgetUserSessions(user.id);
  const link = `${deps.appUrl}/verify-email?token=${token}`;
  return sendTemplatedMail(deps, "verify-email", user.email, { firstName: user.firstName, verifyUrl: link });
}

/** New account + its own workspace on the free plan. Logs in unless email verification is required. */
export async function registerUser(deps: AppDeps, meta: RequestMeta, input: RegisterInput, requireVerification: boolean) {
  // Free credits come with an account: an address gets a few accounts an hour (taken atomically,
  // before the costly hash).
  const slot = { bucket: "register-ip", key: rateKeyOf(meta.ipAddress), max: deps.env.REGISTER_PER_IP_PER_HOUR };
  if (!(await rateLimiter.take(deps.db, [slot], REGISTER_WINDOW_MS, deps.now()))) throw new AppError("RATE_LIMITED", MSG.tooManyRegistrations);
  const passwordHash = await hashPassword(input.password);
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw new AppError("CONFLICT", MSG.emailTaken);
  const { user, workspaceId } = await withTransaction(deps.db, async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({
        email: input.email,
        phoneNumber: input.phoneNumber.replace(/[^\d+]/g, ""),
        firstName: input.firstName.replace(/\s+/g, " "),
        lastName: input.lastName.replace(/\s+/g, " "),
        passwordHash,
      })
      .onConflictDoNothing()
      .returning();
    if (!u) throw new AppError("CONFLICT", MSG.emailTaken);
    // Free credits now unless they must wait for a verified email (SMTP configured): credits.ts.
    const ws = await createWorkspaceRecord(tx, u, { name: `Workspace de ${u.firstName}`, description: "Workspace pessoal" }, deps.now(), !deps.mailer.configured);
    await tx.update(users).set({ lastWorkspaceId: ws.id }).where(eq(users.id, u.id));
    await logActivity(tx, meta, { userId: u.id, workspaceId: ws.id, action: "auth.register", category: "auth" });
    return { user: u, workspaceId: ws.id };
  });
  await sendVerificationMail(deps, user);
  if (requireVerification) return { user: publicUser(user, workspaceId), session: null };
  const session = await createSession(deps.db, user.id, workspaceId, false, meta, deps.now());
  return { user: publicUser(user, workspaceId), session };
}

export async function loginUser(deps: AppDeps, meta: RequestMeta, input: Login, requireVerification: boolean) {
  const ipKey = rateKeyOf(meta.ipAddress);
  const now = deps.now();
  // The attempt's slot is taken before the password is checked, so concurrent guesses cannot all
  // pass the count; a wrong password keeps it as the failure record, a right one gives it back.
  const slots = await rateLimiter.take(
    deps.db,
    [
      { bucket: "login-ip", key: ipKey, max: LOGIN_MAX_FAILURES * 4 },
      { bucket: "login-email", key: input.email, max: LOGIN_MAX_FAILURES },
    ],
    LOGIN_WINDOW_MS,
    now,
  );
  if (!slots) {
    await logActivity(deps.db, meta, { userId: null, action: "auth.login.rate_limited", category: "auth", details: { email: input.email } });
    throw new AppError("RATE_LIMITED", MSG.tooManyLogins);
  }
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = user
    ? await Bun.password.verify(input.password, user.passwordHash)
    : (await Bun.password.verify(input.password, await getDummyHash())) && false;
  if (!user || !ok) {
    await logActivity(deps.db, meta, {
      userId: user?.id ?? null,
      action: "auth.login.failed",
      category: "auth",
      details: { email: input.email },
    });
    throw new AppError("UNAUTHORIZED", MSG.badCredentials);
  }
  await rateLimiter.release(deps.db, slots);
  // Said only after the right password, so the message reveals nothing to someone guessing.
  if (user.status !== "active") {
    await logActivity(deps.db, meta, { userId: user.id, action: "auth.login.suspended", category: "auth", description: "Tentativa de login de conta suspensa" });
    throw new AppError("FORBIDDEN", MSG.accountSuspended);
  }
  if (requireVerification && !user.emailVerified) {
    // Unverified users cannot sign in, so resend-verification (authed) is out of their reach:
    // once the emailed link has expired, a correct login is what earns a fresh one.
    if (!user.emailVerificationExpiry || user.emailVerificationExpiry <= now) await sendVerificationMail(deps, user);
    throw new AppError("FORBIDDEN", MSG.emailNotVerified);
  }
  await rateLimiter.clear(deps.db, "login-email", input.email);
  let workspaceId = user.lastWorkspaceId;
  if (!workspaceId || !(await resolveMembership(deps.db, user.id, workspaceId))) {
    workspaceId = await firstWorkspaceOf(deps.db, user.id);
  }
  const session = await createSession(deps.db, user.id, workspaceId, input.rememberMe, meta, now);
  await logActivity(deps.db, meta, {
    userId: user.id,
    workspaceId,
    action: "auth.login",
    category: "auth",
    sessionId: session.token.slice(0, 8),
    details: { rememberMe: input.rememberMe },
  });
  return { user: publicUser(user, workspaceId), session };
}

export async function logoutUser(deps: AppDeps, meta: RequestMeta, token: string | null, userId: string | null) {
  if (token) await destroySession(deps.db, token);
  if (userId) await logActivity(deps.db, meta, { userId, action: "auth.logout", category: "auth" });
}

/** A fresh single-use reset link (1 h) mailed to the user: the forgot-password form and the admin's "send reset link". */
export async function sendPasswordResetMail(deps: AppDeps, user: { id: string; email: string; firstName: string }) {
  const token = randomToken();
  await deps.db
    .update(users)
    .set({ resetToken: sha256Hex(token), resetTokenExpiry: deps.now() + RESET_TTL_MS })
    .where(eq(users.id, user.id));
  forgetUserSessions(user.id);
  const link = `${deps.appUrl}/reset-password?token=${token}`;
  return sendTemplatedMail(deps, "reset-password", user.email, { firstName: user.firstName, resetUrl: link });
}

export async function requestPasswordReset(deps: AppDeps, meta: RequestMeta, { email }: ForgotPassword) {
  const now = deps.now();
  const ipKey = rateKeyOf(meta.ipAddress);
  const slots = [
    { bucket: "forgot-ip", key: ipKey, max: LOGIN_MAX_FAILURES * 2 },
    { bucket: "forgot-email", key: email, max: LOGIN_MAX_FAILURES },
  ];
  if (!(await rateLimiter.take(deps.db, slots, LOGIN_WINDOW_MS, now))) throw new AppError("RATE_LIMITED", MSG.tooManyResets);
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new AppError("NOT_FOUND", MSG.emailNotFound);
  const result = await sendPasswordResetMail(deps, user);
  await logActivity(deps.db, meta, { userId: user.id, action: "auth.forgot_password", category: "auth" });
  if (result.status === "failed") {
    throw new AppError("UNAVAILABLE", "Erro no serviço de email. Tente novamente em alguns minutos.");
  }
  return { ok: true };
}

/** Single use: the token is cleared in the same update that checks it; all sessions end. */
export async function resetPassword(deps: AppDeps, meta: RequestMeta, input: ResetPassword) {
  const passwordHash = await hashPassword(input.password);
  const [user] = await deps.db
    .update(users)
    // A reset also cancels a pending email change (it may be an intruder's).
    .set({ passwordHash, resetToken: null, resetTokenExpiry: null, pendingEmail: null, pendingEmailToken: null, pendingEmailExpiry: null })
    .where(and(eq(users.resetToken, sha256Hex(input.token)), gt(users.resetTokenExpiry, deps.now())))
    .returning();
  if (!user) throw new AppError("VALIDATION", MSG.badResetToken);
  await destroyUserSessions(deps.db, user.id);
  await rateLimiter.clear(deps.db, "login-email", user.email);
  await logActivity(deps.db, meta, { userId: user.id, action: "auth.reset_password", category: "auth" });
  return { ok: true };
}

export async function verifyEmail(deps: AppDeps, meta: RequestMeta, input: VerifyEmail) {
  const user = await withTransaction(deps.db, async (tx) => {
    const [u] = await tx
      .update(users)
      .set({ emailVerified: true, emailVerificationToken: null, emailVerificationExpiry: null })
      .where(and(eq(users.emailVerificationToken, sha256Hex(input.token)), gt(users.emailVerificationExpiry, deps.now())))
      .returning();
    if (u) await grantFreeCreditsIfEligible(tx, deps.mailer.configured, u.id, undefined, deps.now());
    return u;
  });
  if (!user) throw new AppError("VALIDATION", MSG.badVerifyToken);
  // Signed-in tabs see the verified email on their next request.
  forgetUserSessions(user.id);
  await logActivity(deps.db, meta, { userId: user.id, action: "auth.verify_email", category: "auth" });
  return { ok: true };
}

export async function resendVerification(deps: AppDeps, user: SessionUser) {
  if (user.emailVerified) return { ok: true, alreadyVerified: true };
  await sendVerificationMail(deps, user);
  return { ok: true, alreadyVerified: false };
}
