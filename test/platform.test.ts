/** Health, unknown routes and public config: the small contracts every client leans on. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe("[platform]", () => {
  test("GET /api/v1/health answers ok", async () => {
    const res = await new Client(app.base).get("/api/v1/health");
    expect(res.status).toBe(200);
    // The checks behind it (job Worker, queue lag) are covered by test/jobs-robustness-worker.test.ts.
    expect(res.body).toMatchObject({ status: "ok", checks: { jobWorker: { ok: true }, jobQueue: { ok: true } } });
  });

  test("any answer issues a readable atenda_csrf cookie", async () => {
    const c = new Client(app.base);
    const res = await c.get("/api/v1/config/public");
    const raw = res.setCookies.find((s) => s.startsWith("atenda_csrf="));
    expect(raw).toBeDefined();
    expect(raw?.toLowerCase()).not.toContain("httponly");
    expect(c.cookie("atenda_csrf")?.value.length).toBeGreaterThan(10);
    // issued only when missing
    const again = await c.get("/api/v1/config/public");
    expect(again.setCookies.some((s) => s.startsWith("atenda_csrf="))).toBe(false);
  });

  test("an unknown /api path is a JSON 404 { error: { code, message } }", async () => {
    for (const path of ["/api/v1/nao-existe", "/api/qualquer/coisa"]) {
      const res = await new Client(app.base).get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body.error.code).toBe("NOT_FOUND");
      expect(typeof res.body.error.message).toBe("string");
      expect(res.body.error.message.length).toBeGreaterThan(0);
    }
  });

  test("GET /api/v1/config/public reports offline mode without OPENAI_API_KEY", async () => {
    const res = await new Client(app.base).get<{ offlineMode: boolean; requireEmailVerification: boolean }>("/api/v1/config/public");
    expect(res.status).toBe(200);
    expect(res.data.offlineMode).toBe(true);
    expect(res.data.requireEmailVerification).toBe(false);
  });
});
