import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { type DatabaseHandle, embeddedDatabasePath, openDatabase } from "../db/client";
import { migrateEmbedded } from "../db/migrate";
import { type AdminCredentials, adminCredentials, seed } from "../db/seed";
import { restoreDatabaseTemplate } from "../db/template";
import type { Env } from "./env";
import { registerIntegrationTools } from "./integrations/register-tools";
import { SecretBox, randomToken } from "./lib/crypto";
import { log } from "./lib/logger";
import { seedDemoAgent } from "./services/admin/platform/demo-agent";
import { bootstrapAiConfigFromEnv } from "./services/ai-config";
import { campaignClockFromEnv } from "./services/campaigns/clock";
import type { AppDeps } from "./services/context";
import { sealPlaintextIntentHeaders } from "./services/intents";
import { createMailer } from "./services/mail";
import { seedMailConfigFromEnv } from "./services/mail-templates/server-config";
import { seedAcademy } from "./services/academy/seed";
import { createWorkspaceRecord } from "./services/workspaces";

/** APP_SECRET from env, else one generated into the data dir on first start (mode 600). */
function appSecret(env: Env, dataDir: string): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  const file = join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomToken(48);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Older versions left the data dir 0755 (mkdir's mode only applies to a new dir). When it holds our
 * embedded database it is ours alone, so tighten it; a dir shared with a remote database is left be.
 */
function makeDataDirPrivate(dataDir: string, url: string) {
  const dbFile = embeddedDatabasePath(url);
  const inside = dbFile ? relative(dataDir, resolve(dbFile)) : "..";
  if (inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return;
  try {
    if ((statSync(dataDir).mode & 0o077) !== 0) chmodSync(dataDir, 0o700);
  } catch (err) {
    log.warn("data dir mode unchanged", { dataDir, error: err instanceof Error ? err.message : String(err) });
  }
}

/** DATABASE_URL, else the embedded file in the data dir. */
export const databaseUrl = (env: Env) => env.DATABASE_URL ?? `file:${join(resolve(env.DATA_DIR), "atenda.db")}`;

export type Booted = { deps: AppDeps; database: DatabaseHandle; adminNotice: string | null };

/** An open, migrated database whose remaining boot writes (seed, env → settings) are under way in `ready`. */
export type Started = { deps: AppDeps; database: DatabaseHandle; ready: Promise<string | null> };

/** env → data dir → db (migrated, seeded) → deps. Shared by tests and the bench; the server uses startDeps. */
export async function bootDeps(env: Env, opts: { migrateAndSeed?: boolean } = {}): Promise<Booted> {
  const { deps, database, ready } = await startDeps(env, opts);
  const adminNotice = await ready.catch((e: unknown) => {
    database.close();
    throw e;
  });
  return { deps, database, adminNotice };
}

/**
 * env → data dir → db (migrated) → deps, with the seed and the other boot writes started but not
 * awaited: `ready` settles with the admin notice once they are done. The server listens meanwhile
 * (a new data dir's admin password hash alone takes ~0.2 s) and holds back what needs them (server.ts).
 */
export async function startDeps(env: Env, opts: { migrateAndSeed?: boolean } = {}): Promise<Started> {
  // The runtime asks a registry for tools; each process (server, job Worker) fills it once here.
  registerIntegrationTools();
  const dataDir = resolve(env.DATA_DIR);
  // Private when we create it (database, app-secret, uploads); an existing dir keeps its mode.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const url = databaseUrl(env);
  makeDataDirPrivate(dataDir, url);
  // Worker threads open the same database after the main thread migrated and seeded it.
  const primary = opts.migrateAndSeed !== false;
  const dbFile = embeddedDatabasePath(url);
  const fresh = primary && dbFile !== null && !existsSync(dbFile);
  // A new embedded database gets its admin: the password hash runs off this thread meanwhile.
  const admin = fresh ? adminCredentials(env.ADMIN_PASSWORD) : undefined;
  // The binary carries the migrated schema: a new file starts as its copy (db/template.ts).
  if (fresh && dbFile) restoreDatabaseTemplate(dbFile);
  // The serving process checkpoints the WAL off its request thread (db/checkpointer.ts); the job Worker's connection does not.
  const database = await openDatabase(url, env.DATABASE_AUTH_TOKEN, { backgroundCheckpoints: primary });
  const applied = primary ? await migrateEmbedded(database.client) : 0;
  if (applied) log.info("migrations applied", { count: applied });
  const secrets = new SecretBox(appSecret(env, dataDir));
  const deps: AppDeps = {
    db: database.db,
    env,
    secrets,
    mailer: createMailer(database.db, env, secrets),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    now: () => Date.now(),
    campaignClock: campaignClockFromEnv(env.CAMPAIGN_CLOCK, dataDir),
  };
  const ready = primary ? finishBoot(deps, env, admin) : Promise.resolve(null);
  return { deps, database, ready };
}

/** Resumes after the event loop's pending I/O (a request that arrived meanwhile is read first). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The boot's writes after the migrations: seed (plans, admin, demo workspace), env → AI config, sealed intent headers. */
async function finishBoot(deps: AppDeps, env: Env, admin: AdminCredentials | undefined): Promise<string | null> {
  // Each step runs in a turn of its own: the embedded database answers synchronously, so without
  // these the whole chain would run before the server reads the requests waiting for it.
  await nextTurn();
  const seeded = await seed(deps.db, {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    freePlanCredits: env.FREE_PLAN_CREDITS,
    admin,
    createWorkspace: createWorkspaceRecord,
    seedDemoWorkspace: (workspace, owner) => seedDemoAgent(deps, workspace, owner),
  });
  await nextTurn();
  await bootstrapAiConfigFromEnv(deps);
  await nextTurn();
  await seedMailConfigFromEnv(deps);
  await nextTurn();
  await seedAcademy(deps);
  await nextTurn();
  // Webhook-intent headers written in plaintext before they were sealed (needs the app key, not SQL).
  await sealPlaintextIntentHeaders(deps);
  return seeded.generatedAdminPassword
    ? `Administrador criado: ${seeded.adminEmail} / senha ${seeded.generatedAdminPassword} (mostrada só agora; defina ADMIN_EMAIL e ADMIN_PASSWORD para escolher)`
    : null;
}
