import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const read = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "member", input, scoped: true });
const write = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canAnswerConversations", input, scoped: true });
const byDeal = (f: Fixture) => ({ dealId: f.crm.dealId });

/** Access of the CRM's deal procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_DEAL_PROCEDURES: Record<string, ProcedureExpectation> = {
  "funnel.activities.dealPage": read(byDeal),
  "funnel.activities.history": read(byDeal),
  "funnel.activities.list": read(byDeal),
  // The workspace's own reminder: no ids in the input, nothing of another workspace to name.
  "funnel.activities.dueToday": { access: "member", input: () => ({ mine: false }) },
  "funnel.activities.create": write((f) => ({ dealId: f.crm.dealId, type: "task", subject: "Enviar proposta", scheduledAt: Date.now() })),
  "funnel.activities.update": write((f) => ({ id: f.crm.activityId, patch: { subject: "Ligar de novo" } })),
  "funnel.activities.complete": write((f) => ({ id: f.crm.activityId, outcome: "Atendeu" })),
  "funnel.activities.delete": write((f) => ({ id: f.crm.activityId })),
  "funnel.products.list": read(byDeal),
  "funnel.products.add": write((f) => ({ dealId: f.crm.dealId, name: "Implantação", quantity: 1, unitPriceCents: 50_000 })),
  "funnel.products.update": write((f) => ({ id: f.crm.productId, patch: { quantity: 2 } })),
  "funnel.products.delete": write((f) => ({ id: f.crm.productId })),
};
