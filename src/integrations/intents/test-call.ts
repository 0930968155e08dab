/**
 * The editor's "Testar" on a webhook intent: one call (no retries, so the owner sees the raw
 * answer) with sample arguments taken from the parameters' examples, through safeFetch like a turn.
 */
import { SafeFetchError } from "../../lib/safe-fetch";
import type { IntentParam, ParsedIntent } from "./shape";
import { WebhookError, callWebhook } from "./webhook";

export type WebhookTestResult = { ok: boolean; status: number | null; durationMs: number; answer?: unknown; error?: string; sent: Record<string, unknown> };

function sampleValue(p: IntentParam, today: string): unknown {
  const example = p.examples[0];
  switch (p.type) {
    case "number":
      return example !== undefined && Number.isFinite(Number(example)) ? Number(example) : 1;
    case "boolean":
      return example ? example.toLowerCase() !== "false" : true;
    case "list":
      return p.examples.length ? p.examples : ["teste"];
    case "date":
      return example ?? today;
    case "email":
      return example ?? "cliente@exemplo.com";
    case "phone":
      return example ?? "11999999999";
    default:
      return example ?? "teste";
  }
}

export async function testWebhookIntent(intent: ParsedIntent, now: number): Promise<WebhookTestResult> {
  if (intent.action.type !== "webhook") throw new Error("not a webhook intent");
  const config = { ...intent.action.webhook, retries: 0 };
  const today = new Date(now).toISOString().slice(0, 10);
  const sent = Object.fromEntries(intent.params.map((p) => [p.name, sampleValue(p, today)]));
  const ctx = { conversationId: null, channel: "teste", customer: { name: "Cliente de teste", phone: "11999999999", email: "cliente@exemplo.com" } };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await callWebhook(config, sent, ctx, { attemptTimeoutMs: config.timeout * 1000 });
    return { ok: true, status: answer.status, durationMs: elapsed(), answer: answer.data, sent };
  } catch (err) {
    if (err instanceof WebhookError || err instanceof SafeFetchError) return { ok: false, status: err.status ?? null, durationMs: elapsed(), error: err.message, sent };
    throw err;
  }
}
