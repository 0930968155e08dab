import { and, eq, or, sql } from "drizzle-orm";
import { jobs } from "../../db/schema";
import type { Db } from "../../db/client";

export type Job = typeof jobs.$inferSelect;
export type JobInput = {
  type: string;
  data: Record<string, unknown>;
  workspaceId?: string | null;
  agentId?: string | null;
  userId?: string | null;
  /** Same key while pending/running = the same job (enqueueing twice is a no-op). */
  dedupeKey?: string | null;
  runAfter?: number;
  maxAttempts?: number;
  /** Jobs of one group run one at a time, in creation order (see claimJob). */
  groupKey?: string | null;
};

/** Default lease of a claimed job; the runner renews it while the job runs (see renewLease). */
export const LEASE_MS = 60_000;

/** Durable enqueue. A duplicate dedupeKey of a live job returns that job instead of a new one. */
export async function enqueueJob(db: Db, input: JobInput, now = Date.now()): Promise<Job> {
  const [row] = await db
    .insert(jobs)
    .values({
      type: input.type,
      data: input.data,
      workspaceId: input.workspaceId ?? null,
      agentId: input.agentId ?? null,
      userId: input.userId ?? null,
      dedupeKey: input.dedupeKey ?? null,
      groupKey: input.groupKey ?? null,
      runAfter: input.runAfter ?? now,
      maxAttempts: input.maxAttempts ?? 5,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [existing] = await db.select().from(jobs).where(eq(jobs.dedupeKey, input.dedupeKey ?? "")).limit(1);
  if (!existing) throw new Error("enqueueJob: conflict without an existing job");
  return existing;
}

/**
 * Claims the oldest runnable job atomically: one UPDATE … RETURNING moves it to running with a
 * lease, so two workers never get the same job. A running job whose lease expired (its worker
 * died) is runnable again: a crash loses nothing.
 *
 * Grouped jobs (one conversation) never run side by side, and a job waits while an older job of
 * its group is due: a customer's messages are handled in the order they came. An older job that is
 * only scheduled for later (a debounced reply, a retry in backoff) does not hold the group up.
 */
export async function claimJob(db: Db, types: string[], now = Date.now(), leaseMs = LEASE_MS): Promise<Job | null> {
  const typeList = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  const groupFree = sql`(j.group_key IS NULL OR NOT EXISTS (
        SELECT 1 FROM jobs o WHERE o.group_key = j.group_key AND o.id <> j.id AND (
          (o.status = 'running' AND o.lease_until > ${now})
          OR (o.status IN ('pending', 'running') AND o.run_after <= ${now} AND o.id < j.id))))`;
  // Two index walks, each stopping at its first eligible row (one OR-ed query would collect and
  // sort every due job first, which a backlog of thousands makes slow): a job whose worker died
  // comes first, then the oldest due pending job.
  const expired = sql`SELECT j.id FROM jobs j WHERE j.status = 'running' AND j.lease_until <= ${now} AND j.type IN (${typeList}) AND ${groupFree} LIMIT 1`;
  const due = sql`SELECT j.id FROM jobs j INDEXED BY jobs_claim_idx
    WHERE j.status = 'pending' AND j.run_after <= ${now} AND j.type IN (${typeList}) AND ${groupFree}
    ORDER BY j.run_after, j.id LIMIT 1`;
  const [row] = await db
    .update(jobs)
    .set({ status: "running", leaseUntil: now + leaseMs, attempts: sql`${jobs.attempts} + 1`, startedAt: now })
    .where(and(sql`${jobs.id} = coalesce((${expired}), (${due}))`, or(eq(jobs.status, "pending"), eq(jobs.status, "running"))))
    .returning();
  return row ?? null;
}

/** Keeps a running job's lease alive: only a job whose process died loses it (and is run again). */
export async function renewLease(db: Db, jobId: string, until: number) {
  await db.update(jobs).set({ leaseUntil: until }).where(and(eq(jobs.id, jobId), eq(jobs.status, "running")));
}

export async function reportProgress(db: Db, jobId: string, progress: number, now = Date.now()) {
  await db
    .update(jobs)
    .set({ progress: Math.max(0, Math.min(100, Math.round(progress))), leaseUntil: now + LEASE_MS })
    .where(eq(jobs.id, jobId));
}

export async function completeJob(db: Db, jobId: string, result: Record<string, unknown>, now = Date.now()) {
  await db
    .update(jobs)
    .set({ status: "completed", result, progress: 100, completedAt: now, leaseUntil: null, dedupeKey: null })
    .where(eq(jobs.id, jobId));
}

/** Retries with exponential backoff (30 s, 2 min, 8 min…); after maxAttempts the job is dead-lettered. */
export async function failJob(db: Db, job: Job, error: string, opts: { retryable: boolean; retryAfterMs?: number | null }, now = Date.now()) {
  const dead = !opts.retryable || job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      dead
        ? { status: "dead", error, completedAt: now, leaseUntil: null, dedupeKey: null }
        : { status: "pending", error, runAfter: now + (opts.retryAfterMs ?? 30_000 * 4 ** (job.attempts - 1)), leaseUntil: null },
    )
    .where(eq(jobs.id, job.id));
  return dead;
}
