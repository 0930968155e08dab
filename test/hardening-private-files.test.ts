/**
 * Uploaded training documents are private to the server's user (0600 in a 0700 folder), and a data
 * dir created by an older version with 0755 is made 0700 at boot when it holds our embedded database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { eq } from "drizzle-orm";
import { embeddingSources } from "../db/schema";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { uploadDocument } from "./helpers/training";

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe("[hardening] uploaded documents are private", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  test("the stored upload is 0600 and its folders 0700", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const res = await uploadDocument(client, agent.id, "politica.txt", "Trocas em até 7 dias com a nota fiscal.");
    expect(res.status).toBe(201);
    const [row] = await app.deps.db.select({ filePath: embeddingSources.filePath }).from(embeddingSources).where(eq(embeddingSources.id, res.data.id));
    const relative = row?.filePath ?? "";
    expect(relative).toStartWith("uploads/");
    const file = join(app.deps.env.DATA_DIR, relative);
    expect(modeOf(file)).toBe("600");
    expect(modeOf(dirname(file))).toBe("700");
    expect(modeOf(join(app.deps.env.DATA_DIR, "uploads"))).toBe("700");
  });
});

describe("[hardening] a data dir left 0755 by an older version", () => {
  test("is made 0700 at boot when it holds the embedded database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atenda-old-"));
    chmodSync(dir, 0o755);
    expect(modeOf(dir)).toBe("755");
    const app = await startTestApp({ DATA_DIR: dir });
    try {
      expect(modeOf(dir)).toBe("700");
    } finally {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("is left alone when the database is not ours (DATABASE_URL elsewhere)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atenda-shared-"));
    const dbDir = mkdtempSync(join(tmpdir(), "atenda-db-"));
    chmodSync(dir, 0o755);
    const app = await startTestApp({ DATA_DIR: dir, DATABASE_URL: `file:${join(dbDir, "outro.db")}` });
    try {
      expect(modeOf(dir)).toBe("755");
    } finally {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(dbDir, { recursive: true, force: true });
    }
  });
});
