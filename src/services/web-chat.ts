import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { agents, chatFeedback, conversations, messages } from "../../db/schema";
import { AppError } from "../lib/errors";
import { type TurnResult, runTurn } from "../runtime/turn";
import { chatExternalInput, feedbackInput } from "../schemas/public-chat";
import type { AppDeps, RequestMeta } from "./context";

export const AGENT_NOT_FOUND = "Agente não encontrado";

async function activeAgent(deps: AppDeps, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", AGENT_NOT_FOUND);
  const [row] = await deps.db.select().from(agents).where(eq(agents.id, id)).limit(1);
  if (!row?.isActive) throw new AppError("NOT_FOUND", AGENT_NOT_FOUND);
  return row;
}

/** GET /api/v1/public/agents/{id}: only what a visitor may see of an active agent. */
export async function getPublicAgent(deps: AppDeps, id: string) {
  const a = await activeAgent(deps, id);
  return { id: a.id, name: a.name, activity: a.activity, avatarUrl: a.avatarUrl, greetingMessage: a.greetingMessage };
}

/** A stable visitor key when the page sent no session id: hashed IP + user agent (never stored raw). */
const visitorKey = (meta: RequestMeta) => `anon-${createHash("sha256").update(`${meta.ipAddress}|${meta.userAgent}`).digest("hex").slice(0, 24)}`;

function decodeDataUrl(dataUrl: string) {
  const comma = dataUrl.indexOf(",");
  const mime = dataUrl.slice(5, dataUrl.indexOf(";"));
  return { mime, data: new Uint8Array(Buffer.from(dataUrl.slice(comma + 1), "base64")) };
}

/** The web conversation of this visitor with this agent (channel web), created on first message. */
async function webConversation(deps: AppDeps, agent: typeof agents.$inferSelect, contactKey: string) {
  const [existing] = await deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.agentId, agent.id), eq(conversations.channel, "web"), eq(conversations.contactKey, contactKey)))
    .orderBy(desc(conversations.createdAt))
    .limit(1);
  if (existing) return existing;
  const [created] = await deps.db
    .insert(conversations)
    .values({ workspaceId: agent.workspaceId, agentId: agent.id, channel: "web", contactKey, clientName: "Visitante do chat web" })
    .returning();
  if (!created) throw new AppError("INTERNAL", "Falha ao iniciar conversa");
  return created;
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
  raw: unknown,
  opts: { onDelta?: (d: string) => void; signal?: AbortSignal; persist?: boolean } = {},
): Promise<ChatExternalResult> {
  const input = chatExternalInput.parse(raw);
  const agent = await activeAgent(deps, agentId);
  const persist = opts.persist !== false;
  const contactKey = input.sessionId ?? visitorKey(meta);
  const conversation = persist ? await webConversation(deps, agent, contactKey) : null;
  const attachments = [
    input.imageData ? { type: "image", mime: decodeDataUrl(input.imageData).mime } : null,
    input.audioData ? { type: "audio", mime: decodeDataUrl(input.audioData).mime } : null,
    input.documentData ? { type: "document", mime: decodeDataUrl(input.documentData).mime } : null,
  ].filter((a): a is { type: string; mime: string } => a !== null);

  const customerMessageId = Bun.randomUUIDv7();
  if (conversation) {
    await deps.db.insert(messages).values({
      id: customerMessageId,
      conversationId: conversation.id,
      workspaceId: agent.workspaceId,
      senderType: "customer",
      senderName: conversation.clientName,
      content: input.message,
      messageType: input.imageData ? "image" : input.audioData ? "audio" : "text",
      attachments: attachments.length ? attachments : null,
      sentAt: deps.now(),
    });
  }

  const audio = input.audioData ? decodeDataUrl(input.audioData) : null;
  const doc = input.documentData ? decodeDataUrl(input.documentData) : null;
  const documentText = doc && /^text\//.test(doc.mime) ? new TextDecoder().decode(doc.data).slice(0, 20_000) : null;
  const result = await runTurn(
    deps,
    agent,
    { text: input.message, imageDataUrl: input.imageData ?? null, audio, documentText },
    {
      history: input.chatHistory.slice(-50),
      idempotencyKey: `web:${conversation?.id ?? "preview"}:${customerMessageId}`,
      conversationId: conversation?.id ?? null,
      onDelta: opts.onDelta,
      signal: opts.signal,
    },
  );

  const replyId = Bun.randomUUIDv7();
  if (conversation) {
    const now = deps.now();
    await deps.db.insert(messages).values({
      id: replyId,
      conversationId: conversation.id,
      workspaceId: agent.workspaceId,
      senderType: "agent",
      senderName: agent.name,
      content: result.reply,
      metadata: {
        outcome: result.outcome,
        provider: result.provider,
        model: result.model,
        usage: result.usage,
        creditsMilli: result.creditsMilli,
        latencyMs: result.latencyMs,
        transcript: result.transcript,
        ...(result.error ? { error: result.error } : {}),
      },
      sentAt: now,
    });
    await deps.db
      .update(conversations)
      .set({ lastMessageAt: now, unreadCount: sql`${conversations.unreadCount} + 1` })
      .where(eq(conversations.id, conversation.id));
  }
  return { ...result, conversationId: conversation?.id ?? "", messageId: replyId };
}

export async function recordFeedback(deps: AppDeps, agentId: string, raw: unknown, fallbackSession: string) {
  const input = feedbackInput.parse(raw);
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
  return { id: row?.id ?? "" };
}
