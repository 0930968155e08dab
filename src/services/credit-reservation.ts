import type { Db } from "../../db/client";
import { type DebitRequest, type DebitResult, type Price, type RawTx, debitInTransaction, withRawWrite } from "./credit-debit";

/**
 * Holds on credits for model calls in flight (issue 11, defect 4). Before a model call its price
 * upper bound is reserved with ONE conditional UPDATE (spendable - held >= amount), so concurrent
 * calls can never promise the same credits; after the call the real cost is charged and the hold
 * released in the same transaction, exactly once per key. All of it rides the group commit.
 */

/** Longer than any model call (60 s timeout × 3 attempts, plus streaming): only a dead process's hold outlives it. */
export const HOLD_LEASE_MS = 10 * 60_000;

export type ReserveRequest = { workspaceId: string; key: string; amountMilli: number };
/** `key`: the one the hold was taken under (the request's, or a new one when that was already charged). */
export type ReserveResult = { ok: true; key: string } | { ok: false; availableMilli: number };

const num = (v: unknown) => Number(v ?? 0);

/** Spendable-minus-held, in SQL: the bonus counts only while it has not expired. */
const FREE_SQL =
  "(CASE WHEN bonus_credits_expires_at IS NULL OR bonus_credits_expires_at > ? THEN remaining_bonus_credits ELSE 0 END) + remaining_credits - held_credits";

/** Deletes a key's hold and returns it (null when there is none: settled, released or swept). */
async function takeHold(tx: RawTx, key: string): Promise<{ workspaceId: string; amount: number } | null> {
  const rs = await tx.execute({ sql: "DELETE FROM credit_reservations WHERE idempotency_key = ? RETURNING workspace_id, amount", args: [key] });
  const r = rs.rows[0];
  return r ? { workspaceId: String(r.workspace_id), amount: num(r.amount) } : null;
}

const unhold = (tx: RawTx, workspaceId: string, amount: number) =>
  tx.execute({ sql: "UPDATE user_credits SET held_credits = max(0, held_credits - ?) WHERE workspace_id = ?", args: [amount, workspaceId] });

/** Releases the workspace's holds whose lease ran out (their process died); returns how many. */
export async function releaseExpiredHolds(tx: RawTx, workspaceId: string, now: number) {
  const rs = await tx.execute({
    sql: "DELETE FROM credit_reservations WHERE workspace_id = ? AND expires_at <= ? RETURNING amount",
    args: [workspaceId, now],
  });
  const total = rs.rows.reduce((s, r) => s + num(r.amount), 0);
  if (total > 0) await unhold(tx, workspaceId, total);
  return rs.rows.length;
}

/**
 * The reservation inside the caller's write transaction: one conditional UPDATE, one INSERT. The
 * same key again (a turn retried after a crash) adds to its hold; the settle releases all of it. A
 * key already charged (a turn run again after its call was charged but its own write failed) is
 * never held again, or its settle would be taken as a duplicate and the new call go unpaid: the
 * hold is taken under a new key. That check rides in the UPDATE, so a hold exists only for a key
 * with no ledger row (settleInTransaction counts on it).
 */
export async function reserveInTransaction(tx: RawTx, req: ReserveRequest, now: number): Promise<ReserveResult> {
  let key = req.key;
  const take = () =>
    tx.execute({
      sql: `UPDATE user_credits SET held_credits = held_credits + ? WHERE workspace_id = ? AND ${FREE_SQL} >= ?
        AND NOT EXISTS (SELECT 1 FROM credit_transactions WHERE idempotency_key = ?)`,
      args: [req.amountMilli, req.workspaceId, now, req.amountMilli, key],
    });
  let taken = await take();
  if (taken.rowsAffected === 0 && (await chargedIn(tx, key))) {
    key = `${req.key}:retry:${Bun.randomUUIDv7()}`;
    taken = await take();
  }
  // Holds are only swept when they are in the way: the refusal path, not every call.
  if (taken.rowsAffected === 0 && (await releaseExpiredHolds(tx, req.workspaceId, now)) > 0) taken = await take();
  if (taken.rowsAffected === 0) {
    const w = await tx.execute({ sql: `SELECT ${FREE_SQL} AS free FROM user_credits WHERE workspace_id = ?`, args: [now, req.workspaceId] });
    return { ok: false, availableMilli: Math.max(0, num(w.rows[0]?.free)) };
  }
  await tx.execute({
    sql: `INSERT INTO credit_reservations (idempotency_key, workspace_id, amount, expires_at, created_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (idempotency_key) DO UPDATE SET amount = amount + excluded.amount, expires_at = excluded.expires_at`,
    args: [key, req.workspaceId, req.amountMilli, now + HOLD_LEASE_MS, now],
  });
  return { ok: true, key };
}

/** Whether a call under this key was already charged (its ledger row exists). One indexed read. */
async function chargedIn(tx: RawTx, key: string): Promise<boolean> {
  const rs = await tx.execute({ sql: "SELECT 1 FROM credit_transactions WHERE idempotency_key = ? LIMIT 1", args: [key] });
  return rs.rows.length > 0;
}

/**
 * Reserves `amountMilli` for one model call, or refuses when the workspace cannot cover it. In a
 * transaction of its own, never the group commit: turns whose holds committed together started
 * their model calls together, answered together, and their clients' next messages arrived together
 * again, so 50 concurrent chats stayed in step and the median turn waited for half a burst
 * (bench/chat.ts lockstep overhead p50 8.1–12.7 ms batched, 2.2–4.4 ms alone; issue 12).
 */
export function reserveCredits(db: Db, req: ReserveRequest, now = Date.now()): Promise<ReserveResult> {
  return withRawWrite(db, (tx) => reserveInTransaction(tx, req, now));
}

/** Drops the hold of a key (a call that failed or was never made); a no-op when already settled. */
export async function releaseInTransaction(tx: RawTx, key: string) {
  const hold = await takeHold(tx, key);
  if (hold) await unhold(tx, hold.workspaceId, hold.amount);
}

/**
 * Charges a finished call against its hold: the hold is dropped and the real cost debited (bonus
 * first) in the same transaction and wallet UPDATE. The debit's key is the hold's key, so a second
 * settle is a "duplicate". Cost beyond the hold (an estimate that fell short) comes only from
 * unheld credits.
 */
export async function settleInTransaction(tx: RawTx, req: DebitRequest, price: Price, now: number): Promise<DebitResult> {
  const hold = await takeHold(tx, req.idempotencyKey);
  return debitInTransaction(tx, { ...req, allowPartial: true }, price, now, hold);
}
