/** The app for bench/chat.ts, in its own process, pointed at the fake LLM (arg 1) with a funded agent. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { agents, userCredits, users, workspaces } from "../db/schema";
import { defaultConversationSettings } from "../src/schemas/agents";
import { loadEnv } from "../src/env";
import { startServer } from "../src/server";

const { server, deps } = await startServer(
  loadEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(join(tmpdir(), "atenda-chat-bench-")),
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
  .values({ workspaceId: ws.id, userId: admin.id, name: "Bench", activity: "Atendimento", companyDetails: "Abrimos de segunda a sexta das 9h às 18h.", conversationSettings: defaultConversationSettings })
  .returning();
console.log(JSON.stringify({ port: server.port, agentId: agent?.id }));
process.on("SIGINT", () => process.exit(0));
