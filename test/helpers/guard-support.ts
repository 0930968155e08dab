import type { ProcedureExpectation } from "./guard-procedures";

/** A request id no one holds: support.* answers NOT_FOUND for it as for another user's request. */
const NO_REQUEST = "00000000-0000-4000-8000-00000000005a";

/**
 * Access of the issue-19 support and adminSupport procedures: merged into PROCEDURES by guard-procedures.ts.
 * support.* is any signed-in user on their own requests (test/support-requests.test.ts checks another user's id).
 */
export const SUPPORT_PROCEDURES: Record<string, ProcedureExpectation> = {
  "support.list": { access: "authed", input: () => ({ page: 1, pageSize: 20 }) },
  "support.get": { access: "authed", input: () => ({ id: NO_REQUEST }) },
  "support.reply": { access: "authed", input: () => ({ id: NO_REQUEST, body: "Ainda preciso de ajuda." }) },
  "support.close": { access: "authed", input: () => ({ id: NO_REQUEST }) },
  "adminSupport.list": { access: "admin", input: () => ({ page: 1, pageSize: 20, status: "open", q: "whatsapp" }) },
  "adminSupport.get": { access: "admin", input: () => ({ id: NO_REQUEST }) },
  "adminSupport.reply": { access: "admin", input: () => ({ id: NO_REQUEST, body: "Já corrigimos.", status: "resolved" }) },
  "adminSupport.setStatus": { access: "admin", input: () => ({ id: NO_REQUEST, status: "in_progress" }) },
  "adminSupport.setPriority": { access: "admin", input: () => ({ id: NO_REQUEST, priority: "high" }) },
};
