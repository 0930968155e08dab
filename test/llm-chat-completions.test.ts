/**
 * The chat client every turn uses (src/adapters/llm/chat-completions.ts) against the fake OpenAI
 * server: what it sends, how it reads a stream, and what it does when the provider fails, stalls or
 * cannot be reached — the behaviour the openai SDK gave before, and a spent quota not retried.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { LlmApiError, chatRetryWait } from "../src/adapters/llm/chat-completions";
import { createLlmClient, describeLlmError } from "../src/adapters/llm/openai-compatible";
import { startFakeOpenAi } from "./fakes/openai";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
const reply = "Abrimos de segunda a sexta, das 9h às 18h.";
const messages = [
  { role: "system" as const, content: "Você é um atendente." },
  { role: "user" as const, content: "Qual é o horário?" },
];
const waits: number[] = [];
const realSleep = chatRetryWait.sleep;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: "sk-teste", reply: () => ({ content: reply }) });
  // Retries wait what they would, but the test records the wait instead of sleeping it.
  chatRetryWait.sleep = async (ms) => {
    waits.push(ms);
  };
});
afterAll(() => {
  chatRetryWait.sleep = realSleep;
  fake.stop();
});
afterEach(() => {
  fake.failures.splice(0);
  fake.settings.latencyMs = 0;
  fake.settings.chunkDelayMs = 0;
  waits.splice(0);
});

const client = (over: Partial<Parameters<typeof createLlmClient>[0]> = {}) => createLlmClient({ apiKey: "sk-teste", baseUrl: fake.url, ...over });

describe("a streamed reply", () => {
  test("arrives as deltas in order, joins to the reply, and carries the usage the server reported", async () => {
    const deltas: string[] = [];
    const out = await client().chatStream("gpt-4o-mini", messages, (d) => deltas.push(d), undefined, 256);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(reply);
    expect(out).toMatchObject({ text: reply, model: "gpt-4o-mini", finishReason: "stop" });
    const sent = fake.chatRequests().at(-1);
    expect(sent).toMatchObject({ model: "gpt-4o-mini", stream: true, stream_options: { include_usage: true }, max_tokens: 256 });
    expect(fake.requests.at(-1)?.headers.authorization).toBe("Bearer sk-teste");
    const reported = fake.answeredChats().at(-1)?.usage;
    expect(reported?.completion_tokens).toBeGreaterThan(0);
    expect(out.usage).toEqual({ inputTokens: reported?.prompt_tokens ?? -1, outputTokens: reported?.completion_tokens ?? -1 });
  });

  test("a stream that goes quiet for longer than the timeout is cut off as a timeout", async () => {
    fake.settings.chunkDelayMs = 400;
    const deltas: string[] = [];
    const err = await client({ timeoutMs: 100, maxRetries: 0 })
      .chatStream("gpt-4o-mini", messages, (d) => deltas.push(d))
      .catch((e) => e);
    expect(describeLlmError(err)).toBe("Tempo esgotado ao falar com o provedor");
    expect(deltas.join("")).not.toBe(reply);
  });

  test("the visitor leaving mid-stream aborts the call, and it is not retried", async () => {
    fake.settings.chunkDelayMs = 50;
    const abort = new AbortController();
    const before = fake.chatRequests().length;
    const err = await client()
      .chatStream("gpt-4o-mini", messages, () => abort.abort(), abort.signal)
      .catch((e) => e);
    expect((err as Error).name).toBe("AbortError");
    expect(fake.chatRequests().length - before).toBe(1);
    expect(waits).toEqual([]);
  });
});

describe("when the provider fails", () => {
  test("a 429 is retried after the Retry-After it gives, then answered", async () => {
    fake.failures.push({ status: 429, retryAfter: "2" });
    const out = await client().chat("gpt-4o-mini", messages);
    expect(out.text).toBe(reply);
    expect(waits).toEqual([2000]);
  });

  test("5xx without Retry-After backs off exponentially; after maxRetries the error says the provider has problems", async () => {
    for (let i = 0; i < 3; i++) fake.failures.push({ status: 503 });
    const before = fake.chatRequests().length;
    const err = await client({ maxRetries: 2 })
      .chat("gpt-4o-mini", messages)
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmApiError);
    expect(describeLlmError(err)).toBe("O provedor está com problemas (503)");
    expect(fake.chatRequests().length - before).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(300);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThan(600);
    expect(waits[1]).toBeLessThanOrEqual(1000);
  });

  test("a spent quota (429 insufficient_quota) is not retried, and says so", async () => {
    fake.failures.push({ status: 429, quota: true }, { status: 429, quota: true });
    const before = fake.chatRequests().length;
    const err = await client()
      .chatStream("gpt-4o-mini", messages, () => {})
      .catch((e) => e);
    expect(err).toMatchObject({ status: 429, code: "insufficient_quota" });
    expect(describeLlmError(err)).toBe("A conta do provedor está sem saldo ou cota (429)");
    expect(fake.chatRequests().length - before).toBe(1);
  });

  test("a 400 is not retried and carries the provider's message", async () => {
    fake.failures.push({ status: 400 });
    const err = await client()
      .chat("gpt-4o-mini", messages)
      .catch((e) => e);
    expect(describeLlmError(err)).toBe("Erro do provedor (400): The server had an error while processing your request.");
    expect(waits).toEqual([]);
  });

  test("a wrong key is a 401 with its own message", async () => {
    const err = await client({ apiKey: "sk-errada" })
      .chat("gpt-4o-mini", messages)
      .catch((e) => e);
    expect(describeLlmError(err)).toBe("Chave de API inválida ou sem permissão (401)");
  });

  test("a slow answer times out per attempt and is retried before giving up", async () => {
    fake.settings.latencyMs = 300;
    const before = fake.chatRequests().length;
    const err = await client({ timeoutMs: 60, maxRetries: 1 })
      .chat("gpt-4o-mini", messages)
      .catch((e) => e);
    expect(describeLlmError(err)).toBe("Tempo esgotado ao falar com o provedor");
    expect(fake.chatRequests().length - before).toBe(2);
  });

  test("a server that cannot be reached is retried, then reported as unreachable", async () => {
    const dead = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    const url = `http://127.0.0.1:${dead.port}/v1`;
    dead.stop(true);
    const err = await client({ baseUrl: url, maxRetries: 2 })
      .chat("gpt-4o-mini", messages)
      .catch((e) => e);
    expect(describeLlmError(err)).toBe("Não foi possível conectar ao provedor");
    expect(waits).toHaveLength(2);
  });
});

test("a plain reply with tool calls returns them as the model asked", async () => {
  const tools = await startFakeOpenAi({ reply: () => ({ toolCalls: [{ name: "buscar_produto", arguments: '{"q":"camiseta"}' }] }) });
  try {
    const out = await createLlmClient({ apiKey: null, baseUrl: `${tools.url}/` }).chat("gpt-4o-mini", messages, undefined, [
      { name: "buscar_produto", description: "Busca", parameters: { type: "object", properties: { q: { type: "string" } } } },
    ]);
    expect(out.toolCalls).toEqual([{ id: "call_0", name: "buscar_produto", arguments: '{"q":"camiseta"}' }]);
    expect(out.finishReason).toBe("tool_calls");
    expect(tools.chatRequests()[0]?.tools?.[0]).toMatchObject({ type: "function", function: { name: "buscar_produto" } });
  } finally {
    tools.stop();
  }
});

describe("servers that speak the protocol loosely", () => {
  /** A one-route server on 127.0.0.1 answering /v1/chat/completions with `respond`. */
  const serve = (respond: () => Response) => Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: respond });

  test("a stream that says [DONE] but keeps its body open is complete, not a timeout", async () => {
    const enc = new TextEncoder();
    const chunk = (o: unknown) => enc.encode(`data: ${JSON.stringify(o)}\n\n`);
    const open = serve(
      () =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(chunk({ model: "m", choices: [{ index: 0, delta: { content: "Olá, " }, finish_reason: null }] }));
              c.enqueue(chunk({ model: "m", choices: [{ index: 0, delta: { content: "tudo bem?" }, finish_reason: "stop" }] }));
              c.enqueue(enc.encode("data: [DONE]\n\n"));
              // …and never closes.
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        ),
    );
    try {
      const out = await createLlmClient({ apiKey: "k", baseUrl: `http://127.0.0.1:${open.port}/v1` }).chatStream("m", messages, () => {});
      expect(out).toMatchObject({ text: "Olá, tudo bem?", finishReason: "stop" });
    } finally {
      open.stop(true);
    }
  });

  test("a whole answer larger than 8 MB is refused, not buffered", async () => {
    const huge = serve(() => new Response(`{"choices":[{"message":{"content":"${"a".repeat(9 * 1024 * 1024)}"}}]}`, { headers: { "content-type": "application/json" } }));
    try {
      const err = await createLlmClient({ apiKey: "k", baseUrl: `http://127.0.0.1:${huge.port}/v1`, maxRetries: 0 })
        .chat("m", messages)
        .catch((e) => e);
      expect((err as Error).message).toBe("Resposta grande demais ou vazia do provedor");
    } finally {
      huge.stop(true);
    }
  });

  test('an {"error": "text"} body (Ollama) gives its text as the message', async () => {
    const ollama = serve(() => Response.json({ error: 'model "llama9" not found, try pulling it first' }, { status: 404 }));
    try {
      const err = await createLlmClient({ apiKey: null, baseUrl: `http://127.0.0.1:${ollama.port}/v1` })
        .chat("llama9", messages)
        .catch((e) => e);
      expect(describeLlmError(err)).toBe('Erro do provedor (404): model "llama9" not found, try pulling it first');
    } finally {
      ollama.stop(true);
    }
  });
});

test("a visitor who left before the call costs no call", async () => {
  const abort = new AbortController();
  abort.abort();
  const before = fake.chatRequests().length;
  const err = await client()
    .chatStream("gpt-4o-mini", messages, () => {}, abort.signal)
    .catch((e) => e);
  expect((err as Error).name).toBe("AbortError");
  expect(fake.chatRequests().length).toBe(before);
});
