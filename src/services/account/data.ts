import { rm } from "node:fs/promises";
import { join } from "node:path";
import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  storedFiles,
  agents,
  sessions,
  userActivityLogs,
  userAvatars,
  userCredits,
  userSubscriptions,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { describeUserAgent } from "../../lib/user-agent";
import { forgetMemberships } from "../access";
import { logActivity, redactSecrets } from "../activity";
import type { ServiceContext } from "../context";
import { withTransaction } from "../context";
import { forgetUserSessions } from "../sessions";
import { accountActor, loadUser } from "./profile";
import { verifyCurrentPassword } from "./security";

/** The export carries the newest activity lines; older ones stay on /logs (a bound on the download). */
export const EXPORT_ACTIVITY_LIMIT = 5_000;

/**
 * LGPD (art. 18): everything the platform keeps about the user, as one JSON document. Never a
 * password hash, token or session id: what it shows about sessions is what /account shows.
 */
export async function exportAccountData(ctx: ServiceContext) {
  const { userId, sid } = accountActor(ctx);
  const u = await loadUser(ctx, userId);
  const [avatar] = await ctx.db.select({ updatedAt: userAvatars.updatedAt }).from(userAvatars).where(eq(userAvatars.userId, userId)).limit(1);
  const memberships = await ctx.db
    .select({
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      ownerId: workspaces.ownerId,
      role: workspaceMembers.role,
      permissions: workspaceMembers.permissions,
      joinedAt: workspaceMembers.joinedAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .limit(1_000);
  const owned = await ctx.db
    .select({ id: workspaces.id, name: workspaces.name, description: workspaces.description, createdAt: workspaces.createdAt })
    .from(workspaces)
    .where(eq(workspaces.ownerId, userId))
    .limit(1_000);
  const ownedSummary = [];
  for (const w of owned) {
    const [a] = await ctx.db.select({ n: count() }).from(agents).where(eq(agents.workspaceId, w.id));
    const [m] = await ctx.db.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, w.id));
    ownedSummary.push({ ...w, agents: a?.n ?? 0, members: m?.n ?? 0 });
  }
  const sessionRows = await ctx.db
    .select({ sess: sessions.sess, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .limit(200);
  const activity = await ctx.db
    .select({
      createdAt: userActivityLogs.createdAt,
      action: userActivityLogs.action,
      category: userActivityLogs.category,
      description: userActivityLogs.description,
      workspaceId: userActivityLogs.workspaceId,
      agentId: userActivityLogs.agentId,
      oldValues: userActivityLogs.oldValues,
      newValues: userActivityLogs.newValues,
      ipAddress: userActivityLogs.ipAddress,
      userAgent: userActivityLogs.userAgent,
    })
    .from(userActivityLogs)
    .where(eq(userActivityLogs.userId, userId))
    .orderBy(desc(userActivityLogs.createdAt))
    .limit(EXPORT_ACTIVITY_LIMIT);
  await logActivity(ctx.db, ctx.meta, {
    userId,
    action: "account.data_exported",
    category: "account",
    resourceType: "user",
    resourceId: userId,
    description: "Exportação dos dados pessoais (LGPD)",
    sessionId: sid,
  });
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    generatedAt: iso(ctx.now()),
    profile: {
      id: u.id,
      email: u.email,
      emailVerified: u.emailVerified,
      pendingEmail: u.pendingEmail,
      firstName: u.firstName,
      lastName: u.lastName,
      phoneNumber: u.phoneNumber,
      language: u.language,
      role: u.role,
      status: u.status,
      createdAt: iso(u.createdAt),
      updatedAt: iso(u.updatedAt),
      avatar: avatar ? { updatedAt: iso(avatar.updatedAt) } : null,
    },
    memberships: memberships.map((m) => ({
      workspaceId: m.workspaceId,
      workspaceName: m.workspaceName,
      role: m.ownerId === userId ? "owner" : m.role,
      permissions: m.permissions,
      joinedAt: iso(m.joinedAt),
    })),
    ownedWorkspaces: ownedSummary.map((w) => ({ ...w, createdAt: iso(w.createdAt) })),
    sessions: sessionRows.map((s) => ({
      device: describeUserAgent(s.sess.userAgent),
      userAgent: s.sess.userAgent,
      ipAddress: s.sess.ipAddress,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expire),
    })),
    activity: activity.map((a) => ({
      ...a,
      createdAt: iso(a.createdAt),
      oldValues: a.oldValues ? redactSecrets(a.oldValues) : null,
      newValues: a.newValues ? redactSecrets(a.newValues) : null,
    })),
    activityTruncated: activity.length === EXPORT_ACTIVITY_LIMIT,
  };
}

const LAST_ADMIN = "Você é o único administrador da plataforma. Promova outro administrador antes de excluir sua conta.";

export const ownsWorkspacesMessage = (names: string[]) =>
  `Você é dono ${names.length === 1 ? "do workspace" : "dos workspaces"} ${names.map((n) => `"${n}"`).join(", ")}. ` +
  "Transfira a propriedade para outro membro ou exclua esses workspaces (em Workspace) antes de excluir sua conta.";

/**
 * Deletes the account for good: refused while the user owns workspaces (named in the message).
 * What they made in others' workspaces (agents, invitations) passes to each workspace's owner,
 * memberships go, sessions end at once; the audit line keeps only the id.
 */
export async function deleteAccount(ctx: ServiceContext, input: { currentPassword: string }) {
  const { userId } = accountActor(ctx);
  await verifyCurrentPassword(ctx, userId, input.currentPassword);
  const ownerOf = sql`(select owner_id from workspaces w where w.id = workspace_id)`;
  // Checked inside the write transaction: a workspace handed to them meanwhile would go with the users row.
  const ownFiles: string[] = [];
  const memberOf = await withTransaction(ctx.db, async (tx) => {
    const owned = await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.ownerId, userId)).limit(50);
    if (owned.length > 0) throw new AppError("PRECONDITION_FAILED", ownsWorkspacesMessage(owned.map((w) => w.name)));
    const [me] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
    if (me?.role === "admin") {
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(2);
      if (admins.length < 2) throw new AppError("PRECONDITION_FAILED", LAST_ADMIN);
    }
    const rows = await tx.select({ workspaceId: workspaceMembers.workspaceId }).from(workspaceMembers).where(eq(workspaceMembers.userId, userId)).limit(1_000);
    // These rows reference the user with ON DELETE CASCADE: they belong to the workspace, not to them.
    await tx.update(agents).set({ userId: ownerOf }).where(eq(agents.userId, userId));
    await tx.update(workspaceInvitations).set({ invitedBy: ownerOf }).where(eq(workspaceInvitations.invitedBy, userId));
    await tx.update(userCredits).set({ userId: ownerOf }).where(eq(userCredits.userId, userId));
    await tx.update(userSubscriptions).set({ userId: ownerOf }).where(eq(userSubscriptions.userId, userId));
    await tx.delete(workspaceMembers).where(eq(workspaceMembers.userId, userId));
    await logActivity(tx, ctx.meta, {
      userId,
      action: "account.deleted",
      category: "account",
      resourceType: "user",
      resourceId: userId,
      description: "Conta excluída pelo próprio usuário",
      details: { workspacesLeft: rows.length },
    });
    // Support attachments are the user's own (their requests cascade): rows here, bytes after the commit.
    const files = await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.ownerUserId, userId), eq(storedFiles.purpose, "support")))
      .returning({ storagePath: storedFiles.storagePath });
    ownFiles.push(...files.map((f) => f.storagePath));
    // Sessions, avatar, presence and the user's own rows go with the users row (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, userId));
    return rows;
  });
  for (const path of ownFiles) await rm(join(ctx.env.DATA_DIR, path), { force: true });
  forgetUserSessions(userId);
  forgetMemberships({ userId });
  for (const m of memberOf) forgetMemberships({ workspaceId: m.workspaceId });
  return { ok: true };
}
