/**
 * Boots the real server (Bun.serve + Hono + libSQL file) on a random port with a fresh data dir.
 * One server per test file keeps the suite fast; callers stop it in afterAll.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEnv } from "../../src/env";
import { startServer } from "../../src/server";

export const ADMIN_EMAIL = "admin@atenda.test";
export const ADMIN_PASSWORD = "admin-senha-123";

export type TestApp = {
  base: string;
  deps: Awaited<ReturnType<typeof startServer>>["deps"];
  /** The server's job runner (a Worker, or the in-process loop with JOBS_WORKER=false). */
  jobs: Awaited<ReturnType<typeof startServer>>["jobs"];
  stop: () => Promise<void>;
};

export async function startTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "atenda-test-"));
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // Each test client sends its own X-Forwarded-For, so per-IP rate limits do not leak between tests.
    TRUST_PROXY: "true",
    ...overrides,
  });
  const { server, deps, stop, jobs } = await startServer(env);
  return {
    base: `http://127.0.0.1:${server.port}`,
    deps,
    jobs,
    stop: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
