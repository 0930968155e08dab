/**
 * A real libSQL file with the real migrations, and the rows retrieval reads (user → workspace →
 * agent → embedding_sources → embeddings), written the way the ingest does: chunks inserted in
 * batches, then agents.knowledge_version bumped. Shared by test/knowledge and bench/retrieval.ts.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import { migrateEmbedded } from "../../db/migrate";
import { agents, embeddingSources, users, workspaces } from "../../db/schema";
import { defaultWorkspaceSettings } from "../../src/schemas/workspaces";

export type TestDb = DatabaseHandle & { dir: string; dispose: () => void };

export async function openTestDb(prefix = "atenda-knowledge-"): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const handle = await openDatabase(`file:${join(dir, "atenda.db")}`);
  await migrateEmbedded(handle.client);
  return {
    ...handle,
    dir,
    dispose: () => {
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let seq = 0;

/** A user owning a workspace. */
export async function createWorkspace(t: TestDb, name: string) {
  const n = ++seq;
  const [user] = await t.db
    .insert(users)
    .values({ email: `dono${n}.${Date.now()}@exemplo.com.br`, firstName: "Dono", lastName: String(n), passwordHash: "x" })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert failed");
  const [ws] = await t.db.insert(workspaces).values({ name, ownerId: user.id, settings: defaultWorkspaceSettings }).returning({ id: workspaces.id });
  if (!ws) throw new Error("workspace insert failed");
  return { userId: user.id, workspaceId: ws.id };
}

export type TestAgent = { id: string; workspaceId: string };

export async function createAgent(t: TestDb, ws: { userId: string; workspaceId: string }, name: string): Promise<TestAgent> {
  const [a] = await t.db.insert(agents).values({ name, userId: ws.userId, workspaceId: ws.workspaceId }).returning({ id: agents.id });
  if (!a) throw new Error("agent insert failed");
  return { id: a.id, workspaceId: ws.workspaceId };
}

export type ChunkInput = { content: string; vector: Float32Array };

/**
 * One text source with its chunks; returns the embeddings row ids in input order. Rows go in
 * batches of `batch` per transaction (FTS5 triggers included); the version bump comes last.
 */
export async function insertSource(t: TestDb, agent: TestAgent, title: string, chunks: ChunkInput[], batch = 1000): Promise<number[]> {
  const [src] = await t.db
    .insert(embeddingSources)
    .values({ agentId: agent.id, workspaceId: agent.workspaceId, sourceType: "text", title, status: "ready", chunkCount: chunks.length })
    .returning({ id: embeddingSources.id });
  if (!src) throw new Error("source insert failed");
  const ids: number[] = [];
  const now = Date.now();
  for (let i = 0; i < chunks.length; i += batch) {
    const stmts = chunks.slice(i, i + batch).map((c, j) => ({
      sql:
        "INSERT INTO embeddings (agent_id, workspace_id, source_id, source_type, source, type, content, content_hash, chunk_index, embedding, created_at) " +
        "VALUES (?, ?, ?, 'text', ?, 'chunk', ?, ?, ?, ?, ?) RETURNING id",
      args: [
        agent.id,
        agent.workspaceId,
        src.id,
        title,
        c.content,
        createHash("sha256").update(c.content).digest("hex"),
        i + j,
        new Uint8Array(c.vector.buffer, c.vector.byteOffset, c.vector.byteLength),
        now,
      ],
    }));
    const results = await t.client.batch(stmts, "write");
    for (const r of results) ids.push(Number(r.rows[0]?.id));
  }
  await bumpVersion(t, agent.id);
  return ids;
}

export async function bumpVersion(t: TestDb, agentId: string): Promise<void> {
  await t.client.execute({ sql: "UPDATE agents SET knowledge_version = knowledge_version + 1 WHERE id = ?", args: [agentId] });
}
