import { createHash } from "node:crypto";
import { type agents, chatFeedback } from "../../db/schema";
import { TtlCache } from "../lib/ttl-cache";
import { type TurnResult, runTurn } from "../runtime/turn";
import { type TurnPlace, planMetadata, planTurn, settlePlanInTx } from "../runtime/turn-plan";
import { fileUrl } from "../schemas/files";
import { type ChatExternal, type Feedback, MAX_IMAGE_BYTES } from "../schemas/public-chat";
import type { EditorScope } from "./access";
import { agentUnavailableReason } from "./agent-availability";
import type { AgentGate } from "./agent-gate";
import { activeAgent } from "./agent-cache";
import { recordFeedbackOutcome } from "./ab-tests/outcomes";
import { renderForConversation } from "./crm/template-values";
import { getAgent } from "./agents";
import { deleteStoredFile, saveStoredFile } from "./files/store";
import type { AppDeps, RequestMeta } from "./context";
import { notifyJobEnqueued } from "./jobs";

/** visitor → conversation id; conversations are never re-keyed, so this only saves a lookup. */
const conversationIds = new TtlCache<string>(10 * 60_000, 50_000);

/** GET /api/v1/public/agents/{id}: only what a visitor may see of an active agent. */
export async function getPublicAgent(deps: AppDeps, id: string) {
  // An agent stopped by the platform (or whose owner is suspended) still has a page: it says why it does not answer.
  const unavailableReason = await agentUnavailableReason(deps.db, id);
  const a = await activeAgent(deps, id, unavailableReason ? { allowInactive: true, allowUnavailable: true } : {});
  if (unavailableReason) return { id: a.id, name: a.name, activity: a.activity, avatarUrl: a.avatarUrl, greetingMessage: null, unavailableReason };
  // A visitor is nobody yet: {{nome}} falls back to its default; {{saudacao}}, {{agente}}… render.
  const greetingMessage = a.greetingMessage ? await renderForConversation(deps.db, { workspaceId: a.workspaceId, conversationId: null, agent: a }, a.greetingMessage) : a.greetingMessage;
  return { id: a.id, name: a.name, activity: a.activity, avatarUrl: a.avatarUrl, greetingMessage, unavailableReason: null };
}

/** A stable visitor key when the page sent no session id: hashed IP + user agent (never stored raw). */
const visitorKey = (meta: RequestMeta) => `anon-${createHash("sha256").update(`${meta.ipAddress}|${meta.userAgent}`).digest("hex").slice(0, 24)}`;

function decodeDataUrl(dataUrl: string) {
  const comma = dataUrl.indexOf(",");
  const mime = dataUrl.slice(5, dataUrl.indexOf(";"));
  return { mime, data: new Uint8Array(Buffer.from(dataUrl.slice(comma + 1), "base64")) };
}

/**
 * The web conversation of this visitor with this agent (channel web), created on first message.
 * Plain SQL (prepared once by the file client): a new visitor's first turn pays no query building.
 */
async function webConversationId(deps: AppDeps, agent: typeof agents.$inferSelect, contactKey: string) {
  return conversationIds.get(`${agent.id}|${contactKey}`, async () => {
    const found = await deps.db.$client.execute({
      sql: "SELECT id FROM conversations WHERE agent_id = ? AND channel = 'web' AND contact_key = ? ORDER BY created_at DESC LIMIT 1",
      args: [agent.id, contactKey],
    });
    const existing = found.rows[0]?.id;
    if (typeof existing === "string") return existing;
    const id = Bun.randomUUIDv7();
    const now = Date.now();
    await deps.db.$client.execute({
      sql: "INSERT INTO conversations (id, workspace_id, agent_id, channel, contact_key, client_name, created_at, updated_at) VALUES (?, ?, ?, 'web', ?, ?, ?, ?)",
      args: [id, agent.workspaceId, agent.id, contactKey, "Visitante do chat web", now, now],
    });
    return id;
  });
}

export type ChatExternalResult = TurnResult & { conversationId: string; messageId: string };

/**
 * POST /api/v1/agents/{id}/chat-external: stores the visitor's message, runs one turn (streaming
 * deltas to onDelta when given), stores the reply with what the AI used. The public chat and the
 * editor's preview call this same path.
 */
export async function chatExternal(
  deps: AppDeps,
  meta: RequestMeta,
  agentId: string,
  input: ChatExternal,
  /**
   * persist false + allowInactive: the editor's preview (the caller has checked the workspace).
   * checkedAgent: the route already read it with activeAgent (availability included) for this
   * request, so the turn does not read and check it a second time (issue 12: one query a turn).
   * gate: what it read with it (services/agent-gate.ts), which the plan and the turn then need not ask.
   */
  opts: { onDelta?: (d: string) => void; signal?: AbortSignal; persist?: boolean; allowInactive?: boolean; checkedAgent?: typeof agents.$inferSelect; gate?: AgentGate | null } = {},
): Promise<ChatExternalResult> {
  const agent = opts.checkedAgent?.id === agentId ? opts.checkedAgent : await activeAgent(deps, agentId, { allowInactive: opts.allowInactive });
  const persist = opts.persist !== false;
  const contactKey = input.sessionId ?? visitorKey(meta);
  const conversationId = persist ? await webConversationId(deps, agent, contactKey) : null;
  const receivedAt = deps.now();
  const customerMessageId = Bun.randomUUIDv7();
  // A stored conversation keeps the visitor's image as a chat_image file so the inbox can show it
  // (served to the workspace's members only); the preview stores nothing.
  const image = input.imageData ? decodeDataUrl(input.imageData) : null;
  const storedImage =
    image && conversationId
      ? await saveStoredFile(
          deps,
          { purpose: "chat_image", workspaceId: agent.workspaceId, agentId: agent.id, refId: customerMessageId, fileName: `imagem.${image.mime.split("/")[1] ?? "img"}`, mimeType: image.mime },
          image.data,
          { maxBytes: MAX_IMAGE_BYTES, message: "A imagem deve ter no máximo 10MB" },
        )
      : null;
  let imagePersisted = false;
  const attachments = [
    image ? { type: "image", mime: image.mime, ...(storedImage ? { url: fileUrl(storedImage.id), size: storedImage.sizeBytes } : {}) } : null,
    input.audioData ? { type: "audio", mime: decodeDataUrl(input.audioData).mime } : null,
    input.documentData ? { type: "document", mime: decodeDataUrl(input.documentData).mime } : null,
  ].filter((a): a is { type: string; mime: string } => a !== null);
  const replyId = Bun.randomUUIDv7();

  const audio = input.audioData ? decodeDataUrl(input.audioData) : null;
  const doc = input.documentData ? decodeDataUrl(input.documentData) : null;
  const documentText = doc && /^text\//.test(doc.mime) ? new TextDecoder().decode(doc.data).slice(0, 20_000) : null;
  // A stored conversation goes through the orchestration, A/B tests and memory (runtime/turn-plan.ts);
  // the editor's preview talks to the agent itself.
  const place: TurnPlace | null = conversationId
    ? { workspaceId: agent.workspaceId, conversationId, channel: "web", connectionId: null, contactKey, customer: { name: null, phone: null, email: null }, turnMessageId: customerMessageId }
    : null;
  const gate = opts.gate ?? null;
  const plan = place ? await planTurn(deps, agent, place, input.message, gate) : null;
  // The web chat has no person to answer: the router's "call a person" falls back to the agent it chose.
  const answering = plan?.agent ?? agent;
  let insightsQueued = false;
  const result = await runTurn(
    deps,
    answering,
    { text: input.message, imageDataUrl: input.imageData ?? null, audio, documentText },
    {
      history: input.chatHistory.slice(-50),
      idempotencyKey: `web:${conversationId ?? "preview"}:${customerMessageId}`,
      conversationId,
      // The IP-derived key, not the session id the browser may rotate: a visitor's cap holds.
      customerKey: `web:${visitorKey(meta)}`,
      onDelta: opts.onDelta,
      signal: opts.signal,
      context: plan?.context ?? null,
      gate,
      // Both messages and the conversation's counters are written with the debit, in one commit.
      persist: conversationId
        ? async (tx, r) => {
            const now = deps.now();
            const metadata = {
              outcome: r.outcome,
              provider: r.provider,
              model: r.model,
              usage: r.usage,
              creditsMilli: r.creditsMilli,
              latencyMs: r.latencyMs,
              ...(r.sources.length ? { sources: r.sources } : {}),
              ...(r.toolCalls?.length ? { tools: r.toolCalls } : {}),
              ...(r.error ? { error: r.error } : {}),
              ...planMetadata(plan, answering),
            };
            await tx.execute({
              sql: `INSERT INTO messages (id, conversation_id, workspace_id, sender_type, sender_name, content, message_type, attachments, metadata, is_read, sent_at)
                VALUES (?, ?, ?, 'customer', ?, ?, ?, ?, ?, 0, ?), (?, ?, ?, 'agent', ?, ?, 'text', NULL, ?, 0, ?)`,
              args: [
                customerMessageId,
                conversationId,
                agent.workspaceId,
                "Visitante do chat web",
                input.message,
                input.imageData ? "image" : input.audioData ? "audio" : "text",
                attachments.length ? JSON.stringify(attachments) : null,
                r.transcript ? JSON.stringify({ transcript: r.transcript }) : null,
                receivedAt,
                replyId,
                conversationId,
                agent.workspaceId,
                answering.name,
                r.reply,
                JSON.stringify(metadata),
                now,
              ],
            });
            await tx.execute({
              sql: "UPDATE conversations SET last_message_at = ?, unread_count = unread_count + 2, updated_at = ? WHERE id = ?",
              args: [now, now, conversationId],
            });
            if (place) insightsQueued = await settlePlanInTx(tx, plan, { place, agent: answering, customerMessageIds: [customerMessageId], replyMessageId: replyId, now });
            imagePersisted = true;
          }
        : undefined,
    },
  ).finally(async () => {
    // A turn that stored no message (refused, failed) leaves no orphan image behind.
    if (storedImage && !imagePersisted) await deleteStoredFile(deps, storedImage.id);
  });
  if (insightsQueued) notifyJobEnqueued(deps.db);
  return { ...result, conversationId: conversationId ?? "", messageId: replyId };
}

export async function recordFeedback(deps: AppDeps, agentId: string, input: Feedback, fallbackSession: string) {
  const agent = await activeAgent(deps, agentId);
  const [row] = await deps.db
    .insert(chatFeedback)
    .values({
      agentId: agent.id,
      workspaceId: agent.workspaceId,
      sessionId: input.sessionId ?? fallbackSession,
      userMessage: input.userMessage,
      agentResponse: input.agentResponse,
      feedbackType: input.feedbackType,
      observation: input.observation || null,
      weight: input.feedbackType === "dislike" ? 1.5 : 1,
    })
    .returning({ id: chatFeedback.id });
  // A like is an A/B test's "positive feedback" for the session's web conversation (never throws).
  if (input.feedbackType === "like") await recordFeedbackOutcome(deps, { workspaceId: agent.workspaceId, agentId: agent.id, sessionId: input.sessionId ?? fallbackSession });
  return { id: row?.id ?? "" };
}

/**
 * The editor's preview chat: the same runtime, nothing stored, credits charged like any turn, so it
 * takes an EditorScope (a viewer must not spend the workspace's credits). An inactive agent can be
 * tried out before it goes live.
 */
export async function previewAgent(deps: AppDeps, meta: RequestMeta, scope: EditorScope, agentId: string, input: ChatExternal) {
  await getAgent(deps.db, scope, agentId);
  const result = await chatExternal(deps, meta, agentId, input, { persist: false, allowInactive: true });
  return { response: result.reply, outcome: result.outcome, model: result.model, creditsMilli: result.creditsMilli };
}
