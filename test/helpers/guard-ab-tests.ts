import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const read = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "member", input, scoped: true });
const edit = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canEditAgents", input, scoped: true });
const byTest = (f: Fixture) => ({ id: f.abTestId });
const fields = (f: Fixture) => ({
  name: "Saudação curta x longa",
  description: "",
  agentId: f.agentId,
  variants: [
    { name: "Controle", isControl: true, overrides: {} },
    { name: "Curta", overrides: { greetingMessage: "Oi! Em que posso ajudar?" } },
  ],
  trafficSplit: [50, 50],
  targets: { channels: [] },
  successMetrics: ["reply_rate"],
  minimumSampleSize: 100,
  significanceLevel: 0.05,
});

/** Access of the issue-18 ab-tests procedures: merged into PROCEDURES by guard-procedures.ts. */
export const AB_TESTS_PROCEDURES: Record<string, ProcedureExpectation> = {
  // The workspace's own list: with no ids the owner of A cannot name B's tests.
  "abTests.list": { access: "member", input: () => ({ page: 1, pageSize: 20 }) },
  "abTests.get": read(byTest),
  "abTests.results": read(byTest),
  "abTests.create": edit(fields),
  "abTests.update": edit((f) => ({ id: f.abTestId, test: fields(f) })),
  "abTests.start": edit(byTest),
  "abTests.pause": edit(byTest),
  "abTests.resume": edit(byTest),
  "abTests.complete": edit(byTest),
  "abTests.delete": edit(byTest),
  "abTests.saveAnalysis": edit(byTest),
  "abTests.promote": edit((f) => ({ id: f.abTestId, force: true })),
};
