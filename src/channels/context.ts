import type { Agent } from "../services/agents";
import { agentById, conversationById } from "../services/channel-store";
import { connectionById } from "../services/channels";
import type { AppDeps } from "../services/context";
import { type ChannelDriver, type ConnectionRow, driverFor } from "./drivers";
import type { ConversationRow } from "./store";

export type ConversationContext = { conv: ConversationRow; conn: ConnectionRow; agent: Agent; driver: ChannelDriver };

/** A channel conversation with its connection, agent and a driver bound to that connection (null when any is gone). */
export async function loadContext(deps: AppDeps, conversationId: string): Promise<ConversationContext | null> {
  const conv = await conversationById(deps.db, conversationId);
  if (!conv?.connectionId || !conv.agentId) return null;
  const conn = await connectionById(deps, conv.connectionId);
  if (!conn) return null;
  const agent = await agentById(deps.db, conv.agentId);
  if (!agent) return null;
  return { conv, conn, agent, driver: driverFor(deps, conn) };
}
