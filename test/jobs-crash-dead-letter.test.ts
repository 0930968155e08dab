/**
 * A job that takes its process down every time it runs (a poison message) must not be retried
 * forever: once its lease expired after its last allowed attempt, the next claim dead-letters it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs } from "../db/schema";
import { claimJob, enqueueJob } from "../src/services/jobs";
import { type TestApp, startTestApp } from "./helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const LEASE = 60_000;

test("a job whose process died on each of its attempts is dead-lettered on the next claim, not run again", async () => {
  const TYPE = "test-poison";
  const t0 = Date.now();
  const poison = await enqueueJob(app.deps.db, { type: TYPE, data: {}, maxAttempts: 2 }, t0);
  // Two claims whose worker never settles (the process died): each lease simply runs out.
  expect((await claimJob(app.deps.db, [TYPE], t0, LEASE))?.id).toBe(poison.id);
  expect((await claimJob(app.deps.db, [TYPE], t0 + LEASE + 1, LEASE))?.id).toBe(poison.id);
  const healthy = await enqueueJob(app.deps.db, { type: TYPE, data: {} }, t0 + LEASE + 2);

  // Third look: the poison job is not handed out again; the healthy one is.
  const next = await claimJob(app.deps.db, [TYPE], t0 + 2 * LEASE + 10, LEASE);
  expect(next?.id).toBe(healthy.id);
  const [row] = await app.deps.db.select().from(jobs).where(eq(jobs.id, poison.id));
  expect(row?.status).toBe("dead");
  expect(row?.attempts).toBe(2);
  expect(row?.error).toContain("2");
  expect(await claimJob(app.deps.db, [TYPE], t0 + 3 * LEASE, LEASE)).toBeNull();
});

test("a crashed job with attempts left is taken again after its lease (nothing lost)", async () => {
  const TYPE = "test-crash-once";
  const t0 = Date.now();
  const job = await enqueueJob(app.deps.db, { type: TYPE, data: {}, maxAttempts: 3 }, t0);
  expect((await claimJob(app.deps.db, [TYPE], t0, LEASE))?.id).toBe(job.id);
  const again = await claimJob(app.deps.db, [TYPE], t0 + LEASE + 1, LEASE);
  expect(again?.id).toBe(job.id);
  expect(again?.attempts).toBe(2);
  expect(again?.status).toBe("running");
});
