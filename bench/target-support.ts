/**
 * Helpers the bench app processes (bench/*-target.ts) share to stand the app up the same way.
 * Separate from bench/support.ts so the load generators do not load the app's modules.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { agents, userCredits, users, workspaces } from "../db/schema";
import { loadEnv } from "../src/env";
import { defaultConversationSettings } from "../src/schemas/agents";

/**
 * The app's environment in a bench: loopback on a free port, silent logs, the seeded bench admin,
 * the fake LLM at `llmUrl`, and public-chat rate limits far above any bench's load.
 */
export function benchEnv(dataDir: string, llmUrl: string, nodeEnv = "production") {
  return loadEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: nodeEnv,
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: "bench@atenda.test",
    ADMIN_PASSWORD: "bench-password",
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: llmUrl,
    PUBLIC_CHAT_VISITOR_PER_MIN: "1000000",
    PUBLIC_CHAT_AGENT_PER_MIN: "100000000",
  });
}

/** The seeded admin and their workspace, given credits no bench run can use up (no turn fails for credit). */
export async function fundedWorkspace(db: Db) {
  const [admin] = await db.select().from(users).where(eq(users.email, "bench@atenda.test"));
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.ownerId, admin?.id ?? ""));
  if (!admin || !ws) throw new Error("seed missing");
  await db.update(userCredits).set({ totalCredits: 1e12, remainingCredits: 1e12 }).where(eq(userCredits.workspaceId, ws.id));
  return { admin, ws };
}

/** Inserts an agent with the default conversation settings (by default a shop open Mon–Fri 9–18h); the row, if inserted. */
export async function insertAgent(
  db: Db,
  owner: { admin: { id: string }; ws: { id: string } },
  name: string,
  about: { activity: string; companyDetails: string } = { activity: "Atendimento", companyDetails: "Abrimos de segunda a sexta das 9h às 18h." },
) {
  const [row] = await db
    .insert(agents)
    .values({ workspaceId: owner.ws.id, userId: owner.admin.id, name, ...about, conversationSettings: defaultConversationSettings })
    .returning();
  return row;
}
