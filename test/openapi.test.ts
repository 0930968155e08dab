/** The published OpenAPI document matches the routes that really exist. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEnv } from "../src/env";
import { startServer } from "../src/server";

const dataDir = mkdtempSync(join(tmpdir(), "atenda-openapi-"));
let app: Awaited<ReturnType<typeof startServer>>;
let base = "";

beforeAll(async () => {
  app = await startServer(loadEnv({ PORT: "0", HOST: "127.0.0.1", NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ADMIN_EMAIL: "admin@atenda.test", ADMIN_PASSWORD: "admin123456" }));
  base = `http://127.0.0.1:${app.server.port}`;
});
afterAll(async () => {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("[api]: every path in /api/v1/openapi.json is served (no 'Rota não encontrada')", async () => {
  const doc = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(doc.openapi).toBe("3.1.0");
  const entries = Object.entries(doc.paths);
  expect(entries.length).toBeGreaterThanOrEqual(15);
  for (const [path, methods] of entries) {
    for (const method of Object.keys(methods)) {
      const url = `${base}/api/v1${path.replace("{id}", "01a2013e-708a-7155-beee-d56168012066")}`;
      const res = await fetch(url, { method: method.toUpperCase(), headers: { "content-type": "application/json" }, body: method === "get" ? undefined : "{}" });
      const body = await res.text();
      expect({ path, method, routed: !body.includes("Rota não encontrada") }).toEqual({ path, method, routed: true });
      expect(res.status).toBeLessThan(500);
    }
  }
});

test("[api]: an unknown /api path is a JSON 404", async () => {
  const res = await fetch(`${base}/api/v1/nao-existe`);
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Rota não encontrada" } });
});
