/**
 * The app for bench/retrieval-realistic.ts, in its own process: pointed at the fake LLM (arg 1),
 * with a funded agent trained on the first `arg 2` chunks of the bench catalogue. The chunks are
 * embedded by the offline embedder and written by the ingest's own replaceSourceChunks before the
 * first request, as a finished training would leave them.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { agents, embeddingSources, userCredits, users, workspaces } from "../db/schema";
import { offlineEmbedder } from "../src/knowledge/embedder";
import { loadEnv } from "../src/env";
import { defaultConversationSettings } from "../src/schemas/agents";
import { startServer } from "../src/server";
import { replaceSourceChunks } from "../src/services/knowledge-store";
import { catalogue } from "./retrieval/catalogue";

const CHUNKS = Number(process.argv[3] ?? 0);

const { server, deps } = await startServer(
  loadEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(join(tmpdir(), "atenda-retrieval-bench-")),
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: "bench@atenda.test",
    ADMIN_PASSWORD: "bench-password",
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: process.argv[2] ?? "",
    PUBLIC_CHAT_VISITOR_PER_MIN: "1000000",
    PUBLIC_CHAT_AGENT_PER_MIN: "100000000",
  }),
);
const [admin] = await deps.db.select().from(users).where(eq(users.email, "bench@atenda.test"));
const [ws] = await deps.db.select().from(workspaces).where(eq(workspaces.ownerId, admin?.id ?? ""));
if (!admin || !ws) throw new Error("seed missing");
await deps.db.update(userCredits).set({ totalCredits: 1e12, remainingCredits: 1e12 }).where(eq(userCredits.workspaceId, ws.id));
const [agent] = await deps.db
  .insert(agents)
  .values({ workspaceId: ws.id, userId: admin.id, name: "Bench", activity: "Loja de eletrodomésticos", companyDetails: "Loja online de eletrodomésticos.", conversationSettings: defaultConversationSettings })
  .returning();
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
