/**
 * /admin/espacos and /admin/workspaces/editar/{id} reads (issue 17): every workspace with its owner,
 * plan, credits, agents and members. A page is read off workspaces_created_idx; per-row figures are
 * read for the page's ids only (primary keys and per-workspace indexes), never for the whole table.
 */
import { type SQL, and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { agents, plans, userCredits, userSubscriptions, users, workspaceMembers, workspaces } from "../../../../db/schema";
import { AppError } from "../../../lib/errors";
import type { AdminWorkspaceList } from "../../../schemas/admin-workspaces";
import type { DbOrTx } from "../../context";
import { toCredits } from "../../credits";
import { getFreePlan, getPlansOf, getWorkspacePlan } from "../../plans";
import { applyOverrides } from "../../workspace-limits";

/** A list's total stops here: the count stays a bounded read however many workspaces exist. */
export const ADMIN_COUNT_CAP = 10_000;

export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Spendable credits of a wallet row (whole credits): regular remaining plus bonus not yet expired. */
export function spendable(w: typeof userCredits.$inferSelect | undefined, now: number) {
  if (!w) return 0;
  const bonus = w.bonusCreditsExpiresAt === null || w.bonusCreditsExpiresAt > now ? w.remainingBonusCredits : 0;
  return toCredits(w.remainingCredits + bonus);
}

async function filters(db: DbOrTx, input: AdminWorkspaceList): Promise<SQL | undefined> {
  const where: SQL[] = [];
  if (input.search) {
    const p = likePattern(input.search);
    const found = or(
      sql`${workspaces.name} like ${p} escape '\\'`,
      sql`${users.email} like ${p} escape '\\'`,
      sql`(${users.firstName} || ' ' || ${users.lastName}) like ${p} escape '\\'`,
    );
    if (found) where.push(found);
  }
  if (input.planId) {
    const free = await getFreePlan(db);
    // No active subscription means the free plan (plans.ts getWorkspacePlan).
    where.push(
      input.planId === free.id
        ? sql`not exists (select 1 from ${userSubscriptions} s where s.workspace_id = ${workspaces.id} and s.status = 'active' and s.plan_id <> ${free.id})`
        : sql`exists (select 1 from ${userSubscriptions} s where s.workspace_id = ${workspaces.id} and s.status = 'active' and s.plan_id = ${input.planId})`,
    );
  }
  return where.length ? and(...where) : undefined;
}

export async function listAdminWorkspaces(db: DbOrTx, input: AdminWorkspaceList, now: number) {
  const where = await filters(db, input);
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      createdAt: workspaces.createdAt,
      limitOverrides: workspaces.limitOverrides,
      ownerId: users.id,
      ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      ownerEmail: users.email,
      ownerStatus: users.status,
    })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(where)
    .orderBy(desc(workspaces.createdAt))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const capped = db
    .select({ one: sql<number>`1`.as("one") })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(where)
    .limit(ADMIN_COUNT_CAP + 1)
    .as("capped");
  const [total] = await db.select({ n: count() }).from(capped);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { items: [], total: total?.n ?? 0 };
  const planOf = await getPlansOf(db, ids);
  const free = planOf.size < ids.length ? await getFreePlan(db) : null;
  const wallets = new Map((await db.select().from(userCredits).where(inArray(userCredits.workspaceId, ids))).map((w) => [w.workspaceId, w]));
  const agentCounts = new Map(
    (await db.select({ id: agents.workspaceId, n: count() }).from(agents).where(inArray(agents.workspaceId, ids)).groupBy(agents.workspaceId)).map((r) => [r.id, r.n]),
  );
  const memberCounts = new Map(
    (await db.select({ id: workspaceMembers.workspaceId, n: count() }).from(workspaceMembers).where(inArray(workspaceMembers.workspaceId, ids)).groupBy(workspaceMembers.workspaceId)).map(
      (r) => [r.id, r.n],
    ),
  );
  const items = rows.map((r) => {
    const plan = planOf.get(r.id) ?? free;
    const limits = plan ? applyOverrides(plan, r.limitOverrides) : null;
    return {
      id: r.id,
      name: r.name,
      createdAt: r.createdAt,
      owner: { id: r.ownerId, name: r.ownerName, email: r.ownerEmail, status: r.ownerStatus },
      plan: plan ? { id: plan.id, name: plan.name } : null,
      credits: spendable(wallets.get(r.id), now),
      agents: agentCounts.get(r.id) ?? 0,
      members: memberCounts.get(r.id) ?? 0,
      maxAgents: limits?.maxAgents ?? null,
      maxMembers: limits?.maxMembers ?? null,
      hasOverrides: Boolean(r.limitOverrides && (r.limitOverrides.maxAgents != null || r.limitOverrides.maxMembers != null)),
    };
  });
  return { items, total: total?.n ?? 0 };
}

/** Every plan an admin may assign (active or not: a hand-made deal may use a retired plan). */
export async function adminPlanOptions(db: DbOrTx) {
  return db
    .select({ id: plans.id, name: plans.name, isActive: plans.isActive, billingPeriod: plans.billingPeriod, maxAgents: plans.maxAgents, maxMembers: plans.maxMembers, priceCents: plans.priceCents })
    .from(plans)
    .orderBy(plans.sortOrder);
}

export async function adminWorkspaceDetail(db: DbOrTx, id: string, now: number) {
  const [ws] = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      description: workspaces.description,
      createdAt: workspaces.createdAt,
      limitOverrides: workspaces.limitOverrides,
      ownerId: users.id,
      ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      ownerEmail: users.email,
      ownerStatus: users.status,
    })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, id))
    .limit(1);
  if (!ws) throw new AppError("NOT_FOUND", "Workspace não encontrado");
  const { plan, subscription } = await getWorkspacePlan(db, id);
  const limits = applyOverrides(plan, ws.limitOverrides);
  const [wallet] = await db.select().from(userCredits).where(eq(userCredits.workspaceId, id)).limit(1);
  const [agentCount] = await db.select({ n: count() }).from(agents).where(eq(agents.workspaceId, id));
  const [activeAgents] = await db
    .select({ n: count() })
    .from(agents)
    .where(and(eq(agents.workspaceId, id), eq(agents.isActive, true)));
  const members = await db
    .select({
      userId: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
      status: users.status,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.joinedAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, id))
    .orderBy(workspaceMembers.joinedAt)
    .limit(1000);
  return {
    id: ws.id,
    name: ws.name,
    description: ws.description,
    createdAt: ws.createdAt,
    owner: { id: ws.ownerId, name: ws.ownerName, email: ws.ownerEmail, status: ws.ownerStatus },
    plan: { id: plan.id, name: plan.name, maxAgents: plan.maxAgents, maxMembers: plan.maxMembers },
    subscription: subscription ? { startDate: subscription.startDate, endDate: subscription.endDate, byStripe: Boolean(subscription.stripeSubscriptionId) } : null,
    overrides: { maxAgents: ws.limitOverrides?.maxAgents ?? null, maxMembers: ws.limitOverrides?.maxMembers ?? null },
    limits: { maxAgents: limits.maxAgents, maxMembers: limits.maxMembers },
    credits: spendable(wallet, now),
    agents: { total: agentCount?.n ?? 0, active: activeAgents?.n ?? 0 },
    members: members.map((m) => ({ ...m, isOwner: m.userId === ws.ownerId })),
  };
}
