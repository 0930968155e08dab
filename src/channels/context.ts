import type { Agent } from "../services/agents";
import { agentById, conversationById } from "../services/channel-store";
import { connectionById } from "../services/channels";
import type { AppDeps } from "../services/context";
import { type ChannelDriver, type ConnectionRow, driverFor } from "./drivers";
import type { ConversationRow } from "./store";

export type ConversationContext = { conv: ConversationRow; conn: ConnectionRow; agent: Agent; driver: ChannelDriver };

/**
 * A channel conversation with its connection, agent and a driver bound to that connection (null when
 * any is gone). `known` rows, read by the caller in this job (the conversation after its last write), are not read again.
 */
export async function loadContext(deps: AppDeps, conversationId: string, known: { conv?: ConversationRow; conn?: ConnectionRow } = {}): Promise<ConversationContext | null> {
  const conv = known.conv?.id === conversationId ? known.conv : await conversationById(deps.db, conversationId);
  if (!conv?.connectionId || !conv.agentId) return null;
  const conn = known.conn?.id === conv.connectionId ? known.conn : await connectionById(deps, conv.connectionId);
  if (!conn) return null;
  const agent = await agentById(deps.db, conv.agentId);
  if (!agent) return null;
  return { conv, conn, agent, driver: driverFor(deps, conn) };
}
