import { publishLive } from "../lib/live-events";
import { conversationHandler, customerWroteAfter, outboxOf, skipPendingAgentMessages, waitingForUserWrite } from "../services/channel-store";
import type { AppDeps } from "../services/context";
import { pendingJobsOf } from "../services/channel-queue";
import { type CompletionWrite, type Job, enqueueJob } from "../services/jobs";
import { conversationGroup } from "./accept";
import { type ConversationContext, loadContext } from "./context";
import { followUpWrite } from "./follow-up";
import { flushOutbox } from "./outbox";
import { CHANNEL_SEND_JOB } from "../jobs/job-types";

/** A humanly paced reply waiting in the queue (run_after = its send time) instead of in a lane. */
export { CHANNEL_SEND_JOB };

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
 * again meanwhile gets the next turn, which settles instead. Each part is recorded as sent the moment
 * it went out (recordSent); the waiting flag and the first follow-up commit with the job's completion
 * (`atCompletion`, src/jobs/runner.ts).
 */
export async function sendReply(deps: AppDeps, ctx: ConversationContext, send: ReplySend, atCompletion: (w: CompletionWrite) => void): Promise<Record<string, unknown>> {
  const { conv, agent, driver } = ctx;
  const live = () => publishLive({ workspaceId: conv.workspaceId, conversationId: conv.id, kind: "message" });
  if (!send.handoff && (await takenOverSince(deps, conv.id))) {
    await skipPendingAgentMessages(deps.db, conv.id, TAKEN_OVER);
    live();
    return { skipped: "a person took over" };
  }
  const settings = agent.conversationSettings;
  const paced = settings.responseTime > 0;
  // An earlier reply's parts still wait for their pause: this one goes after them, from the queue,
  // so each reply keeps its own pauses (sending now would push their next part out unpaused).
  const earlier = paced ? await earlierPacedSend(deps, conv, send.inReplyTo) : undefined;
  if (earlier) {
    await schedulePacedSend(deps, ctx, send, Math.max(earlier.runAfter, deps.now()));
    return { waitsFor: earlier.id, handoff: send.handoff };
  }
  // Read before the send: only a later job of this conversation (its group runs one job at a time)
  // could store a newer customer message, so the answer cannot change while this one runs.
  const settles = !send.handoff && !(await customerWroteAfter(deps.db, conv.id, send.inReplyTo));
  const sent = await flushOutbox(deps, conv, driver, { paced, through: send.through });
  if (sent.resumeInMs !== undefined) {
    // The next part follows a typing pause, sent from the queue: no lane waits for it.
    await schedulePacedSend(deps, ctx, send, deps.now() + sent.resumeInMs);
    live();
    return { ...sent, handoff: send.handoff };
  }
  if (settles) {
    atCompletion({ write: waitingForUserWrite(conv.id, deps.now()) });
    const followUp = followUpWrite(deps, conv, settings.followUpSettings, 0, send.inReplyTo);
    if (followUp) atCompletion(followUp);
  }
  atCompletion({ after: live });
  return { ...sent, handoff: send.handoff };
}

type GroupedConversation = { id: string; connectionId: string | null; contactKey: string };
const groupKeyOf = (conv: GroupedConversation) => conversationGroup(conv.connectionId ?? "", conv.contactKey);

/** A pending paced send of an earlier reply of the conversation (message ids are time-ordered). */
async function earlierPacedSend(deps: AppDeps, conv: GroupedConversation, inReplyTo: string) {
  const pending = await pendingJobsOf(deps.db, CHANNEL_SEND_JOB, { id: conv.id, groupKey: groupKeyOf(conv) });
  return pending.find((j) => String(j.data.inReplyTo ?? "") < inReplyTo);
}

/** Whether every unsent part of the conversation waits for a queued paced send (which sends it at its time). */
export async function outboxQueued(deps: AppDeps, conv: GroupedConversation) {
  const last = (await outboxOf(deps.db, conv.id)).at(-1);
  if (!last) return true;
  const queued = await pendingJobsOf(deps.db, CHANNEL_SEND_JOB, { id: conv.id, groupKey: groupKeyOf(conv) });
  return queued.some((j) => j.data.through == null || Number(j.data.through) >= last.sentAt);
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
      groupKey: groupKeyOf(conv),
      runAfter: at,
      maxAttempts: 8,
      workspaceId: conv.workspaceId,
    },
    deps.now(),
  );
}

/** Worker: a paced reply whose time has come. */
export async function handlePacedSend(deps: AppDeps, job: Job, atCompletion: (w: CompletionWrite) => void): Promise<Record<string, unknown>> {
  const send = job.data as ReplySend;
  const ctx = await loadContext(deps, String(send.conversationId ?? ""));
  if (!ctx) return { skipped: "conversation gone" };
  return { conversationId: ctx.conv.id, ...(await sendReply(deps, ctx, send, atCompletion)) };
}
