/**
 * What the CRM benchmarks share: a production-mode app on a fresh data directory (or
 * BENCH_KEEP_DIR) with one workspace of the seeded admin, and a repeatable pseudo-random source.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootDeps } from "../src/deps";
import { loadEnv } from "../src/env";
import { setLogLevel } from "../src/lib/logger";
import { createWorkspaceRecord } from "../src/services/workspaces";

/** A deterministic pseudo-random sequence, so two runs work on the same data. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export type CrmBench = Awaited<ReturnType<typeof bootDeps>> & { ownerId: string; workspaceId: string };

/** Runs `body` against a booted app with one workspace; closes it and removes the data directory after. */
export async function withCrmBench<T>(label: string, workspaceName: string, body: (b: CrmBench) => Promise<T>): Promise<T> {
  const keep = process.env.BENCH_KEEP_DIR;
  const dataDir = keep ?? mkdtempSync(join(tmpdir(), `atenda-bench-${label}-`));
  const env = loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, ADMIN_EMAIL: "admin@bench.local", ADMIN_PASSWORD: "bench-senha-123" });
  // stdout carries only the JSON figures: the boot's info lines stay quiet.
  setLogLevel("silent");
  const booted = await bootDeps(env);
  try {
    const admin = await booted.database.client.execute("SELECT id FROM users LIMIT 1");
    const ownerId = String(admin.rows[0]?.id);
    const ws = await createWorkspaceRecord(booted.deps.db, { id: ownerId }, { name: workspaceName });
    return await body({ ...booted, ownerId, workspaceId: ws.id });
  } finally {
    booted.database.close();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}
