/** Login CSRF and session fixation: only real JSON logs in, and a login ends the browser's previous session. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

test("[auth]: a cross-site style form post (text/plain JSON) cannot log anyone in", async () => {
  const { email, password } = await registerUser(app);
  const res = await fetch(`${app.base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
    "Envie o corpo da requisição como JSON (Content-Type: application/json).",
  );
  expect(res.headers.getSetCookie().some((c) => c.startsWith("atenda_session="))).toBe(false);
});

test("[auth]: logging in again from the same browser ends the previous session", async () => {
  const { client, email, password } = await registerUser(app);
  const before = client.cookie("atenda_session")?.value ?? "";
  expect(before.length).toBeGreaterThan(10);
  const again = await client.post("/api/v1/auth/login", { email, password });
  expect(again.status).toBe(200);
  expect(client.cookie("atenda_session")?.value).not.toBe(before);
  const stale = await fetch(`${app.base}/api/v1/auth/user`, { headers: { cookie: `atenda_session=${before}` } });
  expect(stale.status).toBe(401);
  expect((await client.get("/api/v1/auth/user")).status).toBe(200);
});

test("[auth]: the SPA-style JSON login still works", async () => {
  const { email, password } = await registerUser(app);
  const fresh = await new Client(app.base).warmUp();
  expect((await fresh.post("/api/v1/auth/login", { email, password })).status).toBe(200);
});
