import type { Env } from "../env";
import { type LiveEvent, deliverLive } from "../lib/live-events";
import { log } from "../lib/logger";
import type { JobsStatus } from "../services/jobs";

export type WorkerHostOptions = {
  /** How often the Worker says it is alive. */
  heartbeatMs?: number;
  /** Silence after which the Worker is taken for stuck, terminated and started again. */
  heartbeatTimeoutMs?: number;
  /** First restart delay; doubles per consecutive failure up to restartMaxMs. */
  restartBaseMs?: number;
  restartMaxMs?: number;
  /** No Worker until start() or the first wake(): a server with no background work keeps no thread (idle RSS). */
  lazy?: boolean;
};

type FromWorker = { type: "ready" | "heartbeat" | "stopped" | "live"; event?: LiveEvent };

/** Exponential backoff with a cap: 0 failures → base, then ×2 each, never above max. */
export const restartDelay = (failures: number, baseMs: number, maxMs: number) => Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30));

/**
 * Starts the job loop in a Bun Worker (workers/queue.ts): extraction and embedding run off the
 * request thread. The worker file is a build entrypoint so the compiled binary carries it.
 * A Worker that dies (uncaught error, terminate) or stops sending heartbeats is started again with
 * a capped backoff; its jobs keep their leases and are taken again when those expire.
 */
export function startJobWorker(env: Env, workerUrl: URL, opts: WorkerHostOptions = {}) {
  const heartbeatMs = opts.heartbeatMs ?? 2000;
  // Generous: extraction can keep the Worker's event loop busy for a while without being stuck.
  const heartbeatTimeoutMs = opts.heartbeatTimeoutMs ?? 30_000;
  const restartBaseMs = opts.restartBaseMs ?? 1000;
  const restartMaxMs = opts.restartMaxMs ?? 60_000;
  const since = Date.now();
  let worker: Worker | null = null;
  let state: JobsStatus["state"] = opts.lazy ? "idle" : "starting";
  let restarts = 0;
  let failures = 0;
  let readyAt = 0;
  let lastHeartbeatAt: number | null = null;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  let onStopped: (() => void) | null = null;
  let wakeQueued = false;
  let firstReady: { resolve: () => void; reject: (err: Error) => void } | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    firstReady = { resolve, reject };
  });
  // A lazy start after boot has no awaiting caller: its failure is logged and shows in /health.
  ready.catch(() => {});

  const died = (w: Worker, reason: string) => {
    if (w !== worker || state === "stopped") return;
    worker = null;
    // A Worker that never came up the first time is a startup error (a missing module, a bad
    // database): the server refuses to start rather than loop.
    if (firstReady) {
      state = "stopped";
      log.error("job worker failed to start", { reason });
      firstReady.reject(new Error(`job worker failed to start: ${reason}`));
      firstReady = null;
      return;
    }
    // One that ran for a while had a passing problem: the backoff starts over.
    if (readyAt && Date.now() - readyAt > restartMaxMs) failures = 0;
    const delay = restartDelay(failures, restartBaseMs, restartMaxMs);
    failures++;
    state = "restarting";
    log.error("job worker died; restarting", { reason, inMs: delay, failures });
    restartTimer = setTimeout(() => {
      restartTimer = null;
      restarts++;
      spawn();
    }, delay);
  };

  const spawn = () => {
    // Bun hands a Worker the environment the process started with, not process.env as changed since
    // (e.g. ATENDA_SAFE_FETCH_ALLOW set by a test); pass the current one so both threads agree.
    const w = new Worker(workerUrl, { env: { ...process.env } as Record<string, string> });
    worker = w;
    state = "starting";
    lastHeartbeatAt = Date.now();
    w.addEventListener("message", (e: MessageEvent<FromWorker>) => {
      if (e.data.type === "live" && e.data.event) deliverLive(e.data.event);
      if (w !== worker) return;
      if (e.data.type === "heartbeat") lastHeartbeatAt = Date.now();
      else if (e.data.type === "stopped") onStopped?.();
      else if (e.data.type === "ready") {
        // A start that finishes while stop() waits for it does not bring the state back.
        if (state !== "stopped") state = "running";
        readyAt = lastHeartbeatAt = Date.now();
        firstReady?.resolve();
        firstReady = null;
      }
    });
    // Without a listener a missing worker module fails silently (stack-notes §8). An uncaught
    // error is followed by "close", which restarts it.
    w.addEventListener("error", (e) => log.error("job worker error", { message: e.message }));
    w.addEventListener("close", (e) => died(w, `exit ${(e as Event & { code?: number }).code ?? "?"}`));
    w.postMessage({ type: "start", env, heartbeatMs });
  };

  const watchdog = setInterval(
    () => {
      const w = worker;
      if (!w || (state !== "running" && state !== "starting")) return;
      const silentMs = Date.now() - (lastHeartbeatAt ?? since);
      if (silentMs <= heartbeatTimeoutMs) return;
      log.error("job worker stopped answering; terminating it", { silentMs });
      died(w, `no heartbeat for ${silentMs} ms`);
      w.terminate();
    },
    Math.max(10, Math.min(1000, heartbeatTimeoutMs / 4)),
  );

  const start = () => {
    if (state === "idle") spawn();
    return ready;
  };

  if (!opts.lazy) spawn();
  return {
    ready,
    /** Spawns a lazy Worker (no-op once spawned); resolves once it is ready, rejects if it cannot start. */
    start,
    /** The running Worker (null while it is being restarted). */
    get worker() {
      return worker;
    },
    status: (): JobsStatus => ({ state, since, restarts, lastHeartbeatAt }),
    /** Wakes the Worker's job runner; the enqueues of one turn of the event loop send one message. */
    wake: () => {
      // The first job is what a lazy Worker waits for; it claims what is due as it starts.
      if (state === "idle") void start();
      if (wakeQueued) return;
      wakeQueued = true;
      setImmediate(() => {
        wakeQueued = false;
        worker?.postMessage({ type: "wake" });
      });
    },
    async stop() {
      const w = worker;
      // A Worker still starting is asked to stop like a running one (it finishes its start first):
      // terminating it inside a libSQL call aborts the whole process, not only the Worker.
      const wasRunning = state === "running" || state === "starting";
      // Also the end of a lazy Worker that never started: nothing to stop, no start after this.
      state = "stopped";
      clearInterval(watchdog);
      if (restartTimer) clearTimeout(restartTimer);
      if (!w) return;
      if (wasRunning) {
        const stopped = new Promise<void>((resolve) => {
          onStopped = resolve;
        });
        w.postMessage({ type: "stop" });
        await Promise.race([stopped, Bun.sleep(5000)]);
      }
      w.terminate();
      worker = null;
    },
  };
}
