import { and, desc, eq, inArray } from "drizzle-orm";
import { plans, userSubscriptions } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../lib/errors";

export const FREE_PLAN_NAME = "Gratuito";

export type Plan = typeof plans.$inferSelect;

export async function getFreePlan(db: DbOrTx): Promise<Plan> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.billingPeriod, "free"), eq(plans.isActive, true)))
    .orderBy(plans.sortOrder)
    .limit(1);
  if (!plan) throw new AppError("PRECONDITION_FAILED", "Plano gratuito não configurado");
  return plan;
}

/** The workspace's active subscription and plan; the free plan when it has none. */
export async function getWorkspacePlan(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select({ plan: plans, subscription: userSubscriptions })
    .from(userSubscriptions)
    .innerJoin(plans, eq(plans.id, userSubscriptions.planId))
    .where(and(eq(userSubscriptions.workspaceId, workspaceId), eq(userSubscriptions.status, "active")))
    .orderBy(desc(userSubscriptions.startDate))
    .limit(1);
  if (row) return row;
  return { plan: await getFreePlan(db), subscription: null };
}

/** Plans of many workspaces at once (workspace list). */
export async function getPlansOf(db: DbOrTx, workspaceIds: string[]) {
  const out = new Map<string, Plan>();
  if (workspaceIds.length === 0) return out;
  const rows = await db
    .select({ workspaceId: userSubscriptions.workspaceId, plan: plans })
    .from(userSubscriptions)
    .innerJoin(plans, eq(plans.id, userSubscriptions.planId))
    .where(and(inArray(userSubscriptions.workspaceId, workspaceIds), eq(userSubscriptions.status, "active")))
    .orderBy(userSubscriptions.startDate);
  for (const r of rows) out.set(r.workspaceId, r.plan);
  return out;
}
