/**
 * The one access layer: who is a member of which workspace, who is a platform admin, and who holds
 * which permission. Routers and REST handlers declare what a call needs; service verbs that need a
 * permission take a scope type only this module can produce, so a forgotten check does not compile.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { workspaceMembers, workspaces } from "../../db/schema";
import { BurstCache } from "../lib/burst-cache";
import { AppError } from "../lib/errors";
import { ownerKey } from "../lib/ttl-cache";
import { PERMISSION_DENIED, type Permission } from "../schemas/permissions";
import { ownerPermissions } from "../schemas/workspaces";
import type { WorkspaceScope } from "./context";

// The refusal texts live in src/schemas so the screens can quote them too.
export { PERMISSION_DENIED, TRAINING_DENIED, type Permission } from "../schemas/permissions";
export const ADMIN_ONLY = "Acesso restrito a administradores";
export const WORKSPACE_NOT_FOUND = "Workspace não encontrado";

declare const granted: unique symbol;
/** A scope whose caller was checked for `P`; the brand has no runtime value and only `requirePermission` adds it. */
export type ScopeWith<P extends Permission> = WorkspaceScope & { readonly [granted]: { readonly [K in P]: true } };
export type EditorScope = ScopeWith<"canEditAgents">;
export type AgentCreatorScope = ScopeWith<"canCreateAgents">;
export type AgentDeleterScope = ScopeWith<"canDeleteAgents">;
export type MemberManagerScope = ScopeWith<"canManageMembers">;
export type InboxWriterScope = ScopeWith<"canAnswerConversations">;

export function holds(scope: WorkspaceScope, permission: Permission): boolean {
  return permission === "canAnswerConversations" ? scope.role !== "viewer" : scope.permissions[permission];
}

/** The scope, branded with `permission`, or FORBIDDEN with that permission's message (or `message`). */
export function requirePermission<P extends Permission>(scope: WorkspaceScope, permission: P, message = PERMISSION_DENIED[permission]): ScopeWith<P> {
  if (!holds(scope, permission)) throw new AppError("FORBIDDEN", message);
  return scope as ScopeWith<P>;
}

/**
 * Memberships as resolved for requests, and each user's list of workspaces (workspaces.list, read
 * by every page), kept for a burst (src/lib/burst-cache.ts); frozen, since requests share them. A
 * writer of workspace_members or workspaces (a new member or workspace, removal, role or permission
 * change, rename, owner change, deletion) calls forgetMemberships right after its write commits.
 */
const scopes = new BurstCache<{ userId: string; scope: WorkspaceScope }>(2_000, 10_000);
const lists = new BurstCache<{ userId: string; workspaceIds: readonly string[]; rows: readonly unknown[] }>(2_000, 10_000);

/**
 * Drops cached memberships: of one user in one workspace, of everyone in a workspace, or of a
 * user everywhere. The next request of those members reads the database again. A named user's
 * list goes whatever it holds (the change may be the workspace it lacks); otherwise every list
 * that shows the workspace.
 */
export function forgetMemberships(which: { workspaceId?: string; userId?: string }) {
  scopes.deleteWhere((e) => (!which.workspaceId || e.scope.id === which.workspaceId) && (!which.userId || e.userId === which.userId));
  lists.deleteWhere((e) =>
    which.userId ? e.userId === which.userId : !which.workspaceId || e.workspaceIds.includes(which.workspaceId),
  );
}

/**
 * The rows of a user's workspace list (src/services/workspaces.ts builds and shapes them), through
 * the burst cache; `load` returns them with the workspace id of each.
 */
export async function cachedWorkspaceList<Row extends { id: string }>(db: Db, userId: string, load: () => Promise<Row[]>): Promise<readonly Row[]> {
  const key = `${ownerKey(db)}:${userId}`;
  const entry = lists.peek(key) ?? (await lists.get(key, async () => {
    const rows = Object.freeze((await load()).map((r) => Object.freeze(r)));
    return { userId, workspaceIds: rows.map((r) => r.id), rows };
  }));
  return (entry?.rows ?? []) as readonly Row[];
}

/** Verified membership of user in workspace, or null. The only way a workspace id becomes trusted. */
export async function resolveMembership(db: Db, userId: string, workspaceId: string): Promise<WorkspaceScope | null> {
  const key = `${ownerKey(db)}:${userId}:${workspaceId}`;
  const entry = scopes.peek(key) ?? (await scopes.get(key, () => loadMembership(db, userId, workspaceId)));
  return entry?.scope ?? null;
}

async function loadMembership(db: Db, userId: string, workspaceId: string) {
  const query = prepared(db, "workspace-scope", (d) =>
    d
      .select({ id: workspaces.id, name: workspaces.name, ownerId: workspaces.ownerId, role: workspaceMembers.role, permissions: workspaceMembers.permissions })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaceMembers.workspaceId, sql.placeholder("workspaceId")), eq(workspaceMembers.userId, sql.placeholder("userId"))))
      .limit(1)
      .prepare(),
  );
  const [row] = await query.all({ workspaceId, userId });
  if (!row) return null;
  const isOwner = row.ownerId === userId;
  const scope: WorkspaceScope = Object.freeze({
    id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    role: isOwner ? "owner" : row.role,
    permissions: Object.freeze({ ...(isOwner ? ownerPermissions : row.permissions) }),
  });
  return { userId, scope };
}

/** Membership or NOT_FOUND: a workspace the caller is not (or no longer) in leaks nothing, not even existence. */
export async function requireMembership(db: Db, userId: string, workspaceId: string | null | undefined): Promise<WorkspaceScope> {
  if (!workspaceId) throw new AppError("PRECONDITION_FAILED", "Nenhum workspace selecionado");
  const scope = await resolveMembership(db, userId, workspaceId);
  if (!scope) throw new AppError("NOT_FOUND", WORKSPACE_NOT_FOUND);
  return scope;
}

/** Platform administrators only (the /admin screens, global integration settings). */
export function requireAdmin(user: { role: string }) {
  if (user.role !== "admin") throw new AppError("FORBIDDEN", ADMIN_ONLY);
}
