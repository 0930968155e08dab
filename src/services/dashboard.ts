import { TZDate } from "@date-fns/tz";
import { and, asc, countDistinct, eq, gte } from "drizzle-orm";
import { agents, conversations } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import { SAO_PAULO, getWallet } from "./credits";
import { getWorkspacePlan } from "./plans";

/** Start of the current month in São Paulo, as epoch ms. */
export function startOfSaoPauloMonth(now: number) {
  const local = new TZDate(now, SAO_PAULO);
  return new TZDate(local.getFullYear(), local.getMonth(), 1, 0, 0, 0, SAO_PAULO).getTime();
}

/** SPEC §3 "Dashboard response". Credits are whole credits (fractions allowed). */
export async function getDashboard(db: DbOrTx, workspaceId: string, now = Date.now()) {
  const agentRows = await db
    .select({ id: agents.id, name: agents.name, isActive: agents.isActive, avatarUrl: agents.avatarUrl })
    .from(agents)
    .where(eq(agents.workspaceId, workspaceId))
    .orderBy(asc(agents.createdAt));
  const wallet = await getWallet(db, workspaceId, now);
  const { plan, subscription } = await getWorkspacePlan(db, workspaceId);
  const [served] = await db
    .select({ n: countDistinct(conversations.contactKey) })
    .from(conversations)
    .where(and(eq(conversations.workspaceId, workspaceId), gte(conversations.createdAt, startOfSaoPauloMonth(now))));
  return {
    agents: agentRows,
    activeAgentsCount: agentRows.filter((a) => a.isActive).length,
    credits: {
      totalCredits: wallet.totalCredits,
      usedCredits: wallet.usedCredits,
      remainingCredits: wallet.remainingCredits,
      remainingBonusCredits: wallet.remainingBonusCredits,
    },
    subscription: {
      plan: { name: plan.name || "Gratuito", billingPeriod: plan.billingPeriod || "free" },
      subscription: { endDate: subscription?.endDate ? new Date(subscription.endDate).toISOString() : null },
    },
    stats: { usersServed: served?.n ?? 0 },
  };
}
