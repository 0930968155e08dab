import type { Env } from "../env";
import { type LiveEvent, deliverLive } from "../lib/live-events";
import { log } from "../lib/logger";

/**
 * Starts the job loop in a Bun Worker (src/worker.ts): extraction and embedding run off the
 * request thread. The worker file is a build entrypoint so the compiled binary carries it.
 */
export function startJobWorker(env: Env, workerUrl: URL) {
  // Bun hands a Worker the environment the process started with, not process.env as changed since
  // (e.g. ATENDA_SAFE_FETCH_ALLOW set by a test); pass the current one so both threads agree.
  const worker = new Worker(workerUrl, { env: { ...process.env } as Record<string, string> });
  const ready = new Promise<void>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<{ type: string; event?: LiveEvent }>) => {
      if (e.data.type === "ready") resolve();
      else if (e.data.type === "live" && e.data.event) deliverLive(e.data.event);
    };
    // Without a listener a missing worker module fails silently (stack-notes §8).
    worker.onerror = (e) => {
      log.error("job worker error", { message: e.message });
      reject(new Error(e.message));
    };
  });
  worker.postMessage({ type: "start", env });
  return {
    ready,
    wake: () => worker.postMessage({ type: "wake" }),
    async stop() {
      const stopped = new Promise<void>((resolve) => {
        worker.onmessage = (e: MessageEvent<{ type: string; event?: LiveEvent }>) => {
          if (e.data.type === "stopped") resolve();
          else if (e.data.type === "live" && e.data.event) deliverLive(e.data.event);
        };
      });
      worker.postMessage({ type: "stop" });
      await Promise.race([stopped, Bun.sleep(5000)]);
      worker.terminate();
    },
  };
}
