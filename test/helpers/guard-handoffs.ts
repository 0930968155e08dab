import type { ProcedureExpectation } from "./guard-procedures";

/** A handoff id no workspace has: the fixture holds no handoff; cross-workspace ids are tested in test/handoffs-api.test.ts. */
const NO_HANDOFF = "00000000-0000-4000-8000-0000000000a1";

/** Access of the issue-18 handoffs procedures: merged into PROCEDURES by guard-procedures.ts. */
export const HANDOFFS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "handoffs.list": { access: "member", input: () => ({ status: "pending", page: 1 }) },
  "handoffs.pendingCount": { access: "member" },
  "handoffs.forConversation": { access: "member", input: (f) => ({ conversationId: f.conversationId }), scoped: true },
  "handoffs.accept": { access: "canAnswerConversations", input: () => ({ id: NO_HANDOFF }) },
  "handoffs.complete": { access: "canAnswerConversations", input: () => ({ id: NO_HANDOFF }) },
  "handoffs.cancel": { access: "canAnswerConversations", input: () => ({ id: NO_HANDOFF }) },
  "handoffs.settings.get": { access: "member" },
  "handoffs.settings.update": {
    access: "canManageSettings",
    input: () => ({ acceptTimeoutMinutes: 15, onTimeout: "resume_ai", timeoutMessage: "", notifyEmail: false, notifyWhatsappNumber: "", notifyConnectionId: null }),
  },
};
