import { readFile } from "node:fs/promises";
import { extractDocument } from "./extract";
import { ExtractionError, LimitError, isOutOfMemory } from "./extract-errors";
import { type TrainingLimits, limitMessages } from "./limits";

/**
 * The extraction subprocess: one request on stdin, one JSON reply on stdout, then exit. It runs
 * under a memory and time limit (extract-isolated.ts), so a document that blows up takes only
 * this process down. From source it starts as extract-main.ts; the compiled binary re-executes
 * itself with EXTRACT_MODE_ARG and server.ts hands over to extractionMain.
 */
export const EXTRACT_MODE_ARG = "--atenda-extract";

export type ExtractRequest = { path: string; fileName: string; limits: TrainingLimits };
export type ExtractReply = { ok: true; text: string } | { ok: false; limit: boolean; message: string };

export async function runExtraction(req: ExtractRequest): Promise<ExtractReply> {
  try {
    const bytes = new Uint8Array(await readFile(req.path));
    return { ok: true, text: await extractDocument(req.fileName, bytes, req.limits) };
  } catch (err) {
    if (err instanceof ExtractionError) return { ok: false, limit: err instanceof LimitError, message: err.message };
    if (isOutOfMemory(err)) return { ok: false, limit: true, message: limitMessages.memory(req.limits) };
    // Anything else ends the process with a non-zero code: the parent treats it as a crash.
    throw err;
  }
}

export async function extractionMain() {
  const req = JSON.parse(await Bun.stdin.text()) as ExtractRequest;
  const reply = await runExtraction(req);
  await Bun.write(Bun.stdout, JSON.stringify(reply));
  process.exit(0);
}
