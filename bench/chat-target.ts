/** The app for bench/chat.ts, in its own process, pointed at the fake LLM (arg 1) with a funded agent. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startServer } from "../src/server";
import { benchEnv, fundedWorkspace, insertAgent } from "./target-support";

const { server, deps } = await startServer(benchEnv(mkdtempSync(join(tmpdir(), "atenda-chat-bench-")), process.argv[2] ?? ""));
const agent = await insertAgent(deps.db, await fundedWorkspace(deps.db), "Bench");
// Event-loop delay of this process (the app's one JS thread), read and reset by the load generator
// per phase through a side port; its requests are a few per phase, so they do not skew the figure.
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
// CPU time of the process too: on a shared machine it says what a turn costs when wall times are noise.
let cpu = process.cpuUsage();
const control = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(req) {
    const used = process.cpuUsage(cpu);
    const figures = { p50Ms: ms(delay.percentile(50)), p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max), samples: delay.count, cpuMs: Math.round((used.user + used.system) / 1000) };
    if (new URL(req.url).searchParams.has("reset")) {
      delay.reset();
      cpu = process.cpuUsage();
    }
    return Response.json(figures);
  },
});
console.log(JSON.stringify({ port: server.port, agentId: agent?.id, controlPort: control.port }));
// SIGINT exits normally, so a `bun --cpu-prof` run (BENCH_CPU_PROF) writes its profile.
process.on("SIGINT", () => process.exit(0));
