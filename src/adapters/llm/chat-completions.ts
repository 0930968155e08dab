import { createParser } from "eventsource-parser";
import { abortableSleep } from "../../lib/abortable-sleep";
import { readWithin } from "../../lib/read-capped";
import { retryAfterMs } from "../retry-after";

/**
 * POST /chat/completions of an OpenAI-compatible server over fetch (protocols.md §5.1, §5.4), the
 * call every chat turn makes. Not through the openai SDK: its request building and stream decoding
 * cost 185–205 µs of CPU a streamed call and ~70 µs a plain one, against ~50 and ~23 µs here
 * (bench/chat.ts profile, issue 12; decision 009). The SDK still serves the rare calls
 * (transcriptions, the model list, embeddings). What the SDK did for us is kept:
 * - a timeout per attempt (for a stream: until the headers, then between two chunks);
 * - up to `maxRetries` retries of connection errors, 408, 409, 429 and 5xx, waiting Retry-After
 *   (or retry-after-ms) when the server says, else an exponential backoff with jitter;
 * - the provider's error message, status and code on the error thrown (LlmApiError).
 * And one thing it did not: a 429 `insufficient_quota` is not retried (it will not pass by waiting).
 */

export type ChatEndpoint = { apiKey: string | null; baseUrl: string | null; timeoutMs?: number; maxRetries?: number };

/** An error answer of the provider: `{"error":{"message","type","code"}}` with its HTTP status. */
export class LlmApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly type: string | null,
  ) {
    super(message);
    this.name = "LlmApiError";
  }
}

const DEFAULT_BASE = "https://api.openai.com/v1";
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRIES = 2;
/** A Retry-After longer than this is not waited out in a chat turn: the visitor would be gone. */
const MAX_RETRY_AFTER_MS = 60_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 8_000;
/** How long a stream that said [DONE] is given to end its body. */
const DONE_GRACE_MS = 1000;
/** A whole completion larger than this is refused, not buffered without end (a reply is capped at max_tokens). */
const MAX_COMPLETION_BYTES = 8 * 1024 * 1024;
/** Of an error answer, only this much is read: its message is all we keep. */
const MAX_ERROR_BYTES = 64 * 1024;
/** One streamed event larger than this is not a chat delta: the stream is refused, not buffered without end. */
const MAX_EVENT_CHARS = 4 * 1024 * 1024;

/** Test hook: the wait between retries (tests shorten it; production sleeps). */
export const chatRetryWait = { sleep: (ms: number, signal?: AbortSignal) => abortableSleep(ms, signal) };

class TimeoutError extends Error {
  constructor() {
    super("Request timed out.");
    this.name = "TimeoutError";
  }
}

/**
 * One attempt's abort: the caller's signal, or the attempt's own timer. `rearm` restarts the timer
 * (a stream's next chunk); `done` detaches both once the attempt is over.
 */
function attemptSignal(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  const onOuter = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", onOuter, { once: true });
  let timer = setTimeout(() => controller.abort(new TimeoutError()), timeoutMs);
  return {
    signal: controller.signal,
    rearm: () => timer.refresh(),
    /** From now on the attempt ends after `ms` more (the stream said [DONE]; only its end is awaited). */
    shorten: (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new TimeoutError()), ms);
    },
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuter);
    },
  };
}

async function errorOf(res: Response): Promise<LlmApiError> {
  const bytes = res.body ? await readWithin(res.body, MAX_ERROR_BYTES).catch(() => null) : null;
  const text = bytes ? new TextDecoder().decode(bytes) : "";
  let body: { error?: string | { message?: unknown; code?: unknown; type?: unknown } } | null = null;
  try {
    body = JSON.parse(text);
  } catch {}
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  // Ollama and some proxies answer {"error": "text"}; OpenAI {"error": {"message", "type", "code"}}.
  if (typeof body?.error === "string") return new LlmApiError(res.status, body.error || `HTTP ${res.status}`, null, null);
  const e = body?.error;
  return new LlmApiError(res.status, str(e?.message) ?? (text.slice(0, 200) || `HTTP ${res.status}`), str(e?.code), str(e?.type));
}

function retryable(err: unknown, res: Response | null): boolean {
  if (res) {
    const says = res.headers.get("x-should-retry");
    if (says === "true") return true;
    if (says === "false") return false;
  }
  if (err instanceof LlmApiError) {
    if (err.code === "insufficient_quota" || err.type === "insufficient_quota") return false;
    return err.status === 408 || err.status === 409 || err.status === 429 || err.status >= 500;
  }
  // No answer at all: the connection failed or the attempt timed out (the caller's abort is handled before).
  return true;
}

function waitBeforeRetry(res: Response | null, retry: number): number {
  const ms = Number(res?.headers.get("retry-after-ms"));
  const told = Number.isFinite(ms) && ms > 0 ? ms : retryAfterMs(res?.headers.get("retry-after") ?? null);
  if (told !== null && told >= 0 && told < MAX_RETRY_AFTER_MS) return told;
  return Math.min(BACKOFF_BASE_MS * 2 ** retry, BACKOFF_MAX_MS) * (1 - Math.random() * 0.25);
}

/**
 * Sends the body and returns the successful response, its attempt still armed (a stream's reader
 * rearms it per chunk and calls `done`). Throws LlmApiError, a timeout, or the caller's abort.
 */
async function send(endpoint: ChatEndpoint, body: Record<string, unknown>, stream: boolean, signal?: AbortSignal) {
  const url = `${(endpoint.baseUrl ?? DEFAULT_BASE).replace(/\/+$/, "")}/chat/completions`;
  const headers = {
    authorization: `Bearer ${endpoint.apiKey ?? "sem-chave"}`,
    "content-type": "application/json",
    accept: stream ? "text/event-stream" : "application/json",
  };
  const payload = JSON.stringify(body);
  const maxRetries = endpoint.maxRetries ?? DEFAULT_MAX_RETRIES;
  for (let retry = 0; ; retry++) {
    // A visitor who left before the call (or between attempts) costs no call at all.
    signal?.throwIfAborted();
    const attempt = attemptSignal(endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal);
    let res: Response | null = null;
    let failure: unknown;
    try {
      res = await fetch(url, { method: "POST", headers, body: payload, signal: attempt.signal });
      if (res.ok) return { res, attempt };
      failure = await errorOf(res);
    } catch (err) {
      failure = attempt.signal.reason instanceof TimeoutError ? attempt.signal.reason : err;
    }
    attempt.done();
    if (signal?.aborted) throw signal.reason;
    if (retry >= maxRetries || !retryable(failure, res)) throw failure;
    await chatRetryWait.sleep(waitBeforeRetry(res, retry), signal);
  }
}

/** A whole (non-streamed) completion: the parsed JSON body. */
export async function createCompletion<T>(endpoint: ChatEndpoint, body: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const { res, attempt } = await send(endpoint, body, false, signal);
  try {
    const bytes = res.body ? await readWithin(res.body, MAX_COMPLETION_BYTES) : null;
    if (!bytes) throw new Error("Resposta grande demais ou vazia do provedor");
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch (err) {
    throw attempt.signal.reason instanceof TimeoutError ? attempt.signal.reason : err;
  } finally {
    attempt.done();
  }
}

/**
 * A streamed completion: calls onChunk with each parsed `data:` JSON until `[DONE]` or the end of
 * the body. A stream that goes quiet for the timeout is aborted (the SDK would have waited forever).
 */
export async function streamCompletion<T>(endpoint: ChatEndpoint, body: Record<string, unknown>, onChunk: (chunk: T) => void, signal?: AbortSignal): Promise<void> {
  const { res, attempt } = await send(endpoint, body, true, signal);
  let finished = false;
  let malformed: Error | null = null;
  const parser = createParser({
    onEvent(event) {
      if (finished || malformed) return;
      if (event.data === "[DONE]") {
        finished = true;
        // The body normally ends right after; one that stays open is not waited on for long.
        attempt.shorten(DONE_GRACE_MS);
        return;
      }
      let chunk: T & { error?: { message?: string; code?: string; type?: string } };
      try {
        chunk = JSON.parse(event.data);
      } catch {
        malformed = new Error(`Resposta inválida do provedor: ${event.data.slice(0, 100)}`);
        return;
      }
      // A provider can report a failure inside the stream (OpenAI does: an `error` object).
      if (chunk?.error) {
        malformed = new LlmApiError(res.status, chunk.error.message ?? "stream error", chunk.error.code ?? null, chunk.error.type ?? null);
        return;
      }
      onChunk(chunk);
    },
    maxBufferSize: MAX_EVENT_CHARS,
    onError(err) {
      if (err.type === "max-buffer-size-exceeded") malformed = err;
    },
  });
  const decoder = new TextDecoder();
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  try {
    if (!res.body) throw new Error("Resposta vazia do provedor");
    reader = res.body.getReader();
    // Read to the end even after [DONE]: a body read whole leaves its connection to be reused.
    while (!malformed) {
      const { done, value } = await reader.read();
      if (done) break;
      attempt.rearm();
      if (!finished) parser.feed(decoder.decode(value, { stream: true }));
    }
    if (malformed) throw malformed;
  } catch (err) {
    // Leaving early (an error in the stream, a timeout, the caller's abort) stops the body.
    reader?.cancel().catch(() => {});
    if (signal?.aborted) throw signal.reason;
    // Everything up to [DONE] arrived: a body that did not end after it is no failure.
    if (finished && !malformed) return;
    throw attempt.signal.reason instanceof TimeoutError ? attempt.signal.reason : err;
  } finally {
    attempt.done();
  }
}
