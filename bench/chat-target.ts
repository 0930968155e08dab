/** The app for bench/chat.ts, in its own process, pointed at the fake LLM (arg 1) with a funded agent. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
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
// Event-loop delay of this process (the app's one JS thread), read and reset by the load generator
// per phase through a side port; its requests are a few per phase, so they do not skew the figure.
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
// CPU time of the process too: on a shared machine it says what a turn costs when wall times are noise.
let cpu = process.cpuUsage();
const control = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(req) {
    const used = process.cpuUsage(cpu);
    const figures = { p50Ms: ms(delay.percentile(50)), p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max), samples: delay.count, cpuMs: Math.round((used.user + used.system) / 1000) };
    if (new URL(req.url).searchParams.has("reset")) {
      delay.reset();
      cpu = process.cpuUsage();
    }
    return Response.json(figures);
  },
});
console.log(JSON.stringify({ port: server.port, agentId: agent?.id, controlPort: control.port }));
// SIGINT exits normally, so a `bun --cpu-prof` run (BENCH_CPU_PROF) writes its profile.
process.on("SIGINT", () => process.exit(0));
