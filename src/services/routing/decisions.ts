import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { routingCounters, routingDecisions } from "../../../db/schema";
import type { RoutingMethod } from "../../schemas/orchestration";

/**
 * The routing log and its counters as the orchestration page reads them (H1's router exposes them).
 * Keyset on id desc: ids are UUIDv7, so id order is time order and the page walks
 * routing_decisions_orchestration_id_idx without sorting the whole log.
 */
export type RoutingDecisionItem = {
  id: string;
  createdAt: number;
  conversationId: string;
  channel: string;
  fromAgentId: string | null;
  chosenAgentId: string | null;
  method: RoutingMethod;
  ruleId: string | null;
  confidence: number | null;
  reason: string;
};

export async function listRoutingDecisions(
  db: Db,
  workspaceId: string,
  orchestrationId: string,
  opts: { cursor?: string | null; limit: number; agentId?: string; method?: RoutingMethod },
): Promise<{ items: RoutingDecisionItem[]; nextCursor: string | null }> {
  const limit = Math.max(1, Math.min(opts.limit, 200));
  const where = [eq(routingDecisions.workspaceId, workspaceId), eq(routingDecisions.orchestrationId, orchestrationId)];
  if (opts.cursor) where.push(lt(routingDecisions.id, opts.cursor));
  if (opts.agentId) where.push(eq(routingDecisions.chosenAgentId, opts.agentId));
  if (opts.method) where.push(eq(routingDecisions.method, opts.method));
  const rows = await db
    .select({
      id: routingDecisions.id,
      createdAt: routingDecisions.createdAt,
      conversationId: routingDecisions.conversationId,
      channel: routingDecisions.channel,
      fromAgentId: routingDecisions.fromAgentId,
      chosenAgentId: routingDecisions.chosenAgentId,
      method: routingDecisions.method,
      ruleId: routingDecisions.ruleId,
      confidence: routingDecisions.confidence,
      reason: routingDecisions.reason,
    })
    .from(routingDecisions)
    .where(and(...where))
    .orderBy(desc(routingDecisions.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? last.id : null };
}

/** Decisions per agent and method (agentId '' = a person), kept by each decision's own write. */
export async function routingCountersOf(db: Db, workspaceId: string, orchestrationId: string): Promise<{ agentId: string; method: string; count: number; lastAt: number | null }[]> {
  return db
    .select({ agentId: routingCounters.agentId, method: routingCounters.method, count: routingCounters.count, lastAt: routingCounters.lastAt })
    .from(routingCounters)
    .where(and(eq(routingCounters.workspaceId, workspaceId), eq(routingCounters.orchestrationId, orchestrationId)))
    .orderBy(desc(routingCounters.count));
}
