/**
 * The app for bench/retrieval-realistic.ts, in its own process: pointed at the fake LLM (arg 1),
 * with a funded agent trained on the first `arg 2` chunks of the bench catalogue. The chunks are
 * embedded by the offline embedder and written by the ingest's own replaceSourceChunks before the
 * first request, as a finished training would leave them.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddingSources } from "../db/schema";
import { offlineEmbedder } from "../src/knowledge/embedder";
import { startServer } from "../src/server";
import { replaceSourceChunks } from "../src/services/knowledge-store";
import { catalogue } from "./retrieval/catalogue";
import { benchEnv, fundedWorkspace, insertAgent } from "./target-support";

const CHUNKS = Number(process.argv[3] ?? 0);

const { server, deps } = await startServer(benchEnv(mkdtempSync(join(tmpdir(), "atenda-retrieval-bench-")), process.argv[2] ?? ""));
const owner = await fundedWorkspace(deps.db);
const { ws } = owner;
const agent = await insertAgent(deps.db, owner, "Bench", { activity: "Loja de eletrodomésticos", companyDetails: "Loja online de eletrodomésticos." });
if (!agent) throw new Error("agent insert failed");

if (CHUNKS > 0) {
  const { chunks } = catalogue({ chunks: CHUNKS, questions: 0 });
  const embedder = offlineEmbedder();
  const vectors = await embedder.embed(chunks.map((c) => c.content));
  const [source] = await deps.db
    .insert(embeddingSources)
    .values({ agentId: agent.id, workspaceId: ws.id, sourceType: "text", title: "Catálogo", status: "processing" })
    .returning({ id: embeddingSources.id });
  if (!source) throw new Error("source insert failed");
  const now = Date.now();
  await replaceSourceChunks(deps.db, { id: source.id, agentId: agent.id, workspaceId: ws.id }, {
    chunks: chunks.map((c, i) => ({
      agentId: agent.id,
      workspaceId: ws.id,
      sourceId: source.id,
      sourceType: "text" as const,
      source: "Catálogo",
      content: c.content,
      contentHash: String(i),
      chunkIndex: i,
      embedding: vectors[i] ?? new Float32Array(embedder.dim),
      createdAt: now,
    })),
    source: { status: "ready", progress: 100, chunkCount: chunks.length, embedder: embedder.id, lastProcessedAt: now },
    hash: "bench",
    now,
    checkRoom: () => {},
  });
}
console.log(JSON.stringify({ port: server.port, agentId: agent.id }));
process.on("SIGINT", () => process.exit(0));
