/**
 * Everything that runs off the request path, started together: the durable job lanes
 * (src/jobs/runner.ts), the Telegram long-polling loops and the schedulers. workers/queue.ts runs
 * it in a Bun Worker (JOBS_WORKER=true, the default); src/server.ts runs it in-thread otherwise.
 */
import { startJobRunner } from "../src/jobs/runner";
import type { AppDeps } from "../src/services/context";
import type { JobsStatus } from "../src/services/jobs";
import { startSchedulers } from "./schedulers";
import { startTelegramPoller } from "./telegram-poller";

/**
 * The queue Worker's module URL, from source (beside this file) and from the compiled binary,
 * where `bun build --compile` lays the entrypoints out from the build root (scripts/build-bin.ts
 * pins it to the repository): the server flattens to the root, so the Worker is at workers/.
 */
export const queueWorkerUrl = () => new URL(import.meta.url.includes("$bunfs") ? "./workers/queue.ts" : "./queue.ts", import.meta.url);

export type Background = { wake: () => void; status: () => JobsStatus; stop: () => Promise<void> };

export function startBackground(deps: AppDeps, opts: { pollMs?: number } = {}): Background {
  const runner = startJobRunner(deps, opts);
  const schedulers = startSchedulers(deps);
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
