import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const read = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "member", input, scoped: true });
/** Leads writes: every role but viewer (CAMPAIGNS_READ_ONLY). */
const write = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canAnswerConversations", input, scoped: true });
const byList = (f: Fixture) => ({ id: f.campaigns.leadListId });
const selection = (f: Fixture) => ({ listId: f.campaigns.leadListId, ids: [f.campaigns.leadId], filters: {} });

/** Access of leads.* (Leads Hunter) (issue 16): merged into PROCEDURES by guard-procedures.ts. Fixture rows: f.campaigns. */
export const LEADS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "leads.sources": { access: "member" },
  "leads.lists.list": { access: "member", input: () => ({ search: "Pet" }) },
  "leads.lists.get": read(byList),
  "leads.lists.create": { access: "canAnswerConversations", input: () => ({ name: `Dentistas ${Math.random().toString(36).slice(2, 8)}`, source: "google_maps" }) },
  "leads.lists.update": write((f) => ({ id: f.campaigns.leadListId, patch: { name: `Pet shops ${f.workspaceId.slice(-8)}`, description: "" } })),
  "leads.lists.delete": { ...write(byList), noFuzz: "deletes the fixture list the other entries use" },
  "leads.lists.importCsv": write((f) => ({ listId: f.campaigns.leadListId, csv: "empresa,telefone\nPadaria Guarda,(19) 3232-9999\n", mapping: { "0": "businessName", "1": "phone" } })),
  "leads.searches.list": read((f) => ({ listId: f.campaigns.leadListId })),
  "leads.searches.get": read((f) => ({ id: f.campaigns.leadSearchId })),
  // No key is configured in the matrix: an allowed caller gets PRECONDITION_FAILED, never a provider call.
  "leads.searches.start": write((f) => ({ listId: f.campaigns.leadListId, term: "pet shop", location: "Campinas", maxResults: 20 })),
  "leads.searches.cancel": write((f) => ({ id: f.campaigns.leadSearchId })),
  "leads.list": read((f) => ({ listId: f.campaigns.leadListId, filters: { hasPhone: true }, page: 1 })),
  "leads.get": read((f) => ({ id: f.campaigns.leadId })),
  "leads.update": write((f) => ({ id: f.campaigns.leadId, patch: { businessName: "Pet Shop Matriz", phone: "+551932320001", website: "", email: "" } })),
  "leads.delete": { ...write((f) => ({ listId: f.campaigns.leadListId, ids: [f.campaigns.leadId] })), noFuzz: "deletes the fixture lead the other entries use" },
  "leads.exportToContacts": write(selection),
  "leads.exportToCampaignList": write((f) => ({ ...selection(f), campaignListId: f.campaigns.listId })),
  "leads.exportCsv": read(selection),
  "leads.googleKey.get": { access: "admin" },
  "leads.googleKey.save": { access: "admin", input: () => ({ apiKey: "", enabled: false }) },
  "leads.googleKey.test": { access: "admin", input: () => ({}) },
};
