/**
 * Issue 12 #8: FREE_PLAN_CREDITS (README, "créditos gratuitos, dados uma vez por pessoa") decides
 * how many credits a new person gets, once, in their first workspace; a restart with another value
 * applies it to the people who register afterwards.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { plans, userCredits } from "../db/schema";
import { loadEnv } from "../src/env";
import { startServer } from "../src/server";
import type { TestApp } from "./helpers/app";
import { registerUser } from "./helpers/factories";

const dataDir = mkdtempSync(join(tmpdir(), "atenda-free-credits-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The real server on `dataDir` (kept between starts) with the free credits given. */
async function start(freePlanCredits: string): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: "admin@atenda.test",
    ADMIN_PASSWORD: "admin-senha-123",
    TRUST_PROXY: "true",
    FREE_PLAN_CREDITS: freePlanCredits,
  });
  const { server, deps, stop, jobs } = await startServer(env);
  return { base: `http://127.0.0.1:${server.port}`, deps, jobs, stop };
}

/** Whole credits in each of the user's wallets, by workspace id. */
async function walletsOf(app: TestApp, userId: string) {
  const rows = await app.deps.db.select().from(userCredits).where(eq(userCredits.userId, userId));
  return new Map(rows.map((r) => [r.workspaceId, r.remainingCredits / 1000]));
}

describe("[hygiene] FREE_PLAN_CREDITS", () => {
  test("registering with FREE_PLAN_CREDITS=250 gives 250 credits, once per person; a restart with 40 gives newcomers 40", async () => {
    const app = await start("250");
    try {
      const { client, user } = await registerUser(app);
      const second = await client.post<{ id: string }>("/api/v1/workspaces", { name: "Segunda Loja", description: "Criado pelo usuário" });
      expect(second.status).toBe(201);
      const wallets = await walletsOf(app, user.id);
      expect(wallets.get(user.currentWorkspaceId ?? "")).toBe(250);
      expect(wallets.get(second.data.id)).toBe(0);
      const [free] = await app.deps.db.select().from(plans).where(eq(plans.billingPeriod, "free"));
      expect(free?.features).toContain("250 créditos");
    } finally {
      await app.stop();
    }

    const restarted = await start("40");
    try {
      const { user } = await registerUser(restarted);
      expect((await walletsOf(restarted, user.id)).get(user.currentWorkspaceId ?? "")).toBe(40);
    } finally {
      await restarted.stop();
    }
  }, 30_000);
});
