/**
 * The channel pipeline's durable queue writes: the provider-id ledger that makes a webhook
 * redelivery a no-op, the inbound job inserted in the same transaction, delivery receipts, and the
 * pending channel jobs the pipeline replaces or pushes back. Raw SQL on the group-commit handle
 * (src/services/group-commit.ts), so an accept costs no query building.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { jobs } from "../../db/schema";
import { advanceCampaignSend } from "./campaigns/hooks";
import type { RawTx } from "./credit-debit";

/** Delivery statuses only move forward: a late "delivered" never overwrites "read". */
const STATUS_RANK = "CASE delivery_status WHEN 'pending' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 4 END";

/** A receipt for a sent message, applied only when it moves the status forward → rows changed (0 or 1). */
export async function recordDeliveryStatus(tx: RawTx, e: { providerMessageId: string; status: string; error?: string | null; timestamp?: number | null }, rank: number): Promise<number> {
  const r = await tx.execute({
    sql: `UPDATE messages SET delivery_status = ?, delivery_error = coalesce(?, delivery_error)
      WHERE provider_message_id = ? AND delivery_status IS NOT NULL AND ${STATUS_RANK} < ?`,
    args: [e.status, e.error ?? null, e.providerMessageId, rank],
  });
  // A campaign send carries the same provider id: its own forward-only status and counters.
  return r.rowsAffected + (await advanceCampaignSend(tx, e));
}

/** Takes the provider's message id for good → false when it was taken before (a redelivery). */
export async function claimProviderMessageId(tx: RawTx, provider: string, providerMessageId: string, now: number): Promise<boolean> {
  const seen = await tx.execute({
    sql: "INSERT OR IGNORE INTO inbound_message_ids (provider, provider_message_id, received_at) VALUES (?, ?, ?)",
    args: [provider, providerMessageId, now],
  });
  return seen.rowsAffected > 0;
}

/** A pending job of the conversation's group (8 attempts), in the accept's transaction. */
export async function insertGroupJob(tx: RawTx, job: { type: string; data: unknown; runAfter: number; groupKey: string; now: number }): Promise<void> {
  await tx.execute({
    sql: `INSERT INTO jobs (id, type, status, data, progress, attempts, max_attempts, run_after, dedupe_key, group_key, created_at)
      VALUES (?, ?, 'pending', ?, 0, 0, 8, ?, NULL, ?, ?)`,
    args: [Bun.randomUUIDv7(), job.type, JSON.stringify(job.data), job.runAfter, job.groupKey, job.now],
  });
}

/**
 * Replaces the pending job of a dedupe key (a conversation's next follow-up) with a new one, in a
 * transaction already open (a job's completion). A running job keeps its own, released key.
 */
export async function replacePendingJob(
  tx: RawTx,
  job: { type: string; data: unknown; dedupeKey: string; groupKey: string; runAfter: number; maxAttempts: number; workspaceId: string; now: number },
): Promise<void> {
  await tx.execute({ sql: "DELETE FROM jobs WHERE dedupe_key = ? AND status = 'pending'", args: [job.dedupeKey] });
  await tx.execute({
    sql: `INSERT INTO jobs (id, type, status, data, progress, attempts, max_attempts, run_after, dedupe_key, group_key, workspace_id, created_at)
      VALUES (?, ?, 'pending', ?, 0, 0, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    args: [Bun.randomUUIDv7(), job.type, JSON.stringify(job.data), job.maxAttempts, job.runAfter, job.dedupeKey, job.groupKey, job.workspaceId, job.now],
  });
}

/**
 * Whether work of a conversation's group waits in the queue (a message not handled yet, a reply in
 * backoff, a paced send), follow-ups aside: they only wait for the customer. Through jobs_group_idx.
 */
export async function groupHasPendingWork(db: Db, groupKey: string, ignoredType: string): Promise<boolean> {
  const r = await db.$client.execute({
    sql: "SELECT 1 FROM jobs WHERE group_key = ? AND status = 'pending' AND type <> ? LIMIT 1",
    args: [groupKey, ignoredType],
  });
  return r.rows.length > 0;
}

/** Moves a still-pending job's run time (a burst pushes its reply back). */
export async function postponePendingJob(db: DbOrTx, jobId: string, runAfter: number): Promise<void> {
  await db.update(jobs).set({ runAfter }).where(and(eq(jobs.id, jobId), eq(jobs.status, "pending")));
}

/**
 * A conversation's pending jobs of one type (paced sends waiting for their time), earliest first.
 * Looked up through its job group (jobs_group_idx), so a long queue of other work is never scanned.
 */
export async function pendingJobsOf(db: DbOrTx, type: string, conv: { id: string; groupKey: string }) {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.groupKey, conv.groupKey),
        eq(jobs.status, "pending"),
        eq(jobs.type, type),
        sql`json_extract(${jobs.data}, '$.conversationId') = ${conv.id}`,
      ),
    )
    .orderBy(asc(jobs.runAfter), asc(jobs.id));
}
