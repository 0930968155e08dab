import type { ProcedureExpectation } from "./guard-procedures";

const read = (input: ProcedureExpectation["input"]): ProcedureExpectation => ({ access: "member", input, scoped: true });
/** CRM writes: every role but viewer (definitions included: they are CRM data, not settings). */
const write = (input: ProcedureExpectation["input"]): ProcedureExpectation => ({ access: "canAnswerConversations", input, scoped: true });

/** Access of the CRM's variables procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_VARIABLES_PROCEDURES: Record<string, ProcedureExpectation> = {
  "variables.definitions.list": { access: "member" },
  "variables.definitions.create": {
    access: "canAnswerConversations",
    input: () => ({ name: `matriz_${Math.random().toString(36).slice(2, 8)}`, displayName: "Variável da matriz", category: "custom", dataType: "string" }),
  },
  "variables.definitions.update": write((f) => ({
    id: f.crm.variableDefinitionId,
    patch: { displayName: "Número do pedido", category: "custom", dataType: "string", format: null, defaultValue: null, description: null, extractable: true },
  })),
  "variables.definitions.delete": write((f) => ({ id: f.crm.variableDefinitionId })),
  "variables.contact.list": read((f) => ({ contactId: f.crm.contactId })),
  "variables.contact.set": write((f) => ({ contactId: f.crm.contactId, variableName: "cidade", value: "Curitiba" })),
  "variables.contact.delete": write((f) => ({ contactId: f.crm.contactId, variableName: "cidade" })),
};
