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
console.log(JSON.stringify({ appPort: server.port, barePort: bare.port }));
process.on("SIGINT", () => process.exit(0));
