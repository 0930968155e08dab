import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { agents, embeddingSources } from "../../db/schema";
import { DOCUMENT_TYPES, extensionOf } from "../knowledge/extract";
import { describeTrainingError } from "../knowledge/ingest";
import { limitMessages, trainingLimits } from "../knowledge/limits";
import { invalidateAgentIndex } from "../knowledge/retrieve";
import { discoverSubpages } from "../knowledge/sources";
import { AppError } from "../lib/errors";
import { changedFields } from "./activity";
import { auditWorkspace } from "./activity-log/audit";
import {
  type Discover,
  type TrainingSourcePatch,
  type TrainingText,
  type TrainingVideo,
  type TrainingWebsite,
  trainingDocumentMeta,
  trainingTextInput,
  trainingVideoInput,
  trainingWebsiteInput,
} from "../schemas/training";
import type { EditorScope } from "./access";
import { getAgent } from "./agents";
import type { ServiceContext, WorkspaceScope } from "./context";
import { withTransaction } from "./context";
import { enqueueJob } from "./jobs";
import { dropAgentCache } from "./semantic-cache";
import { TRAIN_JOB } from "../jobs/job-types";

export { TRAIN_JOB };

type NewSource = Omit<typeof embeddingSources.$inferInsert, "agentId" | "workspaceId">;

/** Inserts a pending source and its durable training job. */
async function addSource(ctx: ServiceContext, scope: EditorScope, agentId: string, values: NewSource) {
  await getAgent(ctx.db, scope, agentId);
  await assertTrainingRoom(ctx, scope.id);
  const [row] = await ctx.db
    .insert(embeddingSources)
    .values({ ...values, agentId, workspaceId: scope.id })
    .returning();
  if (!row) throw new AppError("INTERNAL", "Falha ao criar fonte de treinamento");
  await enqueueTraining(ctx, row.id, row.agentId, scope.id);
  const what = { sourceType: row.sourceType, title: row.title, url: row.url ?? undefined };
  await auditWorkspace(ctx, scope, { agentId, action: "training.add", category: "training", resourceType: "training_source", resourceId: row.id, description: `Treinamento adicionado: ${row.title}`, newValues: what });
  return row;
}

/** A workspace already at its chunk cap gets no new source: it could only fail (knowledge/limits.ts). */
async function assertTrainingRoom(ctx: ServiceContext, workspaceId: string) {
  const limits = trainingLimits(ctx.env);
  const [row] = await ctx.db
    .select({ used: sql<number>`coalesce(sum(${embeddingSources.chunkCount}), 0)` })
    .from(embeddingSources)
    .where(eq(embeddingSources.workspaceId, workspaceId));
  if (Number(row?.used ?? 0) >= limits.maxChunksPerWorkspace) throw new AppError("LIMIT_EXCEEDED", limitMessages.chunksPerWorkspace(limits));
}

export async function enqueueTraining(ctx: Pick<ServiceContext, "db">, sourceId: string, agentId: string, workspaceId: string, force = false) {
  await enqueueJob(ctx.db, { type: TRAIN_JOB, data: { sourceId, force }, agentId, workspaceId, dedupeKey: `train:${sourceId}` });
}

export async function listSources(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  await getAgent(ctx.db, scope, agentId);
  return ctx.db
    .select()
    .from(embeddingSources)
    .where(and(eq(embeddingSources.agentId, agentId), eq(embeddingSources.workspaceId, scope.id)))
    .orderBy(desc(embeddingSources.createdAt));
}

/** A text's label in the list and in citations: its first 60 characters. */
const textTitle = (content: string) => (content.length > 60 ? `${content.slice(0, 57).trim()}…` : content);

/** title: a caller that names the text (a feedback turned into training, issue 18); else its first words. */
export async function addText(ctx: ServiceContext, scope: EditorScope, agentId: string, input: TrainingText, title?: string) {
  return addSource(ctx, scope, agentId, { sourceType: "text", title: title ?? textTitle(input.content), content: input.content, imageUrl: input.imageUrl ?? null });
}

export async function addWebsite(ctx: ServiceContext, scope: EditorScope, agentId: string, input: TrainingWebsite) {
  return addSource(ctx, scope, agentId, {
    sourceType: "website",
    title: new URL(input.url).hostname,
    url: input.url,
    subpages: input.subpages,
    updateFrequency: input.updateFrequency,
  });
}

export async function addVideo(ctx: ServiceContext, scope: EditorScope, agentId: string, input: TrainingVideo) {
  return addSource(ctx, scope, agentId, { sourceType: "video", title: input.title, url: input.url, content: input.transcript || null });
}

/** Stores the upload under DATA_DIR/uploads/<workspace>/ and queues its extraction. */
export async function addDocument(ctx: ServiceContext, scope: EditorScope, agentId: string, file: { name: string; bytes: Uint8Array }) {
  const { fileName } = trainingDocumentMeta.parse({ fileName: file.name });
  const ext = extensionOf(fileName);
  const mimeType = DOCUMENT_TYPES[ext];
  if (!mimeType) throw new AppError("VALIDATION", "Formato não suportado. Envie PDF, DOCX, TXT, Markdown ou CSV.", { field: "file" });
  const maxMb = ctx.env.TRAINING_MAX_UPLOAD_MB;
  if (file.bytes.byteLength > maxMb * 1024 * 1024) {
    throw new AppError("VALIDATION", `O arquivo excede o tamanho máximo de ${maxMb} MB.`, { field: "file" });
  }
  if (file.bytes.byteLength === 0) throw new AppError("VALIDATION", "O arquivo está vazio.", { field: "file" });
  await getAgent(ctx.db, scope, agentId);
  await assertTrainingRoom(ctx, scope.id);
  const relative = join("uploads", scope.id, `${Bun.randomUUIDv7()}.${ext}`);
  // Private to the server's user: a customer's documents, whatever the umask or the data dir's mode.
  await mkdir(join(ctx.env.DATA_DIR, "uploads", scope.id), { recursive: true, mode: 0o700 });
  await writeFile(join(ctx.env.DATA_DIR, relative), file.bytes, { mode: 0o600 });
  return addSource(ctx, scope, agentId, { sourceType: "document", title: fileName, fileName, filePath: relative, mimeType, sizeBytes: file.bytes.byteLength });
}

async function getSource(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, sourceId: string) {
  const [row] = await ctx.db
    .select()
    .from(embeddingSources)
    .where(and(eq(embeddingSources.id, sourceId), eq(embeddingSources.agentId, agentId), eq(embeddingSources.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Fonte de treinamento não encontrada");
  return row;
}

/** Edits what can change in place (text, subpages and frequency, transcript) and retrains if needed. */
export async function updateSource(ctx: ServiceContext, scope: EditorScope, agentId: string, sourceId: string, edit: TrainingSourcePatch) {
  const source = await getSource(ctx, scope, agentId, sourceId);
  let patch: Partial<typeof embeddingSources.$inferInsert>;
  // A field the edit leaves out keeps its stored value (a partial edit must not wipe the rest).
  const body = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined));
  if (source.sourceType === "text") {
    const input = trainingTextInput.parse({ content: source.content, imageUrl: source.imageUrl, ...body });
    patch = { content: input.content, imageUrl: input.imageUrl ?? null, title: textTitle(input.content) };
  } else if (source.sourceType === "website") {
    const input = trainingWebsiteInput.parse({ subpages: source.subpages, updateFrequency: source.updateFrequency, ...body, url: source.url });
    patch = { subpages: input.subpages, updateFrequency: input.updateFrequency };
  } else if (source.sourceType === "video") {
    const input = trainingVideoInput.parse({ title: source.title, transcript: source.content ?? undefined, ...body, url: source.url });
    patch = { title: input.title, content: input.transcript || null };
  } else throw new AppError("VALIDATION", "Para trocar um documento, envie o arquivo novamente.");
  const [row] = await ctx.db
    .update(embeddingSources)
    .set({ ...patch, status: "pending", progress: 0 })
    .where(eq(embeddingSources.id, sourceId))
    .returning();
  await enqueueTraining(ctx, sourceId, agentId, scope.id);
  await auditWorkspace(ctx, scope, { agentId, action: "training.update", category: "training", resourceType: "training_source", resourceId: sourceId, description: `Treinamento editado: ${source.title}`, ...changedFields(source, { ...source, ...patch }) });
  return row;
}

/** Retrains one source (force) or every source of the agent (only what changed). */
export async function retrain(ctx: ServiceContext, scope: EditorScope, agentId: string, sourceId?: string) {
  const sources = sourceId ? [await getSource(ctx, scope, agentId, sourceId)] : await listSources(ctx, scope, agentId);
  for (const s of sources) {
    await ctx.db.update(embeddingSources).set({ status: "pending", progress: 0 }).where(eq(embeddingSources.id, s.id));
    await enqueueTraining(ctx, s.id, agentId, scope.id, Boolean(sourceId));
  }
  return { queued: sources.length };
}

/** Deleting a source removes its chunks (FK cascade, FTS by trigger), its file, and bumps the version. */
export async function deleteSource(ctx: ServiceContext, scope: EditorScope, agentId: string, sourceId: string) {
  const source = await getSource(ctx, scope, agentId, sourceId);
  await withTransaction(ctx.db, async (tx) => {
    await tx.delete(embeddingSources).where(eq(embeddingSources.id, sourceId));
    await tx.update(agents).set({ knowledgeVersion: sql`${agents.knowledgeVersion} + 1` }).where(eq(agents.id, agentId));
    await dropAgentCache(tx, agentId);
  });
  invalidateAgentIndex(agentId);
  if (source.filePath) await rm(join(ctx.env.DATA_DIR, source.filePath), { force: true });
  await auditWorkspace(ctx, scope, { agentId, action: "training.remove", category: "training", resourceType: "training_source", resourceId: sourceId, description: `Treinamento removido: ${source.title}`, oldValues: { sourceType: source.sourceType, title: source.title, url: source.url } });
  return { ok: true };
}

/** Editors only (the scope proves it): it fetches the given site from the server. */
export async function discover(_scope: EditorScope, { url }: Discover) {
  try {
    return { url, subpages: await discoverSubpages(url) };
  } catch (err) {
    throw new AppError("VALIDATION", describeTrainingError(err), { field: "url" });
  }
}
