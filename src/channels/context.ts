import { eq } from "drizzle-orm";
import { agents, conversations } from "../../db/schema";
import { connectionById } from "../services/channels";
import type { AppDeps } from "../services/context";
import { type ChannelDriver, type ConnectionRow, driverFor } from "./drivers";
import type { ConversationRow } from "./store";

export type ConversationContext = { conv: ConversationRow; conn: ConnectionRow; agent: typeof agents.$inferSelect; driver: ChannelDriver };

/** A channel conversation with its connection, agent and a driver bound to that connection (null when any is gone). */
export async function loadContext(deps: AppDeps, conversationId: string): Promise<ConversationContext | null> {
  const [conv] = await deps.db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  if (!conv?.connectionId || !conv.agentId) return null;
  const conn = await connectionById(deps, conv.connectionId);
  if (!conn) return null;
  const [agent] = await deps.db.select().from(agents).where(eq(agents.id, conv.agentId)).limit(1);
  if (!agent) return null;
  return { conv, conn, agent, driver: driverFor(deps, conn) };
}
