import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { sessions, users, workspaceMembers, workspaces } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { AppError } from "../../lib/errors";
import type { UpdateMember } from "../../schemas/workspace-admin";
import { ownerPermissions } from "../../schemas/workspaces";
import { type MemberManagerScope, type ScopeWith, forgetMemberships } from "../access";
import { changedFields, logActivity } from "../activity";
import type { ServiceContext, WorkspaceScope } from "../context";
import { withTransaction } from "../context";
import { forgetUserSessions } from "../sessions";

export const MEMBER_NOT_FOUND = "Membro não encontrado";
export const OWNER_ONLY = "Apenas o proprietário do workspace pode fazer isso";

const actorId = (ctx: ServiceContext) => (ctx.actor.type === "user" ? ctx.actor.userId : null);

/** Owner-only verbs (transfer, delete): the flag alone is not enough. */
export function requireOwner(scope: WorkspaceScope) {
  if (scope.role !== "owner") throw new AppError("FORBIDDEN", OWNER_ONLY);
}

async function memberRow(db: DbOrTx, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ m: workspaceMembers, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  return row;
}

const nameOf = (r: { email: string; firstName: string | null; lastName: string | null }) =>
  [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email;

/**
 * Moves every session of `userId` that points at `workspaceId` (and the remembered last workspace)
 * to their oldest other workspace, or to none: a removed member or a deleted workspace leaves no
 * session pointing at what it can no longer open. Sessions are read by user (indexed), not scanned.
 */
export async function relocateSessions(db: DbOrTx, userId: string, workspaceId: string) {
  const [other] = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), ne(workspaceMembers.workspaceId, workspaceId)))
    .orderBy(asc(workspaceMembers.joinedAt))
    .limit(1);
  const next = other?.id ?? null;
  // One statement, however many sessions the user has: the write lock is held for one update.
  await db
    .update(sessions)
    .set({ sess: sql`json_set(${sessions.sess}, '$.workspaceId', ${next})` })
    .where(and(eq(sessions.userId, userId), sql`json_extract(${sessions.sess}, '$.workspaceId') = ${workspaceId}`));
  await db.update(users).set({ lastWorkspaceId: next }).where(and(eq(users.id, userId), eq(users.lastWorkspaceId, workspaceId)));
  return next;
}

export async function updateMember(ctx: ServiceContext, scope: MemberManagerScope, input: UpdateMember) {
  if (input.userId === scope.ownerId) throw new AppError("FORBIDDEN", "A função do proprietário não pode ser alterada");
  if (input.userId === actorId(ctx)) throw new AppError("FORBIDDEN", "Você não pode alterar a sua própria função");
  await withTransaction(ctx.db, async (tx) => {
    const current = await memberRow(tx, scope.id, input.userId);
    await tx
      .update(workspaceMembers)
      .set({ role: input.role, permissions: input.permissions })
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, input.userId)));
    const diff = changedFields({ role: current.m.role, permissions: current.m.permissions }, { role: input.role, permissions: input.permissions });
    await logActivity(tx, ctx.meta, {
      userId: actorId(ctx),
      workspaceId: scope.id,
      action: "member.update",
      category: "member",
      resourceType: "user",
      resourceId: input.userId,
      description: `Função e permissões de ${nameOf(current)} alteradas`,
      ...diff,
    });
  });
  // Their next request reads the new flags.
  forgetMemberships({ workspaceId: scope.id, userId: input.userId });
  return { userId: input.userId, role: input.role, permissions: input.permissions };
}

/** Removes a member: their very next request in this workspace is refused (cached scope dropped, sessions moved). */
export async function removeMember(ctx: ServiceContext, scope: MemberManagerScope, userId: string) {
  if (userId === scope.ownerId) throw new AppError("FORBIDDEN", "O proprietário não pode ser removido. Transfira a propriedade antes.");
  if (userId === actorId(ctx)) throw new AppError("FORBIDDEN", "Você não pode remover a si mesmo");
  await withTransaction(ctx.db, async (tx) => {
    const current = await memberRow(tx, scope.id, userId);
    await tx.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, userId)));
    await relocateSessions(tx, userId, scope.id);
    await logActivity(tx, ctx.meta, {
      userId: actorId(ctx),
      workspaceId: scope.id,
      action: "member.remove",
      category: "member",
      resourceType: "user",
      resourceId: userId,
      description: `${nameOf(current)} removido do workspace "${scope.name}"`,
      oldValues: { email: current.email, role: current.m.role },
    });
  });
  forgetMemberships({ userId });
  forgetMemberships({ workspaceId: scope.id });
  forgetUserSessions(userId);
  return { ok: true as const };
}

/**
 * The owner check again inside the write transaction: the scope was read before it (and is cached
 * for a burst), so a transfer that committed meanwhile must not let the former owner act as owner.
 */
export async function requireStillOwner(tx: DbOrTx, scope: WorkspaceScope) {
  const [row] = await tx.select({ ownerId: workspaces.ownerId }).from(workspaces).where(eq(workspaces.id, scope.id)).limit(1);
  if (!row || row.ownerId !== scope.ownerId) throw new AppError("FORBIDDEN", OWNER_ONLY);
}

/** The owner hands the workspace to an existing member; the old owner stays as an admin with every flag. */
export async function transferOwnership(ctx: ServiceContext, scope: ScopeWith<"canManageSettings">, userId: string) {
  requireOwner(scope);
  if (userId === scope.ownerId) throw new AppError("VALIDATION", "Você já é o proprietário deste workspace", { field: "userId" });
  await withTransaction(ctx.db, async (tx) => {
    await requireStillOwner(tx, scope);
    const target = await memberRow(tx, scope.id, userId);
    await tx.update(workspaces).set({ ownerId: userId }).where(and(eq(workspaces.id, scope.id), eq(workspaces.ownerId, scope.ownerId)));
    await tx
      .update(workspaceMembers)
      .set({ role: "admin", permissions: ownerPermissions })
      .where(and(eq(workspaceMembers.workspaceId, scope.id), inArray(workspaceMembers.userId, [scope.ownerId, userId])));
    await logActivity(tx, ctx.meta, {
      userId: actorId(ctx),
      workspaceId: scope.id,
      action: "workspace.transfer",
      category: "workspace",
      resourceType: "workspace",
      resourceId: scope.id,
      description: `Propriedade do workspace "${scope.name}" transferida para ${nameOf(target)}`,
      oldValues: { ownerId: scope.ownerId },
      newValues: { ownerId: userId },
    });
  });
  forgetMemberships({ workspaceId: scope.id });
  forgetMemberships({ userId });
  forgetMemberships({ userId: scope.ownerId });
  return { ownerId: userId };
}
