import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const period = { from: "2026-01-01", to: "2026-01-31" };
/** The agent filter names the workspace's own agent: with B's agent, A's owner just sees nothing of B. */
const byAgent = (f: Fixture) => ({ ...period, agentId: f.agentId });

/** Access of the commerce procedures (issue 15, usage): merged into PROCEDURES by guard-procedures.ts. */
export const BILLING_USAGE_PROCEDURES: Record<string, ProcedureExpectation> = {
  "billingUsage.statement": { access: "member", input: (f) => ({ filter: byAgent(f), limit: 20 }) },
  "billingUsage.totals": { access: "member", input: (f) => ({ filter: byAgent(f) }) },
  "billingUsage.chart": { access: "member", input: () => ({ period: 30 }) },
  "billingUsage.cacheSavings": { access: "member" },
  "billingUsage.caps.list": { access: "member" },
  // A cap high enough never to stop the fixture's chats.
  "billingUsage.caps.save": { access: "canManageSettings", input: () => ({ scope: "workspace", monthlyCredits: 1_000_000 }) },
  "billingUsage.caps.delete": { access: "canManageSettings", input: () => ({ id: "limite-inexistente" }) },
};
