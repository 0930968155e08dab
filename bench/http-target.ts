/** Benchmark target (own process, so the load generator does not share its event loop). */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEnv } from "../src/env";
import { startServer } from "../src/server";

const dataDir = mkdtempSync(join(tmpdir(), "atenda-bench-"));
const { server } = await startServer(
  loadEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "silent", ADMIN_EMAIL: "bench@atenda.test", ADMIN_PASSWORD: "bench-password" }),
);
const bare = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ status: "ok" }) });
// CPU time of this process since the last read: what a request costs, steadier than req/s on a shared machine.
let cpu = process.cpuUsage();
const control = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch() {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    return Response.json({ cpuMs: (used.user + used.system) / 1000 });
  },
});
console.log(JSON.stringify({ appPort: server.port, barePort: bare.port, controlPort: control.port }));
// SIGINT exits normally, so a `bun --cpu-prof` run (BENCH_CPU_PROF) writes its profile.
process.on("SIGINT", () => process.exit(0));
