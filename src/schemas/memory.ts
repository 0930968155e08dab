import { z } from "zod";

/**
 * Contact memory and conversation summaries (issue 18): the shapes shared by the contact page's
 * forms and the memory.* procedures.
 */
export const MEMORY_CATEGORIES = ["geral", "preferencia", "familia", "saude", "localizacao", "trabalho", "datas", "compras"] as const;
export type MemoryCategory = (typeof MEMORY_CATEGORIES)[number];
export const MEMORY_CATEGORY_LABEL: Record<MemoryCategory, string> = {
  geral: "Geral",
  preferencia: "Preferência",
  familia: "Família e pets",
  saude: "Saúde",
  localizacao: "Localização",
  trabalho: "Trabalho",
  datas: "Datas",
  compras: "Compras",
};
export const MEMORY_SOURCE_LABEL = { extracted: "Extraída", manual: "Manual" } as const;
export const SUMMARY_REASON_LABEL = { resolved: "Resolvida", idle: "Inativa", transfer: "Transferência", manual: "Pedido manual" } as const;

/** A conversation quiet for this long gets its summary (the idle summary job). */
export const SUMMARY_IDLE_MINUTES = 30;
/** Recall caps: the newest facts only, so the context stays short. */
export const RECALL_MAX_FACTS = 20;
export const RECALL_MAX_CHARS = 1500;

export const MEMORY_ERRORS = {
  contactNotFound: "Contato não encontrado.",
  memoryNotFound: "Memória não encontrada.",
  conversationNotFound: "Conversa não encontrada.",
  duplicate: "Este fato já está na memória do cliente.",
  nothingToSummarize: "A conversa ainda não tem mensagens para resumir.",
} as const;

const uuid = z.string().uuid("Identificador inválido.");
const fact = z.string().trim().min(1, "Escreva o fato.").max(300, "O fato pode ter até 300 caracteres.");
const category = z.enum(MEMORY_CATEGORIES, { message: "Categoria inválida." });

export const memoryContactInput = z.object({ contactId: uuid });
export const createMemoryInput = z.object({ contactId: uuid, fact, category: category.default("geral") });
export type CreateMemoryInput = z.input<typeof createMemoryInput>;
export const updateMemoryInput = z.object({ id: uuid, fact, category });
export type UpdateMemoryInput = z.infer<typeof updateMemoryInput>;
export const memoryIdInput = z.object({ id: uuid });

/** A contact's summaries, or one conversation's; keyset pages (newest first). */
export const listSummariesInput = z
  .object({ contactId: uuid.optional(), conversationId: uuid.optional(), cursor: z.string().max(100).nullish(), limit: z.number().int().min(1).max(50).default(10) })
  .refine((v) => Boolean(v.contactId) !== Boolean(v.conversationId), { message: "Informe o contato ou a conversa." });
export type ListSummariesInput = z.input<typeof listSummariesInput>;
export const summarizeInput = z.object({ conversationId: uuid });

const CHANNEL_LABEL: Record<string, string> = {
  web: "Chat web",
  whatsapp: "WhatsApp",
  whatsapp_cloud: "WhatsApp",
  whatsapp_uaz: "WhatsApp (servidor próprio)",
  telegram: "Telegram",
  instagram: "Instagram",
};
/** conversations.channel as the interface names it. */
export const channelLabel = (channel: string) => CHANNEL_LABEL[channel] ?? channel;
