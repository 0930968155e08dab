/**
 * The job loop keeps going (in-process runner, JOBS_WORKER=false, one channel lane): a lane whose
 * bookkeeping write fails goes on with the next job, progress reports keep the configured lease,
 * and a humanly paced reply waits in the queue (run_after) instead of holding the only lane.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq, sql } from "drizzle-orm";
import { jobs } from "../db/schema";
import { pauseBetweenParts } from "../src/channels/outbox";
import { CHANNEL_SEND_JOB } from "../src/channels/paced-reply";
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
const part = (n: number) => `Parte ${n}: ${"as ferragens da loja incluem parafusos, porcas e arruelas de vários tamanhos. ".repeat(3).trim()}`;
const [P1, P2, P3] = [part(1), part(2), part(3)];
const PARAGRAPHS = [P1, P2, P3];

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
    // Every look at the running job after a progress report: its lease's end, against its start.
    const looks: { leaseUntil: number; startedAt: number }[] = [];
    await eventually(
      async () => {
        const [job] = await jobsOf(app, added.id);
        if (job?.status === "running" && job.progress > 0 && job.leaseUntil && job.startedAt) looks.push({ leaseUntil: job.leaseUntil, startedAt: job.startedAt });
        return job?.status === "completed";
      },
      20_000,
      20,
    );
    expect(looks.length).toBeGreaterThan(3);
    // A progress report renews the lease to (its time + JOB_LEASE_MS), never less than the claim gave:
    // a built-in minute would end it before startedAt + JOB_LEASE_MS.
    for (const look of looks) expect(look.leaseUntil).toBeGreaterThanOrEqual(look.startedAt + LEASE_MS);
  });
});

describe("[jobs] reply pacing waits in the queue, not in a lane", () => {
  type Bot = Awaited<ReturnType<typeof connectTelegramBot>>;
  type Customer = ReturnType<typeof telegramCustomer>;
  let pacedBot: Bot;
  let quickBot: Bot;
  let partsBot: Bot;
  // The pipeline runs on the test's clock (the in-process runner reads deps.now): a paced send
  // waits until the test moves the clock to its run_after, however long the machine takes.
  let clock = Math.ceil(Date.now() / 1000) * 1000;
  let realNow: () => number;
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
    realNow = app.deps.now;
    app.deps.now = () => clock;
  });
  afterAll(() => {
    app.deps.now = realNow;
  });
  const asked = (text: string) => openai.chatRequests().some((b) => lastUserText(b).includes(text));
  /** Telegram dates the message (whole seconds) on the test's clock. */
  const now = () => ({ date: Math.floor(clock / 1000) });
  const advanceTo = (t: number) => {
    clock = Math.max(clock, t);
    app.jobs.wake();
  };
  /** Every text the bots sent these customers, in the order the provider got them. */
  const sends = (...to: Customer[]) =>
    tg.calls.filter((c) => c.method === "sendMessage" && to.some((t) => c.body.chat_id === String(t.chatId))).map((c) => String(c.body.text));
  async function queuedSends(c: Customer) {
    const conv = await c.conversation();
    return app.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, CHANNEL_SEND_JOB), eq(jobs.status, "pending"), sql`json_extract(${jobs.data}, '$.conversationId') = ${conv?.id ?? ""}`))
      .orderBy(asc(jobs.runAfter), asc(jobs.id));
  }
  /** Waits until the customer's reply (or its next part) is queued: the one job not in `seen`. */
  async function queuedSend(c: Customer, seen: string[] = []) {
    return eventually(async () => (await queuedSends(c)).find((j) => !seen.includes(j.id)));
  }
  const lastQuestion = async (c: Customer) => (await c.thread()).filter((m) => m.senderType === "customer").at(-1)?.sentAt ?? Number.NaN;

  test("with one channel lane, another conversation is answered while a paced reply waits for its time; the paced one goes out once, at its time", async () => {
    const paced = telegramCustomer(app, tg, pacedBot, "Paula");
    const quick = telegramCustomer(app, tg, quickBot, "Quim");
    await paced.say("Vocês abrem no sábado?", now());
    // The paced turn ran: its answer waits in the queue for 8 s after the customer wrote.
    const send = await queuedSend(paced);
    expect(asked("Vocês abrem no sábado?")).toBe(true);
    expect(send.runAfter).toBe((await lastQuestion(paced)) + 8000);
    // A moment before its time the only lane answers another conversation; the paced one still waits.
    advanceTo(send.runAfter - 1);
    await quick.say("Qual o endereço?", now());
    await eventually(async () => quick.received().length === 1);
    expect(quick.received()).toEqual(["Eco: Qual o endereço?"]);
    expect(paced.received()).toEqual([]);
    expect((await queuedSends(paced)).map((j) => j.id)).toEqual([send.id]);

    advanceTo(send.runAfter);
    // Sent and settled like an unpaced reply: the conversation now waits for the customer.
    await eventually(async () => (await paced.conversation())?.waitingForUser === true);
    expect(paced.received()).toEqual(["Eco: Vocês abrem no sábado?"]);
    expect(sends(paced, quick)).toEqual(["Eco: Qual o endereço?", "Eco: Vocês abrem no sábado?"]);
    expect(await queuedSends(paced)).toEqual([]);
  }, 30_000);

  test("a customer writing again while a paced reply waits gets both answers, in order, each once; the first is not sent early", async () => {
    const c = telegramCustomer(app, tg, pacedBot, "Rita");
    await c.say("Primeira pergunta", now());
    const first = await queuedSend(c);
    advanceTo(clock + 1000);
    await c.say("Segunda pergunta", now());
    // The second turn ran while the first reply waited: both wait for their own time, in order.
    const second = await queuedSend(c, [first.id]);
    expect(asked("Segunda pergunta")).toBe(true);
    expect(c.received()).toEqual([]);
    expect(second.runAfter).toBe((await lastQuestion(c)) + 8000);
    expect(first.runAfter).toBeLessThanOrEqual(second.runAfter);

    advanceTo(second.runAfter);
    await eventually(async () => (await c.conversation())?.waitingForUser === true);
    expect(c.received()).toEqual(["Eco: Primeira pergunta", "Eco: Segunda pergunta"]);
    const thread = await c.thread();
    expect(thread.map((m) => m.senderType)).toEqual(["customer", "agent", "customer", "agent"]);
    expect(thread.filter((m) => m.senderType === "agent").map((m) => m.deliveryStatus)).toEqual(["sent", "sent"]);
  }, 30_000);

  test("the parts of a long paced reply follow each other from the queue, each after its typing pause: another conversation is answered between them", async () => {
    const c = telegramCustomer(app, tg, partsBot, "Lia");
    const quick = telegramCustomer(app, tg, quickBot, "Zeca");
    await c.say("Me manda o catálogo completo", now());
    const first = await queuedSend(c);
    expect(first.runAfter).toBe((await lastQuestion(c)) + 1000);
    advanceTo(first.runAfter);
    // Part 1 went out; part 2 is queued after its typing pause, not awaited in the lane.
    const second = await queuedSend(c, [first.id]);
    expect(c.received()).toEqual([P1]);
    expect(second.runAfter).toBe(first.runAfter + pauseBetweenParts(P2));
    await quick.say("Vocês entregam?", now());
    await eventually(async () => quick.received().length === 1);
    expect(c.received()).toEqual([P1]);

    advanceTo(second.runAfter);
    const third = await queuedSend(c, [first.id, second.id]);
    expect(c.received()).toEqual(PARAGRAPHS.slice(0, 2));
    expect(third.runAfter).toBe(second.runAfter + pauseBetweenParts(P3));
    advanceTo(third.runAfter);
    await eventually(async () => (await c.conversation())?.waitingForUser === true);
    expect(c.received()).toEqual(PARAGRAPHS);
    expect(sends(c, quick)).toEqual([P1, "Eco: Vocês entregam?", P2, P3]);
  }, 30_000);

  test("a customer writing again while their reply's parts wait for a pause does not hold the lane: another conversation is answered first, the parts keep their queued times, then the new answer", async () => {
    const a = telegramCustomer(app, tg, partsBot, "Ari");
    const b = telegramCustomer(app, tg, quickBot, "Bia");
    await a.say("Me manda o catálogo completo", now());
    const first = await queuedSend(a);
    advanceTo(first.runAfter);
    const partTwo = await queuedSend(a, [first.id]);
    expect(a.received()).toEqual([P1]);

    // A writes again and B writes, while A's part 2 waits for its pause.
    await a.say("E os preços?", now());
    await b.say("Qual o horário?", now());
    await eventually(async () => b.received().length === 1);
    // A's new turn ran and its answer is queued too; A's waiting parts were not sent by it.
    const answer = await queuedSend(a, [first.id, partTwo.id]);
    expect(asked("E os preços?")).toBe(true);
    expect(a.received()).toEqual([P1]);
    expect((await queuedSends(a)).find((j) => j.id === partTwo.id)?.runAfter).toBe(partTwo.runAfter);
    expect(answer.runAfter).toBe((await lastQuestion(a)) + 1000);

    // Each step of the clock lets out the next part only, after its own pause; the answer comes last.
    advanceTo(partTwo.runAfter);
    const partThree = await eventually(async () => (await queuedSends(a)).find((j) => j.runAfter === partTwo.runAfter + pauseBetweenParts(P3)));
    // A's answer, due by now, waits behind the part still pausing instead of pushing it out unpaused.
    await eventually(async () => {
      const q = await queuedSends(a);
      return q.length === 2 && q.every((j) => j.runAfter === partThree.runAfter);
    });
    expect(a.received()).toEqual(PARAGRAPHS.slice(0, 2));
    advanceTo(partThree.runAfter);
    await eventually(async () => (await a.conversation())?.waitingForUser === true);
    expect(a.received()).toEqual([...PARAGRAPHS, "Eco: E os preços?"]);
    expect(sends(a, b)).toEqual([P1, "Eco: Qual o horário?", P2, P3, "Eco: E os preços?"]);
    expect(await queuedSends(a)).toEqual([]);
  }, 30_000);
});
