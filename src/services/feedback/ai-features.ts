import { and, eq } from "drizzle-orm";
import { agents } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { AgentAiFeaturesPatch } from "../../schemas/feedback";
import { type AgentAiFeatures, aiFeaturesOf } from "../../schemas/insights";
import type { EditorScope } from "../access";
import { auditWorkspace } from "../activity-log/audit";
import { invalidateAgent } from "../agent-cache";
import { getAgent } from "../agents";
import { isOfflineMode } from "../ai-config";
import type { ServiceContext, WorkspaceScope } from "../context";

/** The agent's switches (missing ones on) and whether the platform runs offline (features then run free on the offline dictionary). */
export async function getAgentAiFeatures(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  const agent = await getAgent(ctx.db, scope, agentId);
  return { agentId: agent.id, features: aiFeaturesOf(agent.aiFeatures), offline: await isOfflineMode(ctx) };
}

/**
 * Changes only the switches sent. The turn paths read the agent row fresh (channel pipeline, in
 * any thread) or through agent-cache (public chat and widget, main thread), which is dropped
 * here: the next turn already sees the change.
 */
export async function updateAgentAiFeatures(ctx: ServiceContext, scope: EditorScope, agentId: string, patch: AgentAiFeaturesPatch) {
  const agent = await getAgent(ctx.db, scope, agentId);
  const before = aiFeaturesOf(agent.aiFeatures);
  const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => typeof v === "boolean")) as Partial<AgentAiFeatures>;
  const next: AgentAiFeatures = { ...before, ...sent };
  const changed = (Object.keys(sent) as (keyof AgentAiFeatures)[]).filter((k) => before[k] !== next[k]);
  if (changed.length === 0) return { agentId, features: before };
  const [row] = await ctx.db
    .update(agents)
    .set({ aiFeatures: next, updatedAt: Date.now() })
    .where(and(eq(agents.id, agentId), eq(agents.workspaceId, scope.id)))
    .returning({ id: agents.id });
  if (!row) throw new AppError("NOT_FOUND", "Agente não encontrado");
  invalidateAgent(agentId);
  await auditWorkspace(ctx, scope, {
    agentId,
    action: "agent.ai_features",
    category: "agent",
    resourceType: "agent",
    resourceId: agentId,
    description: `Recursos de IA alterados: ${agent.name}`,
    details: { fields: changed },
    oldValues: Object.fromEntries(changed.map((k) => [k, before[k]])),
    newValues: Object.fromEntries(changed.map((k) => [k, next[k]])),
  });
  return { agentId, features: next };
}
