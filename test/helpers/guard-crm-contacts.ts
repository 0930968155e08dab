import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const read = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "member", input, scoped: true });
const write = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canAnswerConversations", input, scoped: true });
const byContact = (f: Fixture) => ({ id: f.crm.contactId });

/** Access of the CRM's contacts procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_CONTACTS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "contacts.list": { access: "member", input: () => ({ search: "Clara", sort: "name" }) },
  "contacts.get": read(byContact),
  "contacts.timeline": read(byContact),
  "contacts.create": { access: "canAnswerConversations", input: () => ({ name: "Contato da Matriz", phone: "" }) },
  "contacts.update": write((f) => ({ id: f.crm.contactId, patch: { notes: "Atualizado pela matriz" } })),
  "contacts.delete": write(byContact),
  "contacts.bulk": write((f) => ({ ids: [f.crm.contactId], action: { type: "addTags", tags: ["matriz"] } })),
  "contacts.lists.list": { access: "member" },
  "contacts.lists.create": { access: "canAnswerConversations", input: () => ({ name: `Lista ${Math.random().toString(36).slice(2, 8)}` }) },
  "contacts.lists.rename": write((f) => ({ id: f.crm.listId, name: "Lista Matriz renomeada" })),
  "contacts.lists.delete": write((f) => ({ id: f.crm.listId })),
  "contacts.exportData": write(byContact),
  // A name that does not match: the owner gets a 400 about the confirmation, nothing is erased.
  "contacts.erase": write((f) => ({ id: f.crm.contactId, confirmName: "nome que não confere" })),
};
