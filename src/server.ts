import indexHtml from "../web/index.html";
import { createApp } from "./app";
import { startJobRunner } from "./jobs/runner";
import { startJobWorker } from "./jobs/worker-host";
import { bootDeps } from "./deps";
import { loadEnv } from "./env";
import { log, setLogLevel } from "./lib/logger";
import { isOfflineMode } from "./services/ai-config";
import { pruneExpiredSessions } from "./services/sessions";
import { rateLimiter } from "./services/rate-limit";

/** env → db (migrate + seed) → Bun.serve(app + SPA); graceful shutdown on SIGINT/SIGTERM. */
export async function startServer(env = loadEnv()) {
  setLogLevel(env.LOG_LEVEL);
  const { deps, database, adminNotice } = await bootDeps(env);
  const app = createApp(deps);
  const api = (req: Request, server: Bun.Server<unknown>) => app.fetch(req, server);
  const server = Bun.serve({
    port: env.PORT,
    hostname: env.HOST,
    // Dev mode (npm run dev) rebundles the SPA on change; otherwise it is bundled once, minified.
    development: process.env.ATENDA_DEV === "1",
    routes: { "/api/*": api, "/trpc/*": api, "/webhooks/*": api, "/widget.js": api, "/*": indexHtml },
    fetch: api,
  });
  if (adminNotice) console.log(`\n  ${adminNotice}\n`);
  const jobs = env.JOBS_WORKER === "true" ? startJobWorker(env, new URL("./worker.ts", import.meta.url)) : startJobRunner(deps);
  if ("ready" in jobs) await jobs.ready;
  const housekeeping = setInterval(() => {
    void pruneExpiredSessions(deps.db).catch(() => {});
    void rateLimiter.prune(deps.db).catch(() => {});
  }, 60 * 60 * 1000);
  log.info("Atenda pronto", { url: `http://localhost:${server.port}`, offlineMode: await isOfflineMode(deps) });

  const stop = async () => {
    clearInterval(housekeeping);
    await jobs.stop();
    await server.stop();
    database.close();
  };
  return { server, deps, stop, jobs };
}

if (import.meta.main) {
  const { stop } = await startServer();
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      void stop().then(() => process.exit(0));
    });
  }
}
