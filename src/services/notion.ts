/**
 * The agent's Notion notes (SPEC §3 notes tool): one agent_integrations row of kind "notion" per
 * agent, the integration token sealed at rest and never returned (hasToken). Reads need membership
 * of the agent's workspace; writes and "Testar" need canEditAgents. Another workspace's agent is
 * "não encontrado".
 */
import { NotionError } from "../adapters/notion/client";
import { readParent, whoAmI } from "../integrations/notion/notes";
import { type IntegrationRow, openConfig, publicConfig, sealConfig } from "../integrations/store";
import { AppError } from "../lib/errors";
import { NOTION_PARENT_REQUIRED, NOTION_TOKEN_REQUIRED, type NotionConfig, type NotionParentType, type NotionTest } from "../schemas/notion";
import type { EditorScope } from "./access";
import { agentIntegrationOf, recordIntegrationTest, removeAgentIntegration, upsertAgentIntegration } from "./agent-integrations";
import type { ServiceContext, WorkspaceScope } from "./context";

const KIND = "notion" as const;

type StoredConfig = { token?: string; parentType?: NotionParentType; parentId?: string };

export function toPublicNotion(row: IntegrationRow | null) {
  if (!row) return null;
  const c = publicConfig(row).config as { parentType?: NotionParentType; parentId?: string; hasToken?: boolean };
  return {
    id: row.id,
    enabled: row.enabled,
    config: { parentType: c.parentType ?? "page", parentId: c.parentId ?? "", hasToken: !!c.hasToken },
    lastTestedAt: row.lastTestedAt,
    testStatus: row.testStatus,
    testMessage: row.testMessage,
    updatedAt: row.updatedAt,
  };
}
export type PublicNotion = NonNullable<ReturnType<typeof toPublicNotion>>;

export async function getNotion(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  return toPublicNotion(await agentIntegrationOf(ctx, scope, agentId, KIND));
}

export async function saveNotion(ctx: ServiceContext, scope: EditorScope, agentId: string, input: NotionConfig) {
  const row = await agentIntegrationOf(ctx, scope, agentId, KIND);
  const config = sealConfig(ctx, KIND, { token: input.token, parentType: input.parentType, parentId: input.parentId }, row?.config);
  if (!config.token) throw new AppError("VALIDATION", NOTION_TOKEN_REQUIRED, { field: "token" });
  const prev = (row?.config ?? {}) as StoredConfig;
  const resetTest = !row || !!input.token || prev.parentId !== input.parentId || prev.parentType !== input.parentType;
  const saved = await upsertAgentIntegration(ctx, scope, { agentId, kind: KIND, row }, { config, enabled: input.enabled, resetTest });
  return toPublicNotion(saved) as PublicNotion;
}

export async function removeNotion(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  return removeAgentIntegration(ctx, scope, agentId, KIND);
}

/**
 * "Testar": who the token is (GET /users/me), then whether the default page or database is shared
 * with the integration. The form's values are tested (a blank token uses the stored one); the
 * outcome is recorded on the saved integration when the saved settings were the ones tested.
 */
export async function testNotion(ctx: ServiceContext, scope: EditorScope, agentId: string, draft: NotionTest) {
  const row = await agentIntegrationOf(ctx, scope, agentId, KIND);
  const stored = row ? openConfig<StoredConfig>(ctx, row) : {};
  const token = draft?.token || stored.token;
  const parentId = draft?.parentId || stored.parentId;
  const parentType: NotionParentType = (draft?.parentId ? draft.parentType : stored.parentType) ?? "page";
  if (!token) throw new AppError("VALIDATION", NOTION_TOKEN_REQUIRED, { field: "token" });
  if (!parentId) throw new AppError("VALIDATION", NOTION_PARENT_REQUIRED, { field: "parentId" });
  const testsSaved = !!row && token === stored.token && parentId === stored.parentId && parentType === (stored.parentType ?? "page");

  let result: { ok: boolean; message: string; botName: string | null; workspaceName: string | null; parentTitle: string | null; parentUrl: string | null };
  try {
    const me = await whoAmI(token);
    const botName = me.name ?? "integração";
    const workspaceName = me.bot?.workspace_name ?? null;
    const parent = await readParent(token, { type: parentType, id: parentId });
    const where = parentType === "database" ? "banco de dados" : "página";
    result = {
      ok: true,
      message: `Conectado como "${botName}"${workspaceName ? ` (${workspaceName})` : ""}. As notas serão criadas em ${where} "${parent.title}".`,
      botName,
      workspaceName,
      parentTitle: parent.title,
      parentUrl: parent.url,
    };
  } catch (err) {
    if (!(err instanceof NotionError)) throw err;
    result = { ok: false, message: err.message, botName: null, workspaceName: null, parentTitle: null, parentUrl: null };
  }
  if (testsSaved && row) await recordIntegrationTest(ctx, row.id, result.ok, result.message);
  return result;
}
