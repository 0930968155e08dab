import { embeddedDatabasePath } from "../db/client";
import { DatabaseInUseError, lockDatabaseFile } from "../db/lock";
import { createApp } from "./app";
import { BODY_LIMITS } from "./api/body-limit";
import { builtSpaShell, devSpaShell, isSpaPage, pageKind, type SpaShell } from "./api/spa";
import { EXTRACT_MODE_ARG, extractionMain } from "./knowledge/extract-child";
import { startJobWorker } from "./jobs/worker-host";
import { queueWorkerUrl, startWhenWorkNeeded } from "../workers/start-on-work";
import { startSchedulers } from "../workers/schedulers";
import { databaseUrl, nextTurn, startDeps } from "./deps";
import { loadEnv } from "./env";
import { log, setLogLevel } from "./lib/logger";
import { isOfflineMode } from "./services/ai-config";
import { type JobsStatus, onJobEnqueued } from "./services/jobs";
import { pruneExpiredSessions } from "./services/sessions";
import { rateLimiter } from "./services/rate-limit";
import { loadWeb } from "./web-build/load";

/** env → db (migrate) → Bun.serve(app + SPA) → seed done → jobs; graceful shutdown on SIGINT/SIGTERM. */
export async function startServer(env = loadEnv()) {
  setLogLevel(env.LOG_LEVEL);
  // One serving process per embedded database: two would run two job loops and two pollers.
  const dbFile = embeddedDatabasePath(databaseUrl(env));
  const lock = dbFile ? lockDatabaseFile(dbFile) : null;
  const { deps, database, ready } = await startDeps(env).catch((e: unknown) => {
    lock?.release();
    throw e;
  });
  // The port opens before the seed finishes (a new admin's password hash alone is ~0.2 s): until
  // then every request waits for it (a login must find the admin), except the app's pages, which
  // read nothing, and /health, which says "starting". A failed seed stops the start (below).
  let booted = false;
  const boot = ready.then(
    () => (booted = true),
    () => false,
  );
  // /health asks the job loop (started below) how it is doing.
  let jobStatus: () => JobsStatus | null = () => null;
  // Dev mode (npm run dev) rebundles the SPA on change; otherwise the build is served (built here
  // first if web/ changed), so the port answers only once the SPA is ready.
  const development = process.env.ATENDA_DEV === "1";
  const spa = await spaShell(development).catch((e: unknown) => {
    database.close();
    lock?.release();
    throw e;
  });
  const app = createApp(deps, { jobs: () => jobStatus(), spa });
  const api = (req: Request, server: Bun.Server<unknown>) => app.fetch(req, server);
  const gated = (req: Request, server: Bun.Server<unknown>) =>
    booted ? api(req, server) : boot.then((ok) => (ok ? api(req, server) : new Response(null, { status: 503 })));
  const page = (req: Request, server: Bun.Server<unknown>) => {
    const path = new URL(req.url).pathname;
    return isSpaPage(req.method, path) && pageKind(path) === "app" ? api(req, server) : gated(req, server);
  };
  const server = listenOrRefuse(env.PORT, () => {
    database.close();
    lock?.release();
  }, () =>
    Bun.serve({
      port: env.PORT,
      hostname: env.HOST,
      // Bun turns SO_REUSEPORT on outside development mode: a second instance would share the port.
      reusePort: false,
      development,
      // Bun's own ceiling; each route's limit is enforced by src/api/body-limit.ts while reading.
      maxRequestBodySize: Math.max(BODY_LIMITS.publicChat, BODY_LIMITS.supportRequest, env.TRAINING_MAX_UPLOAD_MB * 1024 * 1024, env.ACADEMY_VIDEO_MAX_MB * 1024 * 1024) + 1024 * 1024,
      // The SPA's assets (or dev bundles) are answered by Bun; the app answers every page with headers (src/api/spa.ts).
      routes: { "/api/v1/health": api, "/api/*": gated, "/trpc/*": gated, "/webhooks/*": gated, "/widget.js": api, ...spa.routes, "/*": page },
      fetch: gated,
    }),
  );
  spa.attach(server);
  const adminNotice = await ready.catch(async (e: unknown) => {
    await server.stop(true);
    database.close();
    lock?.release();
    throw e;
  });
  if (adminNotice) console.log(`\n  ${adminNotice}\n`);
  await nextTurn();
  // The Worker starts with the first work it has (idle RSS); the schedulers, which only enqueue, run here.
  const worker = env.JOBS_WORKER === "true" ? startJobWorker(env, queueWorkerUrl(), { lazy: true }) : null;
  // In-thread (JOBS_WORKER=false) the job handlers load here; with the Worker, only in it.
  const jobs = worker ?? (await import("../workers/background")).startBackground(deps);
  jobStatus = jobs.status;
  // A job enqueued on this thread (a webhook's accept) wakes the runner instead of waiting for its poll.
  const stopWaking = onJobEnqueued(deps.db, jobs.wake);
  const lazyStart = worker ? await startWhenWorkNeeded(deps, worker) : null;
  await nextTurn();
  const schedulers = worker ? startSchedulers(deps) : null;
  const housekeeping = setInterval(() => {
    void pruneExpiredSessions(deps.db).catch(() => {});
    void rateLimiter.prune(deps.db).catch(() => {});
  }, 60 * 60 * 1000);
  log.info("Atenda pronto", { url: `http://localhost:${server.port}`, offlineMode: await isOfflineMode(deps) });
  // The binary starts with the JIT reluctant (scripts/build-bin.ts: run-once boot code stays interpreted); serving is hot code.
  if (process.env.ATENDA_COMPILED === "1") Bun.unsafe.setJITPolicy(1);

  const stop = async () => {
    clearInterval(housekeeping);
    stopWaking();
    lazyStart?.stop();
    schedulers?.stop();
    await jobs.stop();
    await server.stop();
    await database.close();
    lock?.release();
  };
  return { server, deps, stop, jobs };
}

/**
 * The compiled binary never bundles at run time: the define makes the dev branch dead code there,
 * so the HTML imports are not compiled in.
 */
async function spaShell(development: boolean): Promise<SpaShell> {
  if (process.env.ATENDA_COMPILED !== "1" && development) {
    const [app, chat] = await Promise.all([import("../web/index.html"), import("../web/chat.html")]);
    return devSpaShell({ app: app.default, chat: chat.default });
  }
  return builtSpaShell(await loadWeb());
}

/** A start that must not go on (port taken), said in pt-BR and English for the console. */
export class PortInUseError extends Error {}

function listenOrRefuse<T>(port: number, cleanUp: () => void, listen: () => T): T {
  try {
    return listen();
  } catch (e) {
    cleanUp();
    if ((e as { code?: string }).code !== "EADDRINUSE") throw e;
    throw new PortInUseError(
      `A porta ${port} já está em uso (outra instância do Atenda?). Encerre o outro processo ou escolha outra porta em PORT.\n` +
        `Port ${port} is already in use (another Atenda instance?). Stop the other process or choose another port with PORT.`,
    );
  }
}

if (import.meta.main && process.argv.includes(EXTRACT_MODE_ARG)) {
  // The compiled binary re-executed as the document extraction subprocess (knowledge/extract-isolated.ts).
  await extractionMain();
} else if (import.meta.main) {
  const { stop } = await startServer().catch((e: unknown) => {
    if (!(e instanceof PortInUseError || e instanceof DatabaseInUseError)) throw e;
    console.error(`\n  ${e.message.replace(/\n/g, "\n  ")}\n`);
    process.exit(1);
  });
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      void stop().then(() => process.exit(0));
    });
  }
}
