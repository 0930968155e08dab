import type { LlmClient, LlmMessage, LlmReply, LlmTool } from "../adapters/llm/openai-compatible";
import { type AgentTool, type ToolCallRecord, runToolCall, toLlmTool } from "./tools";

/** Model ↔ tools round trips per turn; the last step is asked to answer without tools. */
export const MAX_TOOL_STEPS = 4;

export type ToolLoopResult = { answer: LlmReply; calls: ToolCallRecord[]; reply: string | null; handoffReason: string | null };

/** Around each model call of the loop (the turn reserves credits before and records usage after). */
export type ModelCallHooks = {
  before: (messages: LlmMessage[], tools: LlmTool[] | undefined) => Promise<string>;
  after: (ticket: string, reply: LlmReply) => void;
};

/**
 * Offers the tools, runs the calls the model asks for (in order, each with its timeout), feeds the
 * results back as tool messages and asks again, until the model answers in text, a tool gives the
 * reply itself, or the step limit. Usage is summed over every step; each step is paid for on its
 * own through `hooks` (a step that cannot be paid for throws before the model is called).
 */
export async function runToolLoop(
  client: LlmClient,
  model: string,
  messages: LlmMessage[],
  tools: AgentTool[],
  opts: { signal?: AbortSignal; handoffTool?: string; maxTokens?: number; hooks?: ModelCallHooks },
): Promise<ToolLoopResult> {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const spec = tools.map(toLlmTool);
  const calls: ToolCallRecord[] = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  const convo = [...messages];
  let last: LlmReply | null = null;
  for (let step = 0; step <= MAX_TOOL_STEPS; step++) {
    const offer = step < MAX_TOOL_STEPS ? spec : undefined;
    const ticket = await opts.hooks?.before(convo, offer);
    last = await client.chat(model, convo, opts.signal, offer, opts.maxTokens);
    if (ticket !== undefined) opts.hooks?.after(ticket, last);
    usage.inputTokens += last.usage.inputTokens;
    usage.outputTokens += last.usage.outputTokens;
    const requested = last.toolCalls ?? [];
    if (!requested.length) break;
    convo.push({
      role: "assistant",
      content: last.text || null,
      tool_calls: requested.map((c, i) => ({ id: c.id ?? `call_${step}_${i}`, type: "function", function: { name: c.name, arguments: c.arguments } })),
    });
    for (const [i, c] of requested.entries()) {
      const id = c.id ?? `call_${step}_${i}`;
      const tool = byName.get(c.name);
      if (!tool) {
        convo.push({ role: "tool", tool_call_id: id, content: JSON.stringify({ erro: `ferramenta desconhecida: ${c.name}` }) });
        continue;
      }
      const out = await runToolCall(tool, c.arguments, opts.signal);
      calls.push(out.record);
      if (c.name === opts.handoffTool) {
        const reason = typeof (out.record.arguments as { motivo?: unknown }).motivo === "string" ? String((out.record.arguments as { motivo: string }).motivo) : "O agente pediu um atendente";
        return { answer: { ...last, usage }, calls, reply: last.text.trim() || out.reply || null, handoffReason: reason.slice(0, 300) };
      }
      if (out.reply !== undefined) return { answer: { ...last, usage }, calls, reply: out.reply, handoffReason: null };
      convo.push({ role: "tool", tool_call_id: id, content: out.content });
    }
  }
  if (!last) throw new Error("tool loop ran no step");
  return { answer: { ...last, usage }, calls, reply: null, handoffReason: null };
}
