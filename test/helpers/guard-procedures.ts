/**
 * The access every tRPC procedure must enforce, and a valid sample input for a workspace's ids.
 * The matrix (test/guard-matrix.test.ts) fails when appRouter has a procedure missing here, or
 * when an entry names a procedure that no longer exists: a new procedure must state its access.
 *
 * The rule (issue 11): anonymous → UNAUTHORIZED; non-admin → FORBIDDEN on admin.*; a viewer (all
 * flags false) → FORBIDDEN on anything that writes agents or what hangs off them, spends credits,
 * calls a provider with stored secrets, or reveals secrets; reads are open to any member; another
 * workspace's ids → NOT_FOUND/FORBIDDEN.
 */
import type { PermissionFlag } from "../../src/schemas/workspaces";
import { ACCOUNT_PROCEDURES } from "./guard-account";
import { LOGS_PROCEDURES } from "./guard-logs";
import { WORKSPACE_ADMIN_PROCEDURES } from "./guard-workspace-admin";
import { ADMIN_USERS_PROCEDURES } from "./guard-admin-users";
import { ADMIN_WORKSPACES_PROCEDURES } from "./guard-admin-workspaces";
import { ADMIN_CREDITS_PROCEDURES } from "./guard-admin-credits";
import { ADMIN_MAIL_PROCEDURES } from "./guard-admin-mail";
import { ADMIN_PLATFORM_PROCEDURES } from "./guard-admin-platform";
import { BILLING_ADMIN_PROCEDURES } from "./guard-billing-admin";
import { BILLING_AFFILIATES_PROCEDURES } from "./guard-billing-affiliates";
import { BILLING_CHECKOUT_PROCEDURES } from "./guard-billing-checkout";
import { BILLING_COUPONS_PROCEDURES } from "./guard-billing-coupons";
import { BILLING_USAGE_PROCEDURES } from "./guard-billing-usage";
import { CAMPAIGN_LISTS_PROCEDURES } from "./guard-campaign-lists";
import { CAMPAIGNS_PROCEDURES } from "./guard-campaigns";
import { LEADS_PROCEDURES } from "./guard-leads";
import { VALIDATION_PROCEDURES } from "./guard-validation";
import { CRM_CONTACTS_PROCEDURES } from "./guard-crm-contacts";
import { CRM_DEAL_PROCEDURES } from "./guard-crm-deal";
import { CRM_FUNNEL_PROCEDURES } from "./guard-crm-funnel";
import { CRM_IMPORTS_PROCEDURES } from "./guard-crm-imports";
import { CRM_INBOX_PROCEDURES } from "./guard-crm-inbox";
import { CRM_VARIABLES_PROCEDURES } from "./guard-crm-variables";
import { ORCHESTRATIONS_PROCEDURES } from "./guard-orchestrations";
import { HANDOFFS_PROCEDURES } from "./guard-handoffs";
import { AB_TESTS_PROCEDURES } from "./guard-ab-tests";
import { INSIGHTS_PROCEDURES } from "./guard-insights";
import { MEMORY_PROCEDURES } from "./guard-memory";
import { FEEDBACK_PROCEDURES } from "./guard-feedback";
import { ACADEMY_PROCEDURES } from "./guard-academy";
import { ACADEMY_QUIZ_PROCEDURES } from "./guard-academy-quiz";
import { ADMIN_ACADEMY_PROCEDURES } from "./guard-admin-academy";
import { ADMIN_ACADEMY_RECORDING_PROCEDURES } from "./guard-admin-academy-recording";
import { SUPPORT_PROCEDURES } from "./guard-support";
import { SUGGESTIONS_PROCEDURES } from "./guard-suggestions";
import { uniqueEmail } from "./factories";
import type { Fixture } from "./guard-fixtures";
import { sampleIntent } from "./guard-fixtures";

/** A member's flag, or canAnswerConversations (every role but viewer: the inbox is read-only to viewers). */
export type Permission = PermissionFlag | "canAnswerConversations";
/** public: no session needed · authed: any signed-in user · member: any member of the current workspace. */
export type Access = "public" | "authed" | "member" | "admin" | Permission;

export type ProcedureExpectation = {
  access: Access;
  /** A valid input built from one workspace's ids (omitted: the procedure takes none). */
  input?: (f: Fixture) => unknown;
  /** The input names the workspace's own resources: the owner of A calling with B's ids must be refused. */
  scoped?: boolean;
  /** Not sent by the fuzzer, with the reason. */
  noFuzz?: string;
};

/** Refused by safe-fetch before any network use: samples never reach outside (or a DNS lookup). */
export const LOOPBACK = "http://127.0.0.1:9";
const MISSING = "00000000-0000-4000-8000-000000000000";
const NOTION_PAGE = "0123456789abcdef0123456789abcdef";

const edit = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canEditAgents", input, scoped: true });
const read = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "member", input, scoped: true });
const admin = (input?: () => unknown): ProcedureExpectation => ({ access: "admin", input });
const answer = (input: (f: Fixture) => unknown): ProcedureExpectation => ({ access: "canAnswerConversations", input, scoped: true });
const byAgent = (f: Fixture) => ({ agentId: f.agentId });
const byConnection = (f: Fixture) => ({ id: f.connectionId });
const byConversation = (f: Fixture) => ({ id: f.conversationId });

export const PROCEDURES: Record<string, ProcedureExpectation> = {
  "auth.me": { access: "public" },

  "workspaces.list": { access: "authed" },
  "workspaces.current": { access: "member" },
  "workspaces.create": { access: "authed", input: () => ({ name: "Outro espaço", description: "" }) },
  "workspaces.switch": { access: "authed", input: (f) => ({ id: f.workspaceId }), scoped: true },
  "workspaces.members.list": { access: "member" },
  "workspaces.members.invite": { access: "canManageMembers", input: () => ({ email: uniqueEmail("matriz"), role: "viewer", permissions: {} }) },
  "workspaces.invitations.list": { access: "canManageMembers" },
  "workspaces.invitations.revoke": { access: "canManageMembers", input: (f) => ({ id: f.invitationId }), scoped: true },
  "invitations.preview": { access: "public", input: (f) => ({ token: f.invitationToken }) },
  // The token is the capability: accepting another workspace's invitation with its token is the feature.
  "invitations.accept": { access: "authed", input: () => ({ token: "convite-que-nao-existe" }) },
  "dashboard.get": { access: "member", input: (f) => ({ workspaceId: f.workspaceId }), scoped: true },
  "credits.usageHistory": { access: "member", input: () => ({ period: 7 }) },

  "agents.list": { access: "member" },
  "agents.get": read((f) => ({ id: f.agentId })),
  "agents.models": { access: "member" },
  "agents.presets": { access: "member" },
  "agents.create": { access: "canCreateAgents", input: () => ({ name: "Novo agente", activity: "Vendas" }) },
  "agents.update": edit((f) => ({ id: f.agentId, patch: { voiceTone: "Formal" } })),
  "agents.toggle": edit((f) => ({ id: f.agentId, isActive: true })),
  "agents.delete": { access: "canDeleteAgents", input: (f) => ({ id: f.agentId }), scoped: true },
  "agents.preview": edit((f) => ({ id: f.agentId, chat: { message: "oi" } })),
  "agents.intents.list": read(byAgent),
  "agents.intents.create": edit((f) => ({ agentId: f.agentId, intent: sampleIntent("entrega") })),
  "agents.intents.update": edit((f) => ({ agentId: f.agentId, id: f.intentId, intent: sampleIntent("horário") })),
  "agents.intents.delete": edit((f) => ({ agentId: f.agentId, id: f.intentId })),
  "agents.intents.test": edit((f) => ({ agentId: f.agentId, id: f.intentId })),

  "admin.ai.list": admin(),
  "admin.ai.save": admin(() => ({ provider: "guarda", displayName: "Guarda", apiKey: null, baseUrl: LOOPBACK, isActive: false, availableModels: [], selectedModels: [] })),
  "admin.ai.test": admin(() => ({ provider: "guarda" })),
  "admin.jobs.summary": admin(),
  "admin.jobs.dead": admin(),
  "admin.jobs.retry": admin(() => ({ id: MISSING })),
  "admin.jobs.discard": admin(() => ({ id: MISSING })),
  "admin.systemPrompt.current": admin(),
  "admin.systemPrompt.history": admin(),
  "admin.systemPrompt.save": admin(() => ({ content: "Você é um assistente cordial e objetivo.", changeDescription: null })),

  "training.list": read(byAgent),
  "training.cacheStats": read(byAgent),
  "training.addText": edit((f) => ({ agentId: f.agentId, body: { content: "Entregamos em toda a cidade em até 2 dias." } })),
  "training.addWebsite": edit((f) => ({ agentId: f.agentId, body: { url: `${LOOPBACK}/` } })),
  "training.addVideo": {
    ...edit((f) => ({
      agentId: f.agentId,
      // A pasted transcript: the captions are not fetched.
      body: { title: "Vídeo da loja", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", transcript: "Transcrição colada do vídeo da loja." },
    })),
    noFuzz: "a variant without the transcript is valid and fetches captions from the real video host (no fake for it)",
  },
  "training.update": edit((f) => ({ agentId: f.agentId, sourceId: f.sourceId, body: { content: "Abrimos de segunda a sábado, das 9h às 18h." } })),
  "training.delete": edit((f) => ({ agentId: f.agentId, sourceId: f.sourceId })),
  "training.retrain": edit((f) => ({ agentId: f.agentId, sourceId: f.sourceId })),
  "training.discover": { access: "canEditAgents", input: () => ({ url: `${LOOPBACK}/` }) },

  "channels.list": read(byAgent),
  "channels.webhookUrl": { access: "member" },
  "channels.connectWhatsApp": edit((f) => ({
    agentId: f.agentId,
    config: { accessToken: "token", phoneNumberId: "5511", businessAccountId: "5512", webhookVerifyToken: "verificar", appSecret: "segredo" },
  })),
  "channels.updateWhatsApp": edit((f) => ({ id: f.connectionId, config: { phoneNumberId: "5511", businessAccountId: "5512", webhookVerifyToken: "verificar" } })),
  "channels.connectTelegram": edit((f) => ({ agentId: f.agentId, botToken: "1:token-que-nao-existe" })),
  "channels.connectUazapi": edit((f) => ({ agentId: f.agentId, serverUrl: LOOPBACK, adminToken: "admin", instanceName: "loja" })),
  "channels.uazapiPair": edit(byConnection),
  // Returns the pairing QR code: a secret.
  "channels.uazapiStatus": edit(byConnection),
  "channels.connectInstagram": edit((f) => ({
    agentId: f.agentId,
    accessToken: "token",
    appSecret: "segredo",
    businessId: "1784",
    pageId: "1785",
    webhookVerifyToken: "verificar",
  })),
  "channels.updateInstagram": edit((f) => ({ id: f.connectionId, config: { businessId: "1784", pageId: "1785", webhookVerifyToken: "verificar" } })),
  // Calls the provider with the stored token.
  "channels.test": edit(byConnection),
  "channels.disconnect": edit(byConnection),

  "conversations.list": { access: "member", input: () => ({}) },
  "conversations.counts": { access: "member" },
  "conversations.thread": read(byConversation),
  "conversations.markRead": answer(byConversation),
  "conversations.reply": answer((f) => ({ id: f.conversationId, text: "Olá, posso ajudar?" })),
  "conversations.takeOver": answer(byConversation),
  "conversations.handBack": answer(byConversation),
  "conversations.assign": answer((f) => ({ id: f.conversationId, userId: f.ownerId })),
  "conversations.resolve": answer(byConversation),
  "conversations.reopen": answer(byConversation),

  "dynamicApi.list": read(byAgent),
  "dynamicApi.create": edit((f) => ({ agentId: f.agentId, api: { name: "Outra API", baseUrl: LOOPBACK } })),
  "dynamicApi.update": edit((f) => ({ id: f.apiId, api: { name: "Loja", baseUrl: LOOPBACK } })),
  "dynamicApi.discover": edit((f) => ({ id: f.apiId, document: JSON.stringify({ openapi: "3.0.0", info: { title: "Loja", version: "1" }, paths: {} }) })),
  "dynamicApi.saveEndpoints": edit((f) => ({ id: f.apiId, selected: [], manual: [] })),
  "dynamicApi.test": edit((f) => ({ id: f.apiId, endpointKey: f.endpointKey, args: { id: "1" } })),
  "dynamicApi.delete": edit((f) => ({ id: f.apiId })),

  "calendar.admin.get": admin(),
  "calendar.admin.save": admin(() => ({ clientId: "cliente-guarda-123.apps", clientSecret: "segredo-do-cliente" })),
  "calendar.admin.test": admin(),
  "calendar.admin.remove": admin(),
  "calendar.get": read(byAgent),
  "calendar.events": read(byAgent),
  // Calls Google with the stored tokens (the settings picker's list): editors only.
  "calendar.calendars": edit(byAgent),
  "calendar.save": edit((f) => ({ agentId: f.agentId, settings: {} })),
  "calendar.connect": edit(byAgent),
  "calendar.test": edit(byAgent),
  "calendar.disconnect": edit(byAgent),

  "agendor.get": read(byAgent),
  "agendor.save": edit((f) => ({ agentId: f.agentId, settings: { apiToken: "token-agendor" } })),
  "agendor.test": edit((f) => ({ agentId: f.agentId, apiToken: "token-agendor" })),
  "agendor.options": edit((f) => ({ agentId: f.agentId, apiToken: "token-agendor" })),
  "agendor.remove": edit(byAgent),

  "n8n.get": read(byAgent),
  "n8n.save": edit((f) => ({ agentId: f.agentId, config: { serverUrl: LOOPBACK, workflows: [] } })),
  "n8n.remove": edit(byAgent),
  "n8n.test": edit((f) => ({ agentId: f.agentId, tag: "pedido" })),
  "n8n.global.get": admin(),
  "n8n.global.save": admin(() => ({ enabled: true })),

  "webSearch.get": read(byAgent),
  "webSearch.setEnabled": edit((f) => ({ agentId: f.agentId, enabled: true })),
  "webSearch.save": edit((f) => ({ agentId: f.agentId, config: { apiKey: "tvly-guarda" } })),
  "webSearch.remove": edit(byAgent),
  "webSearch.test": edit(byAgent),
  "webSearch.global.get": admin(),
  "webSearch.global.save": admin(() => ({ provider: "tavily", apiKey: "tvly-guarda", maxResults: 4, enabled: false })),
  "webSearch.global.test": admin(() => ({ apiKey: "tvly-guarda" })),

  "emailIntegration.get": read(byAgent),
  "emailIntegration.save": edit((f) => ({ agentId: f.agentId, config: { recipients: ["dono@exemplo.com.br"] } })),
  "emailIntegration.remove": edit(byAgent),
  "emailIntegration.test": edit(byAgent),

  "nuvemshop.get": read(byAgent),
  "nuvemshop.save": edit((f) => ({ agentId: f.agentId, config: { storeId: "123456", accessToken: "token-loja" } })),
  "nuvemshop.test": edit(byAgent),
  "nuvemshop.remove": edit(byAgent),

  "notion.get": read(byAgent),
  "notion.save": edit((f) => ({ agentId: f.agentId, config: { token: "ntn_guarda", parentId: NOTION_PAGE } })),
  "notion.test": edit(byAgent),
  "notion.remove": edit(byAgent),
  // The CRM (issue 14): one file per area, so its owners never edit the same lines.
  ...CRM_CONTACTS_PROCEDURES,
  ...BILLING_CHECKOUT_PROCEDURES,
  ...BILLING_USAGE_PROCEDURES,
  ...BILLING_COUPONS_PROCEDURES,
  ...BILLING_ADMIN_PROCEDURES,
  ...BILLING_AFFILIATES_PROCEDURES,
  ...CRM_IMPORTS_PROCEDURES,
  ...CRM_FUNNEL_PROCEDURES,
  ...CRM_DEAL_PROCEDURES,
  ...CRM_VARIABLES_PROCEDURES,
  ...CRM_INBOX_PROCEDURES,
  ...CAMPAIGNS_PROCEDURES,
  ...CAMPAIGN_LISTS_PROCEDURES,
  ...LEADS_PROCEDURES,
  ...VALIDATION_PROCEDURES,
  ...ACCOUNT_PROCEDURES,
  ...LOGS_PROCEDURES,
  ...WORKSPACE_ADMIN_PROCEDURES,
  ...ADMIN_USERS_PROCEDURES,
  ...ADMIN_WORKSPACES_PROCEDURES,
  ...ADMIN_CREDITS_PROCEDURES,
  ...ADMIN_MAIL_PROCEDURES,
  ...ADMIN_PLATFORM_PROCEDURES,
  ...ORCHESTRATIONS_PROCEDURES,
  ...HANDOFFS_PROCEDURES,
  ...AB_TESTS_PROCEDURES,
  ...INSIGHTS_PROCEDURES,
  ...MEMORY_PROCEDURES,
  ...FEEDBACK_PROCEDURES,
  ...ACADEMY_PROCEDURES,
  ...ACADEMY_QUIZ_PROCEDURES,
  ...ADMIN_ACADEMY_PROCEDURES,
  ...ADMIN_ACADEMY_RECORDING_PROCEDURES,
  ...SUPPORT_PROCEDURES,
  ...SUGGESTIONS_PROCEDURES,
};
