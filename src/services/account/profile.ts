import { eq } from "drizzle-orm";
import { userAvatars, users } from "../../../db/schema";
import { AppError, NOT_AUTHENTICATED } from "../../lib/errors";
import type { UpdateProfileInput } from "../../schemas/account";
import { changedFields, logActivity } from "../activity";
import type { AppDeps, ServiceContext } from "../context";
import { forgetUserSessions, type SessionUser } from "../sessions";

/** The signed-in caller of an account verb: only a user acts on their own account. */
export function accountActor(ctx: ServiceContext) {
  if (ctx.actor.type !== "user") throw new AppError("UNAUTHORIZED", NOT_AUTHENTICATED);
  return { userId: ctx.actor.userId, sid: ctx.actor.sessionId };
}

/** Where the avatar is served (protected, session required); the version busts the browser cache. */
export const avatarUrl = (userId: string, version: number) => `/api/v1/users/${userId}/avatar?v=${version}`;

/** The user row, fresh from the database (a session's copy may be a burst old). */
export async function loadUser(deps: Pick<AppDeps, "db">, userId: string): Promise<SessionUser> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("UNAUTHORIZED", NOT_AUTHENTICATED);
  return row;
}

/** What /account shows: the profile, the pending email change and whether a picture is set. */
export async function getAccount(ctx: ServiceContext) {
  const { userId } = accountActor(ctx);
  const u = await loadUser(ctx, userId);
  const [avatar] = await ctx.db.select({ updatedAt: userAvatars.updatedAt }).from(userAvatars).where(eq(userAvatars.userId, userId)).limit(1);
  const pending = u.pendingEmail && u.pendingEmailExpiry && u.pendingEmailExpiry > ctx.now() ? u.pendingEmail : null;
  return {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    firstName: u.firstName,
    lastName: u.lastName,
    phoneNumber: u.phoneNumber,
    language: u.language,
    role: u.role,
    createdAt: u.createdAt,
    avatarUrl: avatar ? avatarUrl(userId, avatar.updatedAt) : null,
    pendingEmail: pending,
  };
}

export async function updateProfile(ctx: ServiceContext, input: UpdateProfileInput) {
  const { userId, sid } = accountActor(ctx);
  const before = await loadUser(ctx, userId);
  const patch = {
    firstName: input.firstName,
    lastName: input.lastName,
    phoneNumber: input.phoneNumber.replace(/[^\d+]/g, ""),
    language: input.language,
  };
  await ctx.db
    .update(users)
    .set({ ...patch, updatedAt: ctx.now() })
    .where(eq(users.id, userId));
  // Every open tab reads the new name on its next request.
  forgetUserSessions(userId);
  const diff = changedFields(
    { firstName: before.firstName, lastName: before.lastName, phoneNumber: before.phoneNumber, language: before.language },
    patch,
  );
  if (Object.keys(diff.newValues).length > 0) {
    await logActivity(ctx.db, ctx.meta, {
      userId,
      action: "account.profile_updated",
      category: "account",
      resourceType: "user",
      resourceId: userId,
      description: "Dados do perfil atualizados",
      ...diff,
      sessionId: sid,
    });
  }
  return getAccount(ctx);
}
