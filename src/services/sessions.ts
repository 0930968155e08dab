import { and, eq, gt, lt, sql } from "drizzle-orm";
import { type SessionData, onlineUsers, sessions, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { randomToken, sha256Hex } from "../lib/crypto";
import type { RequestMeta } from "./context";

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;
export type ResolvedSession = { sid: string; user: SessionUser; data: SessionData; expire: number };

/** Creates a session and returns the raw cookie token (only its sha256 is stored). */
export async function createSession(
  db: Db,
  userId: string,
  workspaceId: string | null,
  rememberMe: boolean,
  meta: RequestMeta,
  now = Date.now(),
) {
  const token = randomToken();
  const expire = now + (rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS);
  await db.insert(sessions).values({
    sid: sha256Hex(token),
    userId,
    sess: { workspaceId, rememberMe, ipAddress: meta.ipAddress, userAgent: meta.userAgent },
    expire,
  });
  return { token, expire };
}

/** Looks a cookie token up; slides the expiry once half of it is used so active users stay in. */
export async function resolveSession(db: Db, token: string, now = Date.now()): Promise<ResolvedSession | null> {
  const sid = sha256Hex(token);
  const lookup = prepared(db, "session-by-sid", (d) =>
    d
      .select({ s: sessions, u: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.sid, sql.placeholder("sid")), gt(sessions.expire, sql.placeholder("now"))))
      .limit(1)
      .prepare(),
  );
  const row = (await lookup.all({ sid, now }))[0];
  if (!row) return null;
  if (row.u.status !== "active") return null;
  let expire = row.s.expire;
  const ttl = row.s.sess.rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS;
  if (expire - now < ttl / 2) {
    expire = now + ttl;
    await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
  }
  return { sid, user: row.u, data: row.s.sess, expire };
}

export async function setSessionWorkspace(db: Db, sid: string, data: SessionData, workspaceId: string) {
  await db
    .update(sessions)
    .set({ sess: { ...data, workspaceId } })
    .where(eq(sessions.sid, sid));
}

export async function destroySession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.sid, sha256Hex(token)));
}

export async function destroyUserSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function pruneExpiredSessions(db: Db, now = Date.now()) {
  await db.delete(sessions).where(lt(sessions.expire, now));
}

/** Heartbeat: upsert the user's presence row (online_users). */
export async function touchOnline(db: Db, userId: string, meta: RequestMeta, now = Date.now()) {
  await db
    .insert(onlineUsers)
    .values({ userId, lastSeen: now, ipAddress: meta.ipAddress, userAgent: meta.userAgent })
    .onConflictDoUpdate({
      target: onlineUsers.userId,
      set: { lastSeen: now, ipAddress: meta.ipAddress, userAgent: meta.userAgent },
    });
}
