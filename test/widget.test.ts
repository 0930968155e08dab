/** The embeddable widget: /widget.js itself, and allowedDomains + CORS on the public paths it calls. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { chatFeedback, conversations, messages } from "../db/schema";
import { EMBED_REFUSED } from "../src/api/embed-cors";
import { embedOriginAllowed } from "../src/lib/embed-origin";
import { startFakeOpenAi } from "./fakes/openai";
import { type TestApp, startTestApp } from "./helpers/app";
import { type AgentRow, ledger, ownerWithAgent, setWallet, visitorIp } from "./helpers/agents";

const APP_URL = "https://atenda.exemplo.com.br";
const SHOP = "https://loja.com.br";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
/** allowedDomains: ["loja.com.br"] */
let listed: { agent: AgentRow; workspaceId: string };
/** allowedDomains: [] */
let open: { agent: AgentRow; workspaceId: string };

beforeAll(async () => {
  // A real (fake) provider: an accepted message costs credits and reaches the model, so "nothing
  // stored, nothing charged" for a refused one is a claim these tests can see fail.
  fake = await startFakeOpenAi();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url, APP_URL });
  listed = await ownerWithAgent(app, { allowedDomains: ["loja.com.br"], companyDetails: "Entregamos em todo o Brasil." });
  open = await ownerWithAgent(app, { allowedDomains: [] });
  await setWallet(app, listed.workspaceId, { regular: 1000 });
  await setWallet(app, open.workspaceId, { regular: 1000 });
});
afterAll(async () => {
  await app.stop();
  fake.stop();
});

function post(agentId: string, origin: string | null, path = "chat-external", body: unknown = { message: "Vocês entregam?", sessionId: "widget-teste" }) {
  const headers: Record<string, string> = { "content-type": "application/json", "x-forwarded-for": visitorIp() };
  if (origin) headers.origin = origin;
  return fetch(`${app.base}/api/v1/agents/${agentId}/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

const getAgent = (agentId: string, origin: string | null) =>
  fetch(`${app.base}/api/v1/public/agents/${agentId}`, { headers: origin ? { origin } : {} });

const preflight = (path: string, origin: string) =>
  fetch(`${app.base}${path}`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, accept" },
  });

describe("[widget] GET /widget.js", () => {
  test("served as JavaScript with a cache header, at most 30 kB gzipped", async () => {
    const res = await fetch(`${app.base}/widget.js`, { headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("max-age=300");
    expect(res.headers.get("content-encoding")).toBeNull();
    const js = await res.text();
    expect(js).toContain("data-agent-id");
    expect(js).toContain("attachShadow");
    expect(js).not.toContain("innerHTML = text");
    // It must parse as a classic script (no import/export, no TS syntax).
    expect(() => new Function(js)).not.toThrow();
    const gz = Bun.gzipSync(new TextEncoder().encode(js));
    console.log(`widget.js: ${js.length} bytes, ${gz.byteLength} bytes gzipped`);
    expect(gz.byteLength).toBeLessThanOrEqual(30 * 1024);
  });

  test("gzip when the client accepts it; 304 on a matching ETag", async () => {
    const plain = await (await fetch(`${app.base}/widget.js`, { headers: { "accept-encoding": "identity" } })).text();
    const res = await fetch(`${app.base}/widget.js`, { headers: { "accept-encoding": "gzip, deflate" }, decompress: false });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    const raw = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(Bun.gunzipSync(raw))).toBe(plain);
    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${app.base}/widget.js`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });
});

describe("[widget] allowedDomains on the public chat", () => {
  test("a foreign site is refused 403 with the standard error shape; nothing stored, nothing charged, no model call", async () => {
    const ledgerBefore = (await ledger(app, listed.workspaceId)).length;
    const modelCalls = fake.chatRequests().length;
    for (const origin of ["https://outra-loja.com.br", "https://loja.com.br.golpe.com", "https://falsaloja.com.br", "null"]) {
      const res = await post(listed.agent.id, origin);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: "FORBIDDEN", message: EMBED_REFUSED } });
      // Readable by the widget (so it can show why), but never with credentials.
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
    const feedback = await post(listed.agent.id, "https://outra-loja.com.br", "feedback", { feedbackType: "like", agentResponse: "Oi" });
    expect(feedback.status).toBe(403);
    const sse = await fetch(`${app.base}/api/v1/agents/${listed.agent.id}/chat-external`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", origin: "https://outra-loja.com.br" },
      body: JSON.stringify({ message: "Oi" }),
    });
    expect(sse.status).toBe(403);
    expect(sse.headers.get("content-type")).toContain("application/json");

    const get = await getAgent(listed.agent.id, "https://outra-loja.com.br");
    expect(get.status).toBe(403);
    expect(((await get.json()) as { error: { message: string } }).error.message).toBe(EMBED_REFUSED);

    expect(await app.deps.db.select().from(conversations).where(eq(conversations.agentId, listed.agent.id))).toHaveLength(0);
    expect(await app.deps.db.select().from(messages).where(eq(messages.workspaceId, listed.workspaceId))).toHaveLength(0);
    expect(await app.deps.db.select().from(chatFeedback).where(eq(chatFeedback.agentId, listed.agent.id))).toHaveLength(0);
    expect((await ledger(app, listed.workspaceId)).length).toBe(ledgerBefore);
    expect(fake.chatRequests().length).toBe(modelCalls);
  });

  test("the listed domain and its subdomains are answered, with the origin echoed (never *)", async () => {
    const ledgerBefore = (await ledger(app, listed.workspaceId)).length;
    for (const origin of [SHOP, "https://www.loja.com.br", "http://blog.loja.com.br:8080"]) {
      const res = await post(listed.agent.id, origin);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      expect(res.headers.get("vary")).toContain("Origin");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
      expect(((await res.json()) as { response: string }).response.length).toBeGreaterThan(0);
    }
    // The answers really ran and were charged: the refusal above is what kept the ledger still.
    expect((await ledger(app, listed.workspaceId)).length).toBeGreaterThan(ledgerBefore);
    expect((await app.deps.db.select().from(conversations).where(eq(conversations.agentId, listed.agent.id))).length).toBeGreaterThan(0);

    const get = await getAgent(listed.agent.id, "https://www.loja.com.br");
    expect(get.status).toBe(200);
    expect(get.headers.get("access-control-allow-origin")).toBe("https://www.loja.com.br");
    expect(((await get.json()) as { data: { name: string } }).data.name).toBe("Ana Atendente");
  });

  test("the SSE reply carries the CORS header for an allowed site", async () => {
    const res = await fetch(`${app.base}/api/v1/agents/${listed.agent.id}/chat-external`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", origin: SHOP, "x-forwarded-for": visitorIp() },
      body: JSON.stringify({ message: "Vocês entregam?", sessionId: "widget-sse" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(await res.text()).toContain("event: done");
  });

  test("preflight: answered for an allowed site (no cookie issued), refused without CORS headers otherwise", async () => {
    for (const path of [`/api/v1/agents/${listed.agent.id}/chat-external`, `/api/v1/public/agents/${listed.agent.id}`, `/api/v1/agents/${listed.agent.id}/feedback`]) {
      const ok = await preflight(path, SHOP);
      expect(ok.status).toBe(204);
      expect(ok.headers.get("access-control-allow-origin")).toBe(SHOP);
      expect(ok.headers.get("access-control-allow-headers")).toBe("content-type, accept");
      expect(ok.headers.get("access-control-allow-methods")).toContain(path.includes("public") ? "GET" : "POST");
      expect(ok.headers.get("vary")).toContain("Origin");
      expect(ok.headers.get("access-control-allow-credentials")).toBeNull();
      expect(ok.headers.getSetCookie()).toEqual([]);

      const refused = await preflight(path, "https://outra-loja.com.br");
      expect(refused.status).toBe(403);
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    }
    const missing = await preflight("/api/v1/agents/00000000-0000-4000-8000-000000000000/chat-external", SHOP);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("an empty allowedDomains accepts any site", async () => {
    for (const origin of ["https://qualquer-site.com", "http://localhost:5173"]) {
      const res = await post(open.agent.id, origin);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      const pre = await preflight(`/api/v1/agents/${open.agent.id}/chat-external`, origin);
      expect(pre.status).toBe(204);
    }
  });

  test("the product's own origin (APP_URL or the host serving the request) and origin-less calls are always accepted", async () => {
    for (const origin of [APP_URL, app.base, null]) {
      const res = await post(listed.agent.id, origin);
      expect({ origin, status: res.status }).toEqual({ origin, status: 200 });
      expect((await getAgent(listed.agent.id, origin)).status).toBe(200);
    }
  });

  test("editing allowedDomains takes effect on the next request", async () => {
    const fresh = await ownerWithAgent(app, { allowedDomains: ["antiga.com.br"] });
    expect((await getAgent(fresh.agent.id, SHOP)).status).toBe(403);
    const patch = await fresh.client.request("PATCH", `/api/v1/agents/${fresh.agent.id}`, { body: { allowedDomains: ["loja.com.br"] } });
    expect(patch.status).toBe(200);
    expect((await getAgent(fresh.agent.id, SHOP)).status).toBe(200);
  });
});

describe("[widget] CORS does not weaken the cookie-authenticated API", () => {
  test("other paths get no CORS headers and a cookie write still needs the CSRF token", async () => {
    const pre = await preflight("/api/v1/agents", SHOP);
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    const owner = await ownerWithAgent(app);
    const res = await owner.client.request("PATCH", `/api/v1/agents/${owner.agent.id}`, { body: { name: "Outro Nome" }, csrf: false, headers: { origin: SHOP } });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("[widget] domain matching rule", () => {
  const cases: [string, string[], boolean][] = [
    ["https://loja.com.br", ["loja.com.br"], true],
    ["https://a.b.loja.com.br", ["loja.com.br"], true],
    ["https://loja.com.br.golpe.com", ["loja.com.br"], false],
    ["https://minhaloja.com.br", ["loja.com.br"], false],
    ["https://loja.com.br", ["*.loja.com.br"], false],
    ["https://www.loja.com.br", ["*.loja.com.br"], true],
    ["https://loja.com.br", ["www.loja.com.br"], true],
    ["https://blog.loja.com.br", ["www.loja.com.br"], false],
    ["http://localhost:5173", ["localhost:5173"], true],
    ["http://localhost:5174", ["localhost:5173"], false],
    ["https://loja.com.br", ["loja.com.br:443"], true],
    ["http://127.0.0.1:8080", ["127.0.0.1"], true],
    ["http://x.127.0.0.1", ["127.0.0.1"], false],
    ["null", ["loja.com.br"], false],
    ["file://", ["loja.com.br"], false],
    ["null", [], true],
    ["https://LOJA.com.br", ["loja.com.br"], true],
  ];
  for (const [origin, list, expected] of cases) {
    test(`${origin} with [${list.join(", ")}] → ${expected ? "allowed" : "refused"}`, () => {
      expect(embedOriginAllowed(origin, list)).toBe(expected);
    });
  }
});
