/**
 * WAL checkpoints off the request thread (db/checkpointer.ts): the Worker copies committed pages
 * into the database file, the request thread's own autocheckpoint steps back while it runs and
 * comes back when it cannot, and a stop closes the Worker's connection before ending it.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHECKPOINT_EVERY_COMMITS, createCheckpointer } from "../db/checkpointer";
import { openDatabase } from "../db/client";
import { createFileClient } from "../db/file-client";

const dir = mkdtempSync(join(tmpdir(), "atenda-ckpt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const until = async (ok: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(10);
  }
};
const autocheckpoint = async (client: { execute(sql: string): Promise<{ rows: ArrayLike<Record<string, unknown>> }> }) =>
  Number((await client.execute("PRAGMA wal_autocheckpoint")).rows[0]?.wal_autocheckpoint);

/** A file client on a WAL database whose own autocheckpoint is off, with an empty `probe` table. */
async function walWithoutAutocheckpoint(path: string) {
  const client = createFileClient(path);
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA synchronous = NORMAL");
  // The request thread never checkpoints here: only the Worker's checkpoints and the resets act.
  await client.execute("PRAGMA wal_autocheckpoint = 0");
  await client.execute("CREATE TABLE probe (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
  return client;
}

/** `n` commits of ~2 WAL frames each, each reported to the checkpointer, yielding now and then so its answers arrive. */
async function writeProbes(client: ReturnType<typeof createFileClient>, checkpointer: ReturnType<typeof createCheckpointer>, n: number) {
  for (let i = 0; i < n; i++) {
    await client.execute({ sql: "INSERT INTO probe (id, body) VALUES (?, randomblob(3000))", args: [i] });
    checkpointer.noteCommit();
    if (i % 64 === 0) await Bun.sleep(1);
  }
}

/** Frames the WAL file holds (4,096-byte pages plus a 24-byte frame header). */
const walFramesOf = (path: string) => statSync(`${path}-wal`).size / 4120;

test("[checkpoints]: the serving connection's commits reach the database file through the Worker, not its own autocheckpoint", async () => {
  const path = join(dir, "serve.db");
  const handle = await openDatabase(`file:${path}`, undefined, { backgroundCheckpoints: true });
  try {
    await handle.client.execute("CREATE TABLE probe (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
    const before = statSync(path).size;
    // Each commit writes a page or two: far below the request thread's autocheckpoint mark, so
    // only a checkpoint by the Worker moves these pages into the database file.
    for (let i = 0; i < CHECKPOINT_EVERY_COMMITS * 2; i++) {
      await handle.client.execute({ sql: "INSERT INTO probe (id, body) VALUES (?, randomblob(3000))", args: [i] });
    }
    const checkpointer = handle.checkpointer;
    expect(checkpointer).not.toBeNull();
    await until(() => (checkpointer?.completed ?? 0) >= 1);
    // Once the Worker runs, the request thread checkpoints only as a backstop.
    await until(async () => (await autocheckpoint(handle.client)) > 1000);
    expect(statSync(path).size).toBeGreaterThan(before + 100 * 3000);
  } finally {
    await handle.close();
  }
  // The data is all there for the next process.
  const again = await openDatabase(`file:${path}`);
  expect(Number((await again.client.execute("SELECT count(*) AS n FROM probe")).rows[0]?.n)).toBe(CHECKPOINT_EVERY_COMMITS * 2);
  await again.close();
});

test("[checkpoints]: the WAL starts over while the request thread's statements pause, so it stays small without the request thread ever checkpointing", async () => {
  const walFrames = async (withReset: boolean) => {
    const path = join(dir, `reset-${withReset}.db`);
    const client = await walWithoutAutocheckpoint(path);
    const checkpointer = createCheckpointer(path, () => {}, {
      everyCommits: 8,
      resetAtFrames: 200,
      ...(withReset ? { pauseStatements: () => client.pauseStatements() } : {}),
    });
    try {
      // 3,000 commits: ~6,000 frames (~24 MB) if the WAL never starts over.
      await writeProbes(client, checkpointer, 3000);
      expect(checkpointer.completed).toBeGreaterThan(5);
      expect(checkpointer.resets > 0).toBe(withReset);
      expect(Number((await client.execute("SELECT count(*) AS n FROM probe")).rows[0]?.n)).toBe(3000);
      return Math.round(walFramesOf(path));
    } finally {
      await checkpointer.stop();
      client.close();
    }
  };
  const withReset = await walFrames(true);
  const without = await walFrames(false);
  expect(without).toBeGreaterThan(5000);
  expect(withReset).toBeLessThan(2500);
});

test("[checkpoints]: a WAL another connection's read keeps from starting over is reset once per resetAtFrames, not after every checkpoint", async () => {
  const path = join(dir, "held.db");
  const client = await walWithoutAutocheckpoint(path);
  await client.execute("INSERT INTO probe (id, body) VALUES (-1, x'00')");
  // A long read on another connection (a job's export, say): its snapshot keeps the WAL from starting over.
  const reader = createFileClient(path);
  const snapshot = await reader.transaction("read");
  await snapshot.execute("SELECT count(*) FROM probe");
  const checkpointer = createCheckpointer(path, () => {}, { everyCommits: 8, resetAtFrames: 1000, pauseStatements: () => client.pauseStatements() });
  try {
    await writeProbes(client, checkpointer, 3000);
    const frames = walFramesOf(path);
    expect(frames).toBeGreaterThan(5000);
    expect(checkpointer.completed).toBeGreaterThan(40);
    // One reset per 1,000 frames at most, where one after every checkpoint past 1,000 would be ~half of them.
    expect(checkpointer.resets).toBeLessThanOrEqual(Math.ceil(frames / 1000));
    expect(checkpointer.resets).toBeLessThan(checkpointer.completed / 4);
  } finally {
    await snapshot.rollback();
    await checkpointer.stop();
    reader.close();
    client.close();
  }
});

test("[checkpoints]: a Worker that cannot start gives the request thread its autocheckpoint back", async () => {
  const path = join(dir, "broken.db");
  const client = createFileClient(path);
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA wal_autocheckpoint = 4000");
  const checkpointer = createCheckpointer(path, (pages) => void client.execute(`PRAGMA wal_autocheckpoint = ${pages}`), {
    everyCommits: 1,
    workerUrl: new URL("./no-such-worker.ts", import.meta.url),
  });
  checkpointer.noteCommit();
  await until(async () => (await autocheckpoint(client)) === 1000);
  // No second Worker is started after a failure.
  checkpointer.noteCommit();
  expect(checkpointer.completed).toBe(0);
  await checkpointer.stop();
  client.close();
});

test("[checkpoints]: a stopped checkpointer asks for no checkpoint after it", async () => {
  const path = join(dir, "stop.db");
  const client = createFileClient(path);
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("CREATE TABLE t (v INTEGER)");
  const checkpointer = createCheckpointer(path, () => {}, { everyCommits: 1 });
  await client.execute("INSERT INTO t VALUES (1)");
  checkpointer.noteCommit();
  await until(() => checkpointer.completed === 1);
  await checkpointer.stop();
  checkpointer.noteCommit();
  await Bun.sleep(50);
  expect(checkpointer.completed).toBe(1);
  client.close();
});
