/**
 * The inbox's contact card (issue 14): the conversation's contact, its open deals, "Criar contato"
 * and "Criar negócio". The same schemas validate the card's small form and the procedures.
 */
import { z } from "zod";
import { dealFields } from "./funnel";

const uuid = z.uuid({ message: "ID inválido" });

export const conversationContactInput = z.object({ conversationId: uuid });
export type ConversationContactInput = z.infer<typeof conversationContactInput>;

export const createConversationDealInput = z.object({
  conversationId: uuid,
  // The same title and value rules as a deal made on the board.
  title: dealFields.shape.title,
  valueCents: dealFields.shape.valueCents.default(0),
});
export type CreateConversationDealInput = z.input<typeof createConversationDealInput>;


export const CONVERSATION_CONTACT_ERRORS = {
  conversationNotFound: "Conversa não encontrada",
  nothingToMatch: "Esta conversa não tem nome, telefone nem e-mail do cliente para criar o contato.",
} as const;
