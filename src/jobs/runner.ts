import { ExtractionError } from "../knowledge/extract";
import { describeTrainingError, markSourceFailed, markSourceRetrying, processSource } from "../knowledge/ingest";
import { SafeFetchError } from "../lib/safe-fetch";
import { log } from "../lib/logger";
import { CHANNEL_INBOUND_JOB } from "../channels/accept";
import { FOLLOW_UP_JOB, handleFollowUp } from "../channels/follow-up";
import { CHANNEL_OUTBOX_JOB, CHANNEL_REPLY_JOB, channelJobTypes, handleChannelInbound, handleChannelOutbox, handleChannelReply } from "../channels/pipeline";
import { CHANNEL_SEND_JOB, handlePacedSend } from "../channels/paced-reply";
import type { AppDeps } from "../services/context";
import { type Job, type JobsStatus, claimJob, completeJob, failJob, releaseDedupeKey, renewLease, reportProgress } from "../services/jobs";
import { TRAIN_JOB } from "../services/training";

type Handler = (deps: AppDeps, job: Job, progress: (p: number) => Promise<void>) => Promise<Record<string, unknown>>;

const handlers: Record<string, Handler> = {
  [TRAIN_JOB]: async (deps, job, progress) => {
    const sourceId = String(job.data.sourceId ?? "");
    const result = await processSource(deps, sourceId, progress, { force: job.data.force === true, attempt: job.attempts });
    return result;
  },
  [CHANNEL_INBOUND_JOB]: (deps, job) => handleChannelInbound(deps, job),
  [CHANNEL_REPLY_JOB]: (deps, job) => handleChannelReply(deps, job),
  [CHANNEL_OUTBOX_JOB]: (deps, job) => handleChannelOutbox(deps, job),
  [FOLLOW_UP_JOB]: (deps, job) => handleFollowUp(deps, job),
  [CHANNEL_SEND_JOB]: (deps, job) => handlePacedSend(deps, job),
};

/** Every job type a runner takes (health looks only at these: another type is nobody's lag). */
export const jobTypes = Object.keys(handlers);

/** A lane whose database write failed waits a little longer each time, up to a few seconds. */
const laneBackoff = (failures: number) => Math.min(5000, 250 * 2 ** Math.max(0, failures - 1));

/** A channel adapter's error (WhatsApp, Telegram, UAZAPI, Instagram): it knows whether a retry can help. */
type ProviderError = Error & { retryable: boolean; retryAfterMs: number | null };
const isProviderError = (err: unknown): err is ProviderError => err instanceof Error && typeof (err as Partial<ProviderError>).retryable === "boolean";

/** Network trouble and 5xx are worth retrying; a bad file or a refused address is not. */
function retryable(err: unknown): boolean {
  if (isProviderError(err)) return err.retryable;
  if (err instanceof SafeFetchError) {
    if (err.code === "HTTP") return err.status === undefined || err.status >= 500 || err.status === 429;
    return ["TIMEOUT", "NETWORK", "DNS"].includes(err.code);
  }
  return !(err instanceof ExtractionError);
}

/** Time spent per job type in this process (bench/profiling: read by scripts, never by the product). */
export const jobTimings = new Map<string, { n: number; ms: number }>();

async function runOne(deps: AppDeps, job: Job) {
  const t0 = performance.now();
  // The lease is renewed while the handler runs (a turn may wait on the model and the pacing delay);
  // if this process dies the renewals stop and another run picks the job up after one lease.
  const leaseMs = deps.env.JOB_LEASE_MS;
  const heartbeat = setInterval(() => void renewLease(deps.db, job.id, deps.now() + leaseMs).catch(() => {}), Math.max(500, leaseMs / 3));
  try {
    await runHandler(deps, job);
  } finally {
    clearInterval(heartbeat);
    const t = jobTimings.get(job.type) ?? { n: 0, ms: 0 };
    jobTimings.set(job.type, { n: t.n + 1, ms: t.ms + performance.now() - t0 });
  }
}

async function runHandler(deps: AppDeps, job: Job) {
  const handler = handlers[job.type];
  if (!handler) {
    await failJob(deps.db, job, `tipo de job desconhecido: ${job.type}`, { retryable: false }, deps.now());
    return;
  }
  try {
    // Release the dedupe key before the handler reads its input: work enqueued from now on (an edit
    // made while this job runs) must become a new job, not be folded into this one.
    if (job.dedupeKey) await releaseDedupeKey(deps.db, job.id);
    const result = await handler(deps, job, (p) => reportProgress(deps.db, job.id, p, deps.now(), deps.env.JOB_LEASE_MS));
    await completeJob(deps.db, job.id, result, deps.now());
  } catch (err) {
    const provider = isProviderError(err) ? err : null;
    const message = provider ? provider.message : describeTrainingError(err);
    // A provider's Retry-After (Telegram: parameters.retry_after) replaces the default backoff.
    const retryAfterMs = provider ? (provider.retryAfterMs ?? null) : null;
    const dead = await failJob(deps.db, job, message, { retryable: retryable(err), retryAfterMs }, deps.now());
    log.warn("job failed", { jobId: job.id, type: job.type, dead, error: err instanceof Error ? err.message : String(err) });
    // Only a dead job fails its source; a retry keeps it pending (the editor keeps watching it).
    if (job.type === TRAIN_JOB) {
      const sourceId = String(job.data.sourceId ?? "");
      if (dead) await markSourceFailed(deps, sourceId, message);
      else await markSourceRetrying(deps, sourceId, `${message} Tentaremos novamente em instantes.`);
    }
  }
}

/**
 * The job loops: claim (atomic, leased) → run → complete, or retry with backoff / dead-letter.
 * Training runs one job at a time (CPU-heavy extraction); channel jobs run CHANNEL_CONCURRENCY at a
 * time (mostly waiting on the model and the providers), one conversation never twice at once.
 * Runs in the Bun Worker of workers/queue.ts (with the poller and the schedulers, workers/background.ts)
 * so none of it blocks requests.
 */
export function startJobRunner(deps: AppDeps, opts: { pollMs?: number } = {}) {
  let running = true;
  const since = deps.now();
  const sleepers = new Set<() => void>();
  const pollMs = opts.pollMs ?? 300;
  const trainingTypes = Object.keys(handlers).filter((t) => !channelJobTypes.includes(t));
  const pause = (ms: number) =>
    new Promise<void>((r) => {
      const wake = () => {
        sleepers.delete(wake);
        r();
      };
      sleepers.add(wake);
      setTimeout(wake, ms);
    });
  const lane = async (types: string[]) => {
    let failures = 0;
    while (running) {
      let job: Job | null = null;
      try {
        job = await claimJob(deps.db, types, deps.now(), deps.env.JOB_LEASE_MS);
        if (job) await runOne(deps, job);
        failures = 0;
      } catch (err) {
        // The claim, or completeJob/failJob after the handler, hit the database (busy, locked, a
        // constraint): the job keeps its lease and is taken again after it; the lane goes on.
        failures++;
        const error = err instanceof Error ? err.message : String(err);
        log.error(job ? "job could not be settled" : "job claim failed", { jobId: job?.id, type: job?.type, failures, error });
        await pause(laneBackoff(failures));
        continue;
      }
      if (!job) await pause(pollMs);
    }
  };
  const lanes = [lane(trainingTypes), ...Array.from({ length: deps.env.CHANNEL_CONCURRENCY }, () => lane(channelJobTypes))];
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };
  return {
    wake: wakeAll,
    status: (): JobsStatus => ({ state: running ? "running" : "stopped", since, restarts: 0, lastHeartbeatAt: null }),
    async stop() {
      running = false;
      wakeAll();
      await Promise.all(lanes);
    },
  };
}
