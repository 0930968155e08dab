import { customType, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { agents } from "./agents";
import { workspaces } from "./workspaces";

/** Embedding dimension for every embedder (docs/decisions/002-retrieval.md). */
export const EMBEDDING_DIM = 384;

/** libSQL F32_BLOB(n): little-endian float32s. The in-process index is rebuilt from these rows. */
export const f32Blob = customType<{ data: Float32Array; driverData: ArrayBuffer | Uint8Array; config: { dimensions: number } }>({
  dataType: (c) => `F32_BLOB(${c?.dimensions ?? EMBEDDING_DIM})`,
  toDriver: (v) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength),
  fromDriver: (v) => new Float32Array(v instanceof Uint8Array ? v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength) : v),
});

export const sourceTypes = ["text", "website", "document", "video"] as const;
export type SourceType = (typeof sourceTypes)[number];
export const sourceStatuses = ["pending", "processing", "ready", "failed"] as const;
export type SourceStatus = (typeof sourceStatuses)[number];

/** One training item of an agent (SPEC: training items + embedding_sources), with its processing state. */
export const embeddingSources = sqliteTable(
  "embedding_sources",
  {
    id: id(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sourceType: text("source_type", { enum: sourceTypes }).notNull(),
    /** Human label: text excerpt, page title, file name or video title. */
    title: text("title").notNull(),
    /** text: the text itself; video: the (pasted or fetched) transcript. */
    content: text("content"),
    imageUrl: text("image_url"),
    url: text("url"),
    subpages: text("subpages", { mode: "json" }).$type<string[]>().notNull().default([]),
    updateFrequency: text("update_frequency", { enum: ["never", "daily", "weekly", "monthly"] }).notNull().default("never"),
    fileName: text("file_name"),
    /** Path under the data dir (documents). */
    filePath: text("file_path"),
    mimeType: text("mime_type"),
    sizeBytes: integer("size_bytes"),
    status: text("status", { enum: sourceStatuses }).notNull().default("pending"),
    progress: integer("progress").notNull().default(0),
    errorMessage: text("error_message"),
    /** sha256 of the extracted text last embedded: retraining skips unchanged sources. */
    contentHash: text("content_hash"),
    version: integer("version").notNull().default(0),
    chunkCount: integer("chunk_count").notNull().default(0),
    embedder: text("embedder"),
    lastProcessedAt: ms("last_processed_at"),
    nextRefreshAt: ms("next_refresh_at"),
    ...timestamps,
  },
  (t) => [
    index("sources_agent_idx").on(t.agentId, t.createdAt),
    index("sources_refresh_idx").on(t.nextRefreshAt),
    index("sources_workspace_idx").on(t.workspaceId),
  ],
);

export const embeddings = sqliteTable(
  "embeddings",
  {
    /** Integer rowid: the FTS5 table and the in-process index key chunks by it. */
    id: integer("id").primaryKey({ autoIncrement: true }),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sourceId: text("source_id")
      .notNull()
      .references(() => embeddingSources.id, { onDelete: "cascade" }),
    sourceType: text("source_type", { enum: sourceTypes }).notNull(),
    /** Where the chunk came from, for citations: URL, file name or text title. */
    source: text("source").notNull(),
    type: text("type").notNull().default("chunk"),
    content: text("content").notNull(),
    contentHash: text("content_hash").notNull(),
    chunkIndex: integer("chunk_index").notNull(),
    embedding: f32Blob("embedding", { dimensions: EMBEDDING_DIM }).notNull(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    index("embeddings_agent_idx").on(t.agentId),
    index("embeddings_source_idx").on(t.sourceId, t.chunkIndex),
    index("embeddings_workspace_idx").on(t.workspaceId),
  ],
);

/**
 * Durable jobs (SPEC jobs): claimed atomically with a lease, retried with backoff, dead-lettered
 * after maxAttempts. dedupeKey makes enqueueing the same work twice a no-op.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    agentId: text("agent_id"),
    userId: text("user_id"),
    workspaceId: text("workspace_id"),
    type: text("type").notNull(),
    status: text("status", { enum: ["pending", "running", "completed", "failed", "dead"] }).notNull().default("pending"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    result: text("result", { mode: "json" }).$type<Record<string, unknown>>(),
    error: text("error"),
    progress: integer("progress").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAfter: ms("run_after").notNull(),
    leaseUntil: ms("lease_until"),
    dedupeKey: text("dedupe_key"),
    /** Jobs sharing a group key run one at a time, oldest first (one conversation's messages stay in order). */
    groupKey: text("group_key"),
    startedAt: ms("started_at"),
    completedAt: ms("completed_at"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("jobs_claim_idx").on(t.status, t.runAfter, t.id), uniqueIndex("jobs_dedupe_idx").on(t.dedupeKey), index("jobs_group_idx").on(t.groupKey, t.status), index("jobs_status_completed_idx").on(t.status, t.completedAt)],
);

/** SPEC semantic cache: a repeated question answered without a model call (similarity ≥ 0.92). */
export const semanticCache = sqliteTable(
  "semantic_cache",
  {
    id: id(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    embedding: f32Blob("embedding", { dimensions: EMBEDDING_DIM }).notNull(),
    answer: text("answer").notNull(),
    /** The agent's configHash + training version when cached: any change invalidates. */
    cacheKey: text("cache_key").notNull(),
    hits: integer("hits").notNull().default(0),
    /** Sum of what the hits would have cost, in centavos × 1000 (milli-centavos), for "R$ economizados". */
    savedMilliCents: integer("saved_milli_cents").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // Newest-first reads and pruning walk this index instead of sorting every entry of the agent;
    // its (agent_id, cache_key) prefix serves every other read, so no separate index on it.
    index("semantic_cache_agent_key_updated_idx").on(t.agentId, t.cacheKey, t.updatedAt),
    index("semantic_cache_workspace_idx").on(t.workspaceId),
  ],
);

/**
 * One row per agent with a semantic cache (src/services/semantic-cache.ts). `version` moves on every
 * insert or delete, so each thread's in-memory copy knows by one key lookup when another changed
 * the rows; the totals outlive pruned and invalidated entries ("R$ economizados" never drops).
 */
export const semanticCacheHeads = sqliteTable("semantic_cache_heads", {
  agentId: text("agent_id")
    .primaryKey()
    .references(() => agents.id, { onDelete: "cascade" }),
  /** The key of the last stored entry: rows under any other key are dropped on the next store. */
  cacheKey: text("cache_key").notNull().default(""),
  /** Rows under cacheKey, so the size cap is enforced without counting them. */
  entries: integer("entries").notNull().default(0),
  version: integer("version").notNull().default(0),
  hits: integer("hits").notNull().default(0),
  savedMilliCents: integer("saved_milli_cents").notNull().default(0),
});
