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
 * nothing keeps no thread: idle RSS). Once it runs, the request thread's own autocheckpoint moves
 * from 1,000 to BACKSTOP_PAGES pages. That one is still needed: under steady writes the WAL only
 * starts over at a write that begins with every frame copied, which a checkpoint on another
 * connection never leaves behind (the writer has appended more by then). So every BACKSTOP_PAGES
 * the request thread checkpoints once, copying only what came since the Worker's last pass, and
 * the WAL file stays under ~16 MB. A Worker that fails gives the request thread its checkpoints back.
 */
export const CHECKPOINT_EVERY_COMMITS = 128;
/** SQLite's default autocheckpoint, restored when the Worker cannot run. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
const BACKSTOP_PAGES = 4000;
/** How long stop() waits for the Worker to close its connection before terminating it. */
const STOP_WAIT_MS = 5000;

export type Checkpointer = {
  /** A write transaction (or a lone write statement) committed. */
  noteCommit(): void;
  /** Checkpoints the Worker has finished since it started (the tests read it). */
  readonly completed: number;
  /** Closes the Worker's connection, then the Worker. */
  stop(): Promise<void>;
};


/**
 * `setAutocheckpoint` runs PRAGMA wal_autocheckpoint on the request thread's connection (the file
 * client's, so it never waits for its own lock).
 */
export function createCheckpointer(path: string, setAutocheckpoint: (pages: number) => void, opts: { everyCommits?: number; workerUrl?: URL } = {}): Checkpointer {
  const every = opts.everyCommits ?? CHECKPOINT_EVERY_COMMITS;
  let worker: Worker | null = null;
  let failed = false;
  let stopping = false;
  let inFlight = false;
  let commits = 0;
  let completed = 0;
  let onStopped: (() => void) | null = null;

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
        if (!stopping) setAutocheckpoint(BACKSTOP_PAGES);
      } else if (e.data.type === "done") {
        inFlight = false;
        if (e.data.error) log.warn("WAL checkpoint failed", { error: e.data.error });
        else {
          completed++;
          log.debug("WAL checkpoint", { walFrames: e.data.walFrames, copiedFrames: e.data.copiedFrames });
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
