import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { agents, conversations, messages } from "../../db/schema";
import { sendText } from "../adapters/whatsapp-cloud/client";
import { type HistoryItem, runTurn } from "../runtime/turn";
import { connectionById, whatsappConnectionByPhoneId } from "./channels";
import type { AppDeps } from "./context";
import { groupCommit } from "./group-commit";
import type { Job } from "./jobs";

export const WHATSAPP_INBOUND_JOB = "whatsapp-inbound";
const PROVIDER = "whatsapp_cloud";

export type InboundJobData = {
  connectionId: string;
  messageId: string;
  from: string;
  name: string | null;
  text: string;
  timestamp: number | null;
};

type WaMessage = { from?: string; id?: string; timestamp?: string; type?: string; text?: { body?: string } };
type WaValue = { metadata?: { phone_number_id?: string }; contacts?: { profile?: { name?: string }; wa_id?: string }[]; messages?: WaMessage[] };
type WaPayload = { object?: string; entry?: { changes?: { field?: string; value?: WaValue }[] }[] };

/** X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256(app secret, raw body); compared in constant time. */
export function validSignature(raw: Uint8Array, header: string | null, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice(7), "hex");
  const expected = createHmac("sha256", appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type DeliveryOutcome = { status: 200 | 400 | 401; accepted: number; duplicates: number };

/**
 * POST /webhooks/whatsapp: every change is routed by phone_number_id to its connection, whose app
 * secret must sign the raw body (any bad signature refuses the whole delivery, storing nothing).
 * Text messages are then written durably (id + job, one transaction) before the 200.
 */
export async function acceptWhatsAppDelivery(deps: AppDeps, raw: Uint8Array, signature: string | null): Promise<DeliveryOutcome> {
  let payload: WaPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(raw)) as WaPayload;
  } catch {
    return { status: 400, accepted: 0, duplicates: 0 };
  }
  const values = (payload.entry ?? []).flatMap((e) => (e.changes ?? []).map((c) => c.value)).filter((v): v is WaValue => Boolean(v));
  const phoneIds = [...new Set(values.map((v) => v.metadata?.phone_number_id).filter((p): p is string => Boolean(p)))];
  // A delivery naming no phone number cannot be verified against any secret: refused.
  if (!phoneIds.length) return { status: 401, accepted: 0, duplicates: 0 };
  const connections = new Map<string, string>();
  for (const phoneId of phoneIds) {
    const conn = await whatsappConnectionByPhoneId(deps, phoneId);
    if (!conn || !validSignature(raw, signature, deps.secrets.decrypt(conn.config.appSecret))) return { status: 401, accepted: 0, duplicates: 0 };
    connections.set(phoneId, conn.id);
  }
  const jobs: InboundJobData[] = [];
  for (const v of values) {
    const connectionId = connections.get(v.metadata?.phone_number_id ?? "");
    if (!connectionId) continue;
    for (const m of v.messages ?? []) {
      // Statuses, media and other types are acknowledged and ignored in this slice.
      if (m.type !== "text" || !m.id || !m.from || !m.text?.body) continue;
      const contact = v.contacts?.find((c) => c.wa_id === m.from) ?? v.contacts?.[0];
      jobs.push({
        connectionId,
        messageId: m.id,
        from: m.from,
        name: contact?.profile?.name ?? null,
        text: m.text.body,
        timestamp: m.timestamp ? Number(m.timestamp) * 1000 : null,
      });
    }
  }
  if (!jobs.length) return { status: 200, accepted: 0, duplicates: 0 };
  const now = deps.now();
  const accepted = await groupCommit(deps.db, async (tx) => {
    let n = 0;
    for (const j of jobs) {
      const seen = await tx.execute({
        sql: "INSERT OR IGNORE INTO inbound_message_ids (provider, provider_message_id, received_at) VALUES (?, ?, ?)",
        args: [PROVIDER, j.messageId, now],
      });
      if (seen.rowsAffected === 0) continue;
      await tx.execute({
        sql: `INSERT INTO jobs (id, type, status, data, progress, attempts, max_attempts, run_after, dedupe_key, created_at)
          VALUES (?, ?, 'pending', ?, 0, 0, 8, ?, ?, ?) ON CONFLICT DO NOTHING`,
        args: [Bun.randomUUIDv7(), WHATSAPP_INBOUND_JOB, JSON.stringify(j), now, `wa:${j.messageId}`, now],
      });
      n++;
    }
    return n;
  });
  return { status: 200, accepted, duplicates: jobs.length - accepted };
}

type StoredReply = { id: string; content: string; wamid: string | null };

async function storedReply(deps: AppDeps, conversationId: string, providerMessageId: string): Promise<StoredReply | null> {
  const [row] = await deps.db
    .select({ id: messages.id, content: messages.content, wamid: sql<string | null>`json_extract(${messages.metadata}, '$.wamid')` })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderType, "agent"),
        sql`json_extract(${messages.metadata}, '$.inReplyTo') = ${providerMessageId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

async function whatsappConversation(deps: AppDeps, agent: typeof agents.$inferSelect, d: InboundJobData) {
  const [existing] = await deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.agentId, agent.id), eq(conversations.channel, "whatsapp"), eq(conversations.contactKey, d.from)))
    .orderBy(desc(conversations.createdAt))
    .limit(1);
  if (existing) return existing;
  const [created] = await deps.db
    .insert(conversations)
    .values({ workspaceId: agent.workspaceId, agentId: agent.id, channel: "whatsapp", contactKey: d.from, clientName: d.name, clientPhone: d.from })
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
 * The worker's turn for one inbound WhatsApp message: conversation → (stored reply, or a new turn
 * that stores both messages with the debit) → send. A retry after a failed send finds the stored
 * reply and only resends it: the model is not called and nothing is charged again.
 */
export async function handleWhatsAppInbound(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const d = job.data as InboundJobData;
  const conn = await connectionById(deps, d.connectionId);
  if (!conn) return { skipped: "connection removed" };
  const [agent] = await deps.db.select().from(agents).where(eq(agents.id, conn.agentId)).limit(1);
  if (!agent?.isActive) return { skipped: "agent inactive" };
  const conversation = await whatsappConversation(deps, agent, d);

  let reply = await storedReply(deps, conversation.id, d.messageId);
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
        idempotencyKey: `wa:${d.messageId}`,
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
            inReplyTo: d.messageId,
            ...(r.sources.length ? { sources: r.sources } : {}),
            ...(r.error ? { error: r.error } : {}),
          };
          await tx.execute({
            sql: `INSERT INTO messages (id, conversation_id, workspace_id, sender_type, sender_name, content, message_type, metadata, is_read, sent_at)
              VALUES (?, ?, ?, 'customer', ?, ?, 'text', ?, 0, ?), (?, ?, ?, 'agent', ?, ?, 'text', ?, 0, ?)`,
            args: [
              customerMessageId, conversation.id, agent.workspaceId, d.name, d.text, JSON.stringify({ providerMessageId: d.messageId }), receivedAt,
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
    reply = { id: replyId, content: result.reply, wamid: null };
  }
  if (reply.wamid) return { conversationId: conversation.id, wamid: reply.wamid, alreadySent: true };

  const wamid = await sendText({
    baseUrl: deps.env.WHATSAPP_GRAPH_BASE,
    version: deps.env.WHATSAPP_GRAPH_VERSION,
    phoneNumberId: conn.config.phoneNumberId,
    accessToken: deps.secrets.decrypt(conn.config.accessToken),
    to: d.from,
    body: reply.content,
  });
  await deps.db
    .update(messages)
    .set({ metadata: sql`json_set(coalesce(${messages.metadata}, '{}'), '$.wamid', ${wamid})` })
    .where(eq(messages.id, reply.id));
  return { conversationId: conversation.id, wamid };
}
