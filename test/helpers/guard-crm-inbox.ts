import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the CRM's inbox procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_INBOX_PROCEDURES: Record<string, ProcedureExpectation> = {
  "conversations.contact": { access: "member", input: (f) => ({ conversationId: f.conversationId }), scoped: true },
  "conversations.createContact": { access: "canAnswerConversations", input: (f) => ({ conversationId: f.conversationId }), scoped: true },
  "conversations.createDeal": { access: "canAnswerConversations", input: (f) => ({ conversationId: f.conversationId, title: "Negócio da conversa", valueCents: 12_345 }), scoped: true },
};
