/**
 * /admin/usuarios/{id}: one user as the operator needs them — profile (never the password hash or
 * tokens), workspaces with role, plan, credits and agents, recent activity and open sessions.
 */
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { agents, onlineUsers, sessions, userActivityLogs, userCredits, users, workspaceMembers, workspaces } from "../../../../db/schema";
import { AppError } from "../../../lib/errors";
import type { UserStatus } from "../../../schemas/admin-users";
import type { AppDeps } from "../../context";
import { toCredits } from "../../credits";
import { getPlansOf } from "../../plans";

export const USER_NOT_FOUND = "Usuário não encontrado";
/** Memberships shown on the detail: more than this is not a person, and the list says "e mais". */
const WORKSPACES_SHOWN = 50;
const ACTIVITY_SHOWN = 20;
/** Open sessions are counted up to this (a scripted client could open thousands). */
const SESSIONS_CAP = 100;

export async function findUserOrThrow(deps: AppDeps, userId: string) {
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new AppError("NOT_FOUND", USER_NOT_FOUND);
  return u;
}

async function workspacesOf(deps: AppDeps, userId: string) {
  const rows = await deps.db
    .select({ id: workspaces.id, name: workspaces.name, ownerId: workspaces.ownerId, role: workspaceMembers.role, joinedAt: workspaceMembers.joinedAt })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .limit(WORKSPACES_SHOWN + 1);
  const shown = rows.slice(0, WORKSPACES_SHOWN);
  const ids = shown.map((w) => w.id);
  const planOf = await getPlansOf(deps.db, ids);
  const wallets = ids.length ? await deps.db.select().from(userCredits).where(inArray(userCredits.workspaceId, ids)).limit(WORKSPACES_SHOWN) : [];
  const agentCounts = ids.length
    ? await deps.db
        .select({ workspaceId: agents.workspaceId, n: count() })
        .from(agents)
        .where(inArray(agents.workspaceId, ids))
        .groupBy(agents.workspaceId)
    : [];
  const now = deps.now();
  const items = shown.map((w) => {
    const wallet = wallets.find((c) => c.workspaceId === w.id);
    const bonusLive = wallet ? wallet.bonusCreditsExpiresAt === null || wallet.bonusCreditsExpiresAt > now : false;
    return {
      id: w.id,
      name: w.name,
      role: w.ownerId === userId ? ("owner" as const) : w.role,
      isOwner: w.ownerId === userId,
      joinedAt: w.joinedAt,
      plan: planOf.get(w.id)?.name ?? null,
      remainingCredits: wallet ? toCredits(wallet.remainingCredits) : 0,
      remainingBonusCredits: wallet && bonusLive ? toCredits(wallet.remainingBonusCredits) : 0,
      usedCredits: wallet ? toCredits(wallet.usedCredits) : 0,
      agents: agentCounts.find((a) => a.workspaceId === w.id)?.n ?? 0,
    };
  });
  return { items, more: rows.length > WORKSPACES_SHOWN };
}

export async function adminUserDetail(deps: AppDeps, userId: string) {
  const u = await findUserOrThrow(deps, userId);
  const ws = await workspacesOf(deps, userId);
  const activity = await deps.db
    .select({
      id: userActivityLogs.id,
      action: userActivityLogs.action,
      category: userActivityLogs.category,
      description: userActivityLogs.description,
      workspaceId: userActivityLogs.workspaceId,
      ipAddress: userActivityLogs.ipAddress,
      createdAt: userActivityLogs.createdAt,
    })
    .from(userActivityLogs)
    .where(eq(userActivityLogs.userId, userId))
    .orderBy(desc(userActivityLogs.createdAt))
    .limit(ACTIVITY_SHOWN);
  const open = await deps.db.get<{ n: number }>(
    sql`select count(*) as n from (select 1 from ${sessions} where ${and(eq(sessions.userId, userId), gt(sessions.expire, deps.now()))} limit ${SESSIONS_CAP})`,
  );
  const [online] = await deps.db.select({ lastSeen: onlineUsers.lastSeen }).from(onlineUsers).where(eq(onlineUsers.userId, userId)).limit(1);
  const owned = ws.items.filter((w) => w.isOwner);
  return {
    user: {
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      phoneNumber: u.phoneNumber,
      language: u.language,
      role: u.role,
      status: (u.status === "suspended" ? "suspended" : "active") as UserStatus,
      suspendedAt: u.suspendedAt,
      suspensionReason: u.suspensionReason,
      emailVerified: u.emailVerified,
      pendingEmail: u.pendingEmail,
      createdAt: u.createdAt,
      updatedAt: u.updatedAt,
      lastSeenAt: online?.lastSeen ?? null,
    },
    workspaces: ws.items,
    moreWorkspaces: ws.more,
    /** the wallets of the workspaces the user owns, summed */
    credits: {
      remaining: owned.reduce((s, w) => s + w.remainingCredits, 0),
      remainingBonus: owned.reduce((s, w) => s + w.remainingBonusCredits, 0),
      used: owned.reduce((s, w) => s + w.usedCredits, 0),
    },
    activity,
    openSessions: Math.min(Number(open?.n ?? 0), SESSIONS_CAP),
    openSessionsCapped: Number(open?.n ?? 0) >= SESSIONS_CAP,
  };
}
