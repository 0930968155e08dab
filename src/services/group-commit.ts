import type { Db } from "../../db/client";
import { type RawTx, withRawWrite } from "./credit-debit";

/**
 * Group commit for the chat turn's writes (the settle after each model call, channel accepts): the
 * tasks that arrive while a commit is being prepared share ONE write transaction, each inside its
 * own SAVEPOINT so one failing task rolls back alone (a task alone in its batch needs none). Every
 * caller still waits for the commit before answering, so nothing is reported done before it is
 * durable; under load the WAL writes per turn drop (bench/chat.ts). A model call's credit hold is
 * not batched: see reserveCredits.
 */
type Task = { fn: (tx: RawTx) => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void };

const queues = new WeakMap<Db, { tasks: Task[]; scheduled: boolean }>();

async function flush(db: Db, state: { tasks: Task[]; scheduled: boolean }) {
  const batch = state.tasks.splice(0);
  state.scheduled = false;
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  let tx: Awaited<ReturnType<Db["$client"]["transaction"]>> | null = null;
  try {
    const only = batch.length === 1 ? batch[0] : undefined;
    if (only) {
      // Alone in its batch: no SAVEPOINT needed, a failure rolls the whole transaction back.
      await withRawWrite(db, only.fn).then(only.resolve, only.reject);
      return;
    }
    tx = await db.$client.transaction("write");
    for (const task of batch) {
      await tx.execute("SAVEPOINT settle");
      try {
        const value = await task.fn(tx);
        await tx.execute("RELEASE settle");
        outcomes.push({ ok: true, value });
      } catch (error) {
        await tx.execute("ROLLBACK TO settle");
        await tx.execute("RELEASE settle");
        outcomes.push({ ok: false, error });
      }
    }
    await tx.commit();
  } catch (error) {
    // The commit itself failed: nothing of the batch is stored, every caller gets the error.
    if (tx && !tx.closed) await tx.rollback().catch(() => {});
    for (const task of batch) task.reject(error);
    return;
  }
  batch.forEach((task, i) => {
    const o = outcomes[i];
    if (o?.ok) task.resolve(o.value);
    else task.reject(o?.error);
  });
}

export function groupCommit<T>(db: Db, fn: (tx: RawTx) => Promise<T>): Promise<T> {
  let state = queues.get(db);
  if (!state) {
    state = { tasks: [], scheduled: false };
    queues.set(db, state);
  }
  const s = state;
  return new Promise<T>((resolve, reject) => {
    s.tasks.push({ fn, resolve: resolve as (v: unknown) => void, reject });
    if (!s.scheduled) {
      s.scheduled = true;
      setImmediate(() => void flush(db, s));
    }
  });
}
