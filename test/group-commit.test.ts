/** Group commit: concurrent settles share one transaction, yet each one commits or fails on its own. */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { migrateEmbedded } from "../db/migrate";
import { withRawWrite } from "../src/services/credit-debit";
import { groupCommit } from "../src/services/group-commit";

const dir = mkdtempSync(join(tmpdir(), "atenda-gc-"));
const handle = await openDatabase(`file:${join(dir, "gc.db")}`);
await migrateEmbedded(handle.client);
await handle.client.execute("CREATE TABLE gc_probe (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async () => Number((await handle.client.execute("SELECT count(*) AS n FROM gc_probe")).rows[0]?.n ?? 0);

test("[group commit]: 50 concurrent settles all land; a failing one rolls back alone and its caller gets the error", async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, (_v, i) =>
      groupCommit(handle.db, async (tx) => {
        await tx.execute({ sql: "INSERT INTO gc_probe (id, v) VALUES (?, ?)", args: [i, `linha ${i}`] });
        if (i === 7) throw new Error("settle 7 falhou depois de escrever");
        return i;
      }),
    ),
  );
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(49);
  const failed = results[7];
  expect(failed?.status).toBe("rejected");
  expect(await count()).toBe(49);
  const seven = await handle.client.execute("SELECT count(*) AS n FROM gc_probe WHERE id = 7");
  expect(Number(seven.rows[0]?.n)).toBe(0);
});

test("[group commit]: a settle sees the writes of the settles before it in the same batch", async () => {
  await handle.client.execute("DELETE FROM gc_probe");
  const [a, b] = await Promise.all([
    groupCommit(handle.db, async (tx) => {
      await tx.execute({ sql: "INSERT INTO gc_probe (id, v) VALUES (1, 'a')", args: [] });
      return 1;
    }),
    groupCommit(handle.db, async (tx) => Number((await tx.execute("SELECT count(*) AS n FROM gc_probe")).rows[0]?.n)),
  ]);
  expect(a).toBe(1);
  expect(b).toBe(1);
});

test("[hold, own transaction]: a hold is stored when the call returns; one that fails leaves nothing and its caller gets the error", async () => {
  await handle.client.execute("DELETE FROM gc_probe");
  const stored = await withRawWrite(handle.db, async (tx) => {
    await tx.execute({ sql: "INSERT INTO gc_probe (id, v) VALUES (1, 'hold')", args: [] });
    return "ok";
  });
  expect(stored).toBe("ok");
  expect(await count()).toBe(1);
  const failed = withRawWrite(handle.db, async (tx) => {
    await tx.execute({ sql: "INSERT INTO gc_probe (id, v) VALUES (2, 'hold')", args: [] });
    throw new Error("sem créditos");
  });
  await expect(failed).rejects.toThrow("sem créditos");
  expect(await count()).toBe(1);
  // The connection is free again: the rollback released it.
  await groupCommit(handle.db, async (tx) => tx.execute({ sql: "INSERT INTO gc_probe (id, v) VALUES (3, 'settle')", args: [] }));
  expect(await count()).toBe(2);
});
