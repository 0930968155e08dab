import { DEFAULT_CAMPAIGN_SETTINGS } from "../../src/schemas/campaigns/settings";
import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const read = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "member", input, scoped: true });
/** Campaign writes: every role but viewer. */
const write = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canAnswerConversations", input, scoped: true });
/** Starting or resuming sends from the workspace's number: managers only. */
const start = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canManageSettings", input, scoped: true });
const byCampaign = (f: Fixture) => ({ id: f.campaigns.campaignId });
const form = (f: Fixture) => ({ name: "Black Friday", listId: f.campaigns.listId, messages: ["Olá {{nome}}!"], settings: DEFAULT_CAMPAIGN_SETTINGS });

/** Access of campaigns.* (campaign CRUD, control, results) (issue 16): merged into PROCEDURES by guard-procedures.ts. Fixture rows: f.campaigns. */
export const CAMPAIGNS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "campaigns.list": { access: "member", input: () => ({ search: "Natal", page: 1 }) },
  "campaigns.get": read(byCampaign),
  "campaigns.results": read((f) => ({ id: f.campaigns.campaignId, bucket: "day" })),
  "campaigns.sends": read((f) => ({ id: f.campaigns.campaignId, status: "failed", page: 1 })),
  "campaigns.connections": { access: "member" },
  "campaigns.price": read((f) => ({ listId: f.campaigns.listId })),
  "campaigns.templates": write((f) => ({ connectionId: f.connectionId })),
  "campaigns.create": write(form),
  "campaigns.update": write((f) => ({ id: f.campaigns.campaignId, patch: form(f) })),
  "campaigns.duplicate": write(byCampaign),
  "campaigns.delete": write(byCampaign),
  "campaigns.start": start(byCampaign),
  "campaigns.resume": start(byCampaign),
  "campaigns.pause": write(byCampaign),
  "campaigns.cancel": write(byCampaign),
  // Price per message: members read it (the form's cost line), the platform admin sets it (0 keeps sends free).
  "campaigns.pricing.get": { access: "member" },
  "campaigns.pricing.save": { access: "admin", input: () => ({ creditsPerMessage: 0 }) },
};
