import type { Db } from "../../db/client";

/**
 * Why an agent must not answer anyone right now, in pt-BR, or null when it may: an admin blocked it
 * (abuse) or its workspace's owner is suspended (issue 17). Owner: admin workspaces/agents.
 */
export async function agentUnavailableReason(_db: Db, _agentId: string): Promise<string | null> {
  throw new Error("agentUnavailableReason: not built yet (issue 17 foundation)");
}
