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
