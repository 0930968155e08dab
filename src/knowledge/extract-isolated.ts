import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { log } from "../lib/logger";
import { EXTRACT_MODE_ARG, type ExtractReply, type ExtractRequest } from "./extract-child";
import { ExtractionCrashError, ExtractionError, LimitError } from "./extract-errors";
import { type TrainingLimits, limitMessages } from "./limits";

/**
 * Reads a document in a subprocess with a data-segment limit (ulimit -d, which Bun honours with
 * "Out of memory" instead of growing) and a time limit, so a zip bomb or a pathological PDF costs
 * that process, never the server. A reply and a timeout are final; a crash is retried once
 * (ExtractionCrashError on the first attempt), then fails the source.
 */

/** From source, bun runs the entry file; the compiled binary (modules under /$bunfs) re-executes itself. */
export function extractionCommand(): { cmd: string[]; env: Record<string, string | undefined> } {
  if (import.meta.url.includes("$bunfs")) return { cmd: [process.execPath, EXTRACT_MODE_ARG], env: { ...process.env, BUN_OPTIONS: "--smol" } };
  const entry = fileURLToPath(new URL("./extract-main.ts", import.meta.url));
  return { cmd: [process.execPath, "--smol", entry, EXTRACT_MODE_ARG], env: process.env };
}

/**
 * ulimit through /bin/sh, then exec: the limited process is the child itself (same pid). The CPU
 * limit (twice the time limit) ends a child whose parent thread died before its timer could.
 */
function withLimits(cmd: string[], limits: TrainingLimits): string[] {
  if (!existsSync("/bin/sh")) return cmd;
  const cpuSeconds = Math.ceil((limits.timeoutMs * 2) / 1000);
  const script = 'ulimit -d "$1" 2>/dev/null; ulimit -t "$2" 2>/dev/null; shift 2; exec "$@"';
  return ["/bin/sh", "-c", script, "sh", String(limits.memoryMb * 1024), String(cpuSeconds), ...cmd];
}

/** `attempt` is the job's: a crash on the first one is retried, a later one is final. */
export type IsolatedOptions = { attempt: number };

export async function extractIsolated(req: ExtractRequest, opts: IsolatedOptions): Promise<string> {
  const { limits } = req;
  const { cmd, env } = extractionCommand();
  const proc = Bun.spawn(withLimits(cmd, limits), {
    stdin: new Blob([JSON.stringify(req)]),
    stdout: "pipe",
    stderr: "pipe",
    env,
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, limits.timeoutMs);
  // The reply is at most the text cap as JSON (escapes included); more means something is wrong.
  const maxReplyBytes = limits.maxChars * 6 + 1024 * 1024;
  const [stdout, stderr] = await Promise.all([readCapped(proc.stdout, maxReplyBytes, () => proc.kill("SIGKILL")), readCapped(proc.stderr, 64 * 1024)]);
  const code = await proc.exited;
  clearTimeout(timer);
  const reply = code === 0 && !timedOut ? parseReply(stdout) : null;
  if (reply?.ok) return reply.text;
  if (reply) throw reply.limit ? new LimitError(reply.message) : new ExtractionError(reply.message);
  log.warn("document extraction process failed", { code, signal: proc.signalCode, timedOut, attempt: opts.attempt, stderr: stderr.slice(-2000) });
  // The same file would take as long again: the time limit is final at once.
  if (timedOut) throw new LimitError(limitMessages.timeout(limits));
  // One retry covers a process killed by something else (a deploy, the OOM killer under load).
  throw opts.attempt <= 1 ? new ExtractionCrashError(limitMessages.crashed) : new ExtractionError(limitMessages.crashed);
}

function parseReply(text: string): ExtractReply | null {
  try {
    const reply = JSON.parse(text) as ExtractReply;
    return typeof reply === "object" && reply !== null && typeof reply.ok === "boolean" ? reply : null;
  } catch {
    return null;
  }
}

async function readCapped(stream: ReadableStream<Uint8Array>, maxBytes: number, onOverflow?: () => void): Promise<string> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total <= maxBytes) chunks.push(value);
    else if (onOverflow) {
      onOverflow();
      await reader.cancel();
      return "";
    }
  }
  return Buffer.concat(chunks).toString("utf8");
}
