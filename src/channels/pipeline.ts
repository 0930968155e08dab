import { publishLive } from "../lib/live-events";
import { log } from "../lib/logger";
import { HANDOFF_MESSAGE, type TurnInput, runTurn } from "../runtime/turn";
import { type TurnPlace, planMetadata, planTurn, settlePlanInTx } from "../runtime/turn-plan";
import type { HandoffReason } from "../schemas/orchestration";
import { requestHumanHandoff } from "../services/handoffs/request";
import { readAgentGate } from "../services/agent-gate";
import { insertOutboxParts, settleReplyTurn } from "../services/channel-outbox";
import { groupHasPendingWork, postponePendingJob } from "../services/channel-queue";
import { type ConversationPatch, unansweredMessages, updateConversation } from "../services/channel-store";
import { connectionById } from "../services/channels";
import type { AppDeps } from "../services/context";
import { groupCommit } from "../services/group-commit";
import { type CompletionWrite, type Job, enqueueJob, notifyJobEnqueued } from "../services/jobs";
import { CHANNEL_INBOUND_JOB, type InboundJobData, conversationGroup } from "./accept";
import { type ConversationContext, loadContext } from "./context";
import type { ConnectionRow } from "./drivers";
import { flushOutbox } from "./outbox";
import { splitReply } from "./split";
import { type ConversationRow, historyBefore, storeInbound } from "./store";
import { LIMIT_BLOCK_MESSAGE, LIMIT_CLOSE_MESSAGE, asksForHuman, interactionLimit, limitAction } from "./rules";
import { FOLLOW_UP_JOB } from "./follow-up";
import { CHANNEL_SEND_JOB, outboxQueued, schedulePacedSend, sendReply } from "./paced-reply";
import { agendorAutoAddHook } from "../services/agendor-sync";
import { onCampaignReply } from "../services/campaigns/replies";
import { scheduleConversationSummary } from "../services/memory/summary-job";
import { CHANNEL_OUTBOX_JOB, CHANNEL_REPLY_JOB } from "../jobs/job-types";

export { CHANNEL_OUTBOX_JOB, CHANNEL_REPLY_JOB };

/** A burst keeps pushing the reply back, but never more than this after the first message. */
const BURST_MAX_WAIT_MS = 15_000;
const MAX_RESPONSE_DELAY_MS = 120_000;

const groupOf = (conv: ConversationRow) => conversationGroup(conv.connectionId ?? "", conv.contactKey);
const live = (conv: ConversationRow, kind: "message" | "status" | "conversation" = "message") =>
  publishLive({ workspaceId: conv.workspaceId, conversationId: conv.id, kind });

/**
 * The reply is scheduled a burst window after the latest message: a customer typing three short
 * lines gets one answer. A pending reply job is pushed back (bounded), never duplicated.
 */
async function scheduleReply(deps: AppDeps, conv: ConversationRow) {
  const now = deps.now();
  const runAfter = now + deps.env.CHANNEL_BURST_WINDOW_MS;
  const job = await enqueueJob(
    deps.db,
    { type: CHANNEL_REPLY_JOB, data: { conversationId: conv.id }, dedupeKey: `reply:${conv.id}`, groupKey: groupOf(conv), runAfter, maxAttempts: 8, workspaceId: conv.workspaceId },
    now,
  );
  if (job.runAfter < runAfter && job.status === "pending") {
    await postponePendingJob(deps.db, job.id, Math.min(runAfter, job.createdAt + BURST_MAX_WAIT_MS));
  }
}

/** Sends whatever sits in a conversation's outbox (a person's reply from the inbox, say), in order. */
export async function scheduleOutbox(deps: AppDeps, conv: ConversationRow) {
  await enqueueJob(
    deps.db,
    { type: CHANNEL_OUTBOX_JOB, data: { conversationId: conv.id }, dedupeKey: `out:${conv.id}`, groupKey: groupOf(conv), maxAttempts: 8, workspaceId: conv.workspaceId },
    deps.now(),
  );
}

/** Worker: one inbound message → stored in its conversation → the reply scheduled (or the AI paused). */
export async function handleChannelInbound(deps: AppDeps, job: Job, atCompletion: (w: CompletionWrite) => void): Promise<Record<string, unknown>> {
  const { connectionId, message } = job.data as InboundJobData;
  const conn = await connectionById(deps, connectionId);
  if (!conn) return { skipped: "connection removed" };
  const now = deps.now();
  const stored = await storeInbound(deps, conn, message, (c, senderType) => {
    // A person answered from the business phone: the AI steps back for a while. An open-ended
    // takeover (no end time) stays open-ended; otherwise the pause restarts now.
    if (senderType === "human") return { kind: "human", now, aiPausedUntil: c.handledBy === "human" && c.aiPausedUntil === null ? null : now + deps.env.HUMAN_TAKEOVER_MINUTES * 60_000 };
    // A message after the service was closed opens a new one.
    return { kind: "customer", now, lastCustomerMessageAt: Math.max(message.timestamp ?? now, c.lastCustomerMessageAt ?? 0), reopened: c.finishedAt !== null };
  });
  if (!stored) return { skipped: "sent by the product" };
  const { conv } = stored;
  // The echo of a message the outbox sent (same provider id): nothing new happened.
  if (!stored.created && stored.row.senderType !== "customer") return { conversationId: conv.id, echo: true };
  if (stored.row.senderType === "human") {
    if (stored.created) live(conv);
    return { conversationId: conv.id, human: true };
  }
  // A reply to a campaign counts (responded, inbox tag); an opt-out word gets the fixed confirmation, not the agent.
  if (stored.created && (conn.channel === "whatsapp_cloud" || conn.channel === "whatsapp_uaz")) {
    const campaign = await onCampaignReply(deps, conv, { id: stored.row.id, text: message.text });
    if (campaign.optedOut) {
      await scheduleOutbox(deps, conv);
      live(conv, "conversation");
      return { conversationId: conv.id, messageId: stored.row.id, optedOut: campaign.optedOut };
    }
  }
  // Without a burst window the reply is due at once: answered here, in the lane that stored the
  // message, instead of another trip through the queue; unless other work of the conversation
  // waits (another message, a reply in backoff, a paced send), which goes first, in order.
  if (deps.env.CHANNEL_BURST_WINDOW_MS === 0 && !(await groupHasPendingWork(deps.db, groupOf(conv), FOLLOW_UP_JOB))) {
    live(conv);
    // The connection and (when read after the write) the conversation are not read again.
    const known = { conn, conv: stored.fresh ? conv : undefined };
    return { conversationId: conv.id, messageId: stored.row.id, reply: await answerConversation(deps, conv.id, atCompletion, known) };
  }
  await scheduleReply(deps, conv);
  live(conv);
  return { conversationId: conv.id, messageId: stored.row.id };
}

async function advanceCursor(deps: AppDeps, conv: ConversationRow, lastId: string, extra: ConversationPatch = {}) {
  await updateConversation(deps.db, conv.id, { replyCursor: lastId, updatedAt: deps.now(), ...extra });
}

/** Puts a canned message (handoff, limits) in the outbox outside any model turn. */
async function queueCanned(deps: AppDeps, ctx: ConversationContext, text: string, lastId: string, kind: string) {
  const parts = splitReply(text, { limit: ctx.driver.limit, natural: false, measure: ctx.driver.measure });
  const now = deps.now();
  await groupCommit(deps.db, (tx) => insertOutboxParts(tx, ctx.conv, { senderName: ctx.agent.name, parts, now, metadata: { outcome: kind, inReplyTo: lastId } }));
}

/**
 * Hands the conversation to a person: the customer is told, the AI goes silent until handed back,
 * and a pending handoff notifies the workspace (services/handoffs).
 */
async function handOff(deps: AppDeps, ctx: ConversationContext, lastId: string, reason: string, code: HandoffReason, confidence: number | null = null) {
  await queueCanned(deps, ctx, HANDOFF_MESSAGE, lastId, "handoff");
  await advanceCursor(deps, ctx.conv, lastId, { handledBy: "human", aiPausedUntil: null, needsHumanSupport: true, waitingForUser: false, metadata: { ...(ctx.conv.metadata ?? {}), handoffReason: reason } });
  await askForPerson(deps, {
    workspaceId: ctx.conv.workspaceId,
    conversationId: ctx.conv.id,
    fromAgentId: ctx.conv.activeAgentId ?? ctx.agent.id,
    reason: code,
    confidence,
    notes: reason,
  });
}

/**
 * The pending handoff that notifies the team. The conversation is already with a person and
 * flagged (needs_human_support, the inbox's "precisa de atendente"): a failure here is logged, never
 * allowed to undo the customer's reply or its send.
 */
async function askForPerson(deps: AppDeps, req: Parameters<typeof requestHumanHandoff>[1]) {
  try {
    await requestHumanHandoff(deps, req);
  } catch (err) {
    log.error("the handoff request failed; the conversation stays flagged for a person", { conversationId: req.conversationId, error: String(err) });
  }
}

const placeOf = (conv: ConversationRow, turnMessageId: string): TurnPlace => ({
  turnMessageId,
  workspaceId: conv.workspaceId,
  conversationId: conv.id,
  channel: conv.channel,
  connectionId: conv.connectionId,
  contactKey: conv.contactKey,
  customer: { name: conv.clientName, phone: conv.clientPhone, email: conv.clientEmail },
});

async function mediaInput(ctx: ConversationContext, pending: Awaited<ReturnType<typeof unansweredMessages>>): Promise<Pick<TurnInput, "imageDataUrl" | "audio">> {
  const out: Pick<TurnInput, "imageDataUrl" | "audio"> = {};
  for (const m of pending) {
    const a = m.attachments?.[0];
    if (!a?.ref) continue;
    try {
      if (a.type === "image" && !out.imageDataUrl) {
        const file = await ctx.driver.fetchMedia({ kind: "image", ref: a.ref, mime: a.mime ?? null });
        out.imageDataUrl = `data:${file.mime};base64,${Buffer.from(file.data).toString("base64")}`;
      } else if (a.type === "audio" && !out.audio) {
        const file = await ctx.driver.fetchMedia({ kind: "audio", ref: a.ref, mime: a.mime ?? null });
        out.audio = { data: file.data, mime: file.mime };
      }
    } catch (err) {
      // A file we cannot fetch must not cost the customer an answer: the text still goes through.
      log.warn("inbound media could not be fetched", { conversationId: ctx.conv.id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}

/**
 * Worker: answers everything the customer said since the last answer, as one turn. Leftover parts
 * of an earlier reply go first; a person handling the conversation, a block or the interaction
 * limit keep the AI silent; the reply is split, paced (responseTime) and sent in order.
 */
export async function handleChannelReply(deps: AppDeps, job: Job, atCompletion: (w: CompletionWrite) => void): Promise<Record<string, unknown>> {
  return answerConversation(deps, String(job.data.conversationId ?? ""), atCompletion);
}

/** The reply turn itself, from its job or straight from the inbound job (no burst window). */
async function answerConversation(
  deps: AppDeps,
  conversationId: string,
  atCompletion: (w: CompletionWrite) => void,
  known: { conn?: ConnectionRow; conv?: ConversationRow } = {},
): Promise<Record<string, unknown>> {
  const ctx = await loadContext(deps, conversationId, known);
  if (!ctx) return { skipped: "conversation gone" };
  const { conv, agent, driver } = ctx;
  const settings = agent.conversationSettings;
  // Leftovers of an earlier reply go first. A queued paced send sends them at their time (this
  // turn's reply is queued after it); without one (a crash, a dead send) they are late already:
  // sent now, unpaced. Either way no lane waits, and the outbox keeps them in order, each once.
  const leftovers = (await outboxQueued(deps, conv)) ? { sent: 0, failed: 0, skipped: 0 } : await flushOutbox(deps, conv, driver, { paced: false });
  const pending = await unansweredMessages(deps.db, conv);
  const last = pending.at(-1);
  const first = pending[0];
  if (!last || !first) return { nothing: true, ...leftovers };
  const now = deps.now();

  if (conv.handledBy === "human") {
    if (conv.aiPausedUntil === null || conv.aiPausedUntil > now) {
      await advanceCursor(deps, conv, last.id);
      return { silent: "a person is handling it" };
    }
    // The person's time is up: the AI answers again.
    await updateConversation(deps.db, conv.id, { handledBy: "ai", aiPausedUntil: null, needsHumanSupport: false });
  }
  if (conv.blockedUntil && conv.blockedUntil > now) {
    await advanceCursor(deps, conv, last.id);
    return { silent: "blocked" };
  }
  // Blocked by the platform or its owner suspended: nobody gets an answer (and no credit is spent).
  // The same one read tells the plan and the turn what they would otherwise ask (services/agent-gate.ts).
  const gate = await readAgentGate(deps.db, agent.id);
  const unavailable = gate?.unavailableReason ?? null;
  if (unavailable) {
    await advanceCursor(deps, conv, last.id);
    return { skipped: "agent unavailable", reason: unavailable };
  }
  if (!agent.isActive) {
    await advanceCursor(deps, conv, last.id);
    return { skipped: "agent inactive" };
  }
  const text = pending.map((m) => m.content).filter((t) => t.trim()).join("\n");
  if (asksForHuman(text)) {
    await handOff(deps, ctx, last.id, "O cliente pediu um atendente", "user_request");
    await flushOutbox(deps, conv, driver, { paced: false });
    live(conv, "conversation");
    return { handoff: "customer asked" };
  }
  const limit = interactionLimit(settings.maxInteractionsPerService);
  if (limit !== null && conv.interactionCount >= limit) {
    const action = limitAction(settings.actionOnLimit);
    if (action.kind === "handoff") await handOff(deps, ctx, last.id, "Limite de interações atingido", "escalation");
    else if (action.kind === "close") {
      await queueCanned(deps, ctx, LIMIT_CLOSE_MESSAGE, last.id, "limit");
      await advanceCursor(deps, conv, last.id, { finishedAt: now, status: "resolved", waitingForUser: false, interactionCount: 0 });
      await scheduleConversationSummary(deps.db, { workspaceId: conv.workspaceId, conversationId: conv.id, reason: "resolved", lastCustomerMessageId: null }, now);
    } else {
      await queueCanned(deps, ctx, LIMIT_BLOCK_MESSAGE, last.id, "limit");
      await advanceCursor(deps, conv, last.id, { blockedUntil: now + action.blockMs, interactionCount: 0 });
    }
    await flushOutbox(deps, conv, driver, { paced: false });
    live(conv, "conversation");
    return { limit: action.kind };
  }

  // Which agent of an orchestration answers, its A/B variant, what the customer told before (issue 18).
  const place = placeOf(conv, last.id);
  const plan = await planTurn(deps, agent, place, text, gate);
  if (plan.toPerson) {
    await handOff(deps, ctx, last.id, plan.toPerson.note, plan.toPerson.reason, plan.toPerson.confidence);
    await flushOutbox(deps, conv, driver, { paced: false });
    live(conv, "conversation");
    return { handoff: "router" };
  }
  const answering = plan.agent;
  let insightsQueued = false;
  // "digitando…" goes out while the turn runs (best effort); the reply waits for it, never overtaking it.
  const typing = driver.typing(conv.contactKey, last.providerMessageId).catch((err) => log.debug("typing indicator failed", { error: String(err) }));
  const media = await mediaInput(ctx, pending);
  let through: number | null = null;
  const result = await runTurn(
    deps,
    answering,
    { text, ...media },
    {
      history: await historyBefore(deps, conv.id, first.id),
      context: plan.context,
      gate,
      idempotencyKey: `reply:${conv.id}:${last.id}`,
      conversationId: conv.id,
      allowHandoff: true,
      toolContext: { channel: conv.channel, customer: { name: conv.clientName, phone: conv.clientPhone, email: conv.clientEmail } },
      persist: async (tx, r) => {
        const at = deps.now();
        const parts = splitReply(r.reply, { limit: driver.limit, natural: settings.splitLongMessages, measure: driver.measure });
        through = at + parts.length - 1;
        const metadata = {
          outcome: r.outcome,
          provider: r.provider,
          model: r.model,
          usage: r.usage,
          creditsMilli: r.creditsMilli,
          latencyMs: r.latencyMs,
          inReplyTo: last.id,
          ...(r.transcript ? { transcript: r.transcript } : {}),
          ...(r.sources.length ? { sources: r.sources } : {}),
          ...(r.toolCalls?.length ? { tools: r.toolCalls } : {}),
          ...(r.handoff ? { handoffReason: r.handoff.reason } : {}),
          ...(r.error ? { error: r.error } : {}),
          ...planMetadata(plan, answering),
        };
        const replyIds = await insertOutboxParts(tx, conv, { senderName: answering.name, parts, now: at, metadata });
        // A turn that ended in the agent's error message is flagged for a person to look at.
        await settleReplyTurn(tx, conv.id, { cursor: last.id, at, handoff: Boolean(r.handoff), error: r.outcome === "error" });
        const replyMessageId = replyIds[0] ?? `${conv.id}:${last.id}`;
        insightsQueued = await settlePlanInTx(tx, plan, { place, agent: answering, customerMessageIds: pending.map((m) => m.id), replyMessageId, now: at });
      },
    },
  );
  if (insightsQueued) notifyJobEnqueued(deps.db);
  // The model handed the customer to a person (settleReplyTurn set handledBy human): a pending handoff tells the team.
  if (result.handoff) {
    await askForPerson(deps, { workspaceId: conv.workspaceId, conversationId: conv.id, fromAgentId: answering.id, reason: "escalation", notes: result.handoff.reason });
  }
  await typing;
  live(conv);
  // A new customer with a phone or e-mail becomes a lead in the agent's CRM (when auto-add is on), once,
  // without holding the reply: the hook never throws and crm_links keeps it from creating twice.
  if (conv.interactionCount === 0 && (conv.clientPhone || conv.clientEmail)) {
    void agendorAutoAddHook(deps, agent, { customer: { name: conv.clientName, phone: conv.clientPhone, email: conv.clientEmail }, conversationId: conv.id });
  }
  // Humanly paced: the answer arrives responseTime seconds after the customer's last message. It
  // waits in the queue for that time (run_after), not in this lane.
  const due = last.sentAt + Math.min(settings.responseTime * 1000, MAX_RESPONSE_DELAY_MS);
  const send = { conversationId: conv.id, through, inReplyTo: last.id, handoff: Boolean(result.handoff) };
  if (due > deps.now()) {
    await schedulePacedSend(deps, ctx, send, due);
    return { conversationId: conv.id, outcome: result.outcome, pacedUntil: due };
  }
  return { conversationId: conv.id, outcome: result.outcome, ...(await sendReply(deps, ctx, send, atCompletion)) };
}

/** Worker: sends a conversation's outbox (a person's reply from the inbox). */
export async function handleChannelOutbox(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const ctx = await loadContext(deps, String(job.data.conversationId ?? ""));
  if (!ctx) return { skipped: "conversation gone" };
  const out = await flushOutbox(deps, ctx.conv, ctx.driver, { paced: false });
  live(ctx.conv, "status");
  return out;
}

export const channelJobTypes = [CHANNEL_INBOUND_JOB, CHANNEL_REPLY_JOB, CHANNEL_OUTBOX_JOB, FOLLOW_UP_JOB, CHANNEL_SEND_JOB];
