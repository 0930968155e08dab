/**
 * What the server needs of the job Worker before it runs (src/server.ts): where its module is, and
 * when to start it. Apart from workers/background.ts, which imports every job handler: a server
 * whose Worker has nothing to do loads none of them (issue 12: start time, idle RSS).
 */
import { log } from "../src/lib/logger";
import type { AppDeps } from "../src/services/context";
import { type JobsStatus, hasQueuedJobs } from "../src/services/jobs";
import { telegramPollingConnectionIds } from "../src/services/telegram-polling";
import { workerModuleUrl } from "./worker-url";

/** The queue Worker's module URL, from source and from the compiled binary. */
export const queueWorkerUrl = () => workerModuleUrl("queue.ts");

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
