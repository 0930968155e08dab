import { loadContext } from "../../channels/context";
import { scheduleOutbox } from "../../channels/pipeline";
import { splitReply } from "../../channels/split";
import { insertOutboxParts } from "../channel-outbox";
import type { AppDeps } from "../context";
import { groupCommit } from "../group-commit";

/**
 * Tells a channel customer something outside a model turn (the handoff notice, the timeout
 * message): the text goes into the conversation's outbox in the agent's name and the outbox job
 * sends it, in order with everything else. A web conversation (no channel) is not told: false.
 */
export async function tellCustomer(deps: AppDeps, conversationId: string, text: string, kind: string): Promise<boolean> {
  const ctx = await loadContext(deps, conversationId);
  if (!ctx) return false;
  const parts = splitReply(text, { limit: ctx.driver.limit, natural: false, measure: ctx.driver.measure });
  const now = deps.now();
  await groupCommit(deps.db, (tx) => insertOutboxParts(tx, ctx.conv, { senderName: ctx.agent.name, parts, now, metadata: { outcome: kind } }));
  await scheduleOutbox(deps, ctx.conv);
  return true;
}
