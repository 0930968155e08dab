/**
 * The training pipeline's reads and writes of sources and their chunks (src/knowledge/ingest.ts
 * holds the rules: extraction, limits, hashing). Replacing a source's chunks, bumping its version
 * and the agent's knowledge version happen in one transaction, with the workspace cap re-checked
 * inside it so two sources trained at once cannot both take the last room.
 */
import { and, eq, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { agents, embeddingSources, embeddings } from "../../db/schema";
import { withTransaction } from "./context";

export type Source = typeof embeddingSources.$inferSelect;
export type SourcePatch = Partial<typeof embeddingSources.$inferInsert>;
export type NewChunk = typeof embeddings.$inferInsert;

export async function sourceById(db: DbOrTx, id: string): Promise<Source | null> {
  const [row] = await db.select().from(embeddingSources).where(eq(embeddingSources.id, id)).limit(1);
  return row ?? null;
}

/** Status, progress and error of a source as the pipeline moves it along. */
export async function updateSourceState(db: DbOrTx, id: string, patch: SourcePatch): Promise<void> {
  await db.update(embeddingSources).set(patch).where(eq(embeddingSources.id, id));
}

export async function sourceUpdateFrequency(db: DbOrTx, id: string): Promise<Source["updateFrequency"] | null> {
  const [row] = await db.select({ every: embeddingSources.updateFrequency }).from(embeddingSources).where(eq(embeddingSources.id, id)).limit(1);
  return row?.every ?? null;
}

/** Chunks the workspace's other sources hold (the per-workspace cap counts them). */
export async function workspaceChunksUsed(db: DbOrTx, workspaceId: string, exceptSourceId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${embeddingSources.chunkCount}), 0)` })
    .from(embeddingSources)
    .where(and(eq(embeddingSources.workspaceId, workspaceId), ne(embeddingSources.id, exceptSourceId)));
  return Number(row?.used ?? 0);
}

export type ChunkReplacement = {
  chunks: NewChunk[];
  /** The source's new state; its version is bumped here. */
  source: SourcePatch;
  /** The trained text's hash, recorded on the agent. */
  hash: string;
  now: number;
  /** Throws when the chunks no longer fit beside the workspace's other sources (checked inside the transaction). */
  checkRoom: (usedByOtherSources: number) => void;
};

/** Swaps a source's chunks for new ones and marks source and agent trained, atomically. */
export async function replaceSourceChunks(db: DbOrTx, source: Pick<Source, "id" | "agentId" | "workspaceId">, r: ChunkReplacement): Promise<void> {
  await withTransaction(db, async (tx) => {
    r.checkRoom(await workspaceChunksUsed(tx, source.workspaceId, source.id));
    await tx.delete(embeddings).where(eq(embeddings.sourceId, source.id));
    for (let i = 0; i < r.chunks.length; i += 200) await tx.insert(embeddings).values(r.chunks.slice(i, i + 200));
    await tx
      .update(embeddingSources)
      .set({ ...r.source, version: sql`${embeddingSources.version} + 1` })
      .where(eq(embeddingSources.id, source.id));
    await tx
      .update(agents)
      .set({ knowledgeVersion: sql`${agents.knowledgeVersion} + 1`, trainingStatus: "trained", trainedAt: r.now, lastTrainedHash: r.hash })
      .where(eq(agents.id, source.agentId));
  });
}

type SourceRef = { id: string; agentId: string; workspaceId: string };

/**
 * Websites whose update frequency says they are due, each taken once: its next refresh is cleared
 * here, and the caller queues its training (deduplicated). Uses sources_refresh_idx.
 */
export async function takeDueRefreshes(db: DbOrTx, now: number): Promise<SourceRef[]> {
  const due = await db
    .select({ id: embeddingSources.id, agentId: embeddingSources.agentId, workspaceId: embeddingSources.workspaceId })
    .from(embeddingSources)
    .where(and(isNotNull(embeddingSources.nextRefreshAt), lte(embeddingSources.nextRefreshAt, now), inArray(embeddingSources.status, ["ready", "failed"])));
  for (const s of due) await db.update(embeddingSources).set({ nextRefreshAt: null }).where(eq(embeddingSources.id, s.id));
  return due;
}

/** Ready sources embedded by another embedder than `current` (EMBEDDINGS was switched). */
export function sourcesEmbeddedByOther(db: DbOrTx, current: string): Promise<SourceRef[]> {
  return db
    .select({ id: embeddingSources.id, agentId: embeddingSources.agentId, workspaceId: embeddingSources.workspaceId })
    .from(embeddingSources)
    .where(and(eq(embeddingSources.status, "ready"), isNotNull(embeddingSources.embedder), ne(embeddingSources.embedder, current)));
}
