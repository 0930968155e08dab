import { log } from "../src/lib/logger";
import { workerModuleUrl } from "../workers/worker-url";

/**
 * WAL checkpoints of the server's embedded database, run by a Worker (workers/checkpoint.ts) instead
 * of by the commit that crosses SQLite's autocheckpoint mark. On the request thread a checkpoint
 * copied ~1,000 pages and waited for two fsyncs (3–6 ms each here), every few hundred chat turns,
 * and every request in flight waited with it. Measured with bench/chat.ts (issue 12), 4 runs without
 * and 4 with: turns/s at 8 clients 1,581–1,655 → 1,740–1,874; the p99 overhead at 50 clients with
 * the model's latency spread 8.0–11.6 → 6.1–8.1 ms.
 *
 * The file client reports each commit; every CHECKPOINT_EVERY_COMMITS of them one checkpoint is
 * asked for, never two at a time. The Worker starts with the first request (a server that writes
 * nothing keeps no thread: idle RSS).
 *
 * The WAL file only starts over at a write that begins with every frame already copied, which a
 * checkpoint on another connection never leaves behind under steady writes (the writer has appended
 * more by the time it ends). So once the WAL holds RESET_AT_FRAMES frames, the request thread's
 * statements are paused (the thread itself goes on: HTTP, streams, model calls) while the Worker
 * copies the last frames; the next write then starts the WAL over (the file reached 23 MB in bench/chat.ts).
 * That pause replaced the request thread's own checkpoint every 4,000 pages, which blocked the
 * thread for 2–8 ms each time (two fsyncs) and was what put bench/chat.ts's p99 at 50 clients over
 * 15 ms in one run of two (issue 12; figures in decision 008). If a reset cannot start the WAL over,
 * the next one waits for another RESET_AT_FRAMES frames. The request thread's autocheckpoint
 * stays as a far backstop (BACKSTOP_PAGES), for a WAL another connection's long read keeps from
 * starting over. A Worker that fails gives the request thread its 1,000-page checkpoints back.
 */
export const CHECKPOINT_EVERY_COMMITS = 128;
/** SQLite's default autocheckpoint, restored when the Worker cannot run. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** The request thread's autocheckpoint while the Worker runs: only reached when the resets cannot restart the WAL. */
const BACKSTOP_PAGES = 16_000;
/** Without a way to pause the request thread's statements, its own checkpoints restart the WAL: every 4,000 pages (~16 MB). */
const NO_RESET_BACKSTOP_PAGES = 4000;
/** WAL frames after which the Worker's next checkpoint pauses the request thread's statements to restart the WAL. */
export const RESET_AT_FRAMES = 4000;
/** The longest the request thread's statements stay paused for one reset (the checkpoint takes a few ms). */
const RESET_PAUSE_MAX_MS = 250;
/** How long stop() waits for the Worker to close its connection before terminating it. */
const STOP_WAIT_MS = 5000;

export type Checkpointer = {
  /** A write transaction (or a lone write statement) committed. */
  noteCommit(): void;
  /** Checkpoints the Worker has finished since it started (the tests read it). */
  readonly completed: number;
  /** Times the request thread's statements were paused to restart the WAL (the tests read it). */
  readonly resets: number;
  /** Closes the Worker's connection, then the Worker. */
  stop(): Promise<void>;
};


/**
 * `setAutocheckpoint` runs PRAGMA wal_autocheckpoint on the request thread's connection (the file
 * client's, so it never waits for its own lock).
 */
export type CheckpointerOptions = {
  everyCommits?: number;
  workerUrl?: URL;
  /** Pauses the request thread's statements (db/file-client.ts); without it the WAL restarts only at the backstop. */
  pauseStatements?: () => Promise<() => void>;
  resetAtFrames?: number;
};

export function createCheckpointer(path: string, setAutocheckpoint: (pages: number) => void, opts: CheckpointerOptions = {}): Checkpointer {
  const every = opts.everyCommits ?? CHECKPOINT_EVERY_COMMITS;
  const resetAt = opts.resetAtFrames ?? RESET_AT_FRAMES;
  const pauseStatements = opts.pauseStatements;
  let worker: Worker | null = null;
  let failed = false;
  let stopping = false;
  let inFlight = false;
  let commits = 0;
  let completed = 0;
  let resets = 0;
  let nextResetAt = resetAt;
  let framesAtLastReset = 0;
  let onStopped: (() => void) | null = null;
  /** The reset waiting for its checkpoint's answer. */
  let onDone: (() => void) | null = null;

  /** Pauses the request thread's statements while the Worker copies the last frames: the next write restarts the WAL. */
  const reset = async () => {
    if (!pauseStatements || !worker) return;
    inFlight = true;
    let answered = false;
    const release = await pauseStatements();
    try {
      if (!worker || stopping) {
        answered = true;
        return;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = new Promise<void>((resolve) => {
        onDone = () => {
          answered = true;
          resolve();
        };
        timer = setTimeout(resolve, RESET_PAUSE_MAX_MS);
      });
      worker.postMessage({ type: "checkpoint" });
      await done;
      clearTimeout(timer);
      if (answered) resets++;
    } finally {
      onDone = null;
      release();
      // Unanswered (the Worker is slow or stuck): its checkpoint is still outstanding, and its late
      // answer (the normal path) ends it; no other is asked for meanwhile.
      if (answered) inFlight = false;
    }
  };

  const giveBack = (reason: string) => {
    if (failed) return;
    failed = true;
    log.warn("WAL checkpoint worker unavailable; checkpoints run on the request thread again", { reason });
    if (!stopping) setAutocheckpoint(DEFAULT_AUTOCHECKPOINT_PAGES);
    worker = null;
  };

  const spawn = () => {
    const w = new Worker(opts.workerUrl ?? workerModuleUrl("checkpoint.ts"));
    worker = w;
    // Never what keeps the process alive: the server's stop() closes it, an exit ends it.
    (w as Worker & { unref(): void }).unref();
    w.addEventListener("message", (e: MessageEvent<{ type: string; error?: string; walFrames?: number; copiedFrames?: number }>) => {
      if (e.data.type === "ready") {
        if (!stopping) setAutocheckpoint(pauseStatements ? BACKSTOP_PAGES : NO_RESET_BACKSTOP_PAGES);
      } else if (e.data.type === "done") {
        if (e.data.error) log.warn("WAL checkpoint failed", { error: e.data.error });
        else {
          completed++;
          log.debug("WAL checkpoint", { walFrames: e.data.walFrames, copiedFrames: e.data.copiedFrames });
        }
        if (onDone) return onDone();
        inFlight = false;
        const frames = e.data.walFrames ?? -1;
        // A failed or busy checkpoint (-1 frames) says nothing of the WAL: the backoff stays as it is.
        if (e.data.error || frames < 0) return;
        // Fewer frames than at the last reset: the WAL started over, resets are due at resetAt again.
        if (frames < framesAtLastReset) nextResetAt = resetAt;
        if (frames >= nextResetAt && !stopping) {
          // If this one cannot start the WAL over (another connection's read holds it), the next
          // waits for another resetAt frames rather than pausing after every checkpoint.
          framesAtLastReset = frames;
          nextResetAt = frames + resetAt;
          reset().catch((err) => log.warn("WAL reset failed", { error: String(err) }));
        }
      } else if (e.data.type === "stopped") onStopped?.();
    });
    // Without a listener a missing module fails silently (stack-notes §8).
    w.addEventListener("error", (e) => giveBack(e.message));
    w.addEventListener("close", () => {
      if (!stopping) giveBack("the worker exited");
      onStopped?.();
    });
    w.postMessage({ type: "open", path });
  };

  return {
    noteCommit() {
      commits++;
      if (commits < every || inFlight || failed || stopping) return;
      commits = 0;
      if (!worker) spawn();
      inFlight = true;
      worker?.postMessage({ type: "checkpoint" });
    },
    get completed() {
      return completed;
    },
    get resets() {
      return resets;
    },
    async stop() {
      stopping = true;
      const w = worker;
      worker = null;
      if (!w) return;
      // A Worker terminated inside a libSQL call aborts the whole process, not only the Worker:
      // it is asked to close its connection first (after the checkpoint it may be running).
      const stopped = new Promise<void>((resolve) => {
        onStopped = resolve;
      });
      w.postMessage({ type: "stop" });
      await Promise.race([stopped, Bun.sleep(STOP_WAIT_MS)]);
      w.terminate();
    },
  };
}
