import type { ProcedureExpectation } from "./guard-procedures";

/** A feedback id no workspace holds: the fixture has no feedback row, and these refuse before looking (viewer) or find nothing (cross-workspace). */
const NO_FEEDBACK = "00000000-0000-4000-8000-0000000000fb";

/**
 * Access of the issue-18 feedback procedures and the per-agent AI switches: merged into PROCEDURES
 * by guard-procedures.ts. Cross-workspace refusal of real feedback ids is in test/feedback-access.test.ts.
 */
export const FEEDBACK_PROCEDURES: Record<string, ProcedureExpectation> = {
  "feedback.list": { access: "member", input: (f) => ({ agentId: f.agentId, search: "50% off", period: "all" }), scoped: true },
  "feedback.stats": { access: "member", input: (f) => ({ agentId: f.agentId, period: 15 }), scoped: true },
  "feedback.resolve": { access: "canEditAgents", input: () => ({ id: NO_FEEDBACK, resolved: true }), scoped: true },
  "feedback.toTraining": {
    access: "canEditAgents",
    input: () => ({ id: NO_FEEDBACK, title: "Prazo de entrega", content: "Entregamos em toda a cidade em até 2 dias úteis." }),
    scoped: true,
  },
  "agentAiFeatures.get": { access: "member", input: (f) => ({ agentId: f.agentId }), scoped: true },
  "agentAiFeatures.update": { access: "canEditAgents", input: (f) => ({ agentId: f.agentId, sentiment: true }), scoped: true },
};
