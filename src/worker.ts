/**
 * Bun Worker entry: its own database connection (same WAL file) and the job loop.
 * It sits beside server.ts because the compiled binary flattens entrypoints: server.ts creates it
 * with new URL("./worker.ts", import.meta.url), which resolves the same from source and binary.
 * The main thread sends { type: "start", env } and later { type: "stop" }.
 */
import { bootDeps } from "./deps";
import type { Env } from "./env";
import { startJobRunner } from "./jobs/runner";
import { relayLiveEventsTo } from "./lib/live-events";
import { setLogLevel } from "./lib/logger";

declare const self: Worker;

let runner: ReturnType<typeof startJobRunner> | null = null;
let close: (() => void) | null = null;

self.onmessage = async (event: MessageEvent<{ type: "start"; env: Env } | { type: "stop" } | { type: "wake" }>) => {
  const msg = event.data;
  if (msg.type === "start") {
    setLogLevel(msg.env.LOG_LEVEL);
    const { deps, database } = await bootDeps(msg.env, { migrateAndSeed: false });
    close = database.close;
    relayLiveEventsTo((e) => self.postMessage({ type: "live", event: e }));
    runner = startJobRunner(deps);
    self.postMessage({ type: "ready" });
  } else if (msg.type === "wake") {
    runner?.wake();
  } else if (msg.type === "stop") {
    await runner?.stop();
    close?.();
    self.postMessage({ type: "stopped" });
  }
};
