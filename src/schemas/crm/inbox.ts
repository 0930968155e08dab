/**
 * The inbox's contact card (issue 14): the conversation's contact, its open deals, "Criar contato"
 * and "Criar negócio". The same schemas validate the card's small form and the procedures.
 */
import { z } from "zod";
import { line } from "../text";

const uuid = z.uuid({ message: "ID inválido" });

export const conversationContactInput = z.object({ conversationId: uuid });
export type ConversationContactInput = z.infer<typeof conversationContactInput>;

/** Most a deal value may be: R$ 1 bilhão, in centavos. */
export const MAX_DEAL_CENTS = 100_000_000_000;

export const createConversationDealInput = z.object({
  conversationId: uuid,
  title: line(2, 200, { min: "Título deve ter pelo menos 2 caracteres", max: "Título deve ter no máximo 200 caracteres" }),
  valueCents: z
    .number({ message: "Valor inválido" })
    .int("Valor inválido")
    .min(0, "Valor não pode ser negativo")
    .max(MAX_DEAL_CENTS, "Valor acima do máximo")
    .default(0),
});
export type CreateConversationDealInput = z.input<typeof createConversationDealInput>;

/** "1.500,50", "1500.5", "R$ 10" → centavos; null when it is not an amount of money. */
export function parseBrlToCents(raw: string): number | null {
  const s = raw.replace(/R\$|\s/g, "");
  if (!s) return 0;
  // pt-BR: dots group thousands, the comma is the decimal separator; a lone dot with 1–2 digits after is decimal.
  const normalised = s.includes(",") ? s.replace(/\./g, "").replace(",", ".") : /^\d+\.\d{1,2}$/.test(s) ? s : s.replace(/\./g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

export const CONVERSATION_CONTACT_ERRORS = {
  conversationNotFound: "Conversa não encontrada",
  nothingToMatch: "Esta conversa não tem nome, telefone nem e-mail do cliente para criar o contato.",
} as const;
