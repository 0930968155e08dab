import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { plans, userCredits, userSubscriptions, users, workspaceMembers, workspaces } from "../../db/schema";
import type { Db, DbOrTx } from "../../db/client";
import { prepared } from "../../db/prepared";
import { AppError } from "../lib/errors";
import { type CreateWorkspace, defaultWorkspaceSettings, ownerPermissions } from "../schemas/workspaces";
import { cachedWorkspaceList, forgetMemberships, requireMembership } from "./access";
import { logActivity } from "./activity";
import type { ServiceContext, WorkspaceScope } from "./context";
import { withTransaction } from "./context";
import { grantFreeCreditsIfEligible, grantFreeCreditsOnce } from "./credits";
import { FREE_PLAN_NAME, getFreePlan, getPlansOf } from "./plans";
import { forgetUserSessions, setSessionWorkspace } from "./sessions";

/**
 * Creates a workspace with its owner membership, a free-plan subscription and a wallet: a
 * workspace is never without a plan or a wallet. The wallet starts empty; the free credits come
 * once per user (credits.ts), here only when `freeCredits` and the user has not had them yet.
 */
export async function createWorkspaceRecord(
  tx: DbOrTx,
  owner: { id: string },
  input: { name: string; description?: string | null },
  now = Date.now(),
  freeCredits = true,
) {
  const plan = await getFreePlan(tx);
  const [ws] = await tx
    .insert(workspaces)
    .values({ name: input.name, description: input.description ?? null, ownerId: owner.id, settings: defaultWorkspaceSettings })
    .returning();
  if (!ws) throw new AppError("INTERNAL", "Falha ao criar workspace");
  await tx.insert(workspaceMembers).values({ workspaceId: ws.id, userId: owner.id, role: "admin", permissions: ownerPermissions });
  await tx.insert(userSubscriptions).values({
    userId: owner.id,
    workspaceId: ws.id,
    planId: plan.id,
    startDate: now,
    endDate: plan.validityDays ? now + plan.validityDays * 86_400_000 : null,
  });
  await tx.insert(userCredits).values({ workspaceId: ws.id, userId: owner.id, totalCredits: 0, remainingCredits: 0 });
  if (freeCredits) await grantFreeCreditsOnce(tx, owner.id, ws.id, now);
  return ws;
}

/** The first workspace the user belongs to (oldest membership), for sessions without one. */
export async function firstWorkspaceOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.joinedAt))
    .limit(1);
  return row?.id ?? null;
}

export async function listWorkspaces(ctx: ServiceContext, userId: string) {
  // One query: memberships ⋈ workspaces ⟕ (active subscription ⋈ plan).
  const query = prepared(ctx.db, "workspaces-of-user", (d) =>
    d
      .select({
        id: workspaces.id,
        name: workspaces.name,
        description: workspaces.description,
        ownerId: workspaces.ownerId,
        createdAt: workspaces.createdAt,
        role: workspaceMembers.role,
        planName: plans.name,
        billingPeriod: plans.billingPeriod,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .leftJoin(userSubscriptions, and(eq(userSubscriptions.workspaceId, workspaces.id), eq(userSubscriptions.status, "active")))
      .leftJoin(plans, eq(plans.id, userSubscriptions.planId))
      .where(eq(workspaceMembers.userId, sql.placeholder("userId")))
      .orderBy(asc(workspaceMembers.joinedAt), asc(userSubscriptions.startDate))
      .prepare(),
  );
  const rows = await cachedWorkspaceList(ctx.db, userId, async () => {
    // A workspace with several active subscriptions appears once, with its newest plan.
    const byId = new Map<string, Awaited<ReturnType<typeof query.all>>[number]>();
    for (const r of await query.all({ userId })) byId.set(r.id, r);
    return [...byId.values()];
  });
  const currentId = ctx.workspace?.id ?? null;
  return rows.map((ws) => ({
    id: ws.id,
    name: ws.name,
    description: ws.description,
    ownerId: ws.ownerId,
    role: ws.ownerId === userId ? ("owner" as const) : ws.role,
    isCurrent: ws.id === currentId,
    plan: { name: ws.planName ?? "Gratuito", billingPeriod: ws.billingPeriod ?? "free" },
    createdAt: ws.createdAt,
  }));
}

/** The most generous limit among the plans of the workspaces the user owns. */
async function ownerLimits(db: DbOrTx, userId: string) {
  const owned = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.ownerId, userId));
  const planOf = await getPlansOf(
    db,
    owned.map((w) => w.id),
  );
  let maxWorkspaces = 1;
  // The plan that grants the limit names it in the refusal ("Seu plano Profissional permite …").
  let planName = FREE_PLAN_NAME;
  let best = 0;
  for (const p of planOf.values()) {
    if (p.maxWorkspaces > best) [best, planName] = [p.maxWorkspaces, p.name];
    maxWorkspaces = Math.max(maxWorkspaces, p.maxWorkspaces);
  }
  if (planOf.size === 0) {
    const free = await getFreePlan(db);
    maxWorkspaces = free.maxWorkspaces;
    planName = free.name;
  }
  return { ownedCount: owned.length, maxWorkspaces, planName };
}

export async function createWorkspace(ctx: ServiceContext, userId: string, input: CreateWorkspace) {
  const isAdmin = ctx.actor.type === "user" && ctx.actor.role === "admin";
  const ws = await withTransaction(ctx.db, async (tx) => {
    // Counted inside the write transaction: concurrent creations cannot pass the plan's limit together.
    if (!isAdmin) {
      const { ownedCount, maxWorkspaces, planName } = await ownerLimits(tx, userId);
      if (ownedCount >= maxWorkspaces) {
        throw new AppError(
          "LIMIT_EXCEEDED",
          `Seu plano ${planName} permite até ${maxWorkspaces} ${maxWorkspaces === 1 ? "workspace" : "workspaces"}. Atualize seu plano para criar mais.`,
        );
      }
    }
    const created = await createWorkspaceRecord(tx, { id: userId }, input, Date.now(), false);
    // Normally a no-op (given at registration or verification); covers a user who has none yet.
    await grantFreeCreditsIfEligible(tx, ctx.mailer.configured, userId);
    await logActivity(tx, ctx.meta, {
      userId,
      workspaceId: created.id,
      action: "workspace.create",
      category: "workspace",
      resourceType: "workspace",
      resourceId: created.id,
      description: `Workspace "${created.name}" criado`,
    });
    return created;
  });
  forgetMemberships({ userId, workspaceId: ws.id });
  return { id: ws.id, name: ws.name, description: ws.description, ownerId: ws.ownerId, createdAt: ws.createdAt };
}

/** Moves the session to a workspace the user belongs to; non-members get NOT_FOUND (no existence leak). */
export async function switchWorkspace(
  ctx: ServiceContext,
  session: { userId: string; sid: string; data: Parameters<typeof setSessionWorkspace>[2] },
  workspaceId: string,
) {
  await requireMembership(ctx.db, session.userId, workspaceId);
  await setSessionWorkspace(ctx.db, session.sid, session.data, workspaceId);
  await ctx.db.update(users).set({ lastWorkspaceId: workspaceId }).where(eq(users.id, session.userId));
  forgetUserSessions(session.userId);
  await logActivity(ctx.db, ctx.meta, {
    userId: session.userId,
    workspaceId,
    action: "workspace.switch",
    category: "workspace",
    resourceType: "workspace",
    resourceId: workspaceId,
  });
  return { workspaceId };
}

export async function memberCount(db: DbOrTx, workspaceId: string) {
  const [row] = await db.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function listMembers(ctx: ServiceContext, scope: WorkspaceScope) {
  const rows = await ctx.db
    .select({ m: workspaceMembers, u: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, scope.id))
    .orderBy(asc(workspaceMembers.joinedAt));
  return rows.map(({ m, u }) => ({
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: m.role,
    permissions: u.id === scope.ownerId ? ownerPermissions : m.permissions,
    isOwner: u.id === scope.ownerId,
    joinedAt: m.joinedAt,
  }));
}

export async function workspaceNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(inArray(workspaces.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
