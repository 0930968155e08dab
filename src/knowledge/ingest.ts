import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { agents, embeddingSources, embeddings } from "../../db/schema";
import { SafeFetchError } from "../lib/safe-fetch";
import type { AppDeps } from "../services/context";
import { withTransaction } from "../services/context";
import { chunkText } from "./chunker";
import type { Embedder } from "./embedder";
import { embedderFor } from "./embedder-for";
import { ExtractionError } from "./extract";
import { invalidateAgentIndex } from "./retrieve";
import { type SourcePart, documentParts, videoParts, websiteParts } from "./sources";

export type Source = typeof embeddingSources.$inferSelect;

const DAY = 86_400_000;
export const refreshInterval = { never: null, daily: DAY, weekly: 7 * DAY, monthly: 30 * DAY } as const;

/** Failures the owner can act on keep their pt-BR message; anything else gets a generic one. */
export function describeTrainingError(err: unknown): string {
  if (err instanceof ExtractionError || err instanceof SafeFetchError) return err.message;
  return "Falha inesperada ao processar a fonte. Tente novamente.";
}

async function loadParts(deps: AppDeps, source: Source, onProgress: (p: number) => Promise<void>): Promise<{ parts: SourcePart[]; content?: string }> {
  switch (source.sourceType) {
    case "text":
      return { parts: [{ source: source.title, text: source.content ?? "" }] };
    case "website":
      return { parts: await websiteParts(source.url ?? "", source.subpages, (done, total) => void onProgress(5 + (done / total) * 35)) };
    case "document": {
      if (!source.filePath || !source.fileName) throw new ExtractionError("Arquivo não encontrado. Envie o documento novamente.");
      const bytes = new Uint8Array(await readFile(join(deps.env.DATA_DIR, source.filePath)));
      return { parts: await documentParts(source.fileName, bytes) };
    }
    case "video": {
      const { parts, transcript } = await videoParts(source.title, source.url ?? "", source.content);
      return { parts, content: transcript };
    }
  }
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * Extract → chunk → embed → replace the source's chunks, in one transaction with the source's
 * state and the agent's knowledge version. Unchanged text (same hash, same embedder) is skipped.
 */
export async function processSource(
  deps: AppDeps,
  sourceId: string,
  onProgress: (p: number) => Promise<void> = async () => {},
  opts: { force?: boolean; embedder?: Embedder } = {},
): Promise<{ skipped: boolean; chunks: number }> {
  const [source] = await deps.db.select().from(embeddingSources).where(eq(embeddingSources.id, sourceId)).limit(1);
  if (!source) return { skipped: true, chunks: 0 };
  const progress = async (p: number) => {
    await deps.db.update(embeddingSources).set({ progress: Math.round(p) }).where(eq(embeddingSources.id, sourceId));
    await onProgress(p);
  };
  await deps.db.update(embeddingSources).set({ status: "processing", progress: 5, errorMessage: null }).where(eq(embeddingSources.id, sourceId));

  const embedder = opts.embedder ?? (await embedderFor(deps));
  const { parts, content } = await loadParts(deps, source, progress);
  const hash = sha256(`${embedder.id}\n${parts.map((p) => `${p.source}\n${p.text}`).join("\n\n")}`);
  const nextRefreshAt = refreshInterval[source.updateFrequency] ? deps.now() + (refreshInterval[source.updateFrequency] ?? 0) : null;
  if (!opts.force && hash === source.contentHash && source.chunkCount > 0) {
    await deps.db
      .update(embeddingSources)
      .set({ status: "ready", progress: 100, lastProcessedAt: deps.now(), nextRefreshAt })
      .where(eq(embeddingSources.id, sourceId));
    return { skipped: true, chunks: source.chunkCount };
  }

  const chunks = parts.flatMap((part) => chunkText(part.text).map((text) => ({ source: part.source, text })));
  if (chunks.length === 0) throw new ExtractionError("Nenhum texto encontrado nesta fonte.");
  await progress(45);
  const vectors: Float32Array[] = [];
  const BATCH = 64;
  for (let i = 0; i < chunks.length; i += BATCH) {
    vectors.push(...(await embedder.embed(chunks.slice(i, i + BATCH).map((c) => c.text))));
    await progress(45 + ((i + BATCH) / chunks.length) * 45);
  }

  const now = deps.now();
  await withTransaction(deps.db, async (tx) => {
    await tx.delete(embeddings).where(eq(embeddings.sourceId, sourceId));
    const rows = chunks.map((c, i) => ({
      agentId: source.agentId,
      workspaceId: source.workspaceId,
      sourceId,
      sourceType: source.sourceType,
      source: c.source,
      content: c.text,
      contentHash: sha256(c.text),
      chunkIndex: i,
      embedding: vectors[i] ?? new Float32Array(embedder.dim),
      createdAt: now,
    }));
    for (let i = 0; i < rows.length; i += 200) await tx.insert(embeddings).values(rows.slice(i, i + 200));
    await tx
      .update(embeddingSources)
      .set({
        status: "ready",
        progress: 100,
        errorMessage: null,
        contentHash: hash,
        chunkCount: chunks.length,
        version: sql`${embeddingSources.version} + 1`,
        embedder: embedder.id,
        lastProcessedAt: now,
        nextRefreshAt,
        ...(content !== undefined ? { content } : {}),
      })
      .where(eq(embeddingSources.id, sourceId));
    await tx
      .update(agents)
      .set({ knowledgeVersion: sql`${agents.knowledgeVersion} + 1`, trainingStatus: "trained", trainedAt: now, lastTrainedHash: hash })
      .where(eq(agents.id, source.agentId));
  });
  invalidateAgentIndex(source.agentId);
  return { skipped: false, chunks: chunks.length };
}

/** A failed source keeps its refresh schedule: a site that was down is tried again next period. */
export async function markSourceFailed(deps: AppDeps, sourceId: string, message: string) {
  const [source] = await deps.db.select({ every: embeddingSources.updateFrequency }).from(embeddingSources).where(eq(embeddingSources.id, sourceId)).limit(1);
  const interval = source ? refreshInterval[source.every] : null;
  await deps.db
    .update(embeddingSources)
    .set({ status: "failed", errorMessage: message, progress: 0, nextRefreshAt: interval ? deps.now() + interval : null })
    .where(eq(embeddingSources.id, sourceId));
}

/** A failure that will be retried: back to pending, with the reason shown meanwhile. */
export async function markSourceRetrying(deps: AppDeps, sourceId: string, message: string) {
  await deps.db.update(embeddingSources).set({ status: "pending", errorMessage: message, progress: 0 }).where(eq(embeddingSources.id, sourceId));
}
