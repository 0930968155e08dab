import { and, eq, sql } from "drizzle-orm";
import { userAvatars, users, workspaceMembers } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { AVATAR_ERRORS, AVATAR_MAX_BYTES, AVATAR_TYPES, IMAGE_ERRORS } from "../../schemas/account";
import { logActivity } from "../activity";
import type { AppDeps, ServiceContext } from "../context";
import { forgetUserSessions, type SessionUser } from "../sessions";
import { accountActor, avatarUrl } from "./profile";

/** The stored picture's short side; the list and menus show it at 32–64 px, /account at 96. */
const AVATAR_SIDE = 256;
/** A tiny file may claim a huge canvas: refused from its header before any pixel is decoded. */
const MAX_PIXELS = 40_000_000;

/**
 * Decodes the upload and re-encodes it as WebP with its short side at 256 px (aspect kept; the
 * round frame crops with object-cover). Never stores the uploaded bytes themselves.
 */
async function resizeAvatar(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    const meta = await new Bun.Image(bytes, { maxPixels: MAX_PIXELS }).metadata();
    const scale = Math.min(1, AVATAR_SIDE / Math.min(meta.width, meta.height));
    // A panorama would stay huge on its long side: bound it to 4× the short one.
    const width = Math.max(1, Math.min(Math.round(meta.width * scale), AVATAR_SIDE * 4));
    const height = Math.max(1, Math.min(Math.round(meta.height * scale), AVATAR_SIDE * 4));
    return await new Bun.Image(bytes, { maxPixels: MAX_PIXELS }).resize(width, height, { fit: "fill" }).webp({ quality: 85 }).bytes();
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ERR_IMAGE_TOO_MANY_PIXELS") throw new AppError("VALIDATION", AVATAR_ERRORS.tooManyPixels, { field: "file" });
    throw new AppError("VALIDATION", AVATAR_ERRORS.unreadable, { field: "file" });
  }
}

export async function saveAvatar(ctx: ServiceContext, file: { type: string; bytes: Uint8Array }) {
  const { userId, sid } = accountActor(ctx);
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) throw new AppError("VALIDATION", AVATAR_ERRORS.type, { field: "file" });
  if (file.bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", AVATAR_ERRORS.tooLarge, { field: "file" });
  const webp = await resizeAvatar(file.bytes);
  const now = ctx.now();
  const url = avatarUrl(userId, now);
  await ctx.db
    .insert(userAvatars)
    .values({ userId, mimeType: "image/webp", bytes: Buffer.from(webp), updatedAt: now })
    .onConflictDoUpdate({ target: userAvatars.userId, set: { mimeType: "image/webp", bytes: Buffer.from(webp), updatedAt: now } });
  await ctx.db.update(users).set({ profileImageUrl: url, updatedAt: now }).where(eq(users.id, userId));
  forgetUserSessions(userId);
  await logActivity(ctx.db, ctx.meta, {
    userId,
    action: "account.avatar_updated",
    category: "account",
    resourceType: "user",
    resourceId: userId,
    description: "Foto de perfil atualizada",
    details: { bytes: webp.byteLength },
    sessionId: sid,
  });
  return { avatarUrl: url };
}

export async function removeAvatar(ctx: ServiceContext) {
  const { userId, sid } = accountActor(ctx);
  const gone = await ctx.db.delete(userAvatars).where(eq(userAvatars.userId, userId)).returning({ userId: userAvatars.userId });
  await ctx.db.update(users).set({ profileImageUrl: null, updatedAt: ctx.now() }).where(eq(users.id, userId));
  forgetUserSessions(userId);
  if (gone.length > 0) {
    await logActivity(ctx.db, ctx.meta, {
      userId,
      action: "account.avatar_removed",
      category: "account",
      resourceType: "user",
      resourceId: userId,
      description: "Foto de perfil removida",
      sessionId: sid,
    });
  }
  return { ok: true };
}

/** Whether two users share at least one workspace (both memberships read off their indexes). */
async function shareAWorkspace(deps: Pick<AppDeps, "db">, a: string, b: string) {
  const [row] = await deps.db
    .select({ one: sql<number>`1` })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.userId, a),
        sql`exists (select 1 from workspace_members m2 where m2.workspace_id = ${workspaceMembers.workspaceId} and m2.user_id = ${b})`,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * A user's picture for a viewer: their own, anyone's sharing a workspace with them, or anyone's
 * for a platform admin. Others get 403 before existence is checked, so ids leak nothing.
 */
export async function readAvatar(deps: Pick<AppDeps, "db">, viewer: SessionUser, targetId: string) {
  const allowed = viewer.id === targetId || viewer.role === "admin" || (await shareAWorkspace(deps, viewer.id, targetId));
  if (!allowed) throw new AppError("FORBIDDEN", IMAGE_ERRORS.forbidden);
  const [row] = await deps.db
    .select({ mimeType: userAvatars.mimeType, bytes: userAvatars.bytes, updatedAt: userAvatars.updatedAt })
    .from(userAvatars)
    .where(eq(userAvatars.userId, targetId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", IMAGE_ERRORS.notFound);
  return row;
}
