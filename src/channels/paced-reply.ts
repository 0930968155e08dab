import { publishLive } from "../lib/live-events";
import { conversationHandler, customerWroteAfter, skipPendingAgentMessages, updateConversation } from "../services/channel-store";
import type { AppDeps } from "../services/context";
import { type Job, enqueueJob } from "../services/jobs";
import { conversationGroup } from "./accept";
import { type ConversationContext, loadContext } from "./context";
import { scheduleFollowUp } from "./follow-up";
import { flushOutbox } from "./outbox";

/** A humanly paced reply waiting in the queue (run_after = its send time) instead of in a lane. */
export const CHANNEL_SEND_JOB = "channel-send";

export type ReplySend = {
  conversationId: string;
  /** The turn's outbox rows have sent_at up to this: a later turn's rows wait for their own send. */
  through: number | null;
  /** The last customer message the reply answers (the follow-up's cursor). */
  inReplyTo: string;
  handoff: boolean;
};

const TAKEN_OVER = "Não enviada: um atendente assumiu a conversa enquanto a IA respondia.";

async function takenOverSince(deps: AppDeps, conversationId: string) {
  return (await conversationHandler(deps.db, conversationId)) === "human";
}

/**
 * Sends a turn's reply and settles the conversation: waiting for the customer, first follow-up
 * scheduled. A person who took over meanwhile wins (the reply is not sent); a customer who wrote
 * again meanwhile gets the next turn, which settles instead.
 */
export async function sendReply(deps: AppDeps, ctx: ConversationContext, send: ReplySend): Promise<Record<string, unknown>> {
  const { conv, agent, driver } = ctx;
  const live = () => publishLive({ workspaceId: conv.workspaceId, conversationId: conv.id, kind: "message" });
  if (!send.handoff && (await takenOverSince(deps, conv.id))) {
    await skipPendingAgentMessages(deps.db, conv.id, TAKEN_OVER);
    live();
    return { skipped: "a person took over" };
  }
  const settings = agent.conversationSettings;
  const sent = await flushOutbox(deps, conv, driver, { paced: settings.responseTime > 0, through: send.through, resumeLater: true });
  if (sent.resumeInMs !== undefined) {
    // The next part follows a typing pause, sent from the queue: no lane waits for it.
    await schedulePacedSend(deps, ctx, send, deps.now() + sent.resumeInMs);
    live();
    return { ...sent, handoff: send.handoff };
  }
  if (!send.handoff && !(await customerWroteAfter(deps.db, conv.id, send.inReplyTo))) {
    await updateConversation(deps.db, conv.id, { waitingForUser: true });
    await scheduleFollowUp(deps, conv, settings.followUpSettings, 0, send.inReplyTo);
  }
  live();
  return { ...sent, handoff: send.handoff };
}

/**
 * Queues the reply (or its next part) for its send time in the conversation's job group: the lane
 * is free meanwhile, and the group keeps it in order with the conversation's other jobs.
 */
export async function schedulePacedSend(deps: AppDeps, ctx: ConversationContext, send: ReplySend, at: number) {
  const { conv } = ctx;
  await enqueueJob(
    deps.db,
    {
      type: CHANNEL_SEND_JOB,
      data: send,
      dedupeKey: `send:${conv.id}:${send.inReplyTo}`,
      groupKey: conversationGroup(conv.connectionId ?? "", conv.contactKey),
      runAfter: at,
      maxAttempts: 8,
      workspaceId: conv.workspaceId,
    },
    deps.now(),
  );
}

/** Worker: a paced reply whose time has come. */
export async function handlePacedSend(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const send = job.data as ReplySend;
  const ctx = await loadContext(deps, String(send.conversationId ?? ""));
  if (!ctx) return { skipped: "conversation gone" };
  return { conversationId: ctx.conv.id, ...(await sendReply(deps, ctx, send)) };
}
