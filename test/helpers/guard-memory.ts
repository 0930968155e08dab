import type { ProcedureExpectation } from "./guard-procedures";

/** A memory id no workspace has: the matrix checks the refusals (auth, viewer); test/memory-api.test.ts the tenancy of real ids. */
const NO_MEMORY = "00000000-0000-4000-8000-00000000a18e";

/** Access of the issue-18 memory procedures: merged into PROCEDURES by guard-procedures.ts. */
export const MEMORY_PROCEDURES: Record<string, ProcedureExpectation> = {
  "memory.list": { access: "member", input: (f) => ({ contactId: f.crm.contactId }), scoped: true },
  "memory.create": { access: "canAnswerConversations", input: (f) => ({ contactId: f.crm.contactId, fact: "prefere entrega à tarde", category: "preferencia" }), scoped: true },
  "memory.update": { access: "canAnswerConversations", input: () => ({ id: NO_MEMORY, fact: "tem dois cachorros", category: "familia" }) },
  "memory.delete": { access: "canAnswerConversations", input: () => ({ id: NO_MEMORY }) },
  "memory.summaries": { access: "member", input: (f) => ({ contactId: f.crm.contactId }), scoped: true },
  "memory.summarize": { access: "canAnswerConversations", input: (f) => ({ conversationId: f.conversationId }), scoped: true },
};
