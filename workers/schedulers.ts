/**
 * Timers that turn "something fell due" into durable jobs: websites due for their refresh, and
 * sources trained by another embedder than the current one; and the semantic cache's expiry. Follow-ups need no timer here: they
 * are jobs with a runAfter (src/channels/follow-up.ts), taken by the queue's lanes when due.
 */
import { embedderFor } from "../src/knowledge/embedder-for";
import { log } from "../src/lib/logger";
import type { AppDeps } from "../src/services/context";
import { sourcesEmbeddedByOther, takeDueRefreshes } from "../src/services/knowledge-store";
import { pruneExpiredCache } from "../src/services/semantic-cache";
import { pruneMailOutbox } from "../src/services/mail-templates/outbox";
import { pruneActivityLogs } from "../src/services/activity-log/prune";
import { enqueueTraining } from "../src/services/training";
import { downgradeExpiredGrace, runFreeRenewals } from "../src/services/billing/free-renewal";
import { updateExchangeRateIfDue } from "../src/services/admin/credits/config";

/** Websites whose update frequency says they are due get a training job (deduplicated). */
export async function enqueueDueRefreshes(deps: AppDeps) {
  const due = await takeDueRefreshes(deps.db, deps.now());
  for (const s of due) await enqueueTraining(deps, s.id, s.agentId, s.workspaceId);
  return due.length;
}

/**
 * Sources embedded by another embedder than the current one (EMBEDDINGS was switched) are queued
 * for retraining: vectors of two embedders cannot be compared, so retrieval would be meaningless.
 */
export async function enqueueEmbedderMigration(deps: AppDeps) {
  const stale = await sourcesEmbeddedByOther(deps.db, (await embedderFor(deps)).id);
  for (const s of stale) await enqueueTraining(deps, s.id, s.agentId, s.workspaceId);
  return stale.length;
}

/** Expired semantic-cache entries are swept this often (a lookup already skips them meanwhile). */
const CACHE_SWEEP_MS = 60 * 60 * 1000;

const sweepCache = (deps: AppDeps) => void pruneExpiredCache(deps.db, deps.now()).catch((err) => log.warn("semantic cache sweep failed", { error: String(err) }));

/** Billing schedules (issue 15): grace expiry and the free plan's monthly top-up; both idempotent. */
const BILLING_EVERY_MS = 60 * 60 * 1000;
const runBillingSchedules = (deps: AppDeps) => {
  void downgradeExpiredGrace(deps).catch((err) => log.warn("grace expiry check failed", { error: String(err) }));
  void runFreeRenewals(deps).catch((err) => log.warn("free plan renewal failed", { error: String(err) }));
  void pruneMailOutbox(deps.db, deps.now()).catch((err) => log.warn("mail outbox prune failed", { error: String(err) }));
  void pruneActivityLogs(deps.db, deps.now()).catch((err) => log.warn("activity log prune failed", { error: String(err) }));
};

/** USD→BRL once a day when the admin turned automatic update on (checked hourly; issue 17). */
const runExchangeRateUpdate = (deps: AppDeps) => void updateExchangeRateIfDue(deps).catch((err) => log.warn("exchange rate check failed", { error: String(err) }));

/** The embedder check and a cache sweep once at start, then the refresh check every `everyMs` and the sweep hourly. */
export function startSchedulers(deps: AppDeps, opts: { everyMs?: number } = {}) {
  void enqueueEmbedderMigration(deps).catch((err) => log.warn("embedder migration check failed", { error: String(err) }));
  sweepCache(deps);
  const refresh = setInterval(
    () => void enqueueDueRefreshes(deps).catch((err) => log.warn("website refresh check failed", { error: String(err) })),
    opts.everyMs ?? 60_000,
  );
  const sweep = setInterval(() => sweepCache(deps), CACHE_SWEEP_MS);
  const billing = setInterval(() => runBillingSchedules(deps), BILLING_EVERY_MS);
  runExchangeRateUpdate(deps);
  const exchange = setInterval(() => runExchangeRateUpdate(deps), BILLING_EVERY_MS);
  return {
    stop() {
      clearInterval(refresh);
      clearInterval(sweep);
      clearInterval(billing);
      clearInterval(exchange);
    },
  };
}
