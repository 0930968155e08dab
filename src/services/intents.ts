import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { agentIntents } from "../../db/schema";
import { assertHeadersStayWithServer, isSealed, openHeaders, publicHeaders, sealHeaders } from "../integrations/intents/headers";
import { type IntentRow, parseIntent } from "../integrations/intents/shape";
import { testWebhookIntent } from "../integrations/intents/test-call";
import { AppError } from "../lib/errors";
import { type IntentBody, type PublicIntentHeader, intentAction } from "../schemas/agents";
import type { EditorScope } from "./access";
import { getAgent } from "./agents";
import type { AppDeps, ServiceContext, WorkspaceScope } from "./context";

/** Intents of an agent (SPEC §5 Intent). Their execution belongs to the tool loop (issue 6). */

const NOT_FOUND = "Intenção não encontrada";

type StoredHeaders = Record<string, string>;
type Action = Record<string, unknown>;
const webhookOf = (action: Action) => (action.type === "webhook" && action.webhook && typeof action.webhook === "object" ? (action.webhook as Action) : null);
const headersOf = (action: Action): StoredHeaders => {
  const headers = webhookOf(action)?.headers;
  return headers && typeof headers === "object" ? (headers as StoredHeaders) : {};
};

type StoredAction = z.output<typeof intentAction>;
type StoredWebhook = Extract<StoredAction, { type: "webhook" }>["webhook"];
/** The action as members may see it: a webhook's headers become names with a "has value" flag. */
export type PublicIntentAction =
  | Exclude<StoredAction, { type: "webhook" }>
  | { type: "webhook"; webhook: Omit<StoredWebhook, "headers"> & { headers: PublicIntentHeader[] } };
export type PublicIntent = Omit<IntentRow, "action"> & { action: PublicIntentAction | null };

function publicIntent(row: IntentRow): PublicIntent {
  const parsed = intentAction.safeParse(row.action);
  // A row the contract no longer reads shows no action (and so no stored value), never the raw JSON.
  if (!parsed.success) return { ...row, action: null };
  const action = parsed.data;
  if (action.type !== "webhook") return { ...row, action };
  return { ...row, action: { type: "webhook", webhook: { ...action.webhook, headers: publicHeaders(action.webhook.headers) } } };
}

/** The action to store: header values sealed, a value sent as null kept from `previous`. */
function storedAction(ctx: ServiceContext, input: IntentBody, previous: Action | null): Action {
  if (input.action.type !== "webhook") return input.action;
  const previousUrl = previous ? webhookOf(previous)?.url : null;
  assertHeadersStayWithServer(input.action.webhook, typeof previousUrl === "string" ? previousUrl : null);
  const headers = sealHeaders(ctx.secrets, input.action.webhook.headers, previous ? headersOf(previous) : {});
  return { ...input.action, webhook: { ...input.action.webhook, headers } };
}

const rowValues = (input: IntentBody, action: Action) => ({ ...input, action, responseTemplate: input.responseTemplate ?? null });

async function scopedIntent(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, intentId: string) {
  const [row] = await ctx.db
    .select()
    .from(agentIntents)
    .where(and(eq(agentIntents.id, intentId), eq(agentIntents.agentId, agentId), eq(agentIntents.workspaceId, scope.id)));
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

export async function listIntents(ctx: ServiceContext, scope: WorkspaceScope, agentId: string): Promise<PublicIntent[]> {
  await getAgent(ctx.db, scope, agentId);
  const rows = await ctx.db
    .select()
    .from(agentIntents)
    .where(and(eq(agentIntents.agentId, agentId), eq(agentIntents.workspaceId, scope.id)))
    .orderBy(desc(agentIntents.priority), asc(agentIntents.createdAt));
  return rows.map(publicIntent);
}

export async function createIntent(ctx: ServiceContext, scope: EditorScope, agentId: string, input: IntentBody): Promise<PublicIntent> {
  await getAgent(ctx.db, scope, agentId);
  const [row] = await ctx.db
    .insert(agentIntents)
    .values({ ...rowValues(input, storedAction(ctx, input, null)), agentId, workspaceId: scope.id })
    .returning();
  if (!row) throw new AppError("INTERNAL", "Falha ao criar a intenção");
  return publicIntent(row);
}

export async function updateIntent(ctx: ServiceContext, scope: EditorScope, agentId: string, intentId: string, input: IntentBody): Promise<PublicIntent> {
  const current = await scopedIntent(ctx, scope, agentId, intentId);
  const [row] = await ctx.db
    .update(agentIntents)
    .set(rowValues(input, storedAction(ctx, input, current.action)))
    .where(and(eq(agentIntents.id, intentId), eq(agentIntents.agentId, agentId), eq(agentIntents.workspaceId, scope.id)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return publicIntent(row);
}

export async function deleteIntent(ctx: ServiceContext, scope: EditorScope, agentId: string, intentId: string) {
  const deleted = await ctx.db
    .delete(agentIntents)
    .where(and(eq(agentIntents.id, intentId), eq(agentIntents.agentId, agentId), eq(agentIntents.workspaceId, scope.id)))
    .returning({ id: agentIntents.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", NOT_FOUND);
  return { ok: true };
}

/** Runs a webhook intent once with sample arguments (the editor's "Testar"). */
export async function testIntent(ctx: ServiceContext, scope: EditorScope, agentId: string, intentId: string) {
  await getAgent(ctx.db, scope, agentId);
  const intent = parseIntent(await scopedIntent(ctx, scope, agentId, intentId));
  if (intent?.action.type !== "webhook") throw new AppError("PRECONDITION_FAILED", "Só intenções de webhook podem ser testadas");
  const webhook = { ...intent.action.webhook, headers: openHeaders(ctx.secrets, intent.action.webhook.headers) };
  return testWebhookIntent({ ...intent, action: { type: "webhook", webhook } }, ctx.now());
}

/**
 * One-time boot step: header values written in plaintext before they were sealed get encrypted.
 * It needs the app key, so it cannot be a SQL migration; rows already sealed are left alone.
 */
export async function sealPlaintextIntentHeaders(deps: AppDeps): Promise<number> {
  const rows = await deps.db
    .select({ id: agentIntents.id, action: agentIntents.action })
    .from(agentIntents)
    .where(sql`json_extract(${agentIntents.action}, '$.type') = 'webhook'`);
  let sealed = 0;
  for (const row of rows) {
    const headers = headersOf(row.action);
    const plain = Object.entries(headers).filter(([, v]) => typeof v === "string" && !isSealed(v));
    if (plain.length === 0) continue;
    const kept = Object.fromEntries(Object.keys(headers).map((k) => [k, null]));
    const webhook = { ...webhookOf(row.action), headers: sealHeaders(deps.secrets, kept, headers) };
    await deps.db.update(agentIntents).set({ action: { ...row.action, webhook } }).where(eq(agentIntents.id, row.id));
    sealed++;
  }
  return sealed;
}
