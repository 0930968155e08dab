import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { agents } from "../../../db/schema";
import type { RoutingMethod } from "../../schemas/orchestration";
import type { WorkspaceScope } from "../context";
import { listRoutingDecisions, routingCountersOf } from "../routing/decisions";
import { orchestrationOf } from "./shared";

/** Names of the agents a page of decisions mentions (decisions keep ids; an agent may be gone since). */
async function namesOf(db: Db, workspaceId: string, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (wanted.length === 0) return {};
  const rows = await db.select({ id: agents.id, name: agents.name, workspaceId: agents.workspaceId }).from(agents).where(inArray(agents.id, wanted));
  return Object.fromEntries(rows.filter((r) => r.workspaceId === workspaceId).map((r) => [r.id, r.name]));
}

export async function orchestrationDecisions(db: Db, scope: WorkspaceScope, input: { id: string; cursor: string | null; limit: number; agentId?: string; method?: RoutingMethod }) {
  await orchestrationOf(db, scope.id, input.id);
  const page = await listRoutingDecisions(db, scope.id, input.id, { cursor: input.cursor, limit: input.limit, agentId: input.agentId, method: input.method });
  const names: Record<string, string> = await namesOf(db, scope.id, page.items.flatMap((d) => [d.fromAgentId, d.chosenAgentId]));
  return { ...page, agentNames: names };
}

export async function orchestrationCounters(db: Db, scope: WorkspaceScope, id: string) {
  await orchestrationOf(db, scope.id, id);
  const rows = await routingCountersOf(db, scope.id, id);
  const names: Record<string, string> = await namesOf(db, scope.id, rows.map((r) => r.agentId));
  return { rows, agentNames: names };
}
