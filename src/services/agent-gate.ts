import type { Db } from "../../db/client";
import { unavailableReasonOf } from "./agent-availability";
import type { TurnStamp } from "./agent-config";

/**
 * What a turn of an agent asks the database before it runs, in ONE statement: whether the agent
 * may answer (admin block, suspended owner), the versions that validate this thread's caches of
 * its configuration, the active orchestration it is the entry point of, and whether an A/B test of
 * it runs. Four reads a turn before (issue 12: ~15 µs of the request thread each). Read per
 * message, never cached: a block or a suspension takes effect on the very next one.
 */
export type AgentGate = {
  agentId: string;
  /** pt-BR, or null when the agent may answer. */
  unavailableReason: string | null;
  stamp: TurnStamp;
  entryOrchestrationId: string | null;
  abTestRunning: boolean;
};

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

// The owner's row is LEFT JOINed: a workspace without one reads as available, as agentUnavailableReason does.
const GATE_SQL = `SELECT a.admin_blocked_at AS blocked, u.id AS owner_id, u.status AS owner_status,
  a.knowledge_version, a.config_version, (SELECT version FROM config_heads WHERE name = 'platform') AS platform_version,
  (SELECT oa.orchestration_id FROM orchestration_agents oa JOIN orchestrations o ON o.id = oa.orchestration_id
    WHERE oa.agent_id = a.id AND oa.is_entry_point = 1 AND o.is_active = 1 AND o.workspace_id = a.workspace_id LIMIT 1) AS entry_orchestration_id,
  EXISTS (SELECT 1 FROM ab_tests t WHERE t.agent_id = a.id AND t.status = 'running') AS ab_test_running
  FROM agents a LEFT JOIN workspaces w ON w.id = a.workspace_id LEFT JOIN users u ON u.id = w.owner_id WHERE a.id = ? LIMIT 1`;

/** The agent's gate, or null when the agent row is gone. */
export async function readAgentGate(db: Db, agentId: string): Promise<AgentGate | null> {
  const rs = await db.$client.execute({ sql: GATE_SQL, args: [agentId] });
  const r = rs.rows[0];
  if (!r) return null;
  const id = r.entry_orchestration_id;
  return {
    agentId,
    unavailableReason: r.owner_id === null ? unavailableReasonOf(r.blocked, "active") : unavailableReasonOf(r.blocked, r.owner_status),
    stamp: { knowledgeVersion: num(r.knowledge_version), configVersion: num(r.config_version), platformVersion: num(r.platform_version) },
    entryOrchestrationId: typeof id === "string" ? id : null,
    abTestRunning: num(r.ab_test_running) === 1,
  };
}

/** The gate when it was read for this agent (a routed or A/B turn may answer with another one). */
export const gateOf = (gate: AgentGate | null | undefined, agentId: string): AgentGate | null => (gate?.agentId === agentId ? gate : null);

/** The agent's gate: the one read for this message when it is this agent's, else read now. */
export async function gateFor(db: Db, gate: AgentGate | null | undefined, agentId: string): Promise<AgentGate | null> {
  return gateOf(gate, agentId) ?? readAgentGate(db, agentId);
}
