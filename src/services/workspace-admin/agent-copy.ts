import { copyFile, mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { and, count, eq } from "drizzle-orm";
import { agentIntents, agents, embeddingSources } from "../../../db/schema";
import { extensionOf } from "../../knowledge/extract";
import { AppError } from "../../lib/errors";
import type { CopyAgent } from "../../schemas/workspace-admin";
import { WORKSPACE_NOT_FOUND, requirePermission, resolveMembership } from "../access";
import { logActivity } from "../activity";
import { computeConfigHash, getAgent } from "../agents";
import type { ServiceContext, WorkspaceScope } from "../context";
import { withTransaction } from "../context";
import { effectiveLimits, limitMessage } from "../workspace-limits";
import { agentDefaults, workspaceCapMessage } from "./settings";
import { enqueueTraining } from "../training";

type Agent = typeof agents.$inferSelect;

/** Columns that belong to the original's life, not to its configuration: never copied. */
const NOT_COPIED = [
  "id", "workspaceId", "userId", "name", "createdAt", "updatedAt", "pausedByPlanAt", "adminBlockedAt", "adminBlockedReason",
  "lastTrainedHash", "knowledgeVersion", "configVersion", "trainingStatus", "trainedAt", "configHash",
] as const satisfies readonly (keyof Agent)[];

function configOf(agent: Agent) {
  const copy: Partial<Agent> = { ...agent };
  for (const k of NOT_COPIED) delete copy[k];
  return copy;
}

/**
 * Copies an agent of the current workspace into another workspace of the same user (SPEC §5
 * Workspace copy target): its configuration, intents (webhook header values left behind: they are
 * secrets) and training sources, re-indexed in the target through the training queue. Channels,
 * integrations and dynamic APIs are not copied: they hold credentials and bind one number or bot.
 */
export async function copyAgentToWorkspace(ctx: ServiceContext, source: WorkspaceScope, userId: string, input: CopyAgent) {
  const agent = await getAgent(ctx.db, source, input.agentId);
  // A copy would be a fresh, unblocked agent: the platform's block must not be side-stepped (issue 17).
  if (agent.adminBlockedAt !== null) throw new AppError("FORBIDDEN", "Este agente foi desativado pela administração da plataforma e não pode ser copiado.");
  const targetScope = await resolveMembership(ctx.db, userId, input.targetWorkspaceId);
  if (!targetScope) throw new AppError("NOT_FOUND", WORKSPACE_NOT_FOUND, { field: "targetWorkspaceId" });
  const target = requirePermission(targetScope, "canCreateAgents", "Você não tem permissão para criar agentes no workspace de destino");
  const intents = await ctx.db.select().from(agentIntents).where(eq(agentIntents.agentId, agent.id));
  const sources = await ctx.db
    .select()
    .from(embeddingSources)
    .where(and(eq(embeddingSources.agentId, agent.id), eq(embeddingSources.workspaceId, source.id)));

  // Documents get their own file in the target's folder: erasing one workspace must not take the other's.
  const files = new Map<string, string>();
  for (const s of sources) {
    if (!s.filePath) continue;
    const relative = join("uploads", target.id, `${Bun.randomUUIDv7()}.${extensionOf(s.fileName ?? s.filePath)}`);
    try {
      await mkdir(join(ctx.env.DATA_DIR, "uploads", target.id), { recursive: true, mode: 0o700 });
      await copyFile(join(ctx.env.DATA_DIR, s.filePath), join(ctx.env.DATA_DIR, relative));
    } catch {
      // A document whose file is gone: a clear refusal, and no half-copied files left behind.
      for (const f of files.values()) await rm(join(ctx.env.DATA_DIR, f), { force: true });
      throw new AppError("PRECONDITION_FAILED", `O documento "${s.fileName ?? s.title ?? "de treinamento"}" não está mais disponível: remova-o do treinamento do agente e tente copiar de novo.`);
    }
    files.set(s.id, relative);
  }

  const cap = (await agentDefaults(ctx, target.id)).maxAgents;
  const queued: string[] = [];
  const created = await insertCopy().catch(async (err) => {
    // Nothing points at the copied files when the copy was refused (e.g. the target's agent limit).
    for (const f of files.values()) await rm(join(ctx.env.DATA_DIR, f), { force: true });
    throw err;
  });
  // Re-indexed in the target by the training queue (after commit: the job must see the rows).
  for (const id of queued) await enqueueTraining(ctx, id, created.id, target.id);
  return { id: created.id, name: created.name, workspaceId: target.id, sourcesQueued: sources.length, intentsCopied: intents.length };

  function insertCopy() {
    return withTransaction(ctx.db, async (tx) => {
    const limits = await effectiveLimits(tx, target.id);
    const [existing] = await tx.select({ n: count() }).from(agents).where(eq(agents.workspaceId, target.id));
    const n = existing?.n ?? 0;
    if (n >= limits.maxAgents) throw new AppError("LIMIT_EXCEEDED", `Workspace de destino: ${limitMessage(limits, "maxAgents")}`);
    if (cap !== null && n >= cap) throw new AppError("LIMIT_EXCEEDED", `Workspace de destino: ${workspaceCapMessage(cap)}`);
    const values = { ...configOf(agent), name: input.newName, workspaceId: target.id, userId, trainingStatus: sources.length ? "pending" : "untrained" };
    const [row] = await tx
      .insert(agents)
      .values({ ...values, configHash: computeConfigHash({ ...agent, name: input.newName }) })
      .returning();
    if (!row) throw new AppError("INTERNAL", "Falha ao copiar agente");
    for (const i of intents) {
      const action = i.action.type === "webhook" ? { ...i.action, webhook: { ...(i.action.webhook as Record<string, unknown>), headers: {} } } : i.action;
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = i;
      await tx.insert(agentIntents).values({ ...rest, action, agentId: row.id, workspaceId: target.id });
    }
    for (const s of sources) {
      const [copy] = await tx
        .insert(embeddingSources)
        .values({
          agentId: row.id,
          workspaceId: target.id,
          sourceType: s.sourceType,
          title: s.title,
          content: s.content,
          imageUrl: s.imageUrl,
          url: s.url,
          subpages: s.subpages,
          updateFrequency: s.updateFrequency,
          fileName: s.fileName,
          filePath: files.get(s.id) ?? null,
          mimeType: s.mimeType,
          sizeBytes: s.sizeBytes,
        })
        .returning({ id: embeddingSources.id });
      if (copy) queued.push(copy.id);
    }
    const detail = { sourceAgentId: agent.id, sourceWorkspaceId: source.id, intents: intents.length, sources: sources.length };
    await logActivity(tx, ctx.meta, {
      userId,
      workspaceId: target.id,
      agentId: row.id,
      action: "agent.copy",
      category: "agent",
      resourceType: "agent",
      resourceId: row.id,
      description: `Agente "${agent.name}" copiado de "${source.name}" como "${input.newName}"`,
      details: detail,
    });
    await logActivity(tx, ctx.meta, {
      userId,
      workspaceId: source.id,
      agentId: agent.id,
      action: "agent.copied",
      category: "agent",
      resourceType: "agent",
      resourceId: agent.id,
      description: `Agente "${agent.name}" copiado para o workspace "${target.name}"`,
      details: { targetWorkspaceId: target.id, newAgentId: row.id },
    });
    return row;
    });
  }
}
