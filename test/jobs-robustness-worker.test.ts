/**
 * The job Worker is watched (JOBS_WORKER=true, the default): a Worker that dies is started again
 * with a capped backoff, one that stops answering is replaced, and /api/v1/health says 503 (with
 * the failing check) while the Worker is down or while the queue lags past a lease.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs } from "../db/schema";
import { CHANNEL_OUTBOX_JOB } from "../src/channels/pipeline";
import { restartDelay, startJobWorker } from "../src/jobs/worker-host";
import { enqueueJob } from "../src/services/jobs";
import { type TestApp, startTestApp } from "./helpers/app";
import { eventually } from "./helpers/training";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // The Worker starts with its first work (test/jobs-lazy-worker.test.ts); these tests watch a running one.
  await workerHost().start();
});
afterAll(() => app.stop());

type Check = { ok: boolean; state?: string; message?: string; jobId?: string; reason?: string };
type Health = { status: string; checks: Record<string, Check> };

async function health(): Promise<{ status: number; body: Health }> {
  const res = await fetch(`${app.base}/api/v1/health`);
  return { status: res.status, body: (await res.json()) as Health };
}

/** The Worker handle of the server (this file runs with JOBS_WORKER=true). */
function workerHost() {
  const jobsHandle = app.jobs;
  // startServer's union collapses to the in-process type (the Worker handle is a subtype of it).
  if (!("worker" in jobsHandle)) throw new Error("expected the job Worker");
  return jobsHandle as ReturnType<typeof startJobWorker>;
}

const jobRow = async (id: string) => (await app.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0];

async function outboxJobRuns(conversationId: string) {
  const job = await enqueueJob(app.deps.db, { type: CHANNEL_OUTBOX_JOB, data: { conversationId } });
  app.jobs.wake();
  return eventually(async () => (await jobRow(job.id))?.status === "completed", 10_000);
}

describe("[jobs] /api/v1/health", () => {
  test("answers 200 with its checks while the Worker beats and the queue keeps up", async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ok");
    expect(res.body.checks.jobWorker).toMatchObject({ ok: true, state: "running" });
    expect(res.body.checks.jobQueue).toMatchObject({ ok: true });
    // The Worker's heartbeat is what keeps it "running".
    const first = workerHost().status().lastHeartbeatAt ?? 0;
    await eventually(async () => (workerHost().status().lastHeartbeatAt ?? 0) > first, 6000);
  });

  test("a due job nobody takes for longer than a lease (+ margin) makes it 503 with the job named; 200 once it is no longer late", async () => {
    // The Worker keeps real time; the server's clock reads 10 minutes ahead. A job due 5 minutes
    // from now (real time) is, for /health, due 5 minutes ago and never claimed.
    const late = await enqueueJob(app.deps.db, { type: CHANNEL_OUTBOX_JOB, data: { conversationId: "nao-existe-h1" }, runAfter: Date.now() + 5 * 60_000 });
    const realNow = app.deps.now;
    app.deps.now = () => Date.now() + 10 * 60_000;
    try {
      const res = await health();
      expect(res.status).toBe(503);
      expect(res.body.status).not.toBe("ok");
      expect(res.body.checks.jobWorker?.ok).toBe(true);
      expect(res.body.checks.jobQueue).toMatchObject({ ok: false, reason: "waiting", jobId: late.id });
    } finally {
      app.deps.now = realNow;
    }
    expect((await health()).status).toBe(200);
    // A job of a type this server does not run is nobody's lag.
    await app.deps.db.update(jobs).set({ type: "tipo-que-ninguem-roda" }).where(eq(jobs.id, late.id));
    app.deps.now = () => Date.now() + 10 * 60_000;
    try {
      expect((await health()).status).toBe(200);
    } finally {
      app.deps.now = realNow;
      await app.deps.db.delete(jobs).where(eq(jobs.id, late.id));
    }
  });

  test("a running job whose lease expired without being taken again makes it 503", async () => {
    const now = Date.now();
    const [stale] = await app.deps.db
      .insert(jobs)
      .values({ type: CHANNEL_OUTBOX_JOB, status: "running", data: { conversationId: "nao-existe-h2" }, attempts: 1, runAfter: now, startedAt: now, leaseUntil: now + 5 * 60_000 })
      .returning();
    const realNow = app.deps.now;
    app.deps.now = () => Date.now() + 10 * 60_000;
    try {
      const res = await health();
      expect(res.status).toBe(503);
      expect(res.body.checks.jobQueue).toMatchObject({ ok: false, reason: "lease-expired", jobId: stale?.id });
    } finally {
      app.deps.now = realNow;
      if (stale) await app.deps.db.delete(jobs).where(eq(jobs.id, stale.id));
    }
    expect((await health()).status).toBe(200);
  });
});

describe("[jobs] the Worker is restarted", () => {
  test("a killed Worker is started again: /health says 503 (jobWorker) meanwhile, 200 after, and jobs still run", async () => {
    await outboxJobRuns("nao-existe-w0");
    const host = workerHost();
    const killed = host.worker;
    expect(killed).not.toBeNull();
    killed?.terminate();
    const down = await eventually(async () => {
      const res = await health();
      return res.status === 503 ? res : null;
    }, 5000, 10);
    expect(down.body.checks.jobWorker?.ok).toBe(false);
    expect(["restarting", "starting"]).toContain(down.body.checks.jobWorker?.state ?? "");
    await eventually(async () => (await health()).status === 200, 15_000);
    expect(host.worker).not.toBe(killed);
    expect(host.status()).toMatchObject({ state: "running", restarts: 1 });
    await outboxJobRuns("nao-existe-w1");
  }, 30_000);

  test("a Worker that stops sending heartbeats is terminated and replaced", async () => {
    const host = startJobWorker(app.deps.env, new URL("./fixtures/stuck-worker.ts", import.meta.url), {
      heartbeatMs: 50,
      heartbeatTimeoutMs: 500,
      restartBaseMs: 20,
    });
    try {
      await host.ready;
      const stuck = host.worker;
      host.wake();
      await eventually(async () => host.status().restarts === 1 && host.status().state === "running", 5000);
      expect(host.worker).not.toBe(stuck);
    } finally {
      await host.stop();
    }
    expect(host.status().state).toBe("stopped");
  });

  test("restarts back off exponentially up to a cap", () => {
    expect([0, 1, 2, 3, 10, 40].map((n) => restartDelay(n, 1000, 30_000))).toEqual([1000, 2000, 4000, 8000, 30_000, 30_000]);
  });
});
