/**
 * Bun Worker entry: its own database connection (same WAL file), the job loop and the Telegram
 * poller (workers/background.ts). It is a second build entrypoint (scripts/build-bin.ts),
 * so the compiled binary carries it; queueWorkerUrl() finds it from source and from the binary.
 * The main thread sends { type: "start", env, heartbeatMs } and later { type: "stop" }; the heartbeat
 * tells it this thread's event loop still turns (src/jobs/worker-host.ts restarts a silent one).
 */
import { bootDeps } from "../src/deps";
import type { Env } from "../src/env";
import { relayLiveEventsTo } from "../src/lib/live-events";
import { setLogLevel } from "../src/lib/logger";
import { type Background, startBackground } from "./background";

declare const self: Worker;

let runner: Background | null = null;
let close: (() => void) | null = null;
let heartbeat: ReturnType<typeof setInterval> | null = null;

let started: Promise<void> | null = null;

async function start(msg: { env: Env; heartbeatMs?: number }) {
    setLogLevel(msg.env.LOG_LEVEL);
    // The binary's JIT starts reluctant (scripts/build-bin.ts), per thread: this one only runs jobs.
    if (process.env.ATENDA_COMPILED === "1") Bun.unsafe.setJITPolicy(1);
    heartbeat = setInterval(() => self.postMessage({ type: "heartbeat" }), msg.heartbeatMs ?? 2000);
    const { deps, database } = await bootDeps(msg.env, { migrateAndSeed: false });
    close = database.close;
    relayLiveEventsTo((e) => self.postMessage({ type: "live", event: e }));
    // The schedulers run on the main thread (src/server.ts): they only enqueue, and a job starts this Worker.
    runner = startBackground(deps, { schedulers: false });
    self.postMessage({ type: "ready" });
}

self.onmessage = async (event: MessageEvent<{ type: "start"; env: Env; heartbeatMs?: number } | { type: "stop" } | { type: "wake" }>) => {
  const msg = event.data;
  if (msg.type === "start") {
    started = start(msg);
    await started;
  } else if (msg.type === "wake") {
    runner?.wake();
  } else if (msg.type === "stop") {
    // A stop that arrives while the start is still opening the database waits for it: the host
    // terminates this thread once "stopped" is posted, and a thread terminated inside a libSQL
    // call aborts the whole process (a native panic), not only this Worker.
    await started?.catch(() => {});
    if (heartbeat) clearInterval(heartbeat);
    await runner?.stop();
    close?.();
    self.postMessage({ type: "stopped" });
  }
};
