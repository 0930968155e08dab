import { and, desc, eq, isNull, or } from "drizzle-orm";
import { agents, alertRules, conversations, messageSentiments, users, workspaces } from "../../../db/schema";
import { log } from "../../lib/logger";
import { publishLive } from "../../lib/live-events";
import type { AlertRuleKind } from "../../schemas/insights-api";
import type { AppDeps, Db, DbOrTx } from "../context";
import { withRawWrite } from "../credit-debit";
import { escalateToPerson } from "../handoffs/escalate";
import { sendTemplatedMail } from "../mail-templates/send";
import { foldText } from "./lexicon";
import { type MessageSentimentRow, dayIn } from "./store";

/**
 * Sentiment alert rules (issue 18, SPEC §9 cooldown 30 min): evaluated after a turn's sentiments
 * are stored. A rule fires at most once per cooldown for a conversation: the cooldown check and
 * the alert's insert share one write transaction, so two jobs of the same conversation cannot both fire.
 */
type Rule = typeof alertRules.$inferSelect;

export const DEFAULT_ALERT_RULES: { name: string; kind: AlertRuleKind; threshold: number; keywords: string[]; triggerHandoff: boolean }[] = [
  { name: "3 mensagens negativas seguidas", kind: "consecutive_negative", threshold: 3, keywords: [], triggerHandoff: false },
  { name: "Urgência alta", kind: "urgency_high", threshold: 0, keywords: [], triggerHandoff: false },
  { name: "Pediu um gerente", kind: "keyword", threshold: 0, keywords: ["gerente", "supervisor", "responsável", "procon", "reclame aqui", "cancelar"], triggerHandoff: false },
];

/** Creates the workspace's default rules the first time insights touch it (never again, even after they are deleted). */
export async function ensureDefaultAlertRules(db: Db, workspaceId: string, now: number): Promise<void> {
  const seeded = await db.$client.execute({ sql: "SELECT 1 FROM alert_rule_seeds WHERE workspace_id = ?", args: [workspaceId] });
  if (seeded.rows.length > 0) return;
  await withRawWrite(db, async (tx) => {
    const claim = await tx.execute({ sql: "INSERT INTO alert_rule_seeds (workspace_id, seeded_at) VALUES (?, ?) ON CONFLICT DO NOTHING", args: [workspaceId, now] });
    if (claim.rowsAffected === 0) return;
    for (const r of DEFAULT_ALERT_RULES) {
      await tx.execute({
        sql: `INSERT INTO alert_rules (id, workspace_id, agent_id, name, kind, threshold, keywords, cooldown_minutes, trigger_handoff, notify_email, is_active, created_at, updated_at)
          VALUES (?, ?, NULL, ?, ?, ?, ?, 30, ?, 0, 1, ?, ?)`,
        args: [Bun.randomUUIDv7(), workspaceId, r.name, r.kind, r.threshold, JSON.stringify(r.keywords), r.triggerHandoff ? 1 : 0, now, now],
      });
    }
  });
}

type TurnMessage = MessageSentimentRow & { text: string };

/** What made a rule fire on this turn, or null. */
async function matchRule(db: DbOrTx, rule: Rule, conversationId: string, turn: TurnMessage[]): Promise<{ messageId: string; details: Record<string, unknown> } | null> {
  const last = turn.at(-1);
  if (!last) return null;
  if (rule.kind === "consecutive_negative") {
    const n = Math.max(2, Math.round(rule.threshold));
    const recent = await db
      .select({ sentiment: messageSentiments.sentiment })
      .from(messageSentiments)
      .where(eq(messageSentiments.conversationId, conversationId))
      .orderBy(desc(messageSentiments.createdAt))
      .limit(n);
    if (recent.length < n || recent.some((r) => r.sentiment !== "negative")) return null;
    // Only a turn that added a negative message can complete the run.
    if (!turn.some((m) => m.sentiment === "negative")) return null;
    return { messageId: last.messageId, details: { count: n } };
  }
  if (rule.kind === "urgency_high") {
    const hit = turn.find((m) => m.urgency === "high");
    return hit ? { messageId: hit.messageId, details: { urgency: "high" } } : null;
  }
  if (rule.kind === "low_satisfaction") {
    const hit = turn.find((m) => m.satisfaction !== null && m.satisfaction < rule.threshold);
    return hit ? { messageId: hit.messageId, details: { satisfaction: hit.satisfaction } } : null;
  }
  const words = rule.keywords.map(foldText).filter(Boolean);
  for (const m of turn) {
    const folded = ` ${foldText(m.text)} `;
    const word = words.find((w) => folded.includes(` ${w} `));
    if (word) return { messageId: m.messageId, details: { keyword: word } };
  }
  return null;
}

export async function evaluateAlerts(
  deps: AppDeps,
  input: { workspaceId: string; conversationId: string; agentId: string; tz: string; turn: TurnMessage[] },
): Promise<string[]> {
  if (input.turn.length === 0) return [];
  const now = deps.now();
  await ensureDefaultAlertRules(deps.db, input.workspaceId, now);
  const rules = await deps.db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.workspaceId, input.workspaceId), eq(alertRules.isActive, true), or(isNull(alertRules.agentId), eq(alertRules.agentId, input.agentId))))
    .limit(100);
  const fired: string[] = [];
  for (const rule of rules) {
    const match = await matchRule(deps.db, rule, input.conversationId, input.turn);
    if (!match) continue;
    const alertId = await withRawWrite(deps.db, async (tx) => {
      const recent = await tx.execute({
        sql: "SELECT 1 FROM sentiment_alerts WHERE rule_id = ? AND conversation_id = ? AND created_at > ? LIMIT 1",
        args: [rule.id, input.conversationId, now - rule.cooldownMinutes * 60_000],
      });
      if (recent.rows.length > 0) return null;
      const id = Bun.randomUUIDv7();
      await tx.execute({
        sql: `INSERT INTO sentiment_alerts (id, workspace_id, rule_id, conversation_id, agent_id, message_id, details, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
        args: [id, input.workspaceId, rule.id, input.conversationId, input.agentId, match.messageId, JSON.stringify({ ...match.details, kind: rule.kind, ruleName: rule.name }), now],
      });
      await tx.execute({
        sql: `INSERT INTO sentiment_daily (workspace_id, agent_id, day, positive, neutral, negative, score_sum, urgent, alerts) VALUES (?, ?, ?, 0, 0, 0, 0, 0, 1)
          ON CONFLICT (workspace_id, agent_id, day) DO UPDATE SET alerts = alerts + 1`,
        args: [input.workspaceId, input.agentId, dayIn(input.tz, now)],
      });
      return id;
    });
    if (!alertId) continue;
    fired.push(alertId);
    publishLive({ workspaceId: input.workspaceId, conversationId: input.conversationId, kind: "alert" });
    const lastText = input.turn.find((m) => m.messageId === match.messageId)?.text ?? "";
    if (rule.notifyEmail) await mailAlert(deps, input, rule.name, lastText);
    if (rule.triggerHandoff) {
      try {
        const { handoffId } = await escalateToPerson(deps, {
          workspaceId: input.workspaceId,
          conversationId: input.conversationId,
          reason: "escalation",
          notes: `Alerta de sentimento: ${rule.name}`,
          confidence: null,
        });
        if (handoffId) await deps.db.$client.execute({ sql: "UPDATE sentiment_alerts SET handoff_id = ? WHERE id = ?", args: [handoffId, alertId] });
      } catch (err) {
        log.warn("alert handoff failed", { alertId, error: String(err) });
      }
    }
  }
  return fired;
}

/** Best effort: the workspace owner hears of the alert; a failed mail never undoes it. */
async function mailAlert(deps: AppDeps, input: { workspaceId: string; conversationId: string; agentId: string }, ruleName: string, lastMessage: string) {
  try {
    const [row] = await deps.db
      .select({ email: users.email, firstName: users.firstName, agentName: agents.name, clientName: conversations.clientName, contactKey: conversations.contactKey })
      .from(workspaces)
      .innerJoin(users, eq(users.id, workspaces.ownerId))
      .innerJoin(conversations, and(eq(conversations.id, input.conversationId), eq(conversations.workspaceId, workspaces.id)))
      .leftJoin(agents, eq(agents.id, input.agentId))
      .where(eq(workspaces.id, input.workspaceId))
      .limit(1);
    if (!row) return;
    await sendTemplatedMail(deps, "sentiment-alert", row.email, {
      firstName: row.firstName ?? "",
      ruleName,
      clientName: row.clientName ?? row.contactKey,
      agentName: row.agentName ?? "",
      lastMessage,
      conversationUrl: `${deps.appUrl}/conversations?c=${encodeURIComponent(input.conversationId)}`,
    });
  } catch (err) {
    log.warn("alert mail not sent", { conversationId: input.conversationId, error: String(err) });
  }
}
