/**
 * n8n workflows of an agent (SPEC §3 "Workflow-automation config"): the admin's global switch
 * (platform_settings "n8n") and the agent's server, token and workflows (agent_integrations kind
 * "n8n", token encrypted). Every row is reached through the caller's workspace; writes and tests
 * need canEditAgents; the global switch is admin-only (routers/n8n.ts).
 */
import { N8nError, callWorkflow } from "../adapters/n8n/client";
import { n8nGloballyEnabled, workflowPayload } from "../integrations/n8n/provider";
import { type IntegrationRow, openConfig, publicConfig, sealConfig } from "../integrations/store";
import { AppError } from "../lib/errors";
import type { N8nConfig, N8nConfigParsed, N8nGlobalInput } from "../schemas/n8n";
import type { EditorScope } from "./access";
import { agentIntegrationOf, recordIntegrationTest, removeAgentIntegration, upsertAgentIntegration } from "./agent-integrations";
import { getAgent } from "./agents";
import type { AppDeps, ServiceContext, WorkspaceScope } from "./context";
import { publicPlatformSetting, savePlatformSetting } from "./platform-settings";

export const N8N_DISABLED = "A integração com o n8n está desativada pelo administrador da plataforma";

export async function n8nGlobal(deps: AppDeps) {
  const { updatedAt } = await publicPlatformSetting(deps, "n8n");
  return { enabled: await n8nGloballyEnabled(deps), updatedAt };
}

export async function saveN8nGlobal(ctx: ServiceContext, input: N8nGlobalInput) {
  await savePlatformSetting(ctx, "n8n", input, ctx.actor.type === "user" ? ctx.actor.userId : null);
  return n8nGlobal(ctx);
}

function toPublic(row: IntegrationRow) {
  const pub = publicConfig(row);
  return { id: pub.id, enabled: pub.enabled, lastTestedAt: pub.lastTestedAt, testStatus: pub.testStatus, testMessage: pub.testMessage, config: pub.config };
}

/** What the agent card shows: the admin switch, and the agent's config without the token. */
export async function getAgentN8n(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  const row = await agentIntegrationOf(ctx, scope, agentId, "n8n");
  return { globalEnabled: await n8nGloballyEnabled(ctx), integration: row ? toPublic(row) : null };
}

export async function saveAgentN8n(ctx: ServiceContext, scope: EditorScope, agentId: string, { enabled, ...input }: N8nConfigParsed) {
  const row = await agentIntegrationOf(ctx, scope, agentId, "n8n");
  const config = sealConfig(ctx, "n8n", { ...input, authHeader: input.authHeader ?? null }, row?.config ?? null);
  return toPublic(await upsertAgentIntegration(ctx, scope, { agentId, kind: "n8n", row }, { config, enabled }));
}

export async function removeAgentN8n(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  return removeAgentIntegration(ctx, scope, agentId, "n8n");
}

/** "Testar" of one saved workflow: a real POST with sample conversation data; the outcome is kept on the row. */
export async function testN8nWorkflow(ctx: ServiceContext, scope: EditorScope, agentId: string, tag: string) {
  const row = await agentIntegrationOf(ctx, scope, agentId, "n8n");
  if (!row) throw new AppError("NOT_FOUND", "Salve a integração com o n8n antes de testar");
  if (!(await n8nGloballyEnabled(ctx))) throw new AppError("PRECONDITION_FAILED", N8N_DISABLED);
  const cfg = openConfig<N8nConfig>(ctx, row);
  const wf = cfg.workflows.find((w) => w.tag === tag);
  if (!wf) throw new AppError("NOT_FOUND", "Workflow não encontrado nesta integração");
  const agent = await getAgent(ctx.db, scope, agentId);
  const sample = {
    conversationId: null,
    channel: "teste",
    customer: { name: "Cliente de teste", phone: null, email: null },
    text: "Mensagem de teste enviada pelo Atenda",
  };
  const payload = { ...workflowPayload(agent, wf, sample, { resumo: "Teste da integração com o n8n" }, ctx.now()), test: true };
  let result: { ok: boolean; status: number; durationMs: number; body: unknown; error: string | null };
  try {
    const res = await callWorkflow(cfg, wf, payload);
    result = { ok: true, status: res.status, durationMs: res.durationMs, body: res.body, error: null };
  } catch (err) {
    const e = err instanceof N8nError ? err : new N8nError(err instanceof Error ? err.message : String(err));
    result = { ok: false, status: e.status ?? 0, durationMs: 0, body: null, error: e.message };
  }
  await recordIntegrationTest(ctx, row.id, result.ok, result.ok ? `${wf.name}: HTTP ${result.status} em ${result.durationMs} ms` : `${wf.name}: ${result.error}`);
  return result;
}
