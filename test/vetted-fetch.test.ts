/** vettedFetch: safe-fetch's vetting for API clients that still need the provider's status, headers and error body. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SafeFetchError, setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { vettedFetch } from "../src/lib/vetted-fetch";

let server: ReturnType<typeof Bun.serve>;
let base = "";

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === "/slow") await Bun.sleep(2000);
      if (path === "/limit") return Response.json({ error: "Rate limit exceeded" }, { status: 429, headers: { "retry-after": "7" } });
      return Response.json({ method: req.method, token: req.headers.get("token"), body: req.method === "POST" ? await req.json() : null });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => {
  setSafeFetchTestAllowlist(null);
  server.stop(true);
});

test("without the test allow-list a loopback server is refused for good (not retryable)", async () => {
  setSafeFetchTestAllowlist(null);
  const err = await vettedFetch()(`${base}/ok`, { method: "GET" }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(SafeFetchError);
  expect((err as SafeFetchError).code).toBe("BLOCKED_ADDRESS");
  expect((err as { retryable?: boolean }).retryable).toBe(false);
});

test("an error status comes back as a response with its headers and body; a POST keeps its body and headers", async () => {
  setSafeFetchTestAllowlist([new URL(base).host]);
  const limited = await vettedFetch()(`${base}/limit`, { method: "GET" });
  expect(limited.status).toBe(429);
  expect(limited.headers.get("retry-after")).toBe("7");
  expect(await limited.json()).toEqual({ error: "Rate limit exceeded" });
  const posted = await vettedFetch()(`${base}/echo`, { method: "POST", headers: { token: "t-1", "content-type": "application/json" }, body: '{"a":1}' });
  expect(await posted.json()).toEqual({ method: "POST", token: "t-1", body: { a: 1 } });
});

test("the caller's abort signal (a client's per-call timeout) cancels the call", async () => {
  setSafeFetchTestAllowlist([new URL(base).host]);
  const started = Date.now();
  const err = await vettedFetch()(`${base}/slow`, { method: "GET", signal: AbortSignal.timeout(200) }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(SafeFetchError);
  expect(Date.now() - started).toBeLessThan(1500);
});
