import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SafeFetchError } from "../lib/safe-fetch";
import type { AppDeps } from "../services/context";
import { type Source, replaceSourceChunks, sourceById, sourceUpdateFrequency, updateSourceState, workspaceChunksUsed } from "../services/knowledge-store";
import { chunkText } from "./chunker";
import type { Embedder } from "./embedder";
import { embedderFor } from "./embedder-for";
import { ExtractionCrashError, ExtractionError, LimitError } from "./extract-errors";
import { type TrainingLimits, limitMessages, trainingLimits } from "./limits";
import { invalidateAgentIndex } from "./retrieve";
import { type SourcePart, documentParts, videoParts, websiteParts } from "./sources";

export type { Source } from "../services/knowledge-store";

const DAY = 86_400_000;
export const refreshInterval = { never: null, daily: DAY, weekly: 7 * DAY, monthly: 30 * DAY } as const;

/** Failures the owner can act on keep their pt-BR message; anything else gets a generic one. */
export function describeTrainingError(err: unknown): string {
  if (err instanceof ExtractionError || err instanceof ExtractionCrashError || err instanceof SafeFetchError) return err.message;
  return "Falha inesperada ao processar a fonte. Tente novamente.";
}

type LoadContext = { limits: TrainingLimits; attempt: number; onProgress: (p: number) => Promise<void> };

async function loadParts(deps: AppDeps, source: Source, { limits, attempt, onProgress }: LoadContext): Promise<{ parts: SourcePart[]; content?: string }> {
  switch (source.sourceType) {
    case "text":
      return { parts: [{ source: source.title, text: source.content ?? "" }] };
    case "website":
      return { parts: await websiteParts(source.url ?? "", source.subpages, (done, total) => void onProgress(5 + (done / total) * 35), limits) };
    case "document": {
      const path = source.filePath ? join(deps.env.DATA_DIR, source.filePath) : "";
      if (!path || !source.fileName || !existsSync(path)) throw new ExtractionError("Arquivo não encontrado. Envie o documento novamente.");
      return { parts: await documentParts({ path, fileName: source.fileName, limits }, { attempt }) };
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
 * Text and chunks are bounded per source and per workspace (limits.ts); `attempt` is the job's.
 */
export async function processSource(
  deps: AppDeps,
  sourceId: string,
  onProgress: (p: number) => Promise<void> = async () => {},
  opts: { force?: boolean; embedder?: Embedder; attempt?: number } = {},
): Promise<{ skipped: boolean; chunks: number }> {
  const source = await sourceById(deps.db, sourceId);
  if (!source) return { skipped: true, chunks: 0 };
  const limits = trainingLimits(deps.env);
  const attempt = opts.attempt ?? 1;
  // Still "processing" when claimed again: an earlier run died with its process. Once is a
  // restart; twice is the source itself, and it must not take the runner down on every start.
  if (source.status === "processing" && attempt >= 3) throw new ExtractionError(limitMessages.interrupted);
  const progress = async (p: number) => {
    await updateSourceState(deps.db, sourceId, { progress: Math.round(p) });
    await onProgress(p);
  };
  await updateSourceState(deps.db, sourceId, { status: "processing", progress: 5, errorMessage: null });

  const embedder = opts.embedder ?? (await embedderFor(deps));
  const { parts, content } = await loadParts(deps, source, { limits, attempt, onProgress: progress });
  if (parts.reduce((n, p) => n + p.text.length, 0) > limits.maxChars) throw new LimitError(limitMessages.chars(limits));
  const hash = sha256(`${embedder.id}\n${parts.map((p) => `${p.source}\n${p.text}`).join("\n\n")}`);
  const nextRefreshAt = refreshInterval[source.updateFrequency] ? deps.now() + (refreshInterval[source.updateFrequency] ?? 0) : null;
  if (!opts.force && hash === source.contentHash && source.chunkCount > 0) {
    await updateSourceState(deps.db, sourceId, { status: "ready", progress: 100, lastProcessedAt: deps.now(), nextRefreshAt });
    return { skipped: true, chunks: source.chunkCount };
  }

  const chunks = chunksOf(parts, limits);
  if (chunks.length === 0) throw new ExtractionError("Nenhum texto encontrado nesta fonte.");
  assertWorkspaceRoom(await workspaceChunksUsed(deps.db, source.workspaceId, source.id), chunks.length, limits);
  await progress(45);
  const vectors: Float32Array[] = [];
  const BATCH = 64;
  for (let i = 0; i < chunks.length; i += BATCH) {
    vectors.push(...(await embedder.embed(chunks.slice(i, i + BATCH).map((c) => c.text))));
    await progress(45 + ((i + BATCH) / chunks.length) * 45);
  }

  const now = deps.now();
  await replaceSourceChunks(deps.db, source, {
    chunks: chunks.map((c, i) => ({
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
    })),
    source: {
      status: "ready",
      progress: 100,
      errorMessage: null,
      contentHash: hash,
      chunkCount: chunks.length,
      embedder: embedder.id,
      lastProcessedAt: now,
      nextRefreshAt,
      ...(content !== undefined ? { content } : {}),
    },
    hash,
    now,
    checkRoom: (used) => assertWorkspaceRoom(used, chunks.length, limits),
  });
  invalidateAgentIndex(source.agentId);
  return { skipped: false, chunks: chunks.length };
}

/** The parts' chunks, refused past the per-source cap (the chunker stops just past it). */
function chunksOf(parts: SourcePart[], limits: TrainingLimits) {
  const chunks: { source: string; text: string }[] = [];
  for (const part of parts) {
    const room = limits.maxChunksPerSource - chunks.length;
    for (const text of chunkText(part.text, { maxChunks: room })) chunks.push({ source: part.source, text });
    if (chunks.length > limits.maxChunksPerSource) throw new LimitError(limitMessages.chunksPerSource(limits));
  }
  return chunks;
}

/** The workspace's other sources plus this one must fit the per-workspace chunk cap. */
function assertWorkspaceRoom(usedByOtherSources: number, chunks: number, limits: TrainingLimits) {
  if (usedByOtherSources + chunks > limits.maxChunksPerWorkspace) throw new LimitError(limitMessages.chunksPerWorkspace(limits));
}

/** A failed source keeps its refresh schedule: a site that was down is tried again next period. */
export async function markSourceFailed(deps: AppDeps, sourceId: string, message: string) {
  const every = await sourceUpdateFrequency(deps.db, sourceId);
  const interval = every ? refreshInterval[every] : null;
  await updateSourceState(deps.db, sourceId, { status: "failed", errorMessage: message, progress: 0, nextRefreshAt: interval ? deps.now() + interval : null });
}

/** A failure that will be retried: back to pending, with the reason shown meanwhile. */
export async function markSourceRetrying(deps: AppDeps, sourceId: string, message: string) {
  await updateSourceState(deps.db, sourceId, { status: "pending", errorMessage: message, progress: 0 });
}
