/** Grouped jobs (one conversation) run one at a time and in order; other groups are not held up. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs } from "../db/schema";
import { claimJob, completeJob, enqueueJob } from "../src/services/jobs";
import { type TestApp, startTestApp } from "./helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

let TYPE = "test-grouped-1";
const claim = (now: number) => claimJob(app.deps.db, [TYPE], now, 60_000);

test("a group's second job waits for the first; another group runs meanwhile; a crashed job is taken again after its lease", async () => {
  const now = Date.now();
  const a1 = await enqueueJob(app.deps.db, { type: TYPE, data: { n: 1 }, groupKey: "conv:a" }, now);
  const a2 = await enqueueJob(app.deps.db, { type: TYPE, data: { n: 2 }, groupKey: "conv:a" }, now);
  const b1 = await enqueueJob(app.deps.db, { type: TYPE, data: { n: 3 }, groupKey: "conv:b" }, now);

  expect((await claim(now))?.id).toBe(a1.id);
  // a2 is older than b1 in the queue but its group is busy: b1 goes first.
  expect((await claim(now))?.id).toBe(b1.id);
  expect(await claim(now)).toBeNull();

  await completeJob(app.deps.db, b1.id, {}, now + 1000);
  // a1's worker died: after the lease it is a1 (not a2) that runs again.
  expect((await claim(now + 61_000))?.id).toBe(a1.id);
  await completeJob(app.deps.db, a1.id, {}, now + 61_000);
  expect((await claim(now + 61_000))?.id).toBe(a2.id);
});

test("an older job only scheduled for later (a debounced reply, a retry) does not hold its group up", async () => {
  TYPE = "test-grouped-2";
  const now = Date.now();
  const later = await enqueueJob(app.deps.db, { type: TYPE, data: {}, groupKey: "conv:c", runAfter: now + 3000 }, now);
  const due = await enqueueJob(app.deps.db, { type: TYPE, data: {}, groupKey: "conv:c" }, now);
  expect((await claim(now))?.id).toBe(due.id);
  // While `due` runs, `later` becomes due but must wait for it.
  expect(await claim(now + 4000)).toBeNull();
  await completeJob(app.deps.db, due.id, {}, now + 4000);
  expect((await claim(now + 4000))?.id).toBe(later.id);
  const [row] = await app.deps.db.select().from(jobs).where(eq(jobs.id, later.id));
  expect(row?.status).toBe("running");
});
