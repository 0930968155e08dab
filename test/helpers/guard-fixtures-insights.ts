import { alertRules, sentimentAlerts } from "../../db/schema";
import { ensureDefaultAlertRules } from "../../src/services/insights/alerts";
import type { TestApp } from "./app";

/** One workspace's alert rule and an open alert of it on the fixture's conversation (insights.* procedures). */
export type InsightsFixture = { ruleId: string; alertId: string };

export async function insightsFixture(app: TestApp, workspaceId: string, conversationId: string, agentId: string): Promise<InsightsFixture> {
  // The default rules are created on the workspace's first look at them: done here, so the matrix's
  // "a viewer's call changes nothing" sees a workspace past that first look.
  await ensureDefaultAlertRules(app.deps.db, workspaceId, Date.now());
  const [rule] = await app.deps.db.insert(alertRules).values({ workspaceId, name: "Pediu um gerente", kind: "keyword", keywords: ["gerente"] }).returning({ id: alertRules.id });
  if (!rule) throw new Error("alert rule not created");
  const [alert] = await app.deps.db
    .insert(sentimentAlerts)
    .values({ workspaceId, ruleId: rule.id, conversationId, agentId, details: { kind: "keyword", keyword: "gerente" } })
    .returning({ id: sentimentAlerts.id });
  if (!alert) throw new Error("alert not created");
  return { ruleId: rule.id, alertId: alert.id };
}
