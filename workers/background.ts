/**
 * Everything that runs off the request path, started together: the durable job lanes
 * (src/jobs/runner.ts), the Telegram long-polling loops and the schedulers. workers/queue.ts runs
 * the lanes and the poller in a Bun Worker (JOBS_WORKER=true, the default), started only once
 * work needs it (whenWorkNeeded); the schedulers, which only enqueue, stay on the main thread.
 * src/server.ts runs all of it in-thread otherwise.
 */
import { log } from "../src/lib/logger";
import { startJobRunner } from "../src/jobs/runner";
import { telegramPollingConnectionIds } from "../src/services/channels";
import type { AppDeps } from "../src/services/context";
import { type JobsStatus, hasQueuedJobs } from "../src/services/jobs";
import { startSchedulers } from "./schedulers";
import { startTelegramPoller } from "./telegram-poller";

/**
 * The queue Worker's module URL, from source (beside this file) and from the compiled binary,
 * where `bun build --compile` lays the entrypoints out from the build root (scripts/build-bin.ts
 * pins it to the repository): the server flattens to the root, so the Worker is at workers/.
 */
export const queueWorkerUrl = () => new URL(import.meta.url.includes("$bunfs") ? "./workers/queue.ts" : "./queue.ts", import.meta.url);

export type Background = { wake: () => void; status: () => JobsStatus; stop: () => Promise<void> };

export function startBackground(deps: AppDeps, opts: { pollMs?: number; schedulers?: boolean } = {}): Background {
  const runner = startJobRunner(deps, opts);
  const schedulers = opts.schedulers === false ? { stop() {} } : startSchedulers(deps);
  const poller = startTelegramPoller(deps);
  return {
    wake: runner.wake,
    status: runner.status,
    async stop() {
      schedulers.stop();
      await poller.stop();
      await runner.stop();
    },
  };
}

/** How often a server with an idle Worker looks for work that came without a wake. */
const PROBE_MS = 5000;

/**
 * Whether the Worker has work: a job pending (due now or later) or running (its lease is reclaimed
 * after a crash), or a bot connected for long polling. Two LIMIT 1 lookups.
 */
export async function backgroundWorkWaiting(deps: AppDeps): Promise<boolean> {
  return (await hasQueuedJobs(deps.db)) || (await telegramPollingConnectionIds(deps)).length > 0;
}

/**
 * Starts the lazy Worker when work needs it. At boot, work already waiting starts it before the
 * server is ready (a Worker that cannot start stops the boot). Later an enqueue wakes it (the
 * server's onJobEnqueued), and this probe catches the rest: jobs written in another transaction
 * or process, a bot switched to polling.
 */
export async function startWhenWorkNeeded(deps: AppDeps, host: { start: () => Promise<void>; status: () => JobsStatus }, probeMs = PROBE_MS) {
  if (await backgroundWorkWaiting(deps)) {
    await host.start();
    return { stop() {} };
  }
  let busy = false;
  const probe = setInterval(() => {
    // Started by a wake meanwhile (or stopped): nothing left to look for.
    if (host.status().state !== "idle") return clearInterval(probe);
    if (busy) return;
    busy = true;
    backgroundWorkWaiting(deps)
      .then((waiting) => {
        if (!waiting) return;
        clearInterval(probe);
        return host.start();
      })
      .catch((err) => log.warn("job worker start check failed", { error: String(err) }))
      .finally(() => {
        busy = false;
      });
  }, probeMs);
  return { stop: () => clearInterval(probe) };
}
