/**
 * The job Worker (JOBS_WORKER=true) starts with its first work, not at boot: an idle server keeps
 * no Worker thread and /health says 200. A webhook's message starts it and is answered; a server
 * booted on a database with jobs left pending or running (a crash) starts it and runs them; a job
 * written without a wake is found by the probe; stopping a server whose Worker never started is clean.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { jobs } from "../db/schema";
import { CHANNEL_OUTBOX_JOB } from "../src/channels/pipeline";
import { bootDeps } from "../src/deps";
import type { startJobWorker } from "../src/jobs/worker-host";
import { enqueueJob } from "../src/services/jobs";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot } from "./helpers/channels";
import { signedWhatsAppDelivery } from "./helpers/spawned";
import { eventually } from "./helpers/training";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
const BOT_TOKEN = "777001:lazy-bot";
const apps: TestApp[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  openai = await startFakeOpenAi();
  graph = await startFakeGraph();
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 777001, username: "lazy_bot" } } });
});
afterAll(async () => {
  for (const app of apps) await app.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  openai.stop();
  graph.stop();
  tg.stop();
});

async function boot(env: Record<string, string> = {}) {
  const app = await startTestApp({
    JOBS_WORKER: "true",
    OPENAI_API_KEY: "sk-teste",
    OPENAI_BASE_URL: openai.url,
    WHATSAPP_GRAPH_BASE: graph.url,
    TELEGRAM_API_BASE: tg.url,
    CHANNEL_BURST_WINDOW_MS: "0",
    ...env,
  });
  apps.push(app);
  return app;
}

/** The server's Worker host (startServer's union collapses to the in-process type). */
function workerHost(app: TestApp) {
  if (!("worker" in app.jobs)) throw new Error("expected the job Worker");
  return app.jobs as ReturnType<typeof startJobWorker>;
}

async function health(app: TestApp) {
  const res = await fetch(`${app.base}/api/v1/health`);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, { ok: boolean; state?: string }> } };
}

const jobRow = async (app: TestApp, id: string) => (await app.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("[jobs] the Worker starts with its first work", () => {
  test("an idle server has no Worker and /health is 200; a WhatsApp message starts it and is answered", async () => {
    const app = await boot();
    const host = workerHost(app);
    expect(host.status().state).toBe("idle");
    expect(host.worker).toBeNull();
    const idle = await health(app);
    expect(idle.status).toBe(200);
    expect(idle.body.checks.jobWorker).toMatchObject({ ok: true, state: "idle" });

    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 100_000 });
    await answerAtOnce(app, o.agent.id);
    const phoneId = "990001";
    graph.addPhoneNumber(phoneId, { accessToken: `EAAG-${phoneId}` });
    const setup = { phoneNumberId: phoneId, appSecret: `segredo-${phoneId}` };
    const res = await o.client.trpc.channels.connectWhatsApp.mutate({
      agentId: o.agent.id,
      config: { accessToken: `EAAG-${phoneId}`, appSecret: setup.appSecret, phoneNumberId: phoneId, businessAccountId: `waba-${phoneId}`, webhookVerifyToken: `v-${phoneId}` },
    });
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    // Setting up an agent and a channel is no background work.
    expect(host.status().state).toBe("idle");

    const from = "5511999000001";
    const d = signedWhatsAppDelivery(setup, from, "wamid.lazy.1", "Qual o horário de funcionamento?");
    const r = await fetch(`${app.base}/webhooks/whatsapp`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": d.signature }, body: d.body });
    expect(r.status).toBe(200);
    await eventually(async () => graph.sends.filter((s) => s.body.to === from).length === 1, 15_000);
    expect(host.status().state).toBe("running");
    expect(host.worker).not.toBeNull();
    expect((await health(app)).status).toBe(200);
  }, 30_000);

  test("a server booted on a database with a pending job and a job whose lease ran out (a crash) starts the Worker and runs both", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "atenda-lazy-"));
    dirs.push(dataDir);
    const first = await boot({ DATA_DIR: dataDir });
    const env = first.deps.env;
    await first.stop();
    apps.splice(apps.indexOf(first), 1);
    // Written while no server runs: nobody is woken; only the next boot can find them.
    const { deps, database } = await bootDeps(env, { migrateAndSeed: false });
    const pending = await enqueueJob(deps.db, { type: CHANNEL_OUTBOX_JOB, data: { conversationId: "nao-existe-l1" } });
    const crashed = await enqueueJob(deps.db, { type: CHANNEL_OUTBOX_JOB, data: { conversationId: "nao-existe-l2" } });
    await deps.db.update(jobs).set({ status: "running", attempts: 1, leaseUntil: Date.now() - 1 }).where(eq(jobs.id, crashed.id));
    database.close();

    const app = await boot({ DATA_DIR: dataDir });
    expect(workerHost(app).status().state).toBe("running");
    await eventually(async () => (await jobRow(app, pending.id))?.status === "completed" && (await jobRow(app, crashed.id))?.status === "completed", 10_000);
    expect((await jobRow(app, crashed.id))?.attempts).toBe(2);
  }, 30_000);

  test("a job written without a wake (another transaction, another process) is found by the probe and run", async () => {
    const app = await boot();
    const host = workerHost(app);
    expect(host.status().state).toBe("idle");
    const id = Bun.randomUUIDv7();
    await app.deps.db.$client.execute({
      sql: `INSERT INTO jobs (id, type, status, data, progress, attempts, max_attempts, run_after, created_at) VALUES (?, ?, 'pending', ?, 0, 0, 5, ?, ?)`,
      args: [id, CHANNEL_OUTBOX_JOB, JSON.stringify({ conversationId: "nao-existe-l3" }), Date.now(), Date.now()],
    });
    await eventually(async () => (await jobRow(app, id))?.status === "completed", 15_000);
    expect(host.status().state).toBe("running");
  }, 30_000);

  test("a bot polled for updates (no public URL) starts the Worker when connected, and at boot; its customer is answered", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "atenda-lazy-"));
    dirs.push(dataDir);
    const first = await boot({ DATA_DIR: dataDir });
    const o = await ownerWithAgent(first);
    await setWallet(first, o.workspaceId, { regular: 100_000 });
    await answerAtOnce(first, o.agent.id);
    await connectTelegramBot(first, o.client, o.agent.id, BOT_TOKEN);
    // Polling is background work with no job: the probe starts the Worker for it.
    await eventually(async () => workerHost(first).status().state === "running", 15_000);
    await first.stop();
    apps.splice(apps.indexOf(first), 1);

    const app = await boot({ DATA_DIR: dataDir });
    expect(workerHost(app).status().state).toBe("running");
    const chatId = 7_700_001;
    tg.pushUpdate(BOT_TOKEN, {
      update_id: 770_001,
      message: { message_id: 1, date: Math.floor(Date.now() / 1000), from: { id: chatId, first_name: "Lia" }, chat: { id: chatId, type: "private" }, text: "Tem alguém aí?" },
    });
    await eventually(async () => tg.calls.some((c) => c.method === "sendMessage" && c.body.chat_id === String(chatId)), 15_000);
  }, 45_000);

  test("stopping a server whose Worker never started is clean, and no wake starts it afterwards", async () => {
    const app = await boot();
    const host = workerHost(app);
    expect(host.status().state).toBe("idle");
    await app.stop();
    apps.splice(apps.indexOf(app), 1);
    expect(host.status().state).toBe("stopped");
    host.wake();
    await Bun.sleep(50);
    expect(host.worker).toBeNull();
    expect(host.status().state).toBe("stopped");
  });
});
