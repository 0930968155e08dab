import { and, eq, sql } from "drizzle-orm";
import { conversations, jobs, messages } from "../../db/schema";
import { publishLive } from "../lib/live-events";
import { log } from "../lib/logger";
import { HANDOFF_MESSAGE, type TurnInput, runTurn } from "../runtime/turn";
import { connectionById } from "../services/channels";
import type { AppDeps } from "../services/context";
import { groupCommit } from "../services/group-commit";
import { type Job, enqueueJob } from "../services/jobs";
import { CHANNEL_INBOUND_JOB, type InboundJobData, conversationGroup } from "./accept";
import { type ConversationContext, loadContext } from "./context";
import { flushOutbox } from "./outbox";
import { splitReply } from "./split";
import { type ConversationRow, conversationFor, historyBefore, storeInbound, unansweredMessages } from "./store";
import { LIMIT_BLOCK_MESSAGE, LIMIT_CLOSE_MESSAGE, asksForHuman, interactionLimit, limitAction } from "./rules";
import { FOLLOW_UP_JOB, scheduleFollowUp } from "./follow-up";
import { agendorAutoAddHook } from "../services/agendor-sync";

export const CHANNEL_REPLY_JOB = "channel-reply";
export const CHANNEL_OUTBOX_JOB = "channel-outbox";

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
    await deps.db
      .update(jobs)
      .set({ runAfter: Math.min(runAfter, job.createdAt + BURST_MAX_WAIT_MS) })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, "pending")));
  }
}

const TAKEN_OVER = "Não enviada: um atendente assumiu a conversa enquanto a IA respondia.";

async function takenOverSince(deps: AppDeps, conversationId: string) {
  const [row] = await deps.db.select({ handledBy: conversations.handledBy }).from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  return row?.handledBy === "human";
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
export async function handleChannelInbound(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const { connectionId, message } = job.data as InboundJobData;
  const conn = await connectionById(deps, connectionId);
  if (!conn) return { skipped: "connection removed" };
  const conv = await conversationFor(deps, conn, message.contactKey, message.contactName);
  const stored = await storeInbound(deps, conv, message);
  if (!stored) return { skipped: "sent by the product" };
  const now = deps.now();
  // The echo of a message the outbox sent (same provider id): nothing new happened.
  if (!stored.created && stored.row.senderType !== "customer") return { conversationId: conv.id, echo: true };
  if (stored.row.senderType === "human") {
    // A person answered from the business phone: the AI steps back for a while.
    if (stored.created) {
      // An open-ended takeover (no end time) stays open-ended; otherwise the pause restarts now.
      const openEnded = conv.handledBy === "human" && conv.aiPausedUntil === null;
      await deps.db
        .update(conversations)
        .set({
          handledBy: "human",
          aiPausedUntil: openEnded ? null : now + deps.env.HUMAN_TAKEOVER_MINUTES * 60_000,
          lastMessageAt: now,
          waitingForUser: false,
          updatedAt: now,
        })
        .where(eq(conversations.id, conv.id));
      live(conv);
    }
    return { conversationId: conv.id, human: true };
  }
  if (stored.created) {
    // A message after the service was closed opens a new one.
    const reopened = conv.finishedAt !== null;
    await deps.db
      .update(conversations)
      .set({
        lastMessageAt: now,
        lastCustomerMessageAt: Math.max(message.timestamp ?? now, conv.lastCustomerMessageAt ?? 0),
        unreadCount: sql`${conversations.unreadCount} + 1`,
        waitingForUser: false,
        executedFollowUpSteps: 0,
        updatedAt: now,
        ...(reopened ? { finishedAt: null, status: "active", interactionCount: 0 } : {}),
      })
      .where(eq(conversations.id, conv.id));
  }
  await scheduleReply(deps, conv);
  live(conv);
  return { conversationId: conv.id, messageId: stored.row.id };
}

async function advanceCursor(deps: AppDeps, conv: ConversationRow, lastId: string, extra: Partial<typeof conversations.$inferInsert> = {}) {
  await deps.db.update(conversations).set({ replyCursor: lastId, updatedAt: deps.now(), ...extra }).where(eq(conversations.id, conv.id));
}

/** Inserts outbound messages into the outbox (raw SQL: usable inside the turn's transaction). */
function outboxRows(conv: ConversationRow, senderName: string, parts: ReturnType<typeof splitReply>, now: number, metadata: Record<string, unknown>) {
  return parts.map((p, i) => ({
    sql: `INSERT INTO messages (id, conversation_id, workspace_id, sender_type, sender_name, content, message_type, attachments, metadata, is_read, sent_at, delivery_status)
      VALUES (?, ?, ?, 'agent', ?, ?, ?, ?, ?, 1, ?, 'pending')`,
    args: [
      Bun.randomUUIDv7(),
      conv.id,
      conv.workspaceId,
      senderName,
      p.text,
      p.media ? p.media.kind : "text",
      p.media ? JSON.stringify([{ type: p.media.kind, url: p.media.url }]) : null,
      JSON.stringify(i === 0 ? { ...metadata, part: 1, parts: parts.length } : { part: i + 1, parts: parts.length, inReplyTo: metadata.inReplyTo }),
      now + i,
    ],
  }));
}

/** Puts a canned message (handoff, limits) in the outbox outside any model turn. */
async function queueCanned(deps: AppDeps, ctx: ConversationContext, text: string, lastId: string, kind: string) {
  const rows = outboxRows(ctx.conv, ctx.agent.name, splitReply(text, { limit: ctx.driver.limit, natural: false, measure: ctx.driver.measure }), deps.now(), { outcome: kind, inReplyTo: lastId });
  await groupCommit(deps.db, async (tx) => {
    for (const r of rows) await tx.execute(r);
  });
}

/** Hands the conversation to a person: the customer is told, the AI goes silent until handed back. */
async function handOff(deps: AppDeps, ctx: ConversationContext, lastId: string, reason: string) {
  await queueCanned(deps, ctx, HANDOFF_MESSAGE, lastId, "handoff");
  await advanceCursor(deps, ctx.conv, lastId, { handledBy: "human", aiPausedUntil: null, needsHumanSupport: true, waitingForUser: false, metadata: { ...(ctx.conv.metadata ?? {}), handoffReason: reason } });
}

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
export async function handleChannelReply(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const ctx = await loadContext(deps, String(job.data.conversationId ?? ""));
  if (!ctx) return { skipped: "conversation gone" };
  const { conv, agent, driver } = ctx;
  const settings = agent.conversationSettings;
  const leftovers = await flushOutbox(deps, conv, driver, { paced: settings.responseTime > 0 });
  const pending = await unansweredMessages(deps, conv);
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
    await deps.db.update(conversations).set({ handledBy: "ai", aiPausedUntil: null, needsHumanSupport: false }).where(eq(conversations.id, conv.id));
  }
  if (conv.blockedUntil && conv.blockedUntil > now) {
    await advanceCursor(deps, conv, last.id);
    return { silent: "blocked" };
  }
  if (!agent.isActive) {
    await advanceCursor(deps, conv, last.id);
    return { skipped: "agent inactive" };
  }
  const text = pending.map((m) => m.content).filter((t) => t.trim()).join("\n");
  if (asksForHuman(text)) {
    await handOff(deps, ctx, last.id, "O cliente pediu um atendente");
    await flushOutbox(deps, conv, driver, { paced: false });
    live(conv, "conversation");
    return { handoff: "customer asked" };
  }
  const limit = interactionLimit(settings.maxInteractionsPerService);
  if (limit !== null && conv.interactionCount >= limit) {
    const action = limitAction(settings.actionOnLimit);
    if (action.kind === "handoff") await handOff(deps, ctx, last.id, "Limite de interações atingido");
    else if (action.kind === "close") {
      await queueCanned(deps, ctx, LIMIT_CLOSE_MESSAGE, last.id, "limit");
      await advanceCursor(deps, conv, last.id, { finishedAt: now, status: "resolved", waitingForUser: false, interactionCount: 0 });
    } else {
      await queueCanned(deps, ctx, LIMIT_BLOCK_MESSAGE, last.id, "limit");
      await advanceCursor(deps, conv, last.id, { blockedUntil: now + action.blockMs, interactionCount: 0 });
    }
    await flushOutbox(deps, conv, driver, { paced: false });
    live(conv, "conversation");
    return { limit: action.kind };
  }

  await driver.typing(conv.contactKey, last.providerMessageId).catch((err) => log.debug("typing indicator failed", { error: String(err) }));
  const media = await mediaInput(ctx, pending);
  const result = await runTurn(
    deps,
    agent,
    { text, ...media },
    {
      history: await historyBefore(deps, conv.id, first.id),
      idempotencyKey: `reply:${conv.id}:${last.id}`,
      conversationId: conv.id,
      allowHandoff: true,
      toolContext: { channel: conv.channel, customer: { name: conv.clientName, phone: conv.clientPhone, email: conv.clientEmail } },
      persist: async (tx, r) => {
        const at = deps.now();
        const parts = splitReply(r.reply, { limit: driver.limit, natural: settings.splitLongMessages, measure: driver.measure });
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
        };
        for (const row of outboxRows(conv, agent.name, parts, at, metadata)) await tx.execute(row);
        await tx.execute({
          sql: `UPDATE conversations SET reply_cursor = ?, interaction_count = interaction_count + 1, last_message_at = ?, updated_at = ?,
            handled_by = CASE WHEN ? THEN 'human' ELSE handled_by END, needs_human_support = CASE WHEN ? THEN 1 ELSE needs_human_support END,
            ai_paused_until = CASE WHEN ? THEN NULL ELSE ai_paused_until END,
            needs_review = CASE WHEN ? THEN 1 ELSE needs_review END WHERE id = ?`,
          // A turn that ended in the agent's error message is flagged for a person to look at.
          args: [last.id, at, at, r.handoff ? 1 : 0, r.handoff ? 1 : 0, r.handoff ? 1 : 0, r.outcome === "error" ? 1 : 0, conv.id],
        });
      },
    },
  );
  live(conv);
  // A new customer with a phone or e-mail becomes a lead in the agent's CRM (when auto-add is on), once,
  // without holding the reply: the hook never throws and crm_links keeps it from creating twice.
  if (conv.interactionCount === 0 && (conv.clientPhone || conv.clientEmail)) {
    void agendorAutoAddHook(deps, agent, { customer: { name: conv.clientName, phone: conv.clientPhone, email: conv.clientEmail }, conversationId: conv.id });
  }
  // Humanly paced: the answer arrives responseTime seconds after the customer's last message.
  const due = last.sentAt + Math.min(settings.responseTime * 1000, MAX_RESPONSE_DELAY_MS);
  const wait = Math.min(due - deps.now(), MAX_RESPONSE_DELAY_MS);
  if (wait > 0) await Bun.sleep(wait);
  // A person may have taken over while the model was answering: their word wins, the answer is not sent.
  if (!result.handoff && (await takenOverSince(deps, conv.id))) {
    await deps.db
      .update(messages)
      .set({ deliveryStatus: "skipped", deliveryError: TAKEN_OVER })
      .where(and(eq(messages.conversationId, conv.id), eq(messages.senderType, "agent"), eq(messages.deliveryStatus, "pending")));
    live(conv);
    return { conversationId: conv.id, outcome: result.outcome, skipped: "a person took over" };
  }
  const sent = await flushOutbox(deps, conv, driver, { paced: settings.responseTime > 0 });
  if (!result.handoff) {
    await deps.db.update(conversations).set({ waitingForUser: true }).where(eq(conversations.id, conv.id));
    await scheduleFollowUp(deps, conv, settings.followUpSettings, 0, last.id);
  }
  live(conv);
  return { conversationId: conv.id, outcome: result.outcome, ...sent, handoff: Boolean(result.handoff) };
}

/** Worker: sends a conversation's outbox (a person's reply from the inbox). */
export async function handleChannelOutbox(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const ctx = await loadContext(deps, String(job.data.conversationId ?? ""));
  if (!ctx) return { skipped: "conversation gone" };
  const out = await flushOutbox(deps, ctx.conv, ctx.driver, { paced: false });
  live(ctx.conv, "status");
  return out;
}

export const channelJobTypes = [CHANNEL_INBOUND_JOB, CHANNEL_REPLY_JOB, CHANNEL_OUTBOX_JOB, FOLLOW_UP_JOB];
