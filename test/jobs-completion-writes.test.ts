/**
 * A job's completion carries the writes its handler left for it (the last "sent" record of a
 * reply, the conversation's waiting flag): one transaction, so the job is never completed without
 * them nor they without it. And the claim never reads a conversation's finished jobs, which pile up
 * with its history.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { InStatement } from "@libsql/client";
import { eq } from "drizzle-orm";
import { jobs } from "../db/schema";
import { claimJobs, commitWrites, completeJob, enqueueJob } from "../src/services/jobs";
import { type TestApp, startTestApp } from "./helpers/app";
import { explain, showPlan } from "./helpers/query-plans";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ JOBS_WORKER: "false" });
});
afterAll(() => app.stop());

const jobRow = async (id: string) => (await app.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const setProgress = (id: string, progress: number) => async (tx: { execute: (s: InStatement) => Promise<unknown> }) =>
  tx.execute({ sql: "UPDATE jobs SET progress = ? WHERE id = ?", args: [progress, id] });

test("the completion commits the handler's writes with it, then runs their after-steps", async () => {
  const TYPE = "test-completion-writes";
  const now = Date.now();
  const job = await enqueueJob(app.deps.db, { type: TYPE, data: {} }, now);
  const other = await enqueueJob(app.deps.db, { type: `${TYPE}-other`, data: {} }, now);
  const [claimed] = await claimJobs(app.deps.db, [TYPE], 1, now);
  expect(claimed?.id).toBe(job.id);

  const seenAfter: Promise<string | undefined>[] = [];
  await completeJob(app.deps.db, job.id, { ok: true }, now, [
    { write: setProgress(other.id, 42) },
    // Runs once committed: what it reads is already there.
    { after: () => void seenAfter.push(jobRow(job.id).then((r) => r?.status)) },
  ]);
  expect((await jobRow(job.id))?.status).toBe("completed");
  expect((await jobRow(other.id))?.progress).toBe(42);
  expect(await Promise.all(seenAfter)).toEqual(["completed"]);
});

test("a write that fails leaves the job unfinished and rolls back the others", async () => {
  const TYPE = "test-completion-writes-fail";
  const now = Date.now();
  const job = await enqueueJob(app.deps.db, { type: TYPE, data: {} }, now);
  const other = await enqueueJob(app.deps.db, { type: `${TYPE}-other`, data: {} }, now);
  await claimJobs(app.deps.db, [TYPE], 1, now);
  let afterRan = false;
  const failing = completeJob(app.deps.db, job.id, {}, now, [
    { write: setProgress(other.id, 7), after: () => (afterRan = true) },
    { write: (tx) => tx.execute("UPDATE no_such_table SET x = 1") },
  ]);
  await expect(failing).rejects.toThrow();
  const row = await jobRow(job.id);
  expect(row?.status).toBe("running");
  expect((await jobRow(other.id))?.progress).toBe(0);
  expect(afterRan).toBe(false);

  // A handler that failed still records what it did (commitWrites), then is retried.
  await commitWrites(app.deps.db, [{ write: setProgress(other.id, 9), after: () => (afterRan = true) }]);
  expect((await jobRow(other.id))?.progress).toBe(9);
  expect(afterRan).toBe(true);
});

test("the claim looks at a conversation's running and due jobs only, never at its finished history", async () => {
  const TYPE = "test-claim-history";
  const now = Date.now();
  const group = "conv:history";
  for (let i = 0; i < 30; i++) {
    const done = await enqueueJob(app.deps.db, { type: TYPE, data: { i }, groupKey: group }, now - 60_000 + i);
    await claimJobs(app.deps.db, [TYPE], 1, now - 60_000 + i);
    await completeJob(app.deps.db, done.id, {}, now - 60_000 + i);
  }
  const next = await enqueueJob(app.deps.db, { type: TYPE, data: { next: true }, groupKey: group }, now);

  // The claim statement as it runs, captured on the server's own client.
  const client = app.deps.db.$client;
  const execute = client.execute;
  const seen: { sql: string; args: unknown }[] = [];
  client.execute = ((stmt: InStatement, ...rest: unknown[]) => {
    if (typeof stmt !== "string" && /^update "jobs"/i.test(stmt.sql)) seen.push({ sql: stmt.sql, args: stmt.args });
    return (execute as (...a: unknown[]) => unknown).call(client, stmt, ...rest);
  }) as typeof client.execute;
  let claimed: Awaited<ReturnType<typeof claimJobs>>;
  try {
    claimed = await claimJobs(app.deps.db, [TYPE], 4, now);
  } finally {
    client.execute = execute;
  }
  expect(claimed.map((j) => j.id)).toEqual([next.id]);

  const [claim] = seen;
  if (!claim) throw new Error("the claim statement was not captured");
  const plan = await explain(client, { sql: claim.sql, args: claim.args as never });
  const groupLooks = plan.filter((l) => /jobs_group_idx/.test(l.detail));
  expect(groupLooks.length).toBeGreaterThan(0);
  // Every look into the group binds the status too: a range of live jobs, not the group's whole past.
  for (const l of groupLooks) expect(l.detail, showPlan(plan)).toContain("(group_key=? AND status=?)");
  expect(plan.some((l) => /^SCAN (jobs|o|j)\b/.test(l.detail)), showPlan(plan)).toBe(false);
});
