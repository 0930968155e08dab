/**
 * First run (issue 17, item 10): a fresh database gets 'Agente Demo' in the demo workspace, active
 * and trained on its FAQ, and its public chat answers offline from the FAQ (with a model key, the
 * model answers). A second start on the same database, and any existing database, is left untouched.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { agents, embeddingSources, embeddings, workspaces } from "../db/schema";
import { loadEnv } from "../src/env";
import { startServer } from "../src/server";
import { DEMO_AGENT_NAME } from "../src/services/admin/platform/demo-agent";
import { startFakeOpenAi } from "./fakes/openai";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from "./helpers/app";
import { chat } from "./helpers/agents";
import { loginAdmin } from "./helpers/factories";

const dataDir = mkdtempSync(join(tmpdir(), "atenda-seed-"));
const running: TestApp[] = [];
afterAll(async () => {
  for (const app of running) await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A server on `dataDir` that keeps the directory when stopped (the second start reads the same database). */
async function start(overrides: Record<string, string> = {}): Promise<TestApp> {
  const env = loadEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, TRUST_PROXY: "true", ...overrides });
  const { server, deps, stop, jobs } = await startServer(env);
  const app: TestApp = { base: `http://127.0.0.1:${server.port}`, deps, jobs, stop };
  running.push(app);
  return app;
}
async function stopApp(app: TestApp) {
  await app.stop();
  running.splice(running.indexOf(app), 1);
}

const demoAgents = (app: TestApp) => app.deps.db.select().from(agents).where(eq(agents.name, DEMO_AGENT_NAME));

describe("[seed] Agente Demo", () => {
  let firstId = "";

  test("a fresh database: 'Agente Demo' is in the demo workspace, active and trained on the FAQ", async () => {
    const app = await start();
    const rows = await demoAgents(app);
    expect(rows).toHaveLength(1);
    const agent = rows[0];
    if (!agent) throw new Error("no demo agent");
    firstId = agent.id;
    expect(agent.isActive).toBe(true);
    expect(agent.trainingStatus).toBe("trained");
    const [ws] = await app.deps.db.select().from(workspaces).where(eq(workspaces.id, agent.workspaceId));
    expect(ws?.name).toBe("Workspace Demo");
    const sources = await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.agentId, agent.id));
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ status: "ready", sourceType: "text", title: "FAQ da Casa Aurora" });
    expect(sources[0]?.chunkCount ?? 0).toBeGreaterThan(0);
    const chunks = await app.deps.db.select({ id: embeddings.id }).from(embeddings).where(eq(embeddings.agentId, agent.id));
    expect(chunks.length).toBe(sources[0]?.chunkCount ?? -1);
    // The free plan holds one agent: the operator can still create their own next to the demo.
    const { client } = await loginAdmin(app);
    const own = await client.post<{ id: string }>("/api/v1/agents", { name: "Meu agente", activity: "Vendas" });
    expect(own.status).toBe(201);
  }, 60_000);

  test("its public chat answers offline from the FAQ (no model key)", async () => {
    const app = running[0];
    if (!app) throw new Error("server not started");
    const delivery = await chat(app, firstId, { message: "Qual é o prazo de entrega para o interior?" });
    expect(delivery.status).toBe(200);
    expect(delivery.body.response).toBe("O prazo de entrega é de 2 a 5 dias úteis para capitais e de 5 a 10 dias úteis para o interior.");
    const payment = await chat(app, firstId, { message: "Posso pagar com boleto?" });
    expect(payment.body.response).toBe("Aceitamos pagamento por PIX, boleto e cartão de crédito em até 6 vezes sem juros.");
    const unknown = await chat(app, firstId, { message: "Vocês vendem carros usados?" });
    expect(unknown.body.response).toContain("Ainda não sei responder isso");
  }, 60_000);

  test("a second start on the same database touches nothing: no second agent, a deleted demo agent is not brought back", async () => {
    const first = running[0];
    if (!first) throw new Error("server not started");
    await first.deps.db.update(agents).set({ description: "Editado pelo dono" }).where(eq(agents.id, firstId));
    await stopApp(first);

    const again = await start();
    const rows = await demoAgents(again);
    expect(rows.map((r) => [r.id, r.description])).toEqual([[firstId, "Editado pelo dono"]]);
    expect(await again.deps.db.select().from(embeddingSources).where(eq(embeddingSources.agentId, firstId))).toHaveLength(1);

    await again.deps.db.delete(agents).where(eq(agents.id, firstId));
    await stopApp(again);
    const third = await start();
    expect(await demoAgents(third)).toHaveLength(0);
    await stopApp(third);
  }, 60_000);

  test("with a model key, the demo agent answers with the model (its workspace has the starting credits)", async () => {
    const openai = await startFakeOpenAi();
    const fresh = mkdtempSync(join(tmpdir(), "atenda-seed-key-"));
    try {
      const env = loadEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", DATA_DIR: fresh, ADMIN_EMAIL, ADMIN_PASSWORD, TRUST_PROXY: "true", OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url });
      const { server, deps, stop } = await startServer(env);
      try {
        const [agent] = await deps.db.select().from(agents).where(and(eq(agents.name, DEMO_AGENT_NAME), eq(agents.isActive, true)));
        if (!agent) throw new Error("no demo agent");
        const before = openai.chatRequests().length;
        const res = await chat({ base: `http://127.0.0.1:${server.port}` } as TestApp, agent.id, { message: "Qual é o prazo de entrega?" });
        expect(res.status).toBe(200);
        expect(openai.chatRequests().length).toBe(before + 1);
        // The model is given the FAQ passage the question matches.
        expect(JSON.stringify(openai.chatRequests().at(-1))).toContain("prazo de entrega");
      } finally {
        await stop();
      }
    } finally {
      openai.stop();
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
