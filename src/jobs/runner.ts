import { ExtractionError } from "../knowledge/extract";
import { describeTrainingError, markSourceFailed, markSourceRetrying, processSource } from "../knowledge/ingest";
import { SafeFetchError } from "../lib/safe-fetch";
import { log } from "../lib/logger";
import { CHANNEL_INBOUND_JOB } from "../channels/accept";
import { FOLLOW_UP_JOB, handleFollowUp } from "../channels/follow-up";
import { CHANNEL_OUTBOX_JOB, CHANNEL_REPLY_JOB, channelJobTypes, handleChannelInbound, handleChannelOutbox, handleChannelReply } from "../channels/pipeline";
import { CHANNEL_SEND_JOB, handlePacedSend } from "../channels/paced-reply";
import type { AppDeps } from "../services/context";
import { type CompletionWrite, type Job, type JobsStatus, claimJobs, commitWrites, completeJob, failJob, onJobEnqueued, renewLease, reportProgress } from "../services/jobs";
import { TRAIN_JOB } from "../services/training";
import { CONTACT_IMPORT_JOB, runContactImport, settleImport } from "../services/crm/contact-import-job";
import { applyStripeEvent, noteStripeEventFailure } from "../services/billing/stripe-events";
import { STRIPE_EVENT_JOB } from "../services/billing/stripe-webhook";
import { CAMPAIGN_TICK_JOB, runCampaignTick } from "../services/campaigns/scheduler";
import { LEAD_SEARCH_JOB, runLeadSearch, settleLeadSearch } from "../services/leads/lead-search-job";
import { VALIDATION_JOB, failValidationRun, runValidation } from "../services/campaigns/validation-job";
import { TURN_INSIGHTS_JOB, runTurnInsights } from "../services/insights/after-turn";
import { CONVERSATION_SUMMARY_JOB, runConversationSummaryJob } from "../services/memory/summary-job";
import { HANDOFF_TIMEOUT_JOB, runHandoffTimeout } from "../services/handoffs/timeout";
import { LESSON_VIDEO_JOB, failLessonVideoJob, runLessonVideoJob } from "../services/academy/media/process-video";

/** `atCompletion` hands the runner a write to commit with the job's completion (one transaction). */
type Handler = (deps: AppDeps, job: Job, progress: (p: number) => Promise<void>, atCompletion: (w: CompletionWrite) => void) => Promise<Record<string, unknown>>;

const handlers: Record<string, Handler> = {
  [TRAIN_JOB]: async (deps, job, progress) => {
    const sourceId = String(job.data.sourceId ?? "");
    const result = await processSource(deps, sourceId, progress, { force: job.data.force === true, attempt: job.attempts });
    return result;
  },
  [CHANNEL_INBOUND_JOB]: (deps, job, _p, atCompletion) => handleChannelInbound(deps, job, atCompletion),
  [CHANNEL_REPLY_JOB]: (deps, job, _p, atCompletion) => handleChannelReply(deps, job, atCompletion),
  [CHANNEL_OUTBOX_JOB]: (deps, job) => handleChannelOutbox(deps, job),
  [FOLLOW_UP_JOB]: (deps, job) => handleFollowUp(deps, job),
  [CHANNEL_SEND_JOB]: (deps, job, _p, atCompletion) => handlePacedSend(deps, job, atCompletion),
  [CONTACT_IMPORT_JOB]: (deps, job, progress) => runContactImport(deps, String(job.data.importId ?? ""), progress),
  [STRIPE_EVENT_JOB]: (deps, job) => applyStripeEvent(deps, String(job.data.eventId ?? "")),
  [CAMPAIGN_TICK_JOB]: (deps, job) => runCampaignTick(deps, String(job.data.campaignId ?? "")),
  [LEAD_SEARCH_JOB]: (deps, job, progress) => runLeadSearch(deps, String(job.data.searchId ?? ""), progress),
  [VALIDATION_JOB]: (deps, job, progress) => runValidation(deps, String(job.data.runId ?? ""), progress),
  // Issue 18: after-turn insights (sentiment, alerts, tags, memory); other issue-18 jobs register below.
  [TURN_INSIGHTS_JOB]: (deps, job) => runTurnInsights(deps, job),
  [CONVERSATION_SUMMARY_JOB]: (deps, job) => runConversationSummaryJob(deps, job),
  [HANDOFF_TIMEOUT_JOB]: (deps, job) => runHandoffTimeout(deps, job),
  // Issue 19: a lesson video upload → its duration read from the file, then ready or failed.
  [LESSON_VIDEO_JOB]: (deps, job) => runLessonVideoJob(deps, job),
};

/** Campaign ticks are short sends, like the channel's: they run in the channel pool, not behind training. */
const channelPoolTypes = [...channelJobTypes, CAMPAIGN_TICK_JOB];

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
  const atCompletion: CompletionWrite[] = [];
  try {
    // The claim already released the job's dedupe key (claimJobs): what is enqueued from now on is new work.
    const result = await handler(deps, job, (p) => reportProgress(deps.db, job.id, p, deps.now(), deps.env.JOB_LEASE_MS), (w) => atCompletion.push(w));
    await completeJob(deps.db, job.id, result, deps.now(), atCompletion);
  } catch (err) {
    // What the handler did before failing (a part sent) is recorded all the same, then the retry is scheduled.
    await commitWrites(deps.db, atCompletion);
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
    // A retry resumes after the last written chunk; only a dead job ends the import as failed.
    if (job.type === STRIPE_EVENT_JOB) await noteStripeEventFailure(deps, String(job.data.eventId ?? ""), message);
    if (job.type === VALIDATION_JOB && dead) await failValidationRun(deps.db, String(job.data.runId ?? ""), deps.now());
    if (job.type === LEAD_SEARCH_JOB && dead) await settleLeadSearch(deps.db, String(job.data.searchId ?? ""), "failed", `A busca parou: ${message}`, deps.now());
    if (job.type === CONTACT_IMPORT_JOB && dead) await settleImport(deps.db, String(job.data.importId ?? ""), "failed", "A importação parou por um erro interno. As linhas já importadas foram mantidas.", deps.now());
    if (job.type === LESSON_VIDEO_JOB && dead) await failLessonVideoJob(deps, job);
  }
}

/** A wake-up that is never lost: a wake while nobody waits makes the next wait return at once. */
function wakeSignal() {
  let waiter: (() => void) | null = null;
  let pending = false;
  return {
    wake() {
      if (waiter) waiter();
      else pending = true;
    },
    wait(ms: number) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          waiter = null;
          resolve();
        }
        waiter = done;
      });
    },
  };
}

/**
 * The job loops: claim (atomic, leased) → run → complete, or retry with backoff / dead-letter.
 * Training runs one job at a time (CPU-heavy extraction); channel jobs run CHANNEL_CONCURRENCY at a
 * time (mostly waiting on the model and the providers), one conversation never twice at once.
 * Each pool claims as many jobs as it has free lanes in one statement, and is woken by an enqueue
 * (onJobEnqueued) or a finished job (its group may hold the next one); the poll only finds jobs
 * that fell due since. Runs in the Bun Worker of workers/queue.ts (with the poller and the
 * schedulers, workers/background.ts) so none of it blocks requests.
 */
export function startJobRunner(deps: AppDeps, opts: { pollMs?: number } = {}) {
  let running = true;
  const since = deps.now();
  const pollMs = opts.pollMs ?? deps.env.JOB_POLL_MS;
  const trainingTypes = Object.keys(handlers).filter((t) => !channelPoolTypes.includes(t));
  const trainingSignal = wakeSignal();
  const channelSignal = wakeSignal();
  const pool = async (types: string[], lanes: number, signal: ReturnType<typeof wakeSignal>) => {
    const active = new Set<Promise<void>>();
    let failures = 0;
    let claimFailures = 0;
    const start = (job: Job) => {
      const run = runOne(deps, job).then(
        () => {
          failures = 0;
        },
        async (err: unknown) => {
          // completeJob/failJob hit the database (busy, locked, a constraint): the job keeps its
          // lease and is taken again after it; this lane waits a little, the others go on.
          failures++;
          log.error("job could not be settled", { jobId: job.id, type: job.type, failures, error: err instanceof Error ? err.message : String(err) });
          await Bun.sleep(laneBackoff(failures));
        },
      );
      const lane = run.finally(() => {
        active.delete(lane);
        signal.wake();
      });
      active.add(lane);
    };
    while (running) {
      const free = lanes - active.size;
      if (free > 0) {
        try {
          for (const job of await claimJobs(deps.db, types, free, deps.now(), deps.env.JOB_LEASE_MS)) start(job);
          claimFailures = 0;
        } catch (err) {
          claimFailures++;
          log.error("job claim failed", { failures: claimFailures, error: err instanceof Error ? err.message : String(err) });
          await signal.wait(laneBackoff(claimFailures));
          continue;
        }
      }
      await signal.wait(pollMs);
    }
    await Promise.all(active);
  };
  const pools = [pool(trainingTypes, 1, trainingSignal), pool(channelPoolTypes, deps.env.CHANNEL_CONCURRENCY, channelSignal)];
  const wakeAll = () => {
    trainingSignal.wake();
    channelSignal.wake();
  };
  const unsubscribe = onJobEnqueued(deps.db, wakeAll);
  return {
    wake: wakeAll,
    status: (): JobsStatus => ({ state: running ? "running" : "stopped", since, restarts: 0, lastHeartbeatAt: null }),
    async stop() {
      running = false;
      unsubscribe();
      wakeAll();
      await Promise.all(pools);
    },
  };
}
