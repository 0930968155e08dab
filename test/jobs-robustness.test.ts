/**
 * The job loop keeps going (in-process runner, JOBS_WORKER=false, one channel lane): a lane whose
 * bookkeeping write fails goes on with the next job, progress reports keep the configured lease,
 * and a humanly paced reply waits in the queue (run_after) instead of holding the only lane.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { jobs } from "../db/schema";
import { CHANNEL_OUTBOX_JOB } from "../src/channels/pipeline";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { enqueueJob } from "../src/services/jobs";
import { lastUserText, startFakeOpenAi } from "./fakes/openai";
import { type FakeSite, htmlPage, startFakeSite } from "./fakes/site";
import { startFakeTelegram } from "./fakes/telegram";
import { answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot, telegramCustomer } from "./helpers/channels";
import { addSource, eventually, jobsOf } from "./helpers/training";

const LEASE_MS = 600_000;
const PACED_TOKEN = "515151:paced-token";
const QUICK_TOKEN = "525252:quick-token";
const PARTS_TOKEN = "535353:parts-token";
/** A reply long enough to go out as three parts (one per paragraph), each after a typing pause. */
const PARAGRAPHS = [1, 2, 3].map((n) => `Parte ${n}: ${"as ferragens da loja incluem parafusos, porcas e arruelas de vários tamanhos. ".repeat(3).trim()}`);

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let site: FakeSite;
let app: TestApp;

beforeAll(async () => {
  openai = await startFakeOpenAi({
    reply: (b) => ({ content: lastUserText(b).includes("catálogo") ? PARAGRAPHS.join("\n\n") : `Eco: ${lastUserText(b)}` }),
  });
  tg = await startFakeTelegram({
    tokens: {
      [PACED_TOKEN]: { id: 515151, username: "paced_bot" },
      [QUICK_TOKEN]: { id: 525252, username: "quick_bot" },
      [PARTS_TOKEN]: { id: 535353, username: "parts_bot" },
    },
  });
  site = await startFakeSite();
  site.page("/robots.txt", { contentType: "text/plain", body: "User-agent: *\nAllow: /\n" });
  for (const n of [0, 1, 2, 3]) {
    site.page(`/devagar/${n}`, { delayMs: 400, body: htmlPage(`Página ${n}`, `<p>A página ${n} fala de parafusos, porcas e arruelas.</p>`) });
  }
  setSafeFetchTestAllowlist([site.host]);
  app = await startTestApp({
    JOBS_WORKER: "false",
    CHANNEL_CONCURRENCY: "1",
    CHANNEL_BURST_WINDOW_MS: "0",
    JOB_LEASE_MS: String(LEASE_MS),
    OPENAI_API_KEY: "sk-teste",
    OPENAI_BASE_URL: openai.url,
    TELEGRAM_API_BASE: tg.url,
  });
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  tg.stop();
  await site.stop();
  setSafeFetchTestAllowlist(null);
});

const jobRow = async (id: string) => (await app.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("[jobs] a lane survives its own bookkeeping failing", () => {
  test("completeJob and failJob both throwing (database refuses the write) does not stop the lane: the next job runs", async () => {
    // The database refuses to move a poisoned job out of `running`, as a locked/busy database would.
    await app.deps.db.run(
      sql.raw(`CREATE TRIGGER test_settle_refused BEFORE UPDATE OF status ON jobs
        WHEN OLD.status = 'running' AND NEW.status <> 'running' AND json_extract(OLD.data, '$.poison') = 1
        BEGIN SELECT RAISE(ABORT, 'database is locked'); END`),
    );
    try {
      const poisoned = await enqueueJob(app.deps.db, { type: CHANNEL_OUTBOX_JOB, data: { conversationId: "nao-existe-1", poison: 1 } });
      app.jobs.wake();
      // The handler ran and settling it failed: the row stays running (until its lease ends).
      await eventually(async () => (await jobRow(poisoned.id))?.status === "running");
      await Bun.sleep(300);
      const next = await enqueueJob(app.deps.db, { type: CHANNEL_OUTBOX_JOB, data: { conversationId: "nao-existe-2" } });
      app.jobs.wake();
      const done = await eventually(async () => {
        const row = await jobRow(next.id);
        return row?.status === "completed" ? row : null;
      }, 8000);
      expect(done.result).toEqual({ skipped: "conversation gone" });
    } finally {
      await app.deps.db.run(sql.raw("DROP TRIGGER IF EXISTS test_settle_refused"));
    }
  });
});

describe("[jobs] progress keeps the configured lease", () => {
  test("a training job reporting progress keeps JOB_LEASE_MS on its lease (not a built-in minute)", async () => {
    const o = await ownerWithAgent(app);
    const u = site.url;
    const added = await addSource(o.client, "Website", o.agent.id, { url: `${u}/devagar/0`, subpages: [1, 2, 3].map((n) => `${u}/devagar/${n}`) });
    app.jobs.wake();
    // Every look at the running job after a progress report: how long its lease still has.
    const remaining: number[] = [];
    await eventually(
      async () => {
        const [job] = await jobsOf(app, added.id);
        if (job?.status === "running" && job.progress > 0 && job.leaseUntil) remaining.push(job.leaseUntil - Date.now());
        return job?.status === "completed";
      },
      20_000,
      20,
    );
    expect(remaining.length).toBeGreaterThan(3);
    expect(Math.min(...remaining)).toBeGreaterThan(LEASE_MS - 30_000);
  });
});

describe("[jobs] reply pacing waits in the queue, not in a lane", () => {
  type Bot = Awaited<ReturnType<typeof connectTelegramBot>>;
  let pacedBot: Bot;
  let quickBot: Bot;
  let partsBot: Bot;
  async function botFor(token: string, responseTime: number) {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 100_000 });
    await answerAtOnce(app, o.agent.id, { responseTime });
    return connectTelegramBot(app, o.client, o.agent.id, token);
  }
  beforeAll(async () => {
    pacedBot = await botFor(PACED_TOKEN, 8);
    quickBot = await botFor(QUICK_TOKEN, 0);
    partsBot = await botFor(PARTS_TOKEN, 1);
  });
  const asked = (text: string) => openai.chatRequests().some((b) => lastUserText(b).includes(text));

  test("with one channel lane, another conversation is answered while a paced reply waits for its time; the paced one goes out once, on time", async () => {
    const paced = telegramCustomer(app, tg, pacedBot, "Paula");
    const quick = telegramCustomer(app, tg, quickBot, "Quim");
    const t0 = Date.now();
    await paced.say("Vocês abrem no sábado?");
    // The paced turn ran: its answer now waits for its time (8 s after the customer wrote).
    await eventually(async () => asked("Vocês abrem no sábado?"));
    await Bun.sleep(300);
    await quick.say("Qual o endereço?");
    await eventually(async () => quick.received().length === 1, 4000);
    expect(quick.received()).toEqual(["Eco: Qual o endereço?"]);
    expect(paced.received()).toEqual([]);

    await eventually(async () => paced.received().length === 1, 15_000);
    // Telegram dates have whole seconds: the customer's message can be up to 1 s older than t0.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(6500);
    await Bun.sleep(600);
    expect(paced.received()).toEqual(["Eco: Vocês abrem no sábado?"]);
    // Sent and settled like an unpaced reply: the conversation now waits for the customer.
    await eventually(async () => (await paced.conversation())?.waitingForUser === true);
  }, 30_000);

  test("a customer writing again while a paced reply waits gets both answers, in order, each once", async () => {
    const c = telegramCustomer(app, tg, pacedBot, "Rita");
    await c.say("Primeira pergunta");
    await eventually(async () => asked("Primeira pergunta"));
    await c.say("Segunda pergunta");
    await eventually(async () => c.received().length === 2, 25_000);
    await Bun.sleep(600);
    expect(c.received()).toEqual(["Eco: Primeira pergunta", "Eco: Segunda pergunta"]);
    const thread = await c.thread();
    expect(thread.map((m) => m.senderType)).toEqual(["customer", "agent", "customer", "agent"]);
    expect(thread.filter((m) => m.senderType === "agent").map((m) => m.deliveryStatus)).toEqual(["sent", "sent"]);
  }, 40_000);

  test("the parts of a long paced reply follow each other from the queue: another conversation is answered between them", async () => {
    const c = telegramCustomer(app, tg, partsBot, "Lia");
    const quick = telegramCustomer(app, tg, quickBot, "Zeca");
    await c.say("Me manda o catálogo completo");
    await eventually(async () => c.received().length === 1, 10_000);
    await quick.say("Vocês entregam?");
    await eventually(async () => quick.received().length === 1, 4000);
    expect(c.received().length).toBeLessThan(3);
    await eventually(async () => c.received().length === 3, 10_000);
    await Bun.sleep(600);
    expect(c.received()).toEqual(PARAGRAPHS);
    await eventually(async () => (await c.conversation())?.waitingForUser === true);
  }, 30_000);
});
