import { log } from "../lib/logger";
import type { AppDeps } from "../services/context";
import type { RawTx } from "../services/credit-debit";
import { variantForTurn } from "../services/ab-tests/variant-for-turn";
import type { AgentGate } from "../services/agent-gate";
import { insightsWanted, queueTurnInsightsInTx } from "../services/insights/after-turn";
import { recallForTurn } from "../services/memory/recall";
import { routeTurn } from "../services/routing/route-turn";
import type { HandoffReason } from "../schemas/orchestration";
import type { AgentRow } from "./prompt";

/**
 * What a turn needs beyond the agent it came in through (issue 18), behind one narrow interface so
 * runtime/turn.ts and the two callers (web chat, channel pipeline) stay readable:
 *  - routing: which agent of an orchestration answers (services/routing);
 *  - A/B tests: the variant of that agent this contact is assigned to (services/ab-tests);
 *  - memory: what this customer told before, on any channel (services/memory);
 *  - after the turn: sentiment, alerts, memory extraction, tags (services/insights), queued in the
 *    reply's own commit and run by a job, so no extra model call delays the reply.
 */

/** Where a turn happens. */
export type TurnPlace = {
  workspaceId: string;
  conversationId: string;
  /** conversations.channel: web, whatsapp_cloud, whatsapp_uaz, telegram, instagram. */
  channel: string;
  connectionId: string | null;
  contactKey: string;
  customer: { name: string | null; phone: string | null; email: string | null };
  /** The newest customer message of the turn: a retried turn's routing calls are charged once (their idempotency key). */
  turnMessageId?: string;
};

export type TurnPlan = {
  /** The agent that answers: the entry agent, another agent of its orchestration, or an A/B variant of either. */
  agent: AgentRow;
  /** Given to the model as data (a transfer's summary and the customer's data, remembered facts); null when none. */
  context: string | null;
  /** The router called a person instead (below its threshold, configured so): no model turn. */
  toPerson: { reason: HandoffReason; note: string; confidence: number | null } | null;
  /** The conversation's active agent after this turn, when it changed (null = back to the entry agent). */
  activeAgentChange: { activeAgentId: string | null } | null;
  routingDecisionId: string | null;
  abAssignment: { testId: string; variantId: string } | null;
};

/**
 * Never throws: a failure of any part (a busy database, a bad row) must not cost the customer the
 * answer, so the entry agent then answers as it would without an orchestration.
 * gate: the entry agent's, read for this message (services/agent-gate.ts): its orchestration and
 * A/B test lookups are not asked again.
 */
export async function planTurn(deps: AppDeps, entryAgent: AgentRow, place: TurnPlace, text: string, gate: AgentGate | null = null): Promise<TurnPlan> {
  try {
    return await buildPlan(deps, entryAgent, place, text, gate);
  } catch (err) {
    log.error("planning a turn failed: the entry agent answers", { conversationId: place.conversationId, error: String(err) });
    return { agent: entryAgent, context: null, toPerson: null, activeAgentChange: null, routingDecisionId: null, abAssignment: null };
  }
}

async function buildPlan(deps: AppDeps, entryAgent: AgentRow, place: TurnPlace, text: string, gate: AgentGate | null): Promise<TurnPlan> {
  const routed = await routeTurn(deps, { entryAgent, place, text, gate });
  if (routed.toPerson) {
    return { agent: routed.agent, context: null, toPerson: routed.toPerson, activeAgentChange: routed.activeAgentChange, routingDecisionId: routed.decisionId, abAssignment: null };
  }
  const [variant, memory] = await Promise.all([variantForTurn(deps, { agent: routed.agent, place, gate }), recallForTurn(deps, { agent: routed.agent, place })]);
  const context = [routed.transferContext, memory].filter((s): s is string => Boolean(s?.trim())).join("\n\n");
  return {
    agent: variant?.agent ?? routed.agent,
    context: context || null,
    toPerson: null,
    activeAgentChange: routed.activeAgentChange,
    routingDecisionId: routed.decisionId,
    abAssignment: variant ? { testId: variant.testId, variantId: variant.variantId } : null,
  };
}

/** What the reply's metadata records of the plan (the inbox shows which agent answered). */
export function planMetadata(plan: TurnPlan | null, agent: AgentRow): Record<string, unknown> {
  return {
    agentId: agent.id,
    agentName: agent.name,
    ...(plan?.routingDecisionId ? { routingDecisionId: plan.routingDecisionId } : {}),
    ...(plan?.abAssignment ? { abTestId: plan.abAssignment.testId, abVariantId: plan.abAssignment.variantId } : {}),
  };
}

/**
 * Inside the reply's transaction: the conversation's active agent (when it moved) and the
 * after-turn insights job, so neither is lost nor done without the reply.
 */
export async function settlePlanInTx(
  tx: RawTx,
  plan: TurnPlan | null,
  turn: { place: TurnPlace; agent: AgentRow; customerMessageIds: string[]; replyMessageId: string; now: number },
): Promise<boolean> {
  if (plan?.activeAgentChange) {
    await tx.execute({ sql: "UPDATE conversations SET active_agent_id = ? WHERE id = ?", args: [plan.activeAgentChange.activeAgentId, turn.place.conversationId] });
  }
  // An A/B test counts replies (reply_rate) in the same job, whatever the agent's switches.
  if (!turn.customerMessageIds.length || (!insightsWanted(turn.agent) && !plan?.abAssignment)) return false;
  await queueTurnInsightsInTx(tx, {
    workspaceId: turn.place.workspaceId,
    conversationId: turn.place.conversationId,
    agentId: turn.agent.id,
    channel: turn.place.channel,
    customerMessageIds: turn.customerMessageIds,
    replyMessageId: turn.replyMessageId,
    now: turn.now,
  });
  return true;
}
