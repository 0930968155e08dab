/**
 * bun bench/web.ts → JSON. Page weight and paint of the SPA as a visitor lives it:
 *  1. bytes per route (/login, /chat/{id}, /dashboard logged in): every script and stylesheet the
 *     page loads in Chromium with a cold cache, summed raw, gzip and br (each file fetched again in
 *     each encoding) and as transferred by the browser;
 *  2. Largest Contentful Paint of /login and /chat/{id} in Chromium under a slow-4G profile set
 *     through the DevTools protocol (150 ms latency, 1.6 Mbps down, 750 kbps up), median of runs.
 * It spawns the app (bun src/server.ts on a temp DATA_DIR; the SPA is built first if needed),
 * registers an owner and creates an agent over HTTP, measures, and kills everything.
 * BENCH_WEB_RUNS (default 5) LCP runs per page; BENCH_APP_DIR serves another checkout (a before/after);
 * BENCH_CPU_THROTTLE (default 1) also slows the page's CPU through the DevTools protocol.
 */
import { type Subprocess, spawn } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { Client } from "../test/helpers/client";
import { spawnEnv } from "../test/helpers/spawned";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
const APP_DIR = resolve(process.env.BENCH_APP_DIR ?? join(import.meta.dir, ".."));
/** Lighthouse's slow 4G: round trip 150 ms, 1.6 Mbps down, 750 kbps up (bytes per second for CDP). */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

type Sizes = { files: number; raw: number; gzip: number; br: number; transferred: number };
type Loaded = { url: string; kind: "js" | "css"; transferred: number };

async function startApp(dataDir: string, port: number): Promise<{ base: string; proc: Subprocess }> {
  const proc = spawn([process.execPath, "src/server.ts"], { cwd: APP_DIR, env: spawnEnv(dataDir, port), stdout: "ignore", stderr: "inherit" });
  const base = `http://127.0.0.1:${port}`;
  // A first boot builds the SPA before it listens: allow it a while.
  for (let i = 0; i < 1200; i++) {
    if (await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false)) return { base, proc };
    await Bun.sleep(100);
  }
  proc.kill("SIGKILL");
  throw new Error("app did not become healthy");
}

/** An owner with one agent, over HTTP like an operator; its cookies let the browser open /dashboard. */
async function setup(base: string) {
  const owner = await new Client(base).warmUp();
  const reg = await owner.post("/api/v1/auth/register", {
    email: `bench.${Date.now().toString(36)}@exemplo.com.br`,
    phoneNumber: "+55 (11) 98765-4321",
    firstName: "Dona",
    lastName: "Loja",
    password: "senha-segura-1",
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
  const agent = await owner.post<{ id: string }>("/api/v1/agents", { name: "Ana", activity: "Atendimento da loja" });
  if (agent.status !== 201) throw new Error(`agent: ${agent.status}`);
  const cookies = [...owner.jar].map(([name, c]) => ({ name, value: c.value, url: base }));
  return { agentId: agent.data.id, cookies };
}

/** Size of one file as served in an encoding (Content-Length, else the body read without decoding). */
async function servedBytes(url: string, encoding: string): Promise<number> {
  const res = await fetch(url, { headers: { "accept-encoding": encoding }, decompress: false });
  const body = await res.arrayBuffer();
  return Number(res.headers.get("content-length") ?? body.byteLength);
}

/** The scripts and stylesheets a cold load of `path` fetches (dynamic chunks included), with the browser's transfer size. */
async function pageLoads(context: BrowserContext, url: string): Promise<Loaded[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const byId = new Map<string, { url: string; kind: "js" | "css" }>();
  const loaded: Loaded[] = [];
  cdp.on("Network.responseReceived", (e) => {
    const kind = e.type === "Script" ? "js" : e.type === "Stylesheet" ? "css" : null;
    if (kind) byId.set(e.requestId, { url: e.response.url, kind });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = byId.get(e.requestId);
    if (r) loaded.push({ ...r, transferred: e.encodedDataLength });
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  await page.close();
  return loaded;
}

async function weigh(loaded: Loaded[], kind: "js" | "css"): Promise<Sizes> {
  const files = [...new Map(loaded.filter((l) => l.kind === kind).map((l) => [l.url, l])).values()];
  const out: Sizes = { files: files.length, raw: 0, gzip: 0, br: 0, transferred: 0 };
  for (const f of files) {
    out.raw += await servedBytes(f.url, "identity");
    out.gzip += await servedBytes(f.url, "gzip");
    out.br += await servedBytes(f.url, "br");
    out.transferred += f.transferred;
  }
  return out;
}

/** LCP (ms) of one cold load under slow 4G, and what the largest element was. */
async function lcpOnce(context: BrowserContext, url: string): Promise<{ ms: number; element: string; encoding: string }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  if (CPU_THROTTLE > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
  let encoding = "";
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script" && !encoding) encoding = String(e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"] ?? "identity");
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { ms: number; element: string } };
    w.__lcp = { ms: 0, element: "" };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        w.__lcp = { ms: e.startTime, element: `${e.element?.tagName ?? "?"}: ${(e.element?.textContent ?? "").trim().slice(0, 40)}` };
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
  // The network may go idle while the scripts still run: wait until an LCP exists and holds 1 s.
  const read = () => page.evaluate(() => (window as unknown as { __lcp: { ms: number; element: string } }).__lcp);
  let lcp = await read();
  for (let stable = 0, i = 0; stable < 10 && i < 600; i++) {
    await page.waitForTimeout(100);
    const now = await read();
    stable = now.ms > 0 && now.ms === lcp.ms ? stable + 1 : 0;
    lcp = now;
  }
  await page.close();
  return { ms: Math.round(lcp.ms), element: lcp.element, encoding };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

const dataDir = mkdtempSync(join(tmpdir(), "atenda-bench-web-"));
const port = 21000 + Math.floor(Math.random() * 9000);
let app: { base: string; proc: Subprocess } | null = null;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
});
try {
  const bootStarted = performance.now();
  app = await startApp(dataDir, port);
  const bootMs = Math.round(performance.now() - bootStarted);
  const { agentId, cookies } = await setup(app.base);
  const routes: Record<string, { path: string; loggedIn: boolean }> = {
    login: { path: "/login", loggedIn: false },
    chat: { path: `/chat/${agentId}`, loggedIn: false },
    dashboard: { path: "/dashboard", loggedIn: true },
  };
  const bytes: Record<string, { js: Sizes; css: Sizes }> = {};
  for (const [name, r] of Object.entries(routes)) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: "pt-BR" });
    if (r.loggedIn) await context.addCookies(cookies);
    const loaded = await pageLoads(context, `${app.base}${r.path}`);
    bytes[name] = { js: await weigh(loaded, "js"), css: await weigh(loaded, "css") };
    await context.close();
  }
  const lcp: Record<string, { medianMs: number; runsMs: number[]; element: string; scriptEncoding: string }> = {};
  for (const name of ["login", "chat"] as const) {
    const runs: { ms: number; element: string; encoding: string }[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A phone-sized viewport, a fresh context (cold cache, no cookies) per run.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: "pt-BR", isMobile: true });
      runs.push(await lcpOnce(context, `${app.base}${routes[name]?.path ?? "/"}`));
      await context.close();
    }
    lcp[name] = { medianMs: median(runs.map((r) => r.ms)), runsMs: runs.map((r) => r.ms), element: runs.at(-1)?.element ?? "", scriptEncoding: runs.at(-1)?.encoding ?? "" };
  }
  console.log(
    JSON.stringify(
      {
        bench: "web",
        appDir: APP_DIR,
        bootMs,
        network: { profile: "slow-4g", latencyMs: SLOW_4G.latency, downKbps: 1600, upKbps: 750, cpuThrottle: CPU_THROTTLE },
        bytes,
        lcp,
        targets: { chatJsCompressedKb: 100, loginJsCompressedKb: 120, cssCompressedKb: 20, lcpMs: 1500 },
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  if (app) {
    app.proc.kill("SIGTERM");
    await app.proc.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
