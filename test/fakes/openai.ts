/**
 * A loopback server of the OpenAI wire protocol (protocols.md §5): chat completions plain and
 * streamed (SSE, usage chunk when stream_options.include_usage), tool calls, embeddings (float and
 * base64), audio transcriptions (multipart), /models. Records every request; can inject 429/500.
 */
export type FakeUsage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
/** `usage` is what the fake answered with (chat completions only), so tests can compare the ledger. */
export type RecordedRequest = { path: string; method: string; headers: Record<string, string>; body: unknown; usage?: FakeUsage };

export type FakeReply = {
  content?: string;
  toolCalls?: { name: string; arguments: string }[];
  /** Overrides the token counts reported in `usage` (default: ~4 characters a token). */
  usage?: { prompt_tokens: number; completion_tokens: number };
};

export type FakeOpenAiOptions = {
  /** Decides the assistant reply from the request body; default echoes the last user text. */
  reply?: (body: ChatBody) => FakeReply;
  /** Delay before the first byte, ms. */
  latencyMs?: number;
  /** Spread of that delay: each request waits latencyMs ± up to jitterMs, uniformly (a real model's latency varies). */
  jitterMs?: number;
  /** Delay between streamed chunks, ms. */
  chunkDelayMs?: number;
  apiKey?: string;
  embeddingDim?: number;
};

type ChatMessage = { role: string; content: unknown };
export type ChatBody = {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: unknown[];
  /** Structured output: reply with JSON of json_schema.schema (the name says which task asked). */
  response_format?: { type: string; json_schema?: { name: string; schema?: unknown; strict?: boolean } };
};

export function lastUserText(body: ChatBody): string {
  const last = [...body.messages].reverse().find((m) => m.role === "user");
  if (!last) return "";
  if (typeof last.content === "string") return last.content;
  if (Array.isArray(last.content)) {
    return last.content.map((p: { type?: string; text?: string }) => (p.type === "text" ? (p.text ?? "") : "")).join(" ");
  }
  return "";
}

const countTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

/** Prompt tokens like the real API counts them: text by length, each image a flat 85 tokens (low detail). */
function countPromptTokens(messages: ChatMessage[]): number {
  let images = 0;
  const textOnly = messages.map((m) =>
    Array.isArray(m.content)
      ? {
          ...m,
          content: m.content.map((p: { type?: string }) => {
            if (p.type !== "image_url") return p;
            images++;
            return { type: "image_url" };
          }),
        }
      : m,
  );
  return countTokens(JSON.stringify(textOnly)) + images * 85;
}

/** Deterministic pseudo-embedding so similar texts get similar vectors in tests. */
function embed(text: string, dim: number): number[] {
  const v = new Array<number>(dim).fill(0);
  for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) {
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    v[Math.abs(h) % dim] = (v[Math.abs(h) % dim] ?? 0) + 1;
  }
  const norm = Math.sqrt(v.reduce((a, b) => a + b * b, 0)) || 1;
  return v.map((x) => x / norm);
}

export async function startFakeOpenAi(opts: FakeOpenAiOptions = {}) {
  const requests: RecordedRequest[] = [];
  /** Queue of status codes to answer the next requests with (e.g. [429, 500]); `quota`: a 429 for a spent account. */
  const failures: { status: number; retryAfter?: string; quota?: boolean }[] = [];
  const settings: { latencyMs: number; jitterMs: number; chunkDelayMs: number; reply: (b: ChatBody) => FakeReply } = {
    latencyMs: opts.latencyMs ?? 0,
    jitterMs: opts.jitterMs ?? 0,
    chunkDelayMs: opts.chunkDelayMs ?? 0,
    reply: opts.reply ?? ((b) => ({ content: `Eco: ${lastUserText(b)}` })),
  };
  const dim = opts.embeddingDim ?? 64;

  const error = (status: number, message: string, type: string, headers: Record<string, string> = {}, code: string | null = null) =>
    Response.json({ error: { message, type, param: null, code } }, { status, headers });

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 60,
    async fetch(req) {
      const url = new URL(req.url);
      const headers = Object.fromEntries(req.headers.entries());
      let body: unknown = null;
      if (req.method === "POST") {
        const type = req.headers.get("content-type") ?? "";
        if (type.includes("multipart/form-data")) {
          const form = await req.formData();
          const file = form.get("file");
          body = { model: form.get("model"), language: form.get("language"), fileName: file instanceof File ? file.name : null, fileSize: file instanceof File ? file.size : 0 };
        } else body = await req.json().catch(() => null);
      }
      const recorded: RecordedRequest = { path: url.pathname, method: req.method, headers, body };
      requests.push(recorded);
      if (opts.apiKey && headers.authorization !== `Bearer ${opts.apiKey}`) return error(401, "Incorrect API key provided", "invalid_request_error");
      const fail = failures.shift();
      if (fail) {
        const retryHeaders: Record<string, string> = fail.retryAfter ? { "retry-after": fail.retryAfter } : {};
        if (fail.quota) return error(429, "You exceeded your current quota, please check your plan and billing details.", "insufficient_quota", retryHeaders, "insufficient_quota");
        return fail.status === 429
          ? error(429, "Rate limit reached", "requests", retryHeaders)
          : error(fail.status, "The server had an error while processing your request.", "server_error", retryHeaders);
      }
      if (settings.latencyMs) await Bun.sleep(Math.max(0, settings.latencyMs + (Math.random() * 2 - 1) * settings.jitterMs));

      if (url.pathname === "/v1/models") {
        return Response.json({ object: "list", data: ["gpt-4o-mini", "gpt-4o", "whisper-1"].map((id) => ({ id, object: "model", created: 0, owned_by: "fake" })) });
      }
      if (url.pathname === "/v1/embeddings") {
        const b = body as { input: string | string[]; encoding_format?: string; model: string };
        const inputs = Array.isArray(b.input) ? b.input : [b.input];
        return Response.json({
          object: "list",
          model: b.model,
          data: inputs.map((text, index) => {
            const v = embed(text, dim);
            const embedding = b.encoding_format === "base64" ? Buffer.from(new Float32Array(v).buffer).toString("base64") : v;
            return { object: "embedding", index, embedding };
          }),
          usage: { prompt_tokens: inputs.reduce((a, t) => a + countTokens(t), 0), total_tokens: inputs.reduce((a, t) => a + countTokens(t), 0) },
        });
      }
      if (url.pathname === "/v1/audio/transcriptions") {
        return Response.json({ text: "Transcrição de teste do áudio" });
      }
      if (url.pathname !== "/v1/chat/completions") return error(404, "Not found", "invalid_request_error");

      const b = body as ChatBody;
      const reply = settings.reply(b);
      const content = reply.content ?? null;
      const promptTokens = reply.usage?.prompt_tokens ?? countPromptTokens(b.messages);
      const completionTokens = reply.usage?.completion_tokens ?? countTokens(content ?? JSON.stringify(reply.toolCalls ?? []));
      const id = `chatcmpl-${requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      const toolCalls = reply.toolCalls?.map((t, i) => ({ id: `call_${i}`, type: "function", function: { name: t.name, arguments: t.arguments } }));
      const finish = toolCalls ? "tool_calls" : "stop";
      const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
      recorded.usage = usage;

      if (!b.stream) {
        return Response.json({
          id,
          object: "chat.completion",
          created,
          model: b.model,
          choices: [{ index: 0, message: { role: "assistant", content, ...(toolCalls ? { tool_calls: toolCalls } : {}) }, finish_reason: finish }],
          usage,
        });
      }
      const pieces = (content ?? "").match(/\S+\s*/g) ?? [];
      const enc = new TextEncoder();
      const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
        enc.encode(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: b.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`);
      const stream = new ReadableStream({
        async start(controller) {
          controller.enqueue(chunk({ role: "assistant", content: "" }, null));
          for (const piece of pieces) {
            if (settings.chunkDelayMs) await Bun.sleep(settings.chunkDelayMs);
            controller.enqueue(chunk({ content: piece }, null));
          }
          if (toolCalls) {
            controller.enqueue(chunk({ tool_calls: toolCalls.map((t, index) => ({ index, ...t })) }, null));
          }
          controller.enqueue(chunk({}, finish));
          if (b.stream_options?.include_usage) {
            controller.enqueue(enc.encode(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: b.model, choices: [], usage })}\n\n`));
          }
          controller.enqueue(enc.encode("data: [DONE]\n\n"));
          controller.close();
        },
      });
      return new Response(stream, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    failures,
    settings,
    chatRequests: () => requests.filter((r) => r.path === "/v1/chat/completions").map((r) => r.body as ChatBody),
    /** Chat completions that were answered (not failed), with the usage reported. */
    answeredChats: () => requests.filter((r) => r.path === "/v1/chat/completions" && r.usage),
    stop: () => server.stop(true),
  };
}
