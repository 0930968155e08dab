/**
 * Issue 12, page weight: the SPA is served from a build made once (src/web-build), every script
 * and stylesheet precompressed in the encoding the client accepts, and the public chat /chat/{id}
 * is a page of its own that reaches none of the app's dashboard or agent editor modules.
 * The server here reuses the current build in dist/web (the first run of a fresh clone builds it).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { negotiateEncoding } from "../src/web-build/assets";
import { WEB_OUT, type WebGraph, type WebManifest, webStamp } from "../src/web-build/manifest";
import { type AgentRow, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";

let app: TestApp;
let agent: AgentRow;
let owner: Awaited<ReturnType<typeof ownerWithAgent>>;
beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithAgent(app, {}, { name: "Bia da Loja" });
  agent = owner.agent;
}, 120_000);
afterAll(() => app.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.base}${path}`, { headers, decompress: false });

/** The /assets/ files a page names (its script, stylesheet and modulepreloads). */
async function pageAssets(path: string): Promise<string[]> {
  const html = await (await get(path)).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? "");
}

/** The build folder that serves these assets, with its module graph. */
function buildServing(urls: string[]): { manifest: WebManifest; graph: WebGraph } {
  for (const name of readdirSync(WEB_OUT)) {
    const dir = join(WEB_OUT, name);
    if (!existsSync(join(dir, "graph.json"))) continue;
    const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as WebManifest;
    if (urls.every((u) => u in manifest.assets)) return { manifest, graph: JSON.parse(readFileSync(join(dir, "graph.json"), "utf8")) as WebGraph };
  }
  throw new Error(`no build in ${WEB_OUT} serves ${urls.join(", ")}`);
}

/** Every output reachable from `roots`, following static imports and, with `dynamic`, import() too. */
function reach(graph: WebGraph, roots: string[], dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let url = stack.pop(); url !== undefined; url = stack.pop()) {
    if (seen.has(url)) continue;
    seen.add(url);
    const node = graph[url];
    if (node) stack.push(...node.imports, ...(dynamic ? node.dynamicImports : []));
  }
  return seen;
}

const inputsOf = (graph: WebGraph, urls: Set<string>) => [...urls].flatMap((u) => graph[u]?.inputs ?? []);

describe("[web] precompressed assets", () => {
  test("scripts and stylesheets come in br or gzip when accepted, the same bytes as identity, immutable", async () => {
    const assets = await pageAssets("/login");
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const plain = await get(asset, { "accept-encoding": "identity" });
      expect(plain.status).toBe(200);
      expect(plain.headers.get("content-encoding")).toBeNull();
      const bytes = new Uint8Array(await plain.arrayBuffer());

      const br = await get(asset, { "accept-encoding": "gzip, deflate, br" });
      expect(br.headers.get("content-encoding")).toBe("br");
      const brBody = new Uint8Array(await br.arrayBuffer());
      expect(brBody.length).toBeLessThan(bytes.length);
      expect(new Uint8Array(brotliDecompressSync(brBody))).toEqual(bytes);

      const gz = await get(asset, { "accept-encoding": "gzip" });
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(new Uint8Array(gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toEqual(bytes);

      for (const res of [plain, br, gz]) {
        expect(res.headers.get("vary")).toBe("Accept-Encoding");
        expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(res.headers.get("content-type")).toContain(asset.endsWith(".css") ? "text/css" : "text/javascript");
      }
    }
  });

  test("refused encodings (q=0) and a client that names neither get identity", async () => {
    const [asset = ""] = (await pageAssets("/login")).filter((a) => a.endsWith(".js"));
    for (const header of ["br;q=0, gzip;q=0", "deflate", "identity"]) {
      const res = await get(asset, { "accept-encoding": header });
      expect(res.headers.get("content-encoding")).toBeNull();
    }
    expect((await get(asset, { "accept-encoding": "br;q=0, *" })).headers.get("content-encoding")).toBe("gzip");
  });

  test("negotiation honours q-values and the wildcard, brotli first on a tie", () => {
    expect(negotiateEncoding("gzip, br", ["br", "gzip"])).toBe("br");
    expect(negotiateEncoding("gzip;q=1, br;q=0.5", ["br", "gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBeNull();
    expect(negotiateEncoding("*;q=0.1", ["br", "gzip"])).toBe("br");
    expect(negotiateEncoding(null, ["br", "gzip"])).toBeNull();
  });

  test("an asset answers 304 to its ETag, and a name the build lacks is a 404, not the page", async () => {
    const [asset = ""] = await pageAssets("/login");
    const first = await get(asset, { "accept-encoding": "br" });
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect((await get(asset, { "accept-encoding": "br", "if-none-match": etag })).status).toBe(304);
    const missing = await get("/assets/nao-existe-123.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).not.toContain("text/html");
  });
});

describe("[web] split by route", () => {
  test("the public chat reaches none of the dashboard's, agent editor's or app's modules; the app does", async () => {
    const chatRoots = await pageAssets(`/chat/${agent.id}`);
    const appRoots = await pageAssets("/dashboard");
    const { graph } = buildServing([...chatRoots, ...appRoots]);
    // Everything the chat page could ever load, import() included.
    const chat = inputsOf(graph, reach(graph, chatRoots.filter((u) => u.endsWith(".js")), true));
    const app = inputsOf(graph, reach(graph, appRoots.filter((u) => u.endsWith(".js")), true));
    expect(chat.some((i) => i.includes("web/features/public-chat/"))).toBe(true);
    for (const heavy of ["web/features/dashboard/", "web/features/agents/", "node_modules/chart.js/", "node_modules/@trpc/", "node_modules/@tanstack/"]) {
      expect({ heavy, inChat: chat.some((i) => i.includes(heavy)) }).toEqual({ heavy, inChat: false });
      expect({ heavy, inApp: app.some((i) => i.includes(heavy)) }).toEqual({ heavy, inApp: true });
    }
    for (const url of reach(graph, chatRoots, true)) expect((await get(url)).status).toBe(200);
  });

  test("page weight stays within issue 12's budgets, brotli: /chat/{id} ≤ 100 kB of JS, /login ≤ 120 kB, CSS ≤ 20 kB", async () => {
    const chatRoots = await pageAssets(`/chat/${agent.id}`);
    const loginRoots = await pageAssets("/login");
    const appRoots = await pageAssets("/dashboard");
    const { manifest, graph } = buildServing([...chatRoots, ...loginRoots, ...appRoots]);
    const brBytes = (urls: Iterable<string>) => [...urls].reduce((sum, u) => sum + (manifest.assets[u]?.encodings.br ?? Number.POSITIVE_INFINITY), 0);
    // What the page loads before its first paint: its scripts and their static imports.
    const firstPaint = (roots: string[]) => reach(graph, roots.filter((u) => u.endsWith(".js")), false);
    expect(brBytes(firstPaint(chatRoots))).toBeLessThanOrEqual(100_000);
    expect(brBytes(firstPaint(loginRoots))).toBeLessThanOrEqual(120_000);
    for (const css of new Set([...chatRoots, ...loginRoots, ...appRoots].filter((u) => u.endsWith(".css")))) {
      expect({ css, br: brBytes([css]) <= 20_000 }).toEqual({ css, br: true });
    }
    // The visitor's page validates nothing with zod (a module of src/schemas that builds schemas pulls all of it in).
    expect(inputsOf(graph, firstPaint(chatRoots)).filter((i) => i.includes("node_modules/zod/"))).toEqual([]);
  });

  test("the orchestration graph's stylesheet is its own file, linked when a graph renders, not part of every page's CSS", async () => {
    const appCss = (await pageAssets("/dashboard")).filter((u) => u.endsWith(".css"));
    const { manifest } = buildServing(appCss);
    const flow = Object.keys(manifest.assets).find((u) => /^\/assets\/style-[^/]+\.css$/.test(u));
    expect(flow).toBeDefined();
    const served = await get(flow ?? "", { "accept-encoding": "br" });
    expect([served.status, served.headers.get("content-encoding")]).toEqual([200, "br"]);
    for (const css of appCss) expect(await (await get(css)).text()).not.toContain(".react-flow__node");
  });

  test("the dashboard loads chart.js only through import(), when the chart renders", async () => {
    const roots = (await pageAssets("/dashboard")).filter((u) => u.endsWith(".js"));
    const { graph } = buildServing(roots);
    const dashboard = Object.keys(graph).find((u) => graph[u]?.inputs.some((i) => i.endsWith("web/features/dashboard/pages/dashboard.tsx")));
    expect(dashboard).toBeDefined();
    const eager = inputsOf(graph, reach(graph, [...roots, dashboard ?? ""], false));
    expect(eager.some((i) => i.includes("web/features/dashboard/pages/dashboard.tsx"))).toBe(true);
    expect(eager.some((i) => i.includes("node_modules/chart.js/"))).toBe(false);
    expect(inputsOf(graph, reach(graph, [dashboard ?? ""], true)).some((i) => i.includes("node_modules/chart.js/"))).toBe(true);
  });

  test("/login preloads its own page chunk with the entry; other pages do not", async () => {
    const login = await pageAssets("/login");
    const terms = await pageAssets("/termos");
    const { graph } = buildServing([...login, ...terms]);
    const loginChunk = Object.keys(graph).find((u) => graph[u]?.inputs.some((i) => i.endsWith("web/features/auth/pages/login.tsx")));
    expect(login).toContain(loginChunk ?? "?");
    expect(terms).not.toContain(loginChunk ?? "?");
  });
});

describe("[web] the chat page", () => {
  test("carries its agent (no request before the first paint); a renamed agent changes the page and its ETag", async () => {
    const first = await get(`/chat/${agent.id}`);
    const html = await first.text();
    expect(html).toContain('<meta name="atenda-agent"');
    expect(html).toContain("Bia da Loja");
    expect(html).not.toContain("allowedDomains");
    const renamed = await owner.client.request("PATCH", `/api/v1/agents/${agent.id}`, { body: { name: "Bia <Nova> & Cia" } });
    expect(renamed.status).toBe(200);
    const again = await get(`/chat/${agent.id}`, { "if-none-match": first.headers.get("etag") ?? "" });
    expect(again.status).toBe(200);
    const text = await again.text();
    expect(text).toContain("Bia &#60;Nova&#62; &#38; Cia");
    expect(text).not.toContain("<Nova>");
    const unknown = await (await get("/chat/00000000-0000-4000-8000-000000000000")).text();
    expect(unknown).not.toContain("atenda-agent");
  });
});

describe("[web] build stamp", () => {
  test("changes when a source's size or mtime changes, not otherwise", () => {
    const root = mkdtempSync(join(tmpdir(), "atenda-stamp-"));
    try {
      mkdirSync(join(root, "web", "lib"), { recursive: true });
      const file = join(root, "web", "lib", "a.ts");
      writeFileSync(file, "export const a = 1;\n");
      utimesSync(file, 1_700_000_000, 1_700_000_000);
      const first = webStamp(root);
      expect(webStamp(root)).toBe(first);
      utimesSync(file, 1_700_000_100, 1_700_000_100);
      const touched = webStamp(root);
      expect(touched).not.toBe(first);
      writeFileSync(join(root, "web", "lib", "b.ts"), "export const b = 2;\n");
      expect(webStamp(root)).not.toBe(touched);
      expect(webStamp()).toBe(webStamp());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
