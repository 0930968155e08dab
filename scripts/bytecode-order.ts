/**
 * Profile-guided bytecode layout for the compiled binary (Bun's `compile.bytecodeOrder`): run a
 * first build the way it starts in use, once on a new data dir and once on that existing one,
 * each answering the login page and /health, and return the order files it wrote on exit. The
 * second build puts that bytecode first, so a start reads and decodes less of the executable
 * (bench/binary.ts: start time and idle RSS). Used by scripts/build-bin.ts.
 */
import { spawn } from "bun";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const START_TIMEOUT_MS = 60_000;

/** Reads the server's JSON log lines until "Atenda pronto" gives its URL. */
async function readyUrl(stdout: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  const reader = stdout.getReader();
  let buffered = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffered += decoder.decode(read.value, { stream: true });
    for (const line of buffered.split("\n").slice(0, -1)) {
      const entry = (() => {
        try {
          return JSON.parse(line) as { msg?: string; url?: string };
        } catch {
          return null;
        }
      })();
      if (entry?.msg === "Atenda pronto" && entry.url) return entry.url;
    }
    buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
  }
  throw new Error("the binary exited before it was ready");
}

async function recordOne(binary: string, workDir: string, dataDir: string, orderFile: string) {
  const proc = spawn([binary], {
    cwd: workDir,
    env: {
      PATH: process.env.PATH ?? "",
      TMPDIR: workDir,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "build@atenda.local",
      ADMIN_PASSWORD: "build-password",
      LOG_LEVEL: "info",
      BUN_BYTECODE_ORDER_OUT: orderFile,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), START_TIMEOUT_MS);
  try {
    const url = (await readyUrl(proc.stdout)).replace("localhost", "127.0.0.1");
    for (const path of ["/login", "/api/v1/health"]) {
      const res = await fetch(`${url}${path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    }
  } finally {
    clearTimeout(timer);
    // The server's SIGTERM handler stops it and exits; the order file is written on exit.
    proc.kill("SIGTERM");
    await proc.exited;
  }
  if (!existsSync(orderFile)) throw new Error(`no order file written (${orderFile})`);
}

/** [existing data dir, new data dir] order files of `binary`, most common start first. */
export async function recordBytecodeOrder(binary: string, workDir: string): Promise<string[]> {
  mkdirSync(workDir, { recursive: true });
  const dataDir = join(workDir, "data");
  const fresh = join(workDir, "fresh.order");
  const existing = join(workDir, "existing.order");
  await recordOne(binary, workDir, dataDir, fresh);
  await recordOne(binary, workDir, dataDir, existing);
  return [existing, fresh];
}
