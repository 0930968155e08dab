/**
 * Issue 11 #15: one Atenda per port and one per embedded database. A second process on a taken
 * port, or on a data dir another process is serving, refuses to start (pt-BR and English on the
 * console, non-zero exit); once the first stops, or dies, a new one starts on the same data dir.
 */
import { afterAll, expect, test } from "bun:test";
import { spawn } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type SpawnedServer, spawnEnv, spawnServer } from "./helpers/spawned";

const ROOT = resolve(import.meta.dir, "..");
const dirs: string[] = [];
const running: SpawnedServer[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), "atenda-instance-"));
  dirs.push(d);
  return d;
};
const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

afterAll(async () => {
  for (const s of running) await s.stop("SIGKILL").catch(() => {});
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts `bun src/server.ts` expecting it to give up: its exit code and console output. */
async function startExpectingRefusal(dataDir: string, port: number) {
  const proc = spawn([process.execPath, "src/server.ts"], {
    cwd: ROOT,
    env: spawnEnv(dataDir, port),
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), 20_000);
  const code = await proc.exited;
  clearTimeout(timer);
  const output = `${await new Response(proc.stdout).text()}\n${await new Response(proc.stderr).text()}`;
  return { code, signal: proc.signalCode, output };
}

const health = (base: string) => fetch(`${base}/api/v1/health`).then((r) => r.status, () => 0);

test("[instance]: a second process on a taken port exits non-zero and says so in pt-BR and English", async () => {
  const port = randomPort();
  const first = await spawnServer(freshDir(), port, {});
  running.push(first);
  const second = await startExpectingRefusal(freshDir(), port);
  expect(second.signal).toBeNull();
  expect(second.code).not.toBe(0);
  expect(second.output).toContain(`A porta ${port} já está em uso`);
  expect(second.output).toContain(`Port ${port} is already in use`);
  expect(await health(first.base)).toBe(200);
  await first.stop();
}, 60_000);

test("[instance]: a second process on the same data dir (another port) refuses; after the first stops a new one starts", async () => {
  const dir = freshDir();
  const first = await spawnServer(dir, randomPort(), {});
  running.push(first);
  const otherPort = randomPort();
  const second = await startExpectingRefusal(dir, otherPort);
  expect(second.signal).toBeNull();
  expect(second.code).not.toBe(0);
  expect(second.output).toContain("já está em uso por outro processo do Atenda");
  expect(second.output).toContain("already in use by another Atenda process");
  expect(await health(`http://127.0.0.1:${otherPort}`)).toBe(0);
  expect(await health(first.base)).toBe(200);

  await first.stop("SIGTERM");
  const third = await spawnServer(dir, otherPort, {});
  running.push(third);
  expect(await health(third.base)).toBe(200);
  // A process that dies without cleaning up leaves no lock behind.
  await third.stop("SIGKILL");
  const fourth = await spawnServer(dir, randomPort(), {});
  running.push(fourth);
  expect(await health(fourth.base)).toBe(200);
  await fourth.stop();
}, 120_000);
