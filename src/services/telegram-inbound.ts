import { createHash, timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { agents, conversations, messages } from "../../db/schema";
import { sendChatAction, sendMessage } from "../adapters/telegram/client";
import { log } from "../lib/logger";
import { type HistoryItem, runTurn } from "../runtime/turn";
import { connectionById, telegramConfig } from "./channels";
import type { AppDeps } from "./context";
import { groupCommit } from "./group-commit";
import type { Job } from "./jobs";

export const TELEGRAM_INBOUND_JOB = "telegram-inbound";
const PROVIDER = "telegram";

export type TelegramJobData = {
  connectionId: string;
  /** `${connectionId}:${update_id}`: the idempotency key of this update everywhere. */
  updateKey: string;
  chatId: string;
  name: string | null;
  text: string;
  timestamp: number | null;
};

type TgUser = { id?: number; first_name?: string; last_name?: string; username?: string };
type TgMessage = { message_id?: number; date?: number; from?: TgUser; chat?: { id?: number } & TgUser; text?: string };
type TgUpdate = { update_id?: number; message?: TgMessage };

/** Constant-time comparison of the X-Telegram-Bot-Api-Secret-Token header (hashed: equal lengths). */
export function validSecret(given: string | null, expected: string): boolean {
  if (!given || !expected) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export type TelegramOutcome = { status: 200 | 400 | 401; accepted: number; duplicates: number };

/**
 * POST /webhooks/telegram/{connectionId}: the secret header must match the connection's webhook
 * secret (else nothing is stored). A text message is written durably (id + job, one transaction)
 * before the 200; other updates are acknowledged and ignored.
 */
export async function acceptTelegramUpdate(deps: AppDeps, connectionId: string, raw: string, secret: string | null): Promise<TelegramOutcome> {
  const conn = /^[0-9a-f-]{36}$/i.test(connectionId) ? await connectionById(deps, connectionId) : null;
  if (conn?.channel !== "telegram" || !validSecret(secret, deps.secrets.decrypt(telegramConfig(conn).webhookSecret))) {
    return { status: 401, accepted: 0, duplicates: 0 };
  }
  let update: TgUpdate;
  try {
    update = JSON.parse(raw) as TgUpdate;
  } catch {
    return { status: 400, accepted: 0, duplicates: 0 };
  }
  const m = update.message;
  if (typeof update.update_id !== "number" || !m?.text || m.chat?.id === undefined) return { status: 200, accepted: 0, duplicates: 0 };
  const who = m.from ?? m.chat;
  const job: TelegramJobData = {
    connectionId: conn.id,
    updateKey: `${conn.id}:${update.update_id}`,
    chatId: String(m.chat.id),
    name: who.first_name ?? who.username ?? null,
    text: m.text,
    timestamp: m.date ? m.date * 1000 : null,
  };
  const now = deps.now();
  const accepted = await groupCommit(deps.db, async (tx) => {
    const seen = await tx.execute({
      sql: "INSERT OR IGNORE INTO inbound_message_ids (provider, provider_message_id, received_at) VALUES (?, ?, ?)",
      args: [PROVIDER, job.updateKey, now],
    });
    if (seen.rowsAffected === 0) return 0;
    await tx.execute({
      sql: `INSERT INTO jobs (id, type, status, data, progress, attempts, max_attempts, run_after, dedupe_key, created_at)
        VALUES (?, ?, 'pending', ?, 0, 0, 8, ?, ?, ?) ON CONFLICT DO NOTHING`,
      args: [Bun.randomUUIDv7(), TELEGRAM_INBOUND_JOB, JSON.stringify(job), now, `tg:${job.updateKey}`, now],
    });
    return 1;
  });
  return { status: 200, accepted, duplicates: 1 - accepted };
}

type StoredReply = { id: string; content: string; sentId: number | null };

async function storedReply(deps: AppDeps, conversationId: string, updateKey: string): Promise<StoredReply | null> {
  const [row] = await deps.db
    .select({ id: messages.id, content: messages.content, sentId: sql<number | null>`json_extract(${messages.metadata}, '$.telegramMessageId')` })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderType, "agent"),
        sql`json_extract(${messages.metadata}, '$.inReplyTo') = ${updateKey}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

async function telegramConversation(deps: AppDeps, agent: typeof agents.$inferSelect, d: TelegramJobData) {
  const [existing] = await deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.agentId, agent.id), eq(conversations.channel, "telegram"), eq(conversations.contactKey, d.chatId)))
    .orderBy(desc(conversations.createdAt))
    .limit(1);
  if (existing) return existing;
  const [created] = await deps.db
    .insert(conversations)
    .values({ workspaceId: agent.workspaceId, agentId: agent.id, channel: "telegram", contactKey: d.chatId, clientName: d.name })
    .returning();
  if (!created) throw new Error("conversation insert returned nothing");
  return created;
}

async function history(deps: AppDeps, conversationId: string): Promise<HistoryItem[]> {
  const rows = await deps.db
    .select({ senderType: messages.senderType, content: messages.content })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(20);
  return rows.reverse().map((r) => ({ role: r.senderType === "customer" ? "user" : "assistant", content: r.content }));
}

/**
 * The worker's turn for one Telegram update: conversation → typing → (stored reply, or a new turn
 * that stores both messages with the debit) → sendMessage. A retry after a failed send (429 with
 * retry_after, 5xx) finds the stored reply and only resends it: no second model call, no second charge.
 */
export async function handleTelegramInbound(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const d = job.data as TelegramJobData;
  const conn = await connectionById(deps, d.connectionId);
  if (conn?.channel !== "telegram") return { skipped: "connection removed" };
  const [agent] = await deps.db.select().from(agents).where(eq(agents.id, conn.agentId)).limit(1);
  if (!agent?.isActive) return { skipped: "agent inactive" };
  const target = { baseUrl: deps.env.TELEGRAM_API_BASE, botToken: deps.secrets.decrypt(telegramConfig(conn).botToken) };
  const conversation = await telegramConversation(deps, agent, d);

  let reply = await storedReply(deps, conversation.id, d.updateKey);
  if (reply?.sentId) return { conversationId: conversation.id, telegramMessageId: reply.sentId, alreadySent: true };
  // Typing while thinking: best effort, a refused chat action never blocks the reply.
  await sendChatAction(target, d.chatId, "typing").catch((err) => log.debug("telegram chat action failed", { error: String(err) }));
  if (!reply) {
    const customerMessageId = Bun.randomUUIDv7();
    const replyId = Bun.randomUUIDv7();
    const receivedAt = d.timestamp ?? deps.now();
    const result = await runTurn(
      deps,
      agent,
      { text: d.text },
      {
        history: await history(deps, conversation.id),
        idempotencyKey: `tg:${d.updateKey}`,
        conversationId: conversation.id,
        persist: async (tx, r) => {
          const now = deps.now();
          const metadata = {
            outcome: r.outcome,
            provider: r.provider,
            model: r.model,
            usage: r.usage,
            creditsMilli: r.creditsMilli,
            latencyMs: r.latencyMs,
            inReplyTo: d.updateKey,
            ...(r.sources.length ? { sources: r.sources } : {}),
            ...(r.error ? { error: r.error } : {}),
          };
          await tx.execute({
            sql: `INSERT INTO messages (id, conversation_id, workspace_id, sender_type, sender_name, content, message_type, metadata, is_read, sent_at)
              VALUES (?, ?, ?, 'customer', ?, ?, 'text', ?, 0, ?), (?, ?, ?, 'agent', ?, ?, 'text', ?, 0, ?)`,
            args: [
              customerMessageId, conversation.id, agent.workspaceId, d.name, d.text, JSON.stringify({ providerMessageId: d.updateKey }), receivedAt,
              replyId, conversation.id, agent.workspaceId, agent.name, r.reply, JSON.stringify(metadata), Math.max(now, receivedAt + 1),
            ],
          });
          await tx.execute({
            sql: "UPDATE conversations SET last_message_at = ?, unread_count = unread_count + 2, updated_at = ? WHERE id = ?",
            args: [now, now, conversation.id],
          });
        },
      },
    );
    reply = { id: replyId, content: result.reply, sentId: null };
  }

  const sentId = await sendMessage(target, d.chatId, reply.content);
  await deps.db
    .update(messages)
    .set({ metadata: sql`json_set(coalesce(${messages.metadata}, '{}'), '$.telegramMessageId', ${sentId})` })
    .where(eq(messages.id, reply.id));
  return { conversationId: conversation.id, telegramMessageId: sentId };
}
