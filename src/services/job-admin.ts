import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { jobs } from "../../db/schema";
import { AppError } from "../lib/errors";
import type { AppDeps } from "./context";
import { notifyJobEnqueued } from "./jobs";

/** Completed jobs are kept; the summary counts those of the last day, not the whole history. */
export const COMPLETED_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Counts per job type and status: the live queue, and what completed in the last 24 h, for /admin/status. */
export async function queueSummary(deps: AppDeps) {
  const now = deps.now();
  const live = await deps.db
    .select({ type: jobs.type, status: jobs.status, count: sql<number>`count(*)` })
    .from(jobs)
    .where(inArray(jobs.status, ["pending", "running", "failed", "dead"]))
    .groupBy(jobs.type, jobs.status);
  const done = await deps.db
    .select({ type: jobs.type, status: jobs.status, count: sql<number>`count(*)` })
    .from(jobs)
    .where(and(eq(jobs.status, "completed"), gte(jobs.completedAt, now - COMPLETED_WINDOW_MS)))
    .groupBy(jobs.type);
  const rows = [...live, ...done];
  const [oldest] = await deps.db
    .select({ runAfter: jobs.runAfter })
    .from(jobs)
    .where(and(eq(jobs.status, "pending"), sql`${jobs.runAfter} <= ${now}`))
    .orderBy(jobs.runAfter)
    .limit(1);
  return { counts: rows.map((r) => ({ ...r, count: Number(r.count) })), oldestDueAgeMs: oldest ? now - oldest.runAfter : null };
}

/** Dead-lettered jobs, newest first, with what they were about and why they died. */
export async function deadJobs(deps: AppDeps, limit = 50) {
  const rows = await deps.db.select().from(jobs).where(eq(jobs.status, "dead")).orderBy(desc(jobs.completedAt)).limit(limit);
  return rows.map((j) => ({
    id: j.id,
    type: j.type,
    error: j.error,
    attempts: j.attempts,
    workspaceId: j.workspaceId,
    createdAt: j.createdAt,
    diedAt: j.completedAt,
    data: j.data,
  }));
}

/** Puts a dead job back in the queue with fresh attempts (after the cause was fixed). */
export async function retryDeadJob(deps: AppDeps, id: string) {
  const [row] = await deps.db
    .update(jobs)
    .set({ status: "pending", attempts: 0, runAfter: deps.now(), leaseUntil: null, completedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, "dead")))
    .returning({ id: jobs.id });
  if (!row) throw new AppError("NOT_FOUND", "Job não encontrado entre os que falharam");
  // Back in the queue without enqueueJob: wake the runner (and start a lazy Worker) the same way.
  notifyJobEnqueued(deps.db);
  return { ok: true };
}

export async function discardDeadJob(deps: AppDeps, id: string) {
  const deleted = await deps.db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.status, "dead"))).returning({ id: jobs.id });
  if (!deleted.length) throw new AppError("NOT_FOUND", "Job não encontrado entre os que falharam");
  return { ok: true };
}
