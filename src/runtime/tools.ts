import type { LlmTool } from "../adapters/llm/openai-compatible";
import type { AppDeps } from "../services/context";
import type { AgentRow } from "./prompt";

/**
 * One thing the agent can do (an intent, a dynamic API endpoint, an integration action), offered
 * to the model through OpenAI tool calling. Providers registered at boot (src/runtime/tool-registry.ts) build them per turn.
 */
export type AgentTool = {
  /** [a-zA-Z0-9_-]{1,64}, unique per turn: the name the model calls. */
  name: string;
  description: string;
  /** JSON Schema of the arguments (type "object"). */
  parameters: Record<string, unknown>;
  /** Per-call limit (default 15 s). A call that times out ends the turn with the agent's error message. */
  timeoutMs?: number;
  /** Sentences a customer would say to trigger it: the offline provider matches on them. */
  examples?: string[];
  /**
   * Runs the call. The value goes back to the model as JSON data (never as instructions); a thrown
   * error goes back as { erro } so the model can tell the customer. `reply` ends the turn with that
   * text as the answer (simple_response intents, canned answers).
   */
  run(args: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult>;
};
export type ToolResult = { data?: unknown; reply?: string };

/** What a turn tells providers about where it happens. */
export type ToolContext = {
  conversationId: string | null;
  channel: string;
  customer: { name: string | null; phone: string | null; email: string | null };
  /** The customer's message being answered. */
  text: string;
};

export type ToolProvider = (deps: AppDeps, agent: AgentRow, ctx: ToolContext) => Promise<AgentTool[]>;

/** What the message metadata keeps of each call (visible in the inbox). */
export type ToolCallRecord = { name: string; arguments: unknown; result?: unknown; error?: string; durationMs: number };

export class ToolTimeoutError extends Error {
  constructor(readonly tool: string) {
    super(`A ferramenta ${tool} não respondeu a tempo`);
    this.name = "ToolTimeoutError";
  }
}

export const DEFAULT_TOOL_TIMEOUT_MS = 15_000;
/** Longest tool result handed back to the model. */
const RESULT_CHARS = 8000;

export const toLlmTool = (t: Pick<AgentTool, "name" | "description" | "parameters">): LlmTool => ({
  name: t.name,
  description: t.description,
  parameters: t.parameters,
});

function parseArgs(raw: string): Record<string, unknown> {
  try {
    const v = JSON.parse(raw || "{}") as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Runs one call with its timeout. Returns what the model gets back (JSON text) and the record;
 * a timeout is thrown (the turn ends with the error message rather than hang or improvise).
 */
export async function runToolCall(tool: AgentTool, rawArgs: string, outer?: AbortSignal): Promise<{ content: string; record: ToolCallRecord; reply?: string }> {
  const args = parseArgs(rawArgs);
  const started = performance.now();
  const timeoutMs = tool.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const timer = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, timer]) : timer;
  let timedOut: (() => void) | null = null;
  const timeout = new Promise<never>((_, reject) => {
    timedOut = () => reject(new ToolTimeoutError(tool.name));
    timer.addEventListener("abort", timedOut, { once: true });
  });
  try {
    const result = await Promise.race([tool.run(args, signal), timeout]);
    const durationMs = Math.round(performance.now() - started);
    const data = result.reply !== undefined && result.data === undefined ? { resposta: result.reply } : (result.data ?? null);
    return {
      content: JSON.stringify(data).slice(0, RESULT_CHARS),
      record: { name: tool.name, arguments: args, result: data, durationMs },
      ...(result.reply !== undefined ? { reply: result.reply } : {}),
    };
  } catch (err) {
    if (err instanceof ToolTimeoutError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    return {
      content: JSON.stringify({ erro: message }),
      record: { name: tool.name, arguments: args, error: message, durationMs: Math.round(performance.now() - started) },
    };
  } finally {
    if (timedOut) timer.removeEventListener("abort", timedOut);
  }
}
