/**
 * Issue 11, defect 11: security headers on every answer, the SPA's pages included (Bun serves its
 * bundle). /chat/{id} may be framed only by the agent's allowed sites; the widget script stays
 * loadable from any site.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { embedFrameAncestors } from "../src/lib/embed-origin";
import { type TestApp, startTestApp } from "./helpers/app";
import { type AgentRow, ownerWithAgent } from "./helpers/agents";
import { Client } from "./helpers/client";

let app: TestApp;
let listed: AgentRow;
let open: AgentRow;
beforeAll(async () => {
  app = await startTestApp();
  listed = (await ownerWithAgent(app, { allowedDomains: ["loja.com.br", "*.parceiro.com", "localhost:5173", "10.0.0.7"] })).agent;
  open = (await ownerWithAgent(app, { allowedDomains: [] })).agent;
});
afterAll(() => app.stop());

/** CSP directives by name: "frame-ancestors" → ["'none'"]. */
function csp(res: Response): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (res.headers.get("content-security-policy") ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.base}${path}`, { headers, redirect: "manual" });

function expectBaseHeaders(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

describe("[edge] security headers (defect 11)", () => {
  test("SPA pages: a CSP without inline scripts that cannot be framed, nosniff, Referrer-Policy", async () => {
    for (const path of ["/", "/login", "/agents/123/edit"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expectBaseHeaders(res);
      const policy = csp(res);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("script-src")).toContain("'self'");
      expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
      expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'self'"]);
    }
  });

  test("the SPA HTML has no inline <script> (every script has a src), and its assets still load", async () => {
    const res = await get("/");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs = "", body = ""] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/[^"]+"/);
      expect(body.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1] ?? "");
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await get(asset)).status).toBe(200);
  });

  test("an unchanged SPA page answers 304 to its ETag", async () => {
    const first = await get("/conversations");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await get("/conversations", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  });

  test("API answers (REST, tRPC, 404s, webhooks) carry nosniff, Referrer-Policy and a deny-all CSP", async () => {
    const client = await new Client(app.base).warmUp();
    const answers = [
      await get("/api/v1/health"),
      await get("/api/v1/nada-aqui"),
      await get("/trpc/auth.me"),
      await get("/webhooks/whatsapp?hub.mode=subscribe"),
      await fetch(`${app.base}/api/v1/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    ];
    expect((await client.get("/api/v1/auth/user")).headers.get("x-content-type-options")).toBe("nosniff");
    for (const res of answers) {
      expectBaseHeaders(res);
      expect(csp(res).get("default-src")).toEqual(["'none'"]);
      expect(csp(res).get("frame-ancestors")).toEqual(["'none'"]);
    }
  });

  test("/chat/{id}: framing follows the agent's allowed domains (any port, http or https)", async () => {
    const res = await get(`/chat/${listed.id}`);
    expect(res.status).toBe(200);
    expectBaseHeaders(res);
    const ancestors = csp(res).get("frame-ancestors") ?? [];
    expect(ancestors).toContain("'self'");
    for (const source of [
      "https://loja.com.br:*",
      "http://loja.com.br:*",
      "https://*.loja.com.br:*",
      "https://*.parceiro.com:*",
      "http://localhost:5173",
      "https://localhost:5173",
      "http://10.0.0.7:*",
    ]) {
      expect(ancestors).toContain(source);
    }
    expect(ancestors).not.toContain("https://parceiro.com:*");
    expect(ancestors).not.toContain("*");
    expect(ancestors).not.toContain("'none'");
    // Everything but the framing rule is the SPA's policy.
    expect(csp(res).get("script-src")).not.toContain("'unsafe-inline'");
  });

  test("/chat/{id}: an empty list lets any site frame it; an unknown agent none", async () => {
    expect(csp(await get(`/chat/${open.id}`)).get("frame-ancestors")).toEqual(["*"]);
    expect(csp(await get("/chat/00000000-0000-4000-8000-000000000000")).get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp(await get("/chat/nao-e-um-id")).get("frame-ancestors")).toEqual(["'none'"]);
  });

  test("frame-ancestors sources: the embed rule per entry; an entry that is not a host adds nothing", () => {
    expect(embedFrameAncestors(["www.loja.com.br"])).toEqual([
      "'self'",
      "https://www.loja.com.br:*",
      "http://www.loja.com.br:*",
      "https://*.www.loja.com.br:*",
      "http://*.www.loja.com.br:*",
      "https://loja.com.br:*",
      "http://loja.com.br:*",
    ]);
    expect(embedFrameAncestors(["*.10.0.0.1", "loja.com.br; script-src *", "a b.com", "https://x.com"])).toEqual(["'self'"]);
  });

  test("HSTS only over https (here: the trusted proxy's X-Forwarded-Proto)", async () => {
    expect((await get("/")).headers.get("strict-transport-security")).toBeNull();
    expect((await get("/api/v1/health")).headers.get("strict-transport-security")).toBeNull();
    const https = await get("/", { "x-forwarded-proto": "https" });
    expect(https.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
    expect((await get("/api/v1/health", { "x-forwarded-proto": "https" })).headers.get("strict-transport-security")).toMatch(/^max-age=/);
  });

  test("widget.js stays loadable from any site", async () => {
    const res = await get("/widget.js", { origin: "https://qualquer-site.com.br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cross-origin-resource-policy") ?? "cross-origin").toBe("cross-origin");
  });
});
