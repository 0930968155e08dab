/**
 * Everything that runs off the request path, started together: the durable job lanes
 * (src/jobs/runner.ts), the Telegram long-polling loops and the schedulers. workers/queue.ts runs
 * the lanes and the poller in a Bun Worker (JOBS_WORKER=true, the default), started only once
 * work needs it (workers/start-on-work.ts); the schedulers, which only enqueue, stay on the main thread.
 * src/server.ts runs all of it in-thread otherwise.
 */
import { startJobRunner } from "../src/jobs/runner";
import type { AppDeps } from "../src/services/context";
import type { JobsStatus } from "../src/services/jobs";
import { startSchedulers } from "./schedulers";
import { startTelegramPoller } from "./telegram-poller";

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
