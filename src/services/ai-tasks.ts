import { type LlmMessage, describeLlmError } from "../adapters/llm/openai-compatible";
import { log } from "../lib/logger";
import { NoCreditsError, createCallMeter, promptTokensBound } from "../runtime/call-meter";
import type { DebitAction } from "../schemas/billing/statement";
import { resolveModel } from "./ai-config";
import type { AppDeps } from "./context";
import type { RawTx } from "./credit-debit";

/**
 * One model call of a background task (issue 18: routing, transfer summaries, sentiment, memory,
 * conversation summaries), paid like any turn: its price bound held first, charged once under its
 * idempotency key, with its own action name in the statement. The answer is JSON of a schema
 * (structured output); `persist` stores what it produced in the charge's own transaction.
 */
export type AiTaskScope = {
  workspaceId: string;
  /** The agent whose model (and provider) the task uses, and whose spend caps apply. */
  agent: { id: string; aiProvider: string; aiModel: string | null };
  /** Overrides the agent's model (a router's own model). */
  model?: string | null;
  conversationId: string | null;
  customerKey?: string | null;
  /** Unique per task run (e.g. `sentiment:<messageId>`): a retry is never charged twice. */
  idempotencyKey: string;
  action: DebitAction;
};

export type AiTaskResult<T> =
  | { kind: "offline" }
  | { kind: "ok"; value: T; creditsMilli: number; model: string }
  | { kind: "no_credits" }
  | { kind: "failed"; error: string };

/** Completion cap of a task call: these answers are short JSON. */
const TASK_MAX_TOKENS = 400;

export async function runJsonTask<T>(
  deps: AppDeps,
  scope: AiTaskScope,
  messages: LlmMessage[],
  format: { name: string; schema: Record<string, unknown> },
  parse: (value: unknown) => T | null,
  opts: { maxTokens?: number; signal?: AbortSignal; persist?: (tx: RawTx, value: T) => Promise<void> } = {},
): Promise<AiTaskResult<T>> {
  const resolved = await resolveModel(deps, { aiProvider: scope.agent.aiProvider, aiModel: scope.model ?? scope.agent.aiModel });
  if (resolved.kind === "offline") return { kind: "offline" };
  const meter = createCallMeter(deps, {
    workspaceId: scope.workspaceId,
    agentId: scope.agent.id,
    conversationId: scope.conversationId,
    customerKey: scope.customerKey ?? scope.conversationId,
    provider: resolved.provider,
    idempotencyKey: `${scope.action}:${scope.idempotencyKey}`,
  });
  const maxTokens = opts.maxTokens ?? TASK_MAX_TOKENS;
  try {
    const ticket = await meter.reserve(resolved.model, { inputTokens: promptTokensBound(messages), outputTokens: maxTokens }, scope.action);
    const reply = await resolved.client.chatJson(resolved.model, messages, format, opts.signal, maxTokens);
    meter.record(ticket, reply.usage, reply.model);
    let value: T | null = null;
    try {
      value = parse(JSON.parse(reply.text));
    } catch {
      value = null;
    }
    let charged = 0;
    // The call is paid whether or not its answer was usable: the provider billed it.
    await meter.finalize(async (tx, milli) => {
      charged = milli;
      if (value !== null && opts.persist) await opts.persist(tx, value);
    });
    if (value === null) return { kind: "failed", error: "a resposta do modelo não seguiu o formato pedido" };
    return { kind: "ok", value, creditsMilli: charged, model: reply.model || resolved.model };
  } catch (err) {
    if (err instanceof NoCreditsError) return { kind: "no_credits" };
    const error = describeLlmError(err);
    log.warn("a background model task failed", { action: scope.action, error });
    return { kind: "failed", error };
  } finally {
    await meter.close(false).catch((err) => log.error("settling a background model task failed", { action: scope.action, error: String(err) }));
  }
}
