import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-18 insights procedures: merged into PROCEDURES by guard-procedures.ts. */
const rule = { name: "Urgência alta", kind: "urgency_high", cooldownMinutes: 30 };

export const INSIGHTS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "insights.daily": { access: "member", input: (f) => ({ period: 7, agentId: f.agentId }), scoped: true },
  "insights.summary": { access: "member", input: (f) => ({ period: 30, agentId: f.agentId }), scoped: true },
  "insights.alerts": { access: "member", input: (f) => ({ status: "open", agentId: f.agentId, limit: 20 }), scoped: true },
  "insights.acknowledgeAlert": { access: "canAnswerConversations", input: (f) => ({ id: f.insights.alertId }), scoped: true },
  "insights.alertRules.list": { access: "member" },
  "insights.alertRules.create": { access: "canEditAgents", input: (f) => ({ ...rule, agentId: f.agentId }), scoped: true },
  "insights.alertRules.update": { access: "canEditAgents", input: (f) => ({ id: f.insights.ruleId, rule }), scoped: true },
  "insights.alertRules.delete": { access: "canEditAgents", input: (f) => ({ id: f.insights.ruleId }), scoped: true },
  "insights.popularTags": { access: "member", input: () => ({ limit: 30 }) },
  "insights.conversationTags": { access: "member", input: (f) => ({ conversationId: f.conversationId }), scoped: true },
  "insights.addTag": { access: "canAnswerConversations", input: (f) => ({ conversationId: f.conversationId, tag: "vip" }), scoped: true },
  "insights.removeTag": { access: "canAnswerConversations", input: (f) => ({ conversationId: f.conversationId, tag: "vip" }), scoped: true },
  "insights.messageSentiments": { access: "member", input: (f) => ({ conversationId: f.conversationId }), scoped: true },
};
