import { orchestrationAgents, orchestrationRules, orchestrations } from "../../db/schema";
import { withTransaction } from "../../src/services/context";
import type { TestApp } from "./app";
import { insertAgent } from "./factories";

/** One workspace's orchestration (inactive, so no turn of the fixture is routed): entry = a second agent, the fixture's agent a member, one rule. */
export type OrchestrationFixture = { id: string; secondAgentId: string; ruleId: string };

export async function orchestrationFixture(app: TestApp, workspaceId: string, ownerId: string, agentId: string): Promise<OrchestrationFixture> {
  const second = await insertAgent(app, workspaceId, ownerId, "Recepção da guarda");
  return withTransaction(app.deps.db, async (tx) => {
    const [o] = await tx.insert(orchestrations).values({ workspaceId, name: "Orquestração da guarda", isActive: false }).returning();
    if (!o) throw new Error("orchestration not inserted");
    await tx.insert(orchestrationAgents).values([
      { orchestrationId: o.id, workspaceId, agentId: second.id, isEntryPoint: true },
      { orchestrationId: o.id, workspaceId, agentId, isEntryPoint: false, position: { x: 0, y: 200 } },
    ]);
    const [rule] = await tx
      .insert(orchestrationRules)
      .values({ orchestrationId: o.id, workspaceId, fromAgentId: second.id, toAgentId: agentId, conditions: [{ type: "keyword", keywords: ["comprar"], match: "any" }] })
      .returning();
    if (!rule) throw new Error("rule not inserted");
    return { id: o.id, secondAgentId: second.id, ruleId: rule.id };
  });
}
