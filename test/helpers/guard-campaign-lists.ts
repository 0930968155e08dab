import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const read = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "member", input, scoped: true });
const write = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canAnswerConversations", input, scoped: true });
const byList = (f: Fixture) => ({ listId: f.campaigns.listId });

/** Access of campaigns.lists.* (issue 16): merged into PROCEDURES by guard-procedures.ts. Fixture rows: f.campaigns. */
export const CAMPAIGN_LISTS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "campaigns.lists.list": { access: "member", input: () => ({ search: "VIP" }) },
  "campaigns.lists.get": read((f) => ({ id: f.campaigns.listId })),
  "campaigns.lists.create": { access: "canAnswerConversations", input: () => ({ name: `Lista ${Math.random().toString(36).slice(2, 8)}` }) },
  "campaigns.lists.update": write((f) => ({ id: f.campaigns.listId, patch: { description: "Atualizada pela matriz" } })),
  "campaigns.lists.delete": write((f) => ({ id: f.campaigns.listId })),
  "campaigns.lists.members": read((f) => ({ listId: f.campaigns.listId, search: "Paula" })),
  "campaigns.lists.removeMembers": write((f) => ({ listId: f.campaigns.listId, ids: [f.campaigns.campaignContactId] })),
  "campaigns.lists.addNumbers": write((f) => ({ ...byList(f), text: "Maria, (11) 98765-4321" })),
  "campaigns.lists.addFromContacts": write((f) => ({ ...byList(f), contactIds: [f.crm.contactId] })),
  "campaigns.lists.addFromCsv": write((f) => ({ ...byList(f), csv: "nome,telefone\nAna,11987654321\n", mapping: { name: "nome", phone: "telefone" } })),
  "campaigns.lists.addFromLeadList": write((f) => ({ ...byList(f), leadListId: f.campaigns.leadListId })),
  "campaigns.lists.exportCsv": read(byList),
  "campaigns.lists.optOuts.list": { access: "member", input: () => ({ search: "11" }) },
  "campaigns.lists.optOuts.add": { access: "canAnswerConversations", input: () => ({ phone: "+5511955550000" }) },
  "campaigns.lists.optOuts.remove": { access: "canAnswerConversations", input: () => ({ phone: "+5511955550000" }) },
};
