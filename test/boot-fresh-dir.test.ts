/**
 * Issue 12 #7 (start time): the server listens before the seed is done (a new data dir's admin
 * password hash alone is ~0.2 s), so the login page is served at once while every request that
 * needs the seed waits for it; and the binary starts a new database from a migrated template
 * instead of replaying the migrations, which must give the same database.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { migrateEmbedded } from "../db/migrate";
import { users } from "../db/schema";
import { buildDatabaseTemplate, restoreDatabaseTemplate } from "../db/template";
import { loadEnv } from "../src/env";
import { startServer } from "../src/server";

const work = mkdtempSync(join(tmpdir(), "atenda-boot-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ADMIN = { email: "boot@atenda.test", password: "boot-senha-123" };

/** A port free a moment ago (the server under test must be reachable before startServer resolves). */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port ?? 0;
  probe.stop(true);
  return port;
}

async function firstOk(url: string): Promise<Response> {
  for (let i = 0; i < 500; i++) {
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return res;
    await Bun.sleep(20);
  }
  throw new Error(`${url} never answered 200`);
}

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.7" }, body: JSON.stringify(body) });

describe("[boot] a new data dir", () => {
  test("[boot]: the login page is served while the admin is still being created; a login sent then waits and succeeds, a register of the admin's email is refused", async () => {
    // Holds the admin's password hash until released: the seed cannot finish before that.
    const realHash = Bun.password.hash;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    Bun.password.hash = (async (...args: Parameters<typeof realHash>) => {
      await held;
      return realHash(...args);
    }) as typeof realHash;
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = loadEnv({
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      DATA_DIR: join(work, "server"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: "true",
    });
    const starting = startServer(env);
    try {
      const page = await firstOk(`${base}/login`);
      expect(await page.text()).toContain('<div id="root"');
      const health = await fetch(`${base}/api/v1/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { checks: { jobWorker: { state: string } } }).checks.jobWorker.state).toBe("starting");

      const login = post(base, "/api/v1/auth/login", ADMIN);
      const register = post(base, "/api/v1/auth/register", {
        email: ADMIN.email,
        phoneNumber: "11987654321",
        firstName: "Outra",
        lastName: "Pessoa",
        password: "outra-senha-123",
      });
      release();
      const loggedIn = await login;
      expect(loggedIn.status).toBe(200);
      expect(((await loggedIn.json()) as { data: { user: { email: string; role: string } } }).data.user).toMatchObject({ email: ADMIN.email, role: "admin" });
      const refused = await register;
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("Usuário com este email já existe");

      const { deps, stop } = await starting;
      try {
        expect(await deps.db.select({ role: users.role }).from(users).where(eq(users.email, ADMIN.email))).toEqual([{ role: "admin" }]);
        expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
      } finally {
        await stop();
      }
    } finally {
      Bun.password.hash = realHash;
      release();
    }
  }, 30_000);

  test("[boot]: a database copied from the migrated template is the one the migrations build, private to the server's user", async () => {
    const template = join(work, "template.db");
    await buildDatabaseTemplate(template);
    const copied = join(work, "copied.db");
    expect(restoreDatabaseTemplate(copied, template)).toBe(true);
    // An existing database is never overwritten.
    expect(restoreDatabaseTemplate(copied, template)).toBe(false);
    expect(statSync(copied).mode & 0o777).toBe(0o600);

    const describeDb = async (file: string) => {
      const database = await openDatabase(`file:${file}`);
      try {
        const pending = await migrateEmbedded(database.client);
        const schema = await database.client.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name");
        const applied = await database.client.execute("SELECT hash, created_at FROM __drizzle_migrations ORDER BY id");
        return { pending, schema: schema.rows.map((r) => ({ ...r })), applied: applied.rows.map((r) => ({ ...r })) };
      } finally {
        database.close();
      }
    };
    const fromTemplate = await describeDb(copied);
    const fromMigrations = await describeDb(join(work, "migrated.db"));
    expect(fromTemplate.pending).toBe(0);
    expect(fromMigrations.pending).toBeGreaterThan(0);
    expect(fromTemplate.schema.length).toBeGreaterThan(50);
    expect(fromTemplate.schema).toEqual(fromMigrations.schema);
    expect(fromTemplate.applied).toEqual(fromMigrations.applied);
  });
});
