/**
 * The HTTP call of a webhook intent, through safeFetch (the owner types the URL: private and
 * loopback addresses are refused). Retries with exponential backoff on 5xx and network failures,
 * never on 4xx (the request itself is wrong: repeating it cannot help, and may duplicate effects).
 */
import { abortableSleep } from "../../lib/abortable-sleep";
import { log } from "../../lib/logger";
import { SafeFetchError, safeFetch } from "../../lib/safe-fetch";
import type { ToolContext } from "../../runtime/tools";
import type { WebhookConfig } from "./shape";

export type WebhookAnswer = { status: number; data: unknown };
export type CallerContext = Pick<ToolContext, "conversationId" | "channel" | "customer">;

/** A failure the model (and the on_error hooks) can be told about in pt-BR. */
export class WebhookError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "WebhookError";
  }
}

const MAX_ANSWER_BYTES = 1024 * 1024;
const BACKOFF_BASE_MS = 200;
const BACKOFF_MAX_MS = 2000;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
const RETRYABLE_CODES = new Set(["NETWORK", "TIMEOUT", "DNS"]);

/** What is sent: the arguments when sendParameters, the conversation and customer when sendUserData. */
export function webhookPayload(config: WebhookConfig, args: Record<string, unknown>, ctx: CallerContext): Record<string, unknown> {
  return {
    ...(config.sendParameters ? args : {}),
    ...(config.sendUserData ? { conversationId: ctx.conversationId, channel: ctx.channel, customer: ctx.customer } : {}),
  };
}

function withQuery(url: string, payload: Record<string, unknown>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    u.searchParams.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  return u.href;
}

function parseAnswer(contentType: string, text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (contentType.includes("json") || /^[[{]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      // not JSON after all: hand the text over
    }
  }
  return trimmed.slice(0, 4000);
}

export type CallOptions = {
  /** The caller's budget (the tool's timeout): aborts everything, retries included. */
  signal?: AbortSignal;
  /** Limit of one attempt. */
  attemptTimeoutMs: number;
};

/** One webhook call with its retries. Resolves with the 2xx answer; throws WebhookError/SafeFetchError. */
export async function callWebhook(config: WebhookConfig, args: Record<string, unknown>, ctx: CallerContext, opts: CallOptions): Promise<WebhookAnswer> {
  const payload = webhookPayload(config, args, ctx);
  const method = config.method.toUpperCase();
  const hasBody = BODY_METHODS.has(method);
  const url = hasBody ? config.url : withQuery(config.url, payload);
  const headers = new Headers(config.headers);
  if (!headers.has("accept")) headers.set("accept", "application/json, text/plain;q=0.9, */*;q=0.5");
  if (hasBody && !headers.has("content-type")) headers.set("content-type", "application/json");
  let last: Error = new WebhookError("O webhook não respondeu");
  for (let attempt = 0; attempt <= config.retries; attempt++) {
    if (attempt > 0) await abortableSleep(Math.min(BACKOFF_BASE_MS * 2 ** (attempt - 1), BACKOFF_MAX_MS), opts.signal);
    try {
      const res = await safeFetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(payload) : undefined,
        signal: opts.signal,
        timeoutMs: opts.attemptTimeoutMs,
        maxBytes: MAX_ANSWER_BYTES,
        maxRedirects: 3,
        acceptHttpErrors: true,
      });
      const data = parseAnswer(res.contentType, res.text());
      if (res.status < 400) return { status: res.status, data: data ?? { status: res.status } };
      const detail = data === null ? "" : `: ${(typeof data === "string" ? data : JSON.stringify(data)).slice(0, 300)}`;
      const err = new WebhookError(`O serviço respondeu com erro ${res.status}${detail}`, res.status);
      if (res.status < 500) throw err;
      last = err;
    } catch (e) {
      if (e instanceof WebhookError || opts.signal?.aborted) throw e;
      if (!(e instanceof SafeFetchError) || !RETRYABLE_CODES.has(e.code)) throw e;
      last = e;
    }
  }
  throw last;
}

/** Calls still running after their turn (after_response, on_error): awaited by tests and at shutdown. */
const background = new Set<Promise<void>>();

/** Runs a call the turn does not wait for; a failure is logged (there is nobody left to tell). */
export function runInBackground(what: Record<string, unknown>, fn: () => Promise<unknown>): void {
  const p: Promise<void> = fn()
    .then(() => undefined)
    .catch((err) => log.warn("background webhook failed", { ...what, error: err instanceof Error ? err.message : String(err) }))
    .finally(() => background.delete(p));
  background.add(p);
}

export async function settleBackgroundWebhooks(): Promise<void> {
  while (background.size) await Promise.allSettled([...background]);
}
