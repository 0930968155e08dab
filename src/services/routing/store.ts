import type { HandoffContext, HandoffReason, RoutingMethod } from "../../schemas/orchestration";
import type { AppDeps } from "../context";
import { withRawWrite } from "../credit-debit";

/**
 * One routing decision, its counter and (on a transfer between agents) the completed agent→agent
 * handoff, written in one transaction: the page's counters never drift from the log.
 */
export type DecisionWrite = {
  workspaceId: string;
  orchestrationId: string;
  conversationId: string;
  channel: string;
  fromAgentId: string | null;
  chosenAgentId: string | null;
  method: Exclude<RoutingMethod, "stay">;
  ruleId: string | null;
  confidence: number | null;
  reason: string;
  now: number;
  transfer: { reason: HandoffReason; context: HandoffContext; notes: string | null } | null;
};

export async function storeDecision(deps: AppDeps, d: DecisionWrite): Promise<string> {
  const id = Bun.randomUUIDv7();
  await withRawWrite(deps.db, async (tx) => {
    await tx.execute({
      sql: "INSERT INTO routing_decisions (id, workspace_id, orchestration_id, conversation_id, channel, from_agent_id, chosen_agent_id, method, rule_id, confidence, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      args: [id, d.workspaceId, d.orchestrationId, d.conversationId, d.channel, d.fromAgentId, d.chosenAgentId, d.method, d.ruleId, d.confidence, d.reason.slice(0, 1000), d.now],
    });
    await tx.execute({
      sql: "INSERT INTO routing_counters (orchestration_id, workspace_id, agent_id, method, count, last_at) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (orchestration_id, agent_id, method) DO UPDATE SET count = count + 1, last_at = excluded.last_at",
      args: [d.orchestrationId, d.workspaceId, d.chosenAgentId ?? "", d.method, d.now],
    });
    if (d.transfer && d.chosenAgentId) {
      await tx.execute({
        sql: "INSERT INTO handoffs (id, workspace_id, conversation_id, from_type, from_agent_id, to_type, to_agent_id, reason, confidence_score, notes, context, status, accepted_at, completed_at, created_at, updated_at) VALUES (?, ?, ?, 'agent', ?, 'agent', ?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?)",
        args: [
          Bun.randomUUIDv7(),
          d.workspaceId,
          d.conversationId,
          d.fromAgentId,
          d.chosenAgentId,
          d.transfer.reason,
          d.confidence,
          d.transfer.notes,
          JSON.stringify({ ...d.transfer.context, routingDecisionId: id }),
          d.now,
          d.now,
          d.now,
          d.now,
        ],
      });
    }
  });
  return id;
}
