/**
 * The job runner claims in batches and is woken by work, not by its poll: a customer is answered
 * while the poll interval is an hour; a batch never holds two jobs of one conversation, keeps the
 * lease and the dedupe rules, and a process that dies holding a batch loses none of it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs } from "../db/schema";
import { startJobRunner } from "../src/jobs/runner";
import { claimJobs, completeJob, enqueueJob } from "../src/services/jobs";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { signedWhatsAppDelivery } from "./helpers/spawned";
import { eventually } from "./helpers/training";

const HOUR = 3_600_000;
const LEASE = 60_000;

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
const apps: TestApp[] = [];
beforeAll(async () => {
  openai = await startFakeOpenAi();
  graph = await startFakeGraph();
});
afterAll(async () => {
  for (const app of apps) await app.stop();
  openai.stop();
  graph.stop();
});

/** An app whose WhatsApp agent answers at once; `phoneId` routes the deliveries to it. */
async function whatsAppApp(env: Record<string, string>, phoneId: string) {
  const app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, WHATSAPP_GRAPH_BASE: graph.url, ...env });
  apps.push(app);
  const o = await ownerWithAgent(app);
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  await answerAtOnce(app, o.agent.id);
  graph.addPhoneNumber(phoneId, { accessToken: `EAAG-${phoneId}` });
  const setup = { phoneNumberId: phoneId, appSecret: `segredo-${phoneId}` };
  const res = await o.client.trpc.channels.connectWhatsApp.mutate({
    agentId: o.agent.id,
    config: { accessToken: `EAAG-${phoneId}`, appSecret: setup.appSecret, phoneNumberId: phoneId, businessAccountId: `waba-${phoneId}`, webhookVerifyToken: `v-${phoneId}` },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  let seq = 0;
  const say = async (from: string, text: string) => {
    const d = signedWhatsAppDelivery(setup, from, `wamid.${phoneId}.${++seq}`, text);
    const r = await fetch(`${app.base}/webhooks/whatsapp`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": d.signature }, body: d.body });
    expect(r.status).toBe(200);
  };
  const received = (from: string) => graph.sends.filter((s) => s.body.to === from);
  return { app, say, received };
}

describe("[jobs] woken by work, not by the poll", () => {
  test("in-process runner polling once an hour: a webhook's message is answered (the accept wakes it)", async () => {
    const { app, say, received } = await whatsAppApp({ JOBS_WORKER: "false", CHANNEL_BURST_WINDOW_MS: "0" }, "880001");
    // The server's own runner is replaced by one that would look for work only once an hour.
    await app.jobs.stop();
    const runner = startJobRunner(app.deps, { pollMs: HOUR });
    try {
      await Bun.sleep(50); // its first look found nothing: it now sleeps until woken
      await say("5511988800001", "Qual o horário de funcionamento?");
      await eventually(async () => received("5511988800001").length === 1);
    } finally {
      await runner.stop();
    }
  }, 30_000);

  test("Worker runner with JOB_POLL_MS of an hour: two messages of one customer (the second waits for the first's group) are both handled and answered", async () => {
    const { app, say, received } = await whatsAppApp({ JOB_POLL_MS: String(HOUR), CHANNEL_BURST_WINDOW_MS: "0" }, "880002");
    const from = "5511988800002";
    await Promise.all([say(from, "Oi, tudo bem?"), say(from, "Vocês entregam no sábado?")]);
    // The second inbound job can run only after the first finished: a finished job wakes the runner.
    await eventually(async () => {
      const rows = await app.deps.db.select().from(jobs).where(eq(jobs.type, "channel-inbound"));
      return rows.length === 2 && rows.every((r) => r.status === "completed");
    });
    await eventually(async () => received(from).length >= 1);
    expect(openai.chatRequests().some((r) => JSON.stringify(r).includes("Vocês entregam no sábado?"))).toBe(true);
  }, 30_000);
});

describe("[jobs] batched claims", () => {
  let app: TestApp;
  // Nobody runs this file's test-* job types: only the test claims them.
  beforeAll(async () => {
    app = await startTestApp({ JOBS_WORKER: "false" });
    apps.push(app);
  });
  const row = async (id: string) => (await app.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  test("one claim takes several jobs, one per conversation, leased, dedupe released; a job scheduled for later waits", async () => {
    const TYPE = "test-batch-1";
    const now = Date.now();
    const a1 = await enqueueJob(app.deps.db, { type: TYPE, data: {}, groupKey: "conv:a", dedupeKey: "batch:a1" }, now);
    const a2 = await enqueueJob(app.deps.db, { type: TYPE, data: {}, groupKey: "conv:a" }, now);
    const b1 = await enqueueJob(app.deps.db, { type: TYPE, data: {}, groupKey: "conv:b" }, now);
    const free = await enqueueJob(app.deps.db, { type: TYPE, data: {} }, now);
    const later = await enqueueJob(app.deps.db, { type: TYPE, data: {}, runAfter: now + 5000 }, now);
    // Enqueueing the same key while it is pending is the same job.
    expect((await enqueueJob(app.deps.db, { type: TYPE, data: {}, dedupeKey: "batch:a1" }, now)).id).toBe(a1.id);

    const batch = await claimJobs(app.deps.db, [TYPE], 10, now, LEASE);
    expect(batch.map((j) => j.id)).toEqual([a1.id, b1.id, free.id]);
    for (const j of batch) {
      expect(j.status).toBe("running");
      expect(j.leaseUntil).toBe(now + LEASE);
      expect(j.attempts).toBe(1);
      expect(j.dedupeKey).toBeNull();
    }
    // a2 waits for a1 (same conversation), `later` for its time.
    expect(await claimJobs(app.deps.db, [TYPE], 10, now, LEASE)).toEqual([]);
    // The key was released at the claim: the same work enqueued now is a new job.
    const again = await enqueueJob(app.deps.db, { type: TYPE, data: {}, groupKey: "conv:a", dedupeKey: "batch:a1" }, now);
    expect(again.id).not.toBe(a1.id);

    await completeJob(app.deps.db, a1.id, {}, now + 10);
    const next = await claimJobs(app.deps.db, [TYPE], 10, now + 5000, LEASE);
    expect(next.map((j) => j.id)).toEqual([a2.id, later.id]);
    expect((await row(again.id))?.status).toBe("pending");
  });

  test("a batch never goes past its limit, and the rest is taken by the next claim in order", async () => {
    const TYPE = "test-batch-2";
    const now = Date.now();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await enqueueJob(app.deps.db, { type: TYPE, data: { i }, groupKey: `conv:l${i}` }, now));
    const first = await claimJobs(app.deps.db, [TYPE], 3, now, LEASE);
    const second = await claimJobs(app.deps.db, [TYPE], 3, now, LEASE);
    expect(first.map((j) => j.id)).toEqual(made.slice(0, 3).map((j) => j.id));
    expect(second.map((j) => j.id)).toEqual(made.slice(3).map((j) => j.id));
  });

  test("a process that dies holding a batch loses nothing: after the lease the unfinished jobs come back, the finished one does not", async () => {
    const TYPE = "test-batch-3";
    const t0 = Date.now();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await enqueueJob(app.deps.db, { type: TYPE, data: { i }, groupKey: `conv:c${i}`, maxAttempts: 3 }, t0));
    const batch = await claimJobs(app.deps.db, [TYPE], 3, t0, LEASE);
    expect(batch).toHaveLength(3);
    await completeJob(app.deps.db, made[0]?.id ?? "", { done: true }, t0 + 5);
    // The process died here: the other two are never settled. Before the lease ends nothing is handed out again.
    expect(await claimJobs(app.deps.db, [TYPE], 3, t0 + LEASE - 1, LEASE)).toEqual([]);
    const retaken = await claimJobs(app.deps.db, [TYPE], 3, t0 + LEASE + 1, LEASE);
    expect(retaken.map((j) => j.id).sort()).toEqual(made.slice(1).map((j) => j.id).sort());
    for (const j of retaken) expect(j.attempts).toBe(2);
    expect((await row(made[0]?.id ?? ""))?.status).toBe("completed");
  });

  test("a poison job in a batch is dead-lettered and the batch is filled with healthy jobs", async () => {
    const TYPE = "test-batch-4";
    const t0 = Date.now();
    const poison = await enqueueJob(app.deps.db, { type: TYPE, data: {}, maxAttempts: 1 }, t0);
    expect((await claimJobs(app.deps.db, [TYPE], 1, t0, LEASE)).map((j) => j.id)).toEqual([poison.id]);
    const healthy = [];
    for (let i = 0; i < 2; i++) healthy.push(await enqueueJob(app.deps.db, { type: TYPE, data: { i } }, t0 + 1));
    const batch = await claimJobs(app.deps.db, [TYPE], 2, t0 + LEASE + 1, LEASE);
    expect(batch.map((j) => j.id)).toEqual(healthy.map((j) => j.id));
    expect((await row(poison.id))?.status).toBe("dead");
  });
});
