/**
 * What a webhook intent does when it is triggered, by its `when`:
 *
 * - before_response (default): the call is made and the model waits for it; its answer becomes the
 *   tool data (or, with a responseTemplate, the reply itself). The whole call, retries and backoff
 *   included, must fit in the configured timeout: past it the turn ends with the agent's error
 *   message (the customer is not left waiting on a slow service).
 * - after_response: the model does not wait. The tool answers { agendado: true } at once (or the
 *   responseTemplate filled from the arguments: there is no webhook answer yet) and the call runs in
 *   the background, each attempt with the configured timeout, failures logged.
 * - on_error: an error hook, not something the customer asks for. Such intents are never offered to
 *   the model; they are called (in the background, with their retries) when another intent of the
 *   same agent fails: a webhook that answered 4xx, kept failing, was refused or timed out. They
 *   receive { evento: "erro_intencao", intencao, erro } plus, per their own flags, the arguments
 *   of the failed call and the conversation/customer data. This lets the owner be alerted (n8n,
 *   Slack...) when an integration breaks, which is what "em caso de erro" means to them.
 */
import type { ToolResult } from "../../runtime/tools";
import { type ParsedIntent, type WebhookConfig, fillTemplate } from "./shape";
import { type CallerContext, callWebhook, runInBackground } from "./webhook";

/** Margin so the tool's own timer (the turn's budget) fires before safeFetch's per-attempt one. */
const ATTEMPT_MARGIN_MS = 1000;

export const isErrorHook = (i: ParsedIntent) => i.action.type === "webhook" && i.action.webhook.when === "on_error";

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Fires every on_error hook of the agent about a failed intent call. */
export function notifyErrorHooks(hooks: ParsedIntent[], failed: ParsedIntent, args: Record<string, unknown>, ctx: CallerContext, err: unknown) {
  for (const hook of hooks) {
    if (hook.action.type !== "webhook") continue;
    const config = hook.action.webhook;
    const body = { evento: "erro_intencao", intencao: failed.row.name, erro: messageOf(err), ...args };
    runInBackground({ intentId: hook.row.id, when: "on_error" }, () =>
      callWebhook({ ...config, sendParameters: true }, config.sendParameters ? body : { evento: body.evento, intencao: body.intencao, erro: body.erro }, ctx, {
        attemptTimeoutMs: config.timeout * 1000,
      }),
    );
  }
}

export async function runWebhookIntent(
  intent: ParsedIntent,
  config: WebhookConfig,
  args: Record<string, unknown>,
  ctx: CallerContext,
  hooks: ParsedIntent[],
  signal?: AbortSignal,
): Promise<ToolResult> {
  const template = intent.row.responseTemplate?.trim();
  if (config.when === "after_response") {
    runInBackground({ intentId: intent.row.id, when: "after_response" }, () =>
      callWebhook(config, args, ctx, { attemptTimeoutMs: config.timeout * 1000 }).catch((err) => {
        notifyErrorHooks(hooks, intent, args, ctx, err);
        throw err;
      }),
    );
    return template ? { data: { agendado: true }, reply: fillTemplate(template, args) } : { data: { agendado: true } };
  }
  try {
    const answer = await callWebhook(config, args, ctx, { signal, attemptTimeoutMs: config.timeout * 1000 + ATTEMPT_MARGIN_MS });
    return template ? { data: answer.data, reply: fillTemplate(template, answer.data, args) } : { data: answer.data };
  } catch (err) {
    notifyErrorHooks(hooks, intent, args, ctx, err);
    throw err;
  }
}
