import type { Db } from "../../db/client";

/** What a visitor, the owner's team and the channel logs read when an agent must not answer (pt-BR). */
export const AGENT_UNAVAILABLE = {
  blocked: "Este agente foi desativado pela administração da plataforma e não está atendendo no momento.",
  ownerSuspended: "Este agente está indisponível no momento: a conta responsável por ele está suspensa.",
} as const;

/**
 * Why an agent must not answer anyone right now, in pt-BR, or null when it may: an admin blocked it
 * (abuse) or its workspace's owner is suspended (issue 17). One primary-key read per call, uncached:
 * a suspension or block must take effect on the very next message.
 */
export async function agentUnavailableReason(db: Db, agentId: string): Promise<string | null> {
  const res = await db.$client.execute({
    sql: "SELECT a.admin_blocked_at AS blocked, u.status AS owner_status FROM agents a JOIN workspaces w ON w.id = a.workspace_id JOIN users u ON u.id = w.owner_id WHERE a.id = ? LIMIT 1",
    args: [agentId],
  });
  const row = res.rows[0];
  return row ? unavailableReasonOf(row.blocked, row.owner_status) : null;
}

/** The reason from the agent's block stamp and its owner's status (also read by services/agent-gate.ts). */
export function unavailableReasonOf(blocked: unknown, ownerStatus: unknown): string | null {
  if (blocked !== null && blocked !== undefined) return AGENT_UNAVAILABLE.blocked;
  if (ownerStatus !== "active") return AGENT_UNAVAILABLE.ownerSuspended;
  return null;
}
