/** Training sources over tRPC and multipart upload, polling of their state, and the rows the pipeline writes. */
import { eq, sql } from "drizzle-orm";
import { agents, embeddings, jobs, messages } from "../../db/schema";
import type { TestApp } from "./app";
import type { Client } from "./client";
import { mailedToken, registerUser, uniqueEmail } from "./factories";

export type SourceRow = {
  id: string;
  agentId: string;
  workspaceId: string;
  sourceType: "text" | "website" | "document" | "video";
  title: string;
  content: string | null;
  url: string | null;
  subpages: string[];
  updateFrequency: string;
  fileName: string | null;
  filePath: string | null;
  mimeType: string | null;
  sizeBytes: number | null;
  status: "pending" | "processing" | "ready" | "failed";
  progress: number;
  errorMessage: string | null;
  contentHash: string | null;
  version: number;
  chunkCount: number;
  lastProcessedAt: number | null;
};

export async function listSources(client: Client, agentId: string): Promise<SourceRow[]> {
  const res = await client.trpc.training.list.query({ agentId });
  if (!res.ok) throw new Error(`training.list failed: ${JSON.stringify(res.error)}`);
  return res.data;
}

/** training.add{Text,Website,Video}; throws on error (use client.mutate directly to test refusals). */
export async function addSource(client: Client, kind: "Text" | "Website" | "Video", agentId: string, body: unknown): Promise<SourceRow> {
  const res = await client.mutate<SourceRow>(`training.add${kind}`, { agentId, body });
  if (!res.ok) throw new Error(`training.add${kind} failed: ${JSON.stringify(res.error)}`);
  return res.data;
}

export type Observation = { status: SourceRow["status"]; progress: number };

/**
 * Polls training.list until the source reaches one of `until` (default ready/failed), every
 * `everyMs`; returns the final row and every state seen on the way.
 */
export async function waitForSource(
  client: Client,
  agentId: string,
  sourceId: string,
  opts: { until?: SourceRow["status"][]; timeoutMs?: number; everyMs?: number } = {},
): Promise<{ source: SourceRow; seen: Observation[] }> {
  const until = opts.until ?? ["ready", "failed"];
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const seen: Observation[] = [];
  for (;;) {
    const source = (await listSources(client, agentId)).find((s) => s.id === sourceId);
    if (!source) throw new Error(`source ${sourceId} is not listed`);
    const last = seen[seen.length - 1];
    if (!last || last.status !== source.status || last.progress !== source.progress) seen.push({ status: source.status, progress: source.progress });
    if (until.includes(source.status)) return { source, seen };
    if (Date.now() > deadline) throw new Error(`source ${sourceId} stuck: ${JSON.stringify(seen)}`);
    await Bun.sleep(opts.everyMs ?? 25);
  }
}

/** Adds a source and waits until its job is done. */
export async function trainSource(client: Client, kind: "Text" | "Website" | "Video", agentId: string, body: unknown) {
  const added = await addSource(client, kind, agentId, body);
  return (await waitForSource(client, agentId, added.id)).source;
}

/** POST /api/v1/agents/{id}/training/documents, multipart field "file", as the SPA sends it. */
export async function uploadDocument(client: Client, agentId: string, name: string, bytes: Uint8Array | string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type }));
  const headers: Record<string, string> = { "x-forwarded-for": client.ip };
  headers.cookie = [...client.jar.entries()].map(([k, c]) => `${k}=${encodeURIComponent(c.value)}`).join("; ");
  const csrf = client.cookie("atenda_csrf")?.value;
  if (csrf) headers["x-csrf-token"] = csrf;
  const res = await fetch(`${client.base}/api/v1/agents/${agentId}/training/documents`, { method: "POST", headers, body: form });
  const body = (await res.json().catch(() => null)) as { data?: SourceRow; error?: { code: string; message: string; field?: string } } | null;
  return { status: res.status, body, data: body?.data as SourceRow };
}

export type ChunkRow = { id: number; sourceId: string; agentId: string; source: string; content: string; chunkIndex: number };

export async function chunksOf(app: TestApp, sourceId: string): Promise<ChunkRow[]> {
  return app.deps.db
    .select({ id: embeddings.id, sourceId: embeddings.sourceId, agentId: embeddings.agentId, source: embeddings.source, content: embeddings.content, chunkIndex: embeddings.chunkIndex })
    .from(embeddings)
    .where(eq(embeddings.sourceId, sourceId))
    .orderBy(embeddings.chunkIndex);
}

/** Rowids the FTS5 index itself returns for a word (not the content table): shows stale index entries. */
export async function ftsRowids(app: TestApp, word: string): Promise<number[]> {
  const res = await app.deps.db.$client.execute({ sql: "SELECT rowid FROM embeddings_fts WHERE embeddings_fts MATCH ? ORDER BY rowid", args: [`"${word}"`] });
  return res.rows.map((r) => Number(r.rowid));
}

export async function jobsOf(app: TestApp, sourceId: string) {
  return app.deps.db
    .select()
    .from(jobs)
    .where(sql`json_extract(${jobs.data}, '$.sourceId') = ${sourceId}`)
    .orderBy(jobs.createdAt);
}

export async function agentRow(app: TestApp, agentId: string) {
  const [row] = await app.deps.db.select().from(agents).where(eq(agents.id, agentId));
  if (!row) throw new Error("no agent");
  return row;
}

export type StoredSources = { sourceId: string; source: string; sourceType: string; chunkId: number; score: number }[];

/** The stored reply's metadata (outcome, sources…). */
export async function messageMetadata(app: TestApp, messageId: string) {
  const [row] = await app.deps.db.select({ metadata: messages.metadata }).from(messages).where(eq(messages.id, messageId));
  return (row?.metadata ?? null) as { outcome?: string; sources?: StoredSources } | null;
}

/** Joins a new member to the owner's workspace with exactly the given permission flags. */
export async function inviteMember(app: TestApp, ownerClient: Client, flags: Record<string, boolean>) {
  const email = uniqueEmail("membro");
  const invited = await ownerClient.trpc.workspaces.members.invite.mutate({ email, role: "member", permissions: flags });
  if (!invited.ok) throw new Error(`invite failed: ${JSON.stringify(invited.error)}`);
  const token = await mailedToken(app, email, "/convite");
  const member = await registerUser(app, { email });
  const accepted = await member.client.trpc.invitations.accept.mutate({ token });
  if (!accepted.ok) throw new Error(`accept failed: ${JSON.stringify(accepted.error)}`);
  return member;
}

/** Polls `fn` until it returns a truthy value. */
export async function eventually<T>(fn: () => Promise<T>, timeoutMs = 10_000, everyMs = 25): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await Bun.sleep(everyMs);
  }
}
