import { type Placeholder, type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { jobs } from "../../db/schema";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { log } from "../lib/logger";
import type { RawTx } from "./credit-debit";
import { groupCommit } from "./group-commit";

export type Job = typeof jobs.$inferSelect;
export type JobInput = {
  type: string;
  data: Record<string, unknown>;
  workspaceId?: string | null;
  agentId?: string | null;
  userId?: string | null;
  /** Same key while pending = the same job (enqueueing twice is a no-op); a claim releases it. */
  dedupeKey?: string | null;
  runAfter?: number;
  maxAttempts?: number;
  /** Jobs of one group run one at a time, in creation order (see claimJob). */
  groupKey?: string | null;
};

/** Default lease of a claimed job; the runner renews it while the job runs (see renewLease). */
export const LEASE_MS = 60_000;

const enqueueListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Tells whoever runs this database's jobs that one was enqueued, so it claims it now instead of at
 * its next poll (the poll stays for jobs that only fall due later). Returns the unsubscribe.
 */
export function onJobEnqueued(db: Db, listener: () => void): () => void {
  let set = enqueueListeners.get(db);
  if (!set) {
    set = new Set();
    enqueueListeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Call after the enqueueing write committed (a claim before the commit would not see the job). */
export function notifyJobEnqueued(db: Db) {
  for (const listener of enqueueListeners.get(db) ?? []) listener();
}

/** Any job waiting or leased (a crash leaves leases): the lazy job Worker has work to start for. */
export async function hasQueuedJobs(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(inArray(jobs.status, ["pending", "running"]))
    .limit(1);
  return row !== undefined;
}

/**
 * Durable enqueue. A duplicate dedupeKey of a pending job returns that job instead of a new one.
 * A claim releases the key (on the Worker's own connection), so the conflicting job can be gone
 * by the time it is read: then the key is free and the insert is tried again.
 */
export async function enqueueJob(db: Db, input: JobInput, now = Date.now()): Promise<Job> {
  for (let attempt = 0; attempt < 3; attempt++) {
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
    if (row) {
      notifyJobEnqueued(db);
      return row;
    }
    const [existing] = await db.select().from(jobs).where(eq(jobs.dedupeKey, input.dedupeKey ?? "")).limit(1);
    if (existing) return existing;
  }
  throw new Error("enqueueJob: the dedupe key stayed taken by a job that could not be read");
}

const typeList = (types: readonly string[]) =>
  sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );

/**
 * Job `j` is not held up by its group: no live job of the group runs, no older one of it is due.
 * Each look is a (group_key, status) range of jobs_group_idx: a conversation's completed jobs,
 * which pile up with its history, are never read (one OR-ed look walked all of them).
 */
const groupFreeAt = (now: number | Placeholder) => sql`(j.group_key IS NULL OR (NOT EXISTS (
        SELECT 1 FROM jobs o INDEXED BY jobs_group_idx WHERE o.group_key = j.group_key AND o.status = 'running' AND o.lease_until > ${now} AND o.id <> j.id)
      AND NOT EXISTS (
        SELECT 1 FROM jobs o INDEXED BY jobs_group_idx WHERE o.group_key = j.group_key AND o.status IN ('pending', 'running') AND o.run_after <= ${now} AND o.id < j.id)))`;

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
  return (await claimJobs(db, types, 1, now, leaseMs))[0] ?? null;
}

/**
 * claimJob for up to `limit` jobs in one statement (the runner asks for as many as it has free
 * lanes). The group rule holds inside a batch: of a group only its oldest due job is eligible, so a
 * batch never holds two jobs of one conversation. Oldest first.
 */
export async function claimJobs(db: Db, types: string[], limit: number, now = Date.now(), leaseMs = LEASE_MS): Promise<Job[]> {
  const claimed: Job[] = [];
  while (claimed.length < limit) {
    const rows = await claimBatch(db, types, limit - claimed.length, now, leaseMs);
    const running = rows.filter((r) => r.status === "running");
    claimed.push(...running);
    // Only a dead-lettered poison job leaves room for another look; otherwise nothing more is due.
    if (running.length === rows.length) break;
  }
  return claimed.sort((a, b) => a.runAfter - b.runAfter || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function claimBatch(db: Db, types: string[], limit: number, now: number, leaseMs: number): Promise<Job[]> {
  return claimStatement(db, types).all({ now, limit, leaseUntil: now + leaseMs });
}

/** The claim for one list of types, prepared once per database: it runs after every job. */
const claimStatement = (db: Db, types: string[]) =>
  prepared(db, `jobs:claim:${types.join(",")}`, (d) => {
    const now = sql.placeholder("now");
    const limit = sql.placeholder("limit");
    const groupFree = groupFreeAt(now);
    // Two index walks, each stopping after `limit` eligible rows (one OR-ed query would collect and
    // sort every due job first, which a backlog of thousands makes slow): jobs whose worker died
    // come first, then the oldest due pending jobs.
    const expired = sql`SELECT j.id FROM jobs j WHERE j.status = 'running' AND j.lease_until <= ${now} AND j.type IN (${typeList(types)}) AND ${groupFree} LIMIT ${limit}`;
    const due = sql`SELECT j.id FROM jobs j INDEXED BY jobs_claim_idx
      WHERE j.status = 'pending' AND j.run_after <= ${now} AND j.type IN (${typeList(types)}) AND ${groupFree}
      ORDER BY j.run_after, j.id LIMIT ${limit}`;
    // An expired job that already used its last attempt took its process down each time (a poison
    // job): the same UPDATE dead-letters it instead of running it again, then the claim goes on.
    const poisoned = sql`${jobs.status} = 'running' AND ${jobs.attempts} >= ${jobs.maxAttempts}`;
    return d
      .update(jobs)
      .set({
        status: sql`CASE WHEN ${poisoned} THEN 'dead' ELSE 'running' END`,
        error: sql`CASE WHEN ${poisoned} THEN 'O processo parou durante as ' || ${jobs.attempts} || ' tentativas deste job' ELSE ${jobs.error} END`,
        completedAt: sql`CASE WHEN ${poisoned} THEN ${now} ELSE ${jobs.completedAt} END`,
        // Released at the claim, before the handler reads its input: work enqueued from now on (an
        // edit made while this job runs) becomes a new job instead of being folded into this one.
        dedupeKey: null,
        leaseUntil: sql`CASE WHEN ${poisoned} THEN NULL ELSE ${sql.placeholder("leaseUntil")} END`,
        attempts: sql`CASE WHEN ${poisoned} THEN ${jobs.attempts} ELSE ${jobs.attempts} + 1 END`,
        startedAt: sql`${now}`,
      })
      .where(
        and(
          sql`${jobs.id} IN (SELECT id FROM (${expired}) UNION ALL SELECT id FROM (${due}) LIMIT ${limit})`,
          // Unary + keeps the planner on the primary key (an index walk over every pending job otherwise).
          sql`+${jobs.status} IN ('pending', 'running')`,
        ),
      )
      .returning()
      .prepare();
  });

/** Keeps a running job's lease alive: only a job whose process died loses it (and is run again). */
export async function renewLease(db: Db, jobId: string, until: number) {
  await db.update(jobs).set({ leaseUntil: until }).where(and(eq(jobs.id, jobId), eq(jobs.status, "running")));
}

/** Records progress and extends the lease by the configured length (JOB_LEASE_MS), like renewLease. */
export async function reportProgress(db: Db, jobId: string, progress: number, now = Date.now(), leaseMs = LEASE_MS) {
  await db
    .update(jobs)
    .set({ progress: Math.max(0, Math.min(100, Math.round(progress))), leaseUntil: now + leaseMs })
    .where(eq(jobs.id, jobId));
}

/**
 * A write a handler hands to its job's completion (src/jobs/runner.ts): it commits in the same
 * transaction as the job's end (the last record of a reply, say), and `after` runs once it did.
 */
export type CompletionWrite = { write?: (tx: RawTx) => Promise<unknown>; after?: () => void };

/**
 * Settles a job as done, with the writes its handler left for the completion. Through the group
 * commit: the lanes finishing at the same moment share one write transaction, and the caller
 * still returns only once it is durable.
 */
export async function completeJob(db: Db, jobId: string, result: Record<string, unknown>, now = Date.now(), writes: CompletionWrite[] = []) {
  await groupCommit(db, async (tx) => {
    for (const w of writes) await w.write?.(tx);
    await tx.execute({
      sql: "UPDATE jobs SET status = 'completed', result = ?, progress = 100, completed_at = ?, lease_until = NULL, dedupe_key = NULL WHERE id = ?",
      args: [JSON.stringify(result), now, jobId],
    });
  });
  afterCommit(writes);
}

/** A failing `after` (a live event) must not turn a completed job into a failed one. */
function afterCommit(writes: CompletionWrite[]) {
  for (const w of writes) {
    try {
      w.after?.();
    } catch (err) {
      log.warn("after-completion step failed", { error: err instanceof Error ? err.message : String(err) });
    }
  }
}

/** Commits completion writes on their own (the handler failed after recording what it had done). */
export async function commitWrites(db: Db, writes: CompletionWrite[]) {
  if (!writes.some((w) => w.write)) return afterCommit(writes);
  await groupCommit(db, async (tx) => {
    for (const w of writes) await w.write?.(tx);
  });
  afterCommit(writes);
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

/** What a job loop (in-process or the Worker host) says about itself, for /health. */
export type JobsStatus = {
  /** idle: a lazy Worker not started yet, since no work needed it (healthy). */
  state: "idle" | "starting" | "running" | "restarting" | "stopped";
  /** When the loop first started: jobs that fell due before it are a backlog, not lag. */
  since: number;
  restarts: number;
  lastHeartbeatAt: number | null;
};

export type QueueLag = { reason: "waiting" | "lease-expired"; jobId: string; type: string; lateMs: number };

/**
 * The queue is lagging when a running job's lease expired `marginMs` ago and no lane took it
 * again, or a due job (its group free) waited longer than a lease plus `marginMs`. Time before
 * `since` does not count. Each look is one claim-shaped index walk (LIMIT 1): cheap for a probe.
 */
export async function queueLag(db: Db, types: readonly string[], o: { now: number; since: number; leaseMs: number; marginMs: number }): Promise<QueueLag | null> {
  if (types.length === 0) return null;
  const groupFree = groupFreeAt(o.now);
  const find = async (query: SQL) => (await db.select().from(jobs).where(sql`${jobs.id} = (${query})`).limit(1))[0] ?? null;
  const expiredBy = o.now - o.marginMs;
  if (o.since <= expiredBy) {
    const job = await find(
      sql`SELECT j.id FROM jobs j WHERE j.status = 'running' AND j.lease_until <= ${expiredBy} AND j.type IN (${typeList(types)}) AND ${groupFree} LIMIT 1`,
    );
    if (job) return { reason: "lease-expired", jobId: job.id, type: job.type, lateMs: o.now - Math.max(job.leaseUntil ?? 0, o.since) };
  }
  const dueBy = o.now - o.leaseMs - o.marginMs;
  if (o.since <= dueBy) {
    const job = await find(sql`SELECT j.id FROM jobs j INDEXED BY jobs_claim_idx
      WHERE j.status = 'pending' AND j.run_after <= ${dueBy} AND j.type IN (${typeList(types)}) AND ${groupFree}
      ORDER BY j.run_after, j.id LIMIT 1`);
    if (job) return { reason: "waiting", jobId: job.id, type: job.type, lateMs: o.now - Math.max(job.runAfter, o.since) };
  }
  return null;
}
