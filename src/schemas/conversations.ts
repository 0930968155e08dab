import { z } from "zod";

/** What the inbox filters by: conversations.channel (whatsapp covers both connection styles). */
export const conversationChannels = ["whatsapp", "telegram", "instagram", "web"] as const;
export type ConversationChannel = (typeof conversationChannels)[number];
export const conversationStatuses = ["active", "resolved"] as const;

/** The list's page size (the inbox loads more as the person scrolls). */
export const INBOX_PAGE_SIZE = 30;
/** Messages per thread page: the newest 100 first, older ones on demand. */
export const THREAD_PAGE_SIZE = 100;
/** A reply travels as one channel message at most this long (Telegram/WhatsApp text limit). */
export const REPLY_MAX_CHARS = 4096;
/** Longest preview of the last message in the list. */
export const PREVIEW_MAX_CHARS = 120;

const id = z.uuid({ message: "Conversa inválida" });
// "true"/"1" from a query string, or a real boolean from tRPC.
const flag = z.preprocess((v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" || v === "" ? undefined : v), z.boolean({ message: "Filtro inválido" }).optional());
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const listConversationsInput = z
  .object({
    channel: z.preprocess(blank, z.enum(conversationChannels, { message: "Canal deve ser whatsapp, telegram, instagram ou web" }).optional()),
    status: z.preprocess(blank, z.enum(conversationStatuses, { message: "Status deve ser active ou resolved" }).optional()),
    unread: flag,
    needsHuman: flag,
    mine: flag,
    search: z.preprocess(
      blank,
      z.string({ message: "Busca inválida" }).trim().max(100, "A busca deve ter no máximo 100 caracteres").optional(),
    ),
    cursor: z.preprocess(blank, z.string().max(200, "Cursor inválido").nullish()),
  })
  .default({});
export type ListConversationsInput = z.input<typeof listConversationsInput>;
export type ListConversations = z.output<typeof listConversationsInput>;

export const conversationIdInput = z.object({ id });
export type ConversationRef = z.output<typeof conversationIdInput>;

export const threadInput = z.object({
  id,
  /** Id of the oldest message already shown: the page before it comes back. */
  cursor: z.uuid({ message: "Cursor inválido" }).nullish(),
  limit: z.number().int().min(1).max(THREAD_PAGE_SIZE).default(THREAD_PAGE_SIZE),
});
export type Thread = z.output<typeof threadInput>;

export const replyInput = z.object({
  id,
  text: z
    .string({ message: "Escreva a mensagem" })
    .trim()
    .min(1, "Escreva a mensagem")
    .max(REPLY_MAX_CHARS, `A mensagem deve ter no máximo ${REPLY_MAX_CHARS} caracteres`),
  /** Chosen by the client per send: a retried request (no answer seen) does not send twice. */
  clientId: z.uuid({ message: "Identificador inválido" }).optional(),
});
export type ReplyInput = z.input<typeof replyInput>;
export type Reply = z.output<typeof replyInput>;

export const assignInput = z.object({
  id,
  userId: z.uuid({ message: "Membro inválido" }).nullable(),
});
export type Assign = z.output<typeof assignInput>;
