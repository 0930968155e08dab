/**
 * The Meta Graph request shared by WhatsApp Cloud and Instagram (src/adapters/meta-graph): one
 * loopback Graph answers as told, and both clients must read it the same way.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { InstagramApiError, getAccount } from "../src/adapters/instagram/client";
import { GraphApiError, type GraphService, graphRequest } from "../src/adapters/meta-graph/client";
import { WhatsAppApiError, getPhoneNumber, sendText } from "../src/adapters/whatsapp-cloud/client";

type Answer = { status: number; body: string; headers?: Record<string, string>; delayMs?: number };
let next: Answer = { status: 200, body: "{}" };
const seen: { method: string; path: string; auth: string | null; type: string | null; body: string }[] = [];
let server: ReturnType<typeof Bun.serve>;
let baseUrl = "";

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      seen.push({ method: req.method, path: url.pathname + url.search, auth: req.headers.get("authorization"), type: req.headers.get("content-type"), body: await req.text() });
      if (next.delayMs) await Bun.sleep(next.delayMs);
      return new Response(next.body, { status: next.status, headers: { "content-type": "application/json", ...next.headers } });
    },
  });
  baseUrl = `http://127.0.0.1:${server.port}/`;
});
afterAll(() => server.stop(true));

const graphError = (status: number, error: Record<string, unknown>, headers?: Record<string, string>): Answer => ({ status, body: JSON.stringify({ error }), headers });
const conn = () => ({ baseUrl, version: "v21.0", accessToken: "tok-1" });
const wa = () => ({ ...conn(), phoneNumberId: "111" });
const ig = () => ({ ...conn(), pageId: "p-1", businessId: "ig-1" });
const TEST: GraphService = { name: "Teste", retryableCodes: new Set([777]), error: GraphApiError };
const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe("graphRequest", () => {
  test("calls {base}/{version}/{path} with the Bearer token and a JSON body, and returns the JSON object", async () => {
    next = { status: 200, body: JSON.stringify({ id: "x", ok: true }) };
    const body = await graphRequest(TEST, conn(), "111/messages", { method: "POST", body: { a: 1 } });
    expect(body).toEqual({ id: "x", ok: true });
    expect(seen.at(-1)).toEqual({ method: "POST", path: "/v21.0/111/messages", auth: "Bearer tok-1", type: "application/json", body: '{"a":1}' });
  });

  test("a Graph error body becomes the service's error with message, code, subcode and Retry-After", async () => {
    next = graphError(400, { message: "(#10) fora da janela", code: 10, error_subcode: 2018278 }, { "retry-after": "7" });
    const err = await failure(graphRequest(TEST, conn(), "x", { method: "GET" }));
    expect(err).toBeInstanceOf(GraphApiError);
    expect(err).toMatchObject({ message: "(#10) fora da janela", status: 400, code: 10, subcode: 2018278, retryable: false, retryAfterMs: 7000 });
  });

  test("retryable: 429, 5xx, Graph throttling codes, the service's own codes and is_transient", async () => {
    const cases: [Answer, boolean][] = [
      [graphError(429, { message: "devagar", code: 80007 }), true],
      [graphError(400, { message: "limite do app", code: 4 }), true],
      [graphError(400, { message: "código do serviço", code: 777 }), true],
      [graphError(400, { message: "transitório", code: 1, is_transient: true }), true],
      [graphError(400, { message: "parâmetro inválido", code: 100 }), false],
      [graphError(401, { message: "token inválido", code: 190 }), false],
    ];
    for (const [answer, retryable] of cases) {
      next = answer;
      const err = await failure(graphRequest(TEST, conn(), "x", { method: "GET" }));
      const message = (JSON.parse(answer.body) as { error: { message: string } }).error.message;
      expect({ message: (err as GraphApiError).message, retryable: (err as GraphApiError).retryable }).toEqual({ message, retryable });
    }
  });

  test("a non-JSON error page names the service and the status", async () => {
    next = { status: 502, body: "<html>Bad Gateway</html>" };
    const err = await failure(graphRequest(TEST, conn(), "x", { method: "GET" }));
    expect(err).toMatchObject({ message: "Teste respondeu 502", status: 502, code: null, retryable: true });
  });

  test("a Graph that does not answer in time is a retryable error without a status", async () => {
    next = { status: 200, body: "{}", delayMs: 300 };
    const err = await failure(graphRequest(TEST, conn(), "x", { method: "GET", timeoutMs: 50 }));
    expect(err).toBeInstanceOf(GraphApiError);
    expect(err).toMatchObject({ status: null, retryable: true });
    expect((err as Error).message).toStartWith("Teste inacessível:");
  });
});

describe("WhatsApp Cloud and Instagram share it", () => {
  test("each client throws its own error class, both Graph errors, each with its own retryable codes", async () => {
    next = graphError(400, { message: "(#131056) par limitado", code: 131056, error_subcode: 9 });
    const waErr = await failure(sendText({ ...wa(), to: "5511999999999", body: "oi" }));
    expect(waErr).toBeInstanceOf(WhatsAppApiError);
    expect(waErr).toBeInstanceOf(GraphApiError);
    expect(waErr).toMatchObject({ name: "WhatsAppApiError", code: 131056, subcode: 9, retryable: true });

    const igErr = await failure(getAccount(ig()));
    expect(igErr).toBeInstanceOf(InstagramApiError);
    expect(igErr).toBeInstanceOf(GraphApiError);
    // 131056 is WhatsApp's pair rate limit: it means nothing to Instagram.
    expect(igErr).toMatchObject({ name: "InstagramApiError", code: 131056, retryable: false });
  });

  test("both read an answer through the same request (path, version, token)", async () => {
    next = { status: 200, body: JSON.stringify({ id: "111", display_phone_number: "+55 11 4000-0000", verified_name: "Loja" }) };
    expect(await getPhoneNumber(wa())).toEqual({ id: "111", displayPhoneNumber: "+55 11 4000-0000", verifiedName: "Loja" });
    expect(seen.at(-1)).toMatchObject({ method: "GET", path: "/v21.0/111?fields=display_phone_number,verified_name", auth: "Bearer tok-1" });
    next = { status: 200, body: JSON.stringify({ id: "ig-1", username: "loja" }) };
    expect(await getAccount(ig())).toEqual({ id: "ig-1", username: "loja" });
    expect(seen.at(-1)).toMatchObject({ method: "GET", path: "/v21.0/ig-1?fields=id,username", auth: "Bearer tok-1" });
  });
});
