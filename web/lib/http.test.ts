import { afterEach, describe, expect, mock, test } from "bun:test";
import { backoffDelay, extractErrorMessage, HttpError, request, shouldRetry, withQuery } from "./http";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Replaces fetch with a scripted sequence of answers and records the calls. */
function scriptFetch(answers: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = mock(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = answers.shift();
    if (!next) throw new Error("sem resposta programada");
    if (next instanceof Error) throw next;
    return next;
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("error message extraction (§8)", () => {
  test("error.message, then message, then raw text, then status text", () => {
    expect(extractErrorMessage("", { error: { message: "A" }, message: "B" }, "S")).toBe("A");
    expect(extractErrorMessage("", { message: "B" }, "S")).toBe("B");
    expect(extractErrorMessage("texto cru", undefined, "S")).toBe("texto cru");
    expect(extractErrorMessage("", undefined, "Bad Gateway")).toBe("Bad Gateway");
  });
});

describe("retry rules (§8)", () => {
  test("reads retry on no response, 401, 408 and 5xx; writes only on no response and 5xx", () => {
    for (const s of [0, 401, 408, 500, 503]) expect(shouldRetry("GET", s)).toBe(true);
    for (const s of [400, 403, 404, 429]) expect(shouldRetry("GET", s)).toBe(false);
    for (const s of [0, 500, 502]) expect(shouldRetry("POST", s)).toBe(true);
    for (const s of [401, 408, 400, 409]) expect(shouldRetry("POST", s)).toBe(false);
  });

  test("backoff doubles from 1 s, caps at 10 s and adds at most 10% jitter", () => {
    expect(backoffDelay(0, () => 0)).toBe(1000);
    expect(backoffDelay(1, () => 0)).toBe(2000);
    expect(backoffDelay(5, () => 0)).toBe(10_000);
    expect(backoffDelay(0, () => 1)).toBe(1100);
    expect(backoffDelay(9, () => 1)).toBe(11_000);
  });
});

describe("request", () => {
  test("GET with on401 'null' resolves null after a single call", async () => {
    const calls = scriptFetch([json(401, { error: { code: "UNAUTHORIZED", message: "x" } })]);
    expect(await request("/api/v1/auth/user", { on401: "null" })).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.credentials).toBe("include");
  });

  test("a login 401 is not retried and carries status and server message", async () => {
    const calls = scriptFetch([json(401, { error: { code: "UNAUTHORIZED", message: "Email ou senha incorretos." } })]);
    const err = await request("/api/v1/auth/login", { method: "POST", body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(401);
    expect((err as HttpError).message).toBe("Email ou senha incorretos.");
    expect(calls).toHaveLength(1);
  });

  test("writes send the x-csrf-token read from the atenda_csrf cookie", async () => {
    const doc = { cookie: "outro=1; atenda_csrf=tok%2D123" };
    (globalThis as { document?: unknown }).document = doc;
    try {
      const calls = scriptFetch([json(200, { data: { ok: true } })]);
      expect(await request<{ ok: boolean }>("/api/v1/x", { method: "POST", body: { a: 1 } })).toEqual({ ok: true });
      expect(new Headers(calls[0]?.init.headers).get("x-csrf-token")).toBe("tok-123");
    } finally {
      (globalThis as { document?: unknown }).document = undefined;
    }
  });

  test("answers are unwrapped from data", async () => {
    scriptFetch([json(200, { data: [1, 2] })]);
    expect(await request<number[]>("/api/v1/list")).toEqual([1, 2]);
  });
});

describe("withQuery", () => {
  test("skips empty values", () => {
    expect(withQuery("/p", { a: 1, b: "", c: null, d: undefined, e: false })).toBe("/p?a=1&e=false");
    expect(withQuery("/p", { b: "" })).toBe("/p");
  });
});
