import { and, desc, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import { agents, campaigns, conversations, messages, users } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../lib/errors";
import { INBOX_PAGE_SIZE, type ListConversations, PREVIEW_MAX_CHARS, type Thread } from "../schemas/conversations";
import type { ServiceContext, WorkspaceScope } from "./context";
import { connectionSummary, publicMessage } from "./conversation-view";

export type ConversationRow = typeof conversations.$inferSelect;
export const CONVERSATION_NOT_FOUND = "Conversa não encontrada";

/** Scoped lookup: another workspace's conversation is "not found", never "forbidden" (no id probing). */
export async function scopedConversation(db: DbOrTx, scope: WorkspaceScope, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND);
  return row;
}

/** Newest activity: the last message, or the creation for a conversation whose first message is still being stored. */
const activity = sql<number>`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;

const encodeCursor = (at: number, id: string) => `${at}_${id}`;
function decodeCursor(cursor: string) {
  const m = /^(\d{1,16})_([0-9a-f-]{36})$/.exec(cursor);
  if (!m) throw new AppError("VALIDATION", "Cursor inválido", { field: "cursor" });
  return { at: Number(m[1]), id: m[2] ?? "" };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A filtered list examines at most this many conversations (newest activity first) per request, a
 * search fewer (it reads messages too): a rare filter cannot read the whole inbox on the one JS
 * thread. When the window ends before a page is full, nextCursor continues after it.
 */
export const INBOX_FILTER_WINDOW = 1000;
export const INBOX_SEARCH_WINDOW = 200;
/** A search reads each examined conversation's newest messages only (messages_conversation_idx). */
export const SEARCH_RECENT_MESSAGES = 100;

/**
 * Name, phone/contact id, or one of the conversation's newest SEARCH_RECENT_MESSAGES messages.
 * No FTS table covers messages yet.
 */
function searchClause(term: string) {
  const pattern = `%${likeEscape(term)}%`;
  const digits = term.replace(/\D/g, "");
  const digitPattern = digits.length >= 3 && digits !== term ? `%${digits}%` : null;
  return or(
    sql`${conversations.clientName} LIKE ${pattern} ESCAPE '\\'`,
    sql`${conversations.clientPhone} LIKE ${pattern} ESCAPE '\\'`,
    sql`${conversations.contactKey} LIKE ${pattern} ESCAPE '\\'`,
    digitPattern ? sql`${conversations.clientPhone} LIKE ${digitPattern} OR ${conversations.contactKey} LIKE ${digitPattern}` : undefined,
    sql`EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = ${conversations.id} AND m.sent_at >= coalesce((SELECT m2.sent_at FROM messages m2 WHERE m2.conversation_id = ${conversations.id} ORDER BY m2.sent_at DESC LIMIT 1 OFFSET ${SEARCH_RECENT_MESSAGES - 1}), 0) AND m.content LIKE ${pattern} ESCAPE '\\')`,
  );
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ").trim();

/** The inbox: the current workspace's conversations, newest activity first, 30 a page. */
export async function listConversations(ctx: ServiceContext, scope: WorkspaceScope, userId: string, input: ListConversations) {
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  const after = cursor ? or(lt(activity, cursor.at), and(eq(activity, cursor.at), lt(conversations.id, cursor.id))) : undefined;
  const filtered = Boolean(input.channel || input.status || input.unread || input.needsHuman || input.mine || input.search);
  // The last conversation a filtered request may examine (null: fewer than the window remain).
  const [edge] = filtered
    ? await ctx.db
        .select({ at: activity, id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.workspaceId, scope.id), after))
        .orderBy(desc(activity), desc(conversations.id))
        .limit(1)
        .offset((input.search ? INBOX_SEARCH_WINDOW : INBOX_FILTER_WINDOW) - 1)
    : [];
  const rows = await ctx.db
    .select({
      c: conversations,
      at: activity,
      agentName: agents.name,
      assignedFirst: users.firstName,
      assignedLast: users.lastName,
      campaignName: campaigns.name,
      lastMessageId: sql<string | null>`(SELECT m.id FROM messages m WHERE m.conversation_id = ${conversations.id} ORDER BY m.sent_at DESC, m.id DESC LIMIT 1)`,
    })
    .from(conversations)
    .leftJoin(agents, eq(agents.id, conversations.agentId))
    .leftJoin(users, eq(users.id, conversations.assignedToUserId))
    .leftJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .where(
      and(
        eq(conversations.workspaceId, scope.id),
        input.channel ? eq(conversations.channel, input.channel) : undefined,
        input.status ? eq(conversations.status, input.status) : undefined,
        input.unread ? gt(conversations.unreadCount, 0) : undefined,
        input.needsHuman ? eq(conversations.needsHumanSupport, true) : undefined,
        input.mine ? eq(conversations.assignedToUserId, userId) : undefined,
        input.search ? searchClause(input.search) : undefined,
        after,
        edge ? or(gt(activity, edge.at), and(eq(activity, edge.at), gte(conversations.id, edge.id))) : undefined,
      ),
    )
    .orderBy(desc(activity), desc(conversations.id))
    .limit(INBOX_PAGE_SIZE + 1);
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const lastIds = page.map((r) => r.lastMessageId).filter((x): x is string => Boolean(x));
  const previews = lastIds.length
    ? await ctx.db
        .select({ id: messages.id, content: sql<string>`substr(${messages.content}, 1, ${PREVIEW_MAX_CHARS + 1})`, senderType: messages.senderType, messageType: messages.messageType, sentAt: messages.sentAt })
        .from(messages)
        .where(inArray(messages.id, lastIds))
    : [];
  const previewOf = new Map(previews.map((p) => [p.id, p]));
  const items = page.map(({ c, agentName, assignedFirst, assignedLast, campaignName, lastMessageId }) => {
    const last = lastMessageId ? previewOf.get(lastMessageId) : undefined;
    return {
      id: c.id,
      channel: c.channel,
      clientName: c.clientName,
      clientPhone: c.clientPhone,
      contactKey: c.contactKey,
      status: c.status,
      handledBy: c.handledBy,
      needsHumanSupport: c.needsHumanSupport,
      unreadCount: c.unreadCount,
      lastMessageAt: c.lastMessageAt ?? c.createdAt,
      lastMessage: last
        ? { content: previewText(last.content), senderType: last.senderType, messageType: last.messageType, sentAt: last.sentAt }
        : null,
      assignedTo: c.assignedToUserId ? { id: c.assignedToUserId, name: fullName(assignedFirst, assignedLast) || "Membro removido" } : null,
      agent: c.agentId ? { id: c.agentId, name: agentName ?? "" } : null,
      /** The campaign whose message reached this customer: the inbox tags the conversation with it. */
      campaign: c.campaignId && campaignName !== null ? { id: c.campaignId, name: campaignName } : null,
    };
  });
  const tail = page.at(-1);
  let nextCursor = rows.length > INBOX_PAGE_SIZE && tail ? encodeCursor(tail.at, tail.c.id) : null;
  // The window ran out before a page filled: the next request looks at the conversations after it.
  if (!nextCursor && edge) nextCursor = encodeCursor(edge.at, edge.id);
  return { items, nextCursor };
}

/** At most PREVIEW_MAX_CHARS characters on one line, a cut marked with an ellipsis (`head` is the first MAX+1 characters). */
const previewText = (head: string) => {
  const flat = head.replace(/\s+/g, " ").trim();
  const cut = head.length > PREVIEW_MAX_CHARS || flat.length > PREVIEW_MAX_CHARS;
  return cut ? `${flat.slice(0, PREVIEW_MAX_CHARS - 1).trimEnd()}…` : flat;
};

/** The badge shows "99+" past 99: counting further would read every unread conversation. */
export const COUNTS_CAP = 1000;

/**
 * For the sidebar badge: conversations with unread messages, and open ones waiting for a person,
 * each at most COUNTS_CAP. The conditions are written as the partial indexes' (literal constants),
 * so each count reads only matching rows.
 */
export async function conversationCounts(ctx: ServiceContext, scope: WorkspaceScope) {
  const capped = (condition: ReturnType<typeof sql>) =>
    sql<number>`(SELECT count(*) FROM (SELECT 1 FROM ${conversations} WHERE ${conversations.workspaceId} = ${scope.id} AND ${condition} LIMIT ${COUNTS_CAP}))`;
  const [row] = await ctx.db.all<{ unread: number; needsHuman: number }>(
    sql`SELECT ${capped(sql`unread_count > 0`)} AS unread, ${capped(sql`needs_human_support = 1 AND status = 'active'`)} AS needsHuman`,
  );
  return { unread: Number(row?.unread ?? 0), needsHuman: Number(row?.needsHuman ?? 0) };
}

/** The conversation with its agent, connection and assignee, as the thread header shows it. */
export async function conversationDetail(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const conv = await scopedConversation(ctx.db, scope, id);
  const [agent] = conv.agentId
    ? await ctx.db.select({ id: agents.id, name: agents.name, isActive: agents.isActive }).from(agents).where(eq(agents.id, conv.agentId)).limit(1)
    : [];
  const [assignee] = conv.assignedToUserId
    ? await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, conv.assignedToUserId)).limit(1)
    : [];
  const connection = conv.connectionId ? await connectionSummary(ctx, conv.connectionId) : null;
  const [campaign] = conv.campaignId
    ? await ctx.db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(and(eq(campaigns.id, conv.campaignId), eq(campaigns.workspaceId, scope.id)))
        .limit(1)
    : [];
  const meta = conv.metadata ?? {};
  return {
    id: conv.id,
    channel: conv.channel,
    contactKey: conv.contactKey,
    clientName: conv.clientName,
    clientPhone: conv.clientPhone,
    clientEmail: conv.clientEmail,
    clientAvatar: conv.clientAvatar,
    status: conv.status,
    handledBy: conv.handledBy,
    aiPausedUntil: conv.aiPausedUntil,
    needsHumanSupport: conv.needsHumanSupport,
    needsReview: conv.needsReview,
    waitingForUser: conv.waitingForUser,
    finishedAt: conv.finishedAt,
    unreadCount: conv.unreadCount,
    lastMessageAt: conv.lastMessageAt ?? conv.createdAt,
    createdAt: conv.createdAt,
    handoffReason: typeof meta.handoffReason === "string" ? meta.handoffReason : null,
    /** How long the AI stays silent after a person's reply (HUMAN_TAKEOVER_MINUTES), for the composer's note. */
    aiPauseMinutes: ctx.env.HUMAN_TAKEOVER_MINUTES,
    agent: agent ?? null,
    assignedTo: conv.assignedToUserId ? { id: conv.assignedToUserId, name: fullName(assignee?.firstName ?? null, assignee?.lastName ?? null) || "Membro removido" } : null,
    connection,
    /** The campaign whose message reached this customer (the header links to its results). */
    campaign: campaign ?? null,
    /** Why the composer is closed, or null when a person can answer here. */
    replyBlockedReason: replyBlockedReason(conv, connection),
  };
}

export const WEB_CHAT_NO_REPLY = "Conversas do chat do site não podem ser respondidas por aqui: o visitante só recebe as respostas do agente enquanto está com o chat aberto.";
export const CHANNEL_GONE = "O canal desta conversa foi desconectado. Conecte-o novamente no agente para responder.";

export function replyBlockedReason(conv: Pick<ConversationRow, "connectionId">, connection: unknown) {
  if (!conv.connectionId) return WEB_CHAT_NO_REPLY;
  if (!connection) return CHANNEL_GONE;
  return null;
}

/** The conversation and a page of its messages (oldest → newest); `cursor` loads the page before it. */
export async function conversationThread(ctx: ServiceContext, scope: WorkspaceScope, input: Thread) {
  const conversation = await conversationDetail(ctx, scope, input.id);
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), input.cursor ? lt(messages.id, input.cursor) : undefined))
    .orderBy(desc(messages.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit).reverse();
  const hasOlder = rows.length > input.limit;
  return { conversation, messages: page.map(publicMessage), olderCursor: hasOlder ? (page[0]?.id ?? null) : null };
}
