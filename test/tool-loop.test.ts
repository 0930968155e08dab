/** The tool loop against the fake OpenAI server: calls run and feed back, timeouts end the turn, usage adds up. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createLlmClient } from "../src/adapters/llm/openai-compatible";
import { MAX_TOOL_STEPS, runToolLoop } from "../src/runtime/tool-loop";
import { type AgentTool, ToolTimeoutError } from "../src/runtime/tools";
import { type ChatBody, startFakeOpenAi } from "./fakes/openai";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
beforeAll(async () => {
  openai = await startFakeOpenAi();
});
afterAll(() => openai.stop());

const client = () => createLlmClient({ apiKey: "sk-teste", baseUrl: openai.url, maxRetries: 0 });
const toolMessages = (b: ChatBody) => b.messages.filter((m) => m.role === "tool");
const ask = [{ role: "user" as const, content: "Qual o status do pedido 123?" }];

const orderTool = (run: AgentTool["run"], timeoutMs?: number): AgentTool => ({
  name: "consultar_pedido",
  description: "Consulta o status de um pedido pelo número",
  parameters: { type: "object", properties: { numero: { type: "string" } }, required: ["numero"] },
  timeoutMs,
  run,
});

test("the model's call runs with its arguments, the result goes back as a tool message, and the final text is the answer", async () => {
  const seen: unknown[] = [];
  openai.settings.reply = (b) =>
    toolMessages(b).length
      ? { content: `Seu pedido está: ${JSON.parse(String(toolMessages(b)[0]?.content)).status}`, usage: { prompt_tokens: 30, completion_tokens: 10 } }
      : { toolCalls: [{ name: "consultar_pedido", arguments: JSON.stringify({ numero: "123" }) }], usage: { prompt_tokens: 20, completion_tokens: 5 } };
  const out = await runToolLoop(client(), "gpt-4o-mini", ask, [orderTool(async (args) => {
    seen.push(args);
    return { data: { status: "enviado" } };
  })], {});
  expect(seen).toEqual([{ numero: "123" }]);
  expect(out.answer.text).toBe("Seu pedido está: enviado");
  expect(out.answer.usage).toEqual({ inputTokens: 50, outputTokens: 15 });
  expect(out.calls).toHaveLength(1);
  expect(out.calls[0]).toMatchObject({ name: "consultar_pedido", arguments: { numero: "123" }, result: { status: "enviado" } });
  const second = openai.chatRequests().at(-1);
  expect(JSON.stringify(second?.tools)).toContain("consultar_pedido");
});

test("a failing tool is reported to the model as an error, which then answers", async () => {
  openai.settings.reply = (b) =>
    toolMessages(b).length ? { content: `Não consegui: ${toolMessages(b)[0]?.content}` } : { toolCalls: [{ name: "consultar_pedido", arguments: "{}" }] };
  const out = await runToolLoop(client(), "m", ask, [orderTool(async () => { throw new Error("API da loja respondeu 500"); })], {});
  expect(out.calls[0]?.error).toBe("API da loja respondeu 500");
  expect(out.answer.text).toContain("API da loja respondeu 500");
});

test("a tool that does not answer in time throws a timeout (the turn gives the error message, it does not hang)", async () => {
  openai.settings.reply = () => ({ toolCalls: [{ name: "consultar_pedido", arguments: "{}" }] });
  const started = Date.now();
  const never = orderTool(() => new Promise(() => {}), 200);
  await expect(runToolLoop(client(), "m", ask, [never], {})).rejects.toBeInstanceOf(ToolTimeoutError);
  expect(Date.now() - started).toBeLessThan(5000);
});

test("a model that keeps calling tools is stopped after the step limit and asked to answer without tools", async () => {
  let runs = 0;
  openai.settings.reply = (b) => (b.tools ? { toolCalls: [{ name: "consultar_pedido", arguments: "{}" }] } : { content: "Resposta final" });
  const out = await runToolLoop(client(), "m", ask, [orderTool(async () => {
    runs++;
    return { data: { status: "?" } };
  })], {});
  expect(runs).toBe(MAX_TOOL_STEPS);
  expect(out.answer.text).toBe("Resposta final");
});

test("a tool that gives the reply itself ends the turn with it", async () => {
  openai.settings.reply = () => ({ toolCalls: [{ name: "consultar_pedido", arguments: "{}" }] });
  const out = await runToolLoop(client(), "m", ask, [orderTool(async () => ({ reply: "Abrimos às 9h." }))], {});
  expect(out.reply).toBe("Abrimos às 9h.");
});
