/**
 * Why a training source could not be read. Each message is pt-BR and shown on the source in the
 * "Treinamentos" section, so the owner knows what to change.
 */
export class ExtractionError extends Error {
  override name = "ExtractionError";
}

/** A bound was crossed (size, text, chunks, memory): final at once, a retry would cross it again. */
export class LimitError extends ExtractionError {
  override name = "LimitError";
}

/**
 * The extraction subprocess died (killed for memory, a signal, the time limit). Duck-types the job
 * runner's provider error (retryable + retryAfterMs) so one quick retry runs before it is final.
 */
export class ExtractionCrashError extends Error {
  override name = "ExtractionCrashError";
  readonly retryable = true;
  readonly retryAfterMs = 2000;
}

/** JSC's answer when an allocation hits the extraction subprocess's memory limit (ulimit -d). */
export const isOutOfMemory = (err: unknown) => err instanceof RangeError && /out of memory/i.test(err.message);
