import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const read = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "member", input, scoped: true });
const deals = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canAnswerConversations", input, scoped: true });
/** Pipelines and stages are a workspace setting (routers/funnel.ts: canManageSettings). */
const setup = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canManageSettings", input, scoped: true });
const stage = (f: Fixture, i: number) => f.crm.stageIds[i] ?? "";

/** Access of the CRM's funnel procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_FUNNEL_PROCEDURES: Record<string, ProcedureExpectation> = {
  "funnel.pipelines.list": { access: "member" },
  "funnel.pipelines.create": { access: "canManageSettings", input: () => ({ name: "Funil de revenda" }) },
  "funnel.pipelines.rename": setup((f) => ({ pipelineId: f.crm.pipelineId, name: "Funil principal" })),
  // The fixture's pipeline is the default one: a delete is refused (PRECONDITION_FAILED), never done.
  "funnel.pipelines.delete": setup((f) => ({ pipelineId: f.crm.pipelineId })),
  "funnel.pipelines.setDefault": setup((f) => ({ pipelineId: f.crm.pipelineId })),
  "funnel.stages.create": setup((f) => ({ pipelineId: f.crm.pipelineId, name: "Demonstração" })),
  "funnel.stages.update": setup((f) => ({ stageId: stage(f, 1), patch: { color: "#8B5CF6" } })),
  "funnel.stages.reorder": setup((f) => ({ pipelineId: f.crm.pipelineId, stageIds: f.crm.stageIds })),
  // The first stage holds the fixture's deal: the delete is refused, the stage stays.
  "funnel.stages.delete": setup((f) => ({ stageId: stage(f, 0) })),
  "funnel.deals.board": read((f) => ({ pipelineId: f.crm.pipelineId })),
  "funnel.deals.column": read((f) => ({ stageId: stage(f, 0), after: "0:0" })),
  "funnel.deals.list": read((f) => ({ pipelineId: f.crm.pipelineId })),
  "funnel.deals.create": deals((f) => ({ title: "Negócio da matriz", stageId: stage(f, 0), contactId: f.crm.contactId, valueCents: 10_000 })),
  "funnel.deals.update": deals((f) => ({ dealId: f.crm.dealId, patch: { valueCents: 160_000 } })),
  "funnel.deals.delete": deals((f) => ({ dealId: f.crm.dealId })),
  "funnel.deals.move": deals((f) => ({ dealId: f.crm.dealId, targetStageId: stage(f, 1) })),
  "funnel.stats": read((f) => ({ pipelineId: f.crm.pipelineId })),
  "funnel.contactOptions": { access: "member", input: () => ({ search: "Clara" }) },
};
