/**
 * Agendor CRM settings of an agent (SPEC §3 "CRM integration"): one agent_integrations row of kind
 * "agendor" whose apiToken is encrypted at rest and never sent back (the card gets hasApiToken).
 * "Testar" and the pickers call the real Agendor with the form's unsaved token or the stored one.
 * Every call goes through the caller's workspace: another workspace's agent is "não encontrado";
 * changes need canEditAgents.
 */
import { eq } from "drizzle-orm";
import { agentIntegrations } from "../../db/schema";
import { type AgendorConn, AgendorError, agendorFunnels, agendorMe, agendorOrigins, agendorUsers } from "../adapters/agendor/client";
import { type IntegrationRow, assertSecretStaysWithAddress, integrationsOf, openConfig, publicConfig, sealConfig } from "../integrations/store";
import { AppError } from "../lib/errors";
import { type AgendorConfig, type AgendorProbe, type AgendorSave, TOKEN_REQUIRED } from "../schemas/agendor";
import type { EditorScope } from "./access";
import { agentIntegrationOf, removeAgentIntegration, upsertAgentIntegration } from "./agent-integrations";
import { getAgent, updateAgent } from "./agents";
import type { AppDeps, ServiceContext, WorkspaceScope } from "./context";

const KIND = "agendor" as const;


export async function agendorRow(deps: AppDeps, agent: string | { id: string }): Promise<IntegrationRow | null> {
  // Through integrationsOf: a turn's agent object brings the turn's validated copy.
  const [row] = await integrationsOf(deps, agent, KIND);
  return row ?? null;
}

/** What the card sees: the settings with hasApiToken instead of the token, plus the agent's auto-add setting. */
export function toPublic(row: IntegrationRow, autoAddToFunnel: boolean) {
  const pub = publicConfig(row);
  return {
    id: pub.id,
    agentId: pub.agentId,
    enabled: pub.enabled,
    config: { ...(pub.config as Omit<AgendorConfig, "apiToken" | "autoAddToFunnel">), autoAddToFunnel } as Omit<AgendorConfig, "apiToken"> & { hasApiToken: boolean },
    lastSyncAt: pub.lastSyncAt,
    lastTestedAt: pub.lastTestedAt,
    testStatus: pub.testStatus,
    testMessage: pub.testMessage,
  };
}
export type PublicAgendor = ReturnType<typeof toPublic>;

export async function getAgendor(ctx: ServiceContext, scope: WorkspaceScope, agentId: string): Promise<PublicAgendor | null> {
  const agent = await getAgent(ctx.db, scope, agentId);
  const row = await agendorRow(ctx, agentId);
  return row && row.workspaceId === scope.id ? toPublic(row, agent.conversationSettings.autoAddToFunnel) : null;
}

export async function saveAgendor(ctx: ServiceContext, scope: EditorScope, userId: string, { agentId, settings }: AgendorSave): Promise<PublicAgendor> {
  let agent = await getAgent(ctx.db, scope, agentId);
  const { enabled, autoAddToFunnel, ...input } = settings;
  // One switch, the agent's (SPEC §3 conversation settings): the card and the Conversa section agree.
  if (autoAddToFunnel !== undefined && autoAddToFunnel !== agent.conversationSettings.autoAddToFunnel) {
    agent = await updateAgent(ctx, scope, userId, agentId, { conversationSettings: { ...agent.conversationSettings, autoAddToFunnel } });
  }
  const autoAdd = agent.conversationSettings.autoAddToFunnel;
  if (input.defaultStage !== null && input.defaultFunnelId === null) throw new AppError("VALIDATION", "Escolha o funil da etapa padrão");
  const row = await agentIntegrationOf(ctx, scope, agentId, KIND);
  const config = sealConfig(ctx, KIND, { ...input }, row?.config);
  if (!config.apiToken) throw new AppError("VALIDATION", TOKEN_REQUIRED);
  return toPublic(await upsertAgentIntegration(ctx, scope, { agentId, kind: KIND, row }, { config, enabled }), autoAdd);
}

export async function deleteAgendor(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  return removeAgentIntegration(ctx, scope, agentId, KIND);
}

/** The form's token/base URL when given, else the stored ones; null row when never saved. */
async function connectionFor(ctx: ServiceContext, scope: EditorScope, input: AgendorProbe): Promise<{ conn: AgendorConn; row: IntegrationRow | null; usesStored: boolean }> {
  await getAgent(ctx.db, scope, input.agentId);
  const row = await agendorRow(ctx, input.agentId);
  const stored = row ? openConfig<AgendorConfig>(ctx, row) : null;
  const apiToken = input.apiToken || stored?.apiToken || "";
  if (!apiToken) throw new AppError("VALIDATION", TOKEN_REQUIRED);
  const baseUrl = input.baseUrl !== undefined ? input.baseUrl : (stored?.baseUrl ?? null);
  const usesStored = !input.apiToken && (input.baseUrl === undefined || input.baseUrl === (stored?.baseUrl ?? null));
  // The stored token is only sent where it was saved for (see assertSecretStaysWithAddress).
  if (!input.apiToken && stored) assertSecretStaysWithAddress(KIND, { baseUrl }, stored);
  return { conn: { apiToken, baseUrl }, row, usesStored };
}

/** "Testar": GET /users/me. The saved row keeps the outcome when the stored settings were tested. */
export async function testAgendor(ctx: ServiceContext, scope: EditorScope, input: AgendorProbe) {
  const { conn, row, usesStored } = await connectionFor(ctx, scope, input);
  const testedAt = ctx.now();
  let result: { ok: boolean; message: string; user: { id: number | null; name: string } | null; accountName: string | null };
  try {
    const me = await agendorMe(conn);
    const who = [me.name, me.accountName].filter(Boolean).join(" · ");
    result = { ok: true, message: `Conexão funcionando${who ? `: ${who}` : ""}.`, user: { id: me.id, name: me.name }, accountName: me.accountName };
  } catch (e) {
    if (!(e instanceof AgendorError)) throw e;
    result = { ok: false, message: e.message, user: null, accountName: null };
  }
  if (row && usesStored && row.workspaceId === scope.id) {
    await ctx.db
      .update(agentIntegrations)
      .set({ lastTestedAt: testedAt, testStatus: result.ok ? "ok" : "failed", testMessage: result.message })
      .where(eq(agentIntegrations.id, row.id));
  }
  return { ...result, testedAt };
}

/** The pickers: funnels (with their stages), lead origins and users of the Agendor account. */
export async function agendorOptions(ctx: ServiceContext, scope: EditorScope, input: AgendorProbe) {
  const { conn } = await connectionFor(ctx, scope, input);
  const [funnels, origins, users] = await Promise.all([agendorFunnels(conn), agendorOrigins(conn), agendorUsers(conn)]);
  return { funnels, origins, users };
}
