import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { type SessionData, onlineUsers, sessions, users } from "../../db/schema";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { BurstCache } from "../lib/burst-cache";
import { randomToken, sha256Hex } from "../lib/crypto";
import { ownerKey } from "../lib/ttl-cache";
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

/**
 * Sessions as resolved for requests, kept for a burst (src/lib/burst-cache.ts). Every write below
 * that changes what a request may do drops the entry at once; writers of the users row call
 * forgetUserSessions. Entries are frozen: requests share them.
 */
const resolved = new BurstCache<ResolvedSession>(2_000, 10_000);
const cacheKey = (db: Db, sid: string) => `${ownerKey(db)}:${sid}`;

/** Drops the cached sessions of a user: call it after any write to their users row or sessions. */
export function forgetUserSessions(userId: string) {
  resolved.deleteWhere((s) => s.user.id === userId);
}

async function loadSession(db: Db, sid: string, now: number): Promise<ResolvedSession | null> {
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
  return Object.freeze({ sid, user: Object.freeze(row.u), data: Object.freeze(row.s.sess), expire: row.s.expire });
}

/**
 * The sid (sha256) of the tokens seen lately: hashing every request's cookie was ~8% of an
 * authenticated query's CPU (bench/http.ts). A pure function of the token, so nothing to invalidate;
 * bounded, oldest first out.
 */
const sidOfToken = new Map<string, string>();
function sidOf(token: string) {
  let sid = sidOfToken.get(token);
  if (sid === undefined) {
    sid = sha256Hex(token);
    if (sidOfToken.size >= 10_000) sidOfToken.delete(sidOfToken.keys().next().value as string);
    sidOfToken.set(token, sid);
  }
  return sid;
}

/** Looks a cookie token up; slides the expiry once half of it is used so active users stay in. */
export async function resolveSession(db: Db, token: string, now = Date.now()): Promise<ResolvedSession | null> {
  const sid = sidOf(token);
  const key = cacheKey(db, sid);
  const session = resolved.peek(key) ?? (await resolved.get(key, () => loadSession(db, sid, now)));
  // A cached entry was read at another time: its expiry and the user's status are checked here.
  if (!session || session.expire <= now || session.user.status !== "active") return null;
  const ttl = session.data.rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS;
  if (session.expire - now >= ttl / 2) return session;
  const expire = now + ttl;
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
  resolved.delete(cacheKey(db, sid));
  return { ...session, expire };
}

export async function setSessionWorkspace(db: Db, sid: string, data: SessionData, workspaceId: string) {
  await db
    .update(sessions)
    .set({ sess: { ...data, workspaceId } })
    .where(eq(sessions.sid, sid));
  resolved.delete(cacheKey(db, sid));
}

export async function destroySession(db: Db, token: string) {
  const sid = sha256Hex(token);
  await db.delete(sessions).where(eq(sessions.sid, sid));
  resolved.delete(cacheKey(db, sid));
}

/** Every session of the user ends (password reset), on this request already. */
export async function destroyUserSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  forgetUserSessions(userId);
}

/** Expired sessions are refused by resolveSession already (cached or not); this only frees rows. */
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

/** The id a session shows on /account: a hash of its sid, so the list never hands out the sid itself. */
export const publicSessionId = (sid: string) => sha256Hex(`session:${sid}`).slice(0, 32);

/** Heartbeat: when this session was last seen (the account's "active sessions" list). */
export async function touchSession(db: Db, sid: string, now = Date.now()) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.sid, sid));
}

/** A user's live sessions, newest first (sessions_user_idx; a user holds a handful). */
export async function listUserSessions(db: Db, userId: string, now = Date.now()) {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expire: sessions.expire })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, now)))
    .limit(200);
  return rows.sort((a, b) => (b.lastSeenAt ?? b.createdAt) - (a.lastSeenAt ?? a.createdAt));
}

/** Ends one of the user's sessions by its public id; false when it is not theirs (or gone). */
export async function endUserSession(db: Db, userId: string, publicId: string) {
  const mine = await db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, userId)).limit(500);
  const match = mine.find((s) => publicSessionId(s.sid) === publicId);
  if (!match) return false;
  await db.delete(sessions).where(and(eq(sessions.sid, match.sid), eq(sessions.userId, userId)));
  resolved.delete(cacheKey(db, match.sid));
  return true;
}

/** Every session of the user but `keepSid` ends, effective on their next request. Returns how many. */
export async function endOtherSessions(db: Db, userId: string, keepSid: string) {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)))
    .returning({ sid: sessions.sid });
  forgetUserSessions(userId);
  return gone.length;
}
