import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const read = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "member", input, scoped: true });
const edit = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canEditAgents", input, scoped: true });
const byId = (f: Fixture) => ({ id: f.orchestration.id });
const rule = (f: Fixture) => ({
  fromAgentId: f.orchestration.secondAgentId,
  toAgentId: f.agentId,
  priority: 7,
  conditions: [{ type: "keyword", keywords: ["preço"], match: "any" }],
  conditionMode: "all",
  description: "",
});

/** Access of the issue-18 orchestrations procedures: merged into PROCEDURES by guard-procedures.ts. */
export const ORCHESTRATIONS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "orchestrations.list": { access: "member", input: () => ({ search: "guarda" }) },
  "orchestrations.get": read(byId),
  // The agent ids name the workspace's own agents: B's agent is refused as not found.
  "orchestrations.create": edit((f) => ({ name: "Nova orquestração", description: "", agentIds: [f.agentId] })),
  "orchestrations.update": edit((f) => ({ id: f.orchestration.id, patch: { description: "Atualizada" } })),
  "orchestrations.delete": edit(byId),
  "orchestrations.setAgents": edit((f) => ({ id: f.orchestration.id, agentIds: [f.orchestration.secondAgentId, f.agentId], entryAgentId: f.orchestration.secondAgentId })),
  "orchestrations.addAgent": edit((f) => ({ id: f.orchestration.id, agentId: f.agentId })),
  "orchestrations.removeAgent": edit((f) => ({ id: f.orchestration.id, agentId: f.agentId })),
  "orchestrations.setEntryPoint": edit((f) => ({ id: f.orchestration.id, agentId: f.orchestration.secondAgentId })),
  "orchestrations.savePositions": edit((f) => ({ id: f.orchestration.id, positions: [{ agentId: f.agentId, x: 10, y: 20 }] })),
  "orchestrations.rules.create": edit((f) => ({ id: f.orchestration.id, rule: rule(f) })),
  "orchestrations.rules.update": edit((f) => ({ id: f.orchestration.id, ruleId: f.orchestration.ruleId, rule: rule(f) })),
  "orchestrations.rules.delete": edit((f) => ({ id: f.orchestration.id, ruleId: f.orchestration.ruleId })),
  "orchestrations.routers.get": read((f) => ({ id: f.orchestration.id, channel: "whatsapp" })),
  "orchestrations.routers.update": edit((f) => ({ id: f.orchestration.id, channel: "telegram", config: { aiConfidenceThreshold: 0.7, defaultAgentId: f.agentId } })),
  "orchestrations.decisions": read((f) => ({ id: f.orchestration.id, limit: 10 })),
  "orchestrations.counters": read(byId),
};
