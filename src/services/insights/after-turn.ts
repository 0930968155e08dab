import { log } from "../../lib/logger";
import type { AgentRow } from "../../runtime/prompt";
import { aiFeaturesOf } from "../../schemas/insights";
import type { AppDeps } from "../context";
import type { RawTx } from "../credit-debit";
import type { Job } from "../jobs";
import { extractTurnMemories } from "../memory/extract-task";
import { recordReplyOutcome } from "../ab-tests/outcomes";
import { analyzeTurnSentiment } from "./sentiment-task";
import { TURN_INSIGHTS_JOB } from "../../jobs/job-types";

/**
 * After a reply (issue 18): sentiment, alerts and tags (insights) and contact memory (memory) of
 * the customer's messages, in a job queued in the reply's own commit. The reply never waits for
 * these model calls, and a crash after the reply loses none of them.
 */
export { TURN_INSIGHTS_JOB };

export type TurnInsightsData = {
  workspaceId: string;
  conversationId: string;
  /** The agent that answered (its switches and model apply). */
  agentId: string;
  channel: string;
  customerMessageIds: string[];
  replyMessageId: string;
};

export function insightsWanted(agent: AgentRow): boolean {
  const f = aiFeaturesOf(agent.aiFeatures);
  return f.sentiment || f.alerts || f.memory || f.autoTags || f.summaries;
}

/** Plain SQL: the turn's transaction is a raw one (services/group-commit.ts). One job per reply (dedupe key). */
export async function queueTurnInsightsInTx(tx: RawTx, input: TurnInsightsData & { now: number }) {
  const { now, ...data } = input;
  await tx.execute({
    sql: `INSERT INTO jobs (id, workspace_id, agent_id, type, status, data, progress, attempts, max_attempts, run_after, dedupe_key, created_at)
      VALUES (?, ?, ?, ?, 'pending', ?, 0, 0, 5, ?, ?, ?) ON CONFLICT DO NOTHING`,
    args: [Bun.randomUUIDv7(), data.workspaceId, data.agentId, TURN_INSIGHTS_JOB, JSON.stringify(data), now, `insights:${data.replyMessageId}`, now],
  });
}

/**
 * Worker: each part is idempotent per message (message_sentiments and memory_extractions are keyed
 * by it), so a retry after one part failed redoes nothing the other already stored.
 */
export async function runTurnInsights(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const data = job.data as TurnInsightsData;
  const results: Record<string, unknown> = {};
  let failure: unknown = null;
  for (const [name, part] of [
    ["sentiment", analyzeTurnSentiment],
    ["memory", extractTurnMemories],
  ] as const) {
    try {
      results[name] = await part(deps, data);
    } catch (err) {
      log.warn("a turn insight failed", { part: name, conversationId: data.conversationId, error: String(err) });
      failure ??= err;
    }
  }
  // A/B "reply rate": the customer answered an earlier agent reply (once per assignment; never throws).
  await recordReplyOutcome(deps, { workspaceId: data.workspaceId, conversationId: data.conversationId, replyMessageId: data.replyMessageId, firstCustomerMessageId: data.customerMessageIds[0] });
  if (failure) throw failure;
  return results;
}
