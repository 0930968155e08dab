/**
 * `npm run build` must give one executable that carries the SPA and the migrations and boots on
 * an empty data dir. Build it, start it from an empty temp dir, and use it over HTTP.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Subprocess, spawn, spawnSync } from "bun";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { makeDocx } from "./fixtures/documents";
import { zipBombDocx } from "./fixtures/heavy-documents";

const workDir = mkdtempSync(join(tmpdir(), "atenda-bin-"));
const binary = join(workDir, "atenda");
let proc: Subprocess | null = null;
let base = "";

beforeAll(async () => {
  const build = spawnSync([process.execPath, "scripts/build-bin.ts", binary], { cwd: resolve(import.meta.dir, ".."), stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dataDir = join(workDir, "data");
  // Run from an empty cwd so nothing from the repo (migrations, web/) can be read from disk.
  proc = spawn([binary], {
    cwd: workDir,
    env: { PATH: process.env.PATH ?? "", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ADMIN_EMAIL: "bin@atenda.test", ADMIN_PASSWORD: "bin-password", LOG_LEVEL: "warn", TMPDIR: workDir },
    stdout: "ignore",
    stderr: "inherit",
  });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await Bun.sleep(100);
  }
  throw new Error("binary did not answer /api/v1/health");
}, 180_000);

afterAll(() => {
  proc?.kill();
  rmSync(workDir, { recursive: true, force: true });
});

test("[binary]: one self-contained executable is produced", () => {
  expect(statSync(binary).size).toBeGreaterThan(50 * 1024 * 1024);
});

test("[binary]: boots on an empty data dir, migrates, seeds the admin and serves the SPA", async () => {
  const page = await fetch(`${base}/login`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("<div id=\"root\"");
  const scriptSrc = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
  expect(scriptSrc).toBeTruthy();
  const js = await fetch(new URL(scriptSrc ?? "", base));
  expect(js.status).toBe(200);

  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bin@atenda.test", password: "bin-password" }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const workspaces = (await (await fetch(`${base}/api/v1/workspaces`, { headers: { cookie } })).json()) as { data: { name: string }[] };
  expect(workspaces.data.map((w) => w.name)).toContain("Workspace Demo");

  // The job worker is a second entrypoint inside the binary: training a text must reach "ready".
  const csrf = cookie.match(/atenda_csrf=([^;]+)/)?.[1] ?? "";
  const headers = { "content-type": "application/json", cookie, "x-csrf-token": csrf };
  const agent = (await (await fetch(`${base}/api/v1/agents`, { method: "POST", headers, body: JSON.stringify({ name: "Binário", activity: "Teste" }) })).json()) as { data: { id: string } };
  const add = await fetch(`${base}/trpc/training.addText`, {
    method: "POST",
    headers,
    body: JSON.stringify({ json: { agentId: agent.data.id, body: { content: "Funcionamos de segunda a sexta, das 9h às 18h." } } }),
  });
  expect(add.status).toBe(200);
  let status = "";
  for (let i = 0; i < 100 && status !== "ready"; i++) {
    await Bun.sleep(100);
    const list = await fetch(`${base}/trpc/training.list?input=${encodeURIComponent(JSON.stringify({ json: { agentId: agent.data.id } }))}`, { headers });
    status = ((await list.json()) as { result: { data: { json: { status: string }[] } } }).result.data.json[0]?.status ?? "";
  }
  expect(status).toBe("ready");

  // Documents are read by the executable re-run as the extraction subprocess (issue 11): a DOCX
  // trains, a zip bomb fails with its reason.
  const upload = async (name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name));
    const res = await fetch(`${base}/api/v1/agents/${agent.data.id}/training/documents`, { method: "POST", headers: { cookie, "x-csrf-token": csrf }, body: form });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    for (let i = 0; i < 300; i++) {
      await Bun.sleep(100);
      const list = await fetch(`${base}/trpc/training.list?input=${encodeURIComponent(JSON.stringify({ json: { agentId: agent.data.id } }))}`, { headers });
      const rows = ((await list.json()) as { result: { data: { json: { id: string; status: string; errorMessage: string | null }[] } } }).result.data.json;
      const row = rows.find((r) => r.id === id);
      if (row && (row.status === "ready" || row.status === "failed")) return row;
    }
    throw new Error(`${name} did not settle`);
  };
  const docx = await upload("garantia.docx", await makeDocx("Garantia", ["Todos os produtos têm garantia de noventa dias."]));
  expect({ status: docx.status, error: docx.errorMessage }).toEqual({ status: "ready", error: null });
  const bomb = await upload("bomba.docx", await zipBombDocx(60));
  expect({ status: bomb.status, error: bomb.errorMessage }).toEqual({ status: "failed", error: "O documento é grande demais depois de descompactado (limite: 50 MB)." });
}, 60_000);

test("[binary]: the embeddable widget is inside the executable", async () => {
  const res = await fetch(`${base}/widget.js`, { headers: { "accept-encoding": "identity" } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
  const js = await res.text();
  expect(js).toContain("attachShadow");
  expect(js).toContain("data-agent-id");
});
