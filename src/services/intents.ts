import { and, asc, desc, eq } from "drizzle-orm";
import { agentIntents } from "../../db/schema";
import { parseIntent } from "../integrations/intents/shape";
import { testWebhookIntent } from "../integrations/intents/test-call";
import { AppError } from "../lib/errors";
import { intentInput } from "../schemas/agents";
import { getAgent, requireFlag } from "./agents";
import type { ServiceContext, WorkspaceScope } from "./context";

/** Intents of an agent (SPEC §5 Intent). Their execution belongs to the tool loop (issue 6). */
export async function listIntents(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  await getAgent(ctx.db, scope, agentId);
  return ctx.db
    .select()
    .from(agentIntents)
    .where(and(eq(agentIntents.agentId, agentId), eq(agentIntents.workspaceId, scope.id)))
    .orderBy(desc(agentIntents.priority), asc(agentIntents.createdAt));
}

export async function createIntent(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, raw: unknown) {
  requireFlag(scope, "canEditAgents", "Você não tem permissão para editar agentes neste workspace");
  await getAgent(ctx.db, scope, agentId);
  const input = intentInput.parse(raw);
  const [row] = await ctx.db
    .insert(agentIntents)
    .values({ ...input, responseTemplate: input.responseTemplate ?? null, agentId, workspaceId: scope.id })
    .returning();
  return row;
}

export async function updateIntent(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, intentId: string, raw: unknown) {
  requireFlag(scope, "canEditAgents", "Você não tem permissão para editar agentes neste workspace");
  const input = intentInput.parse(raw);
  const [row] = await ctx.db
    .update(agentIntents)
    .set({ ...input, responseTemplate: input.responseTemplate ?? null })
    .where(and(eq(agentIntents.id, intentId), eq(agentIntents.agentId, agentId), eq(agentIntents.workspaceId, scope.id)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Intenção não encontrada");
  return row;
}

export async function deleteIntent(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, intentId: string) {
  requireFlag(scope, "canEditAgents", "Você não tem permissão para editar agentes neste workspace");
  const deleted = await ctx.db
    .delete(agentIntents)
    .where(and(eq(agentIntents.id, intentId), eq(agentIntents.agentId, agentId), eq(agentIntents.workspaceId, scope.id)))
    .returning({ id: agentIntents.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Intenção não encontrada");
  return { ok: true };
}

/** Runs a webhook intent once with sample arguments (the editor's "Testar"). */
export async function testIntent(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, intentId: string) {
  requireFlag(scope, "canEditAgents", "Você não tem permissão para editar agentes neste workspace");
  await getAgent(ctx.db, scope, agentId);
  const [row] = await ctx.db
    .select()
    .from(agentIntents)
    .where(and(eq(agentIntents.id, intentId), eq(agentIntents.agentId, agentId), eq(agentIntents.workspaceId, scope.id)));
  if (!row) throw new AppError("NOT_FOUND", "Intenção não encontrada");
  const intent = parseIntent(row);
  if (intent?.action.type !== "webhook") throw new AppError("PRECONDITION_FAILED", "Só intenções de webhook podem ser testadas");
  return testWebhookIntent(intent, ctx.now());
}
