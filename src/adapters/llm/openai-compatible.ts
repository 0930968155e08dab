import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { lazyOpenAiClient, loadOpenAiSdk, loadedOpenAiSdk } from "../openai-sdk";
import { LlmApiError, createCompletion, streamCompletion } from "./chat-completions";

/**
 * Client of any OpenAI-compatible server (OpenAI, OpenRouter, Ollama, vLLM): base URL from config.
 * Knows nothing of our tables. Chat calls go over fetch (chat-completions.ts: retries, timeouts,
 * errors); transcriptions and the model list through the openai SDK, loaded on their first use.
 */
export type LlmMessage = ChatCompletionMessageParam;
export type LlmUsage = { inputTokens: number; outputTokens: number };
export type LlmToolCall = { id?: string; name: string; arguments: string };
export type LlmReply = { text: string; usage: LlmUsage; model: string; finishReason: string | null; toolCalls?: LlmToolCall[] };
export type LlmTool = { name: string; description: string; parameters: Record<string, unknown> };

export type LlmClientOptions = { apiKey: string | null; baseUrl: string | null; timeoutMs?: number; maxRetries?: number };

/** The parts of a chat completion we read (protocols.md §5.1); a compatible server may leave any out. */
type Usage = { prompt_tokens?: number; completion_tokens?: number } | null;
type Completion = {
  model?: string;
  choices?: { message?: { content?: string | null; tool_calls?: { id?: string; type?: string; function?: { name: string; arguments: string } }[] }; finish_reason?: string | null }[];
  usage?: Usage;
};
type CompletionChunk = { model?: string; choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[] | null; usage?: Usage };

export function createLlmClient(opts: LlmClientOptions) {
  const sdkClient = lazyOpenAiClient(opts);

  /** Estimate when a server omits usage: ~4 characters a token, never zero. */
  const estimate = (s: string) => Math.max(1, Math.ceil(s.length / 4));
  const usageOf = (u: Usage | undefined, messages: LlmMessage[], text: string): LlmUsage => ({
    inputTokens: u?.prompt_tokens ?? estimate(JSON.stringify(messages)),
    outputTokens: u?.completion_tokens ?? estimate(text),
  });
  const replyOf = (res: Completion, model: string, messages: LlmMessage[]): LlmReply => {
    const choice = res.choices?.[0];
    const text = choice?.message?.content ?? "";
    const toolCalls = (choice?.message?.tool_calls ?? []).flatMap((c) => (c.type === "function" && c.function ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : []));
    return { text, ...(toolCalls.length ? { toolCalls } : {}), model: res.model || model, finishReason: choice?.finish_reason ?? null, usage: usageOf(res.usage, messages, text) };
  };

  return {
    /** maxTokens caps the completion: a call's price has an upper bound only with it (runtime/call-meter.ts). */
    async chat(model: string, messages: LlmMessage[], signal?: AbortSignal, tools?: LlmTool[], maxTokens?: number): Promise<LlmReply> {
      const body = {
        model,
        messages,
        ...(maxTokens ? { max_tokens: maxTokens } : {}),
        ...(tools?.length ? { tools: tools.map((t) => ({ type: "function" as const, function: t })) } : {}),
      };
      return replyOf(await createCompletion<Completion>(opts, body, signal), model, messages);
    },

    /**
     * Structured output (OpenAI response_format json_schema, strict): the reply text is JSON of that
     * schema. Used by the background tasks of issue 18 (routing, sentiment, memory, summaries).
     */
    async chatJson(model: string, messages: LlmMessage[], format: { name: string; schema: Record<string, unknown> }, signal?: AbortSignal, maxTokens?: number): Promise<LlmReply> {
      const body = {
        model,
        messages,
        ...(maxTokens ? { max_tokens: maxTokens } : {}),
        response_format: { type: "json_schema", json_schema: { name: format.name, schema: format.schema, strict: true } },
      };
      const { toolCalls: _none, ...reply } = replyOf(await createCompletion<Completion>(opts, body, signal), model, messages);
      return reply;
    },

    /** Streams text deltas to onDelta as they arrive; resolves with the whole reply and usage. */
    async chatStream(model: string, messages: LlmMessage[], onDelta: (delta: string) => void, signal?: AbortSignal, maxTokens?: number): Promise<LlmReply> {
      let text = "";
      let usage: Usage = null;
      let finishReason: string | null = null;
      let served = model;
      const body = { model, messages, ...(maxTokens ? { max_tokens: maxTokens } : {}), stream: true, stream_options: { include_usage: true } };
      await streamCompletion<CompletionChunk>(
        opts,
        body,
        (chunk) => {
          if (chunk.model) served = chunk.model;
          // vLLM may send the usage chunk with `choices: null` (protocols.md §5.1).
          const choice = chunk.choices?.[0];
          const delta = choice?.delta?.content;
          if (delta) {
            text += delta;
            onDelta(delta);
          }
          if (choice?.finish_reason) finishReason = choice.finish_reason;
          if (chunk.usage) usage = chunk.usage;
        },
        signal,
      );
      return { text, model: served, finishReason, usage: usageOf(usage, messages, text) };
    },

    /** Whisper-style transcription of a voice note (multipart POST /audio/transcriptions). */
    async transcribe(audio: Uint8Array, mime: string, model = "whisper-1", signal?: AbortSignal): Promise<string> {
      const ext = mime.includes("wav") ? "wav" : mime.includes("ogg") ? "ogg" : mime.includes("mpeg") ? "mp3" : "webm";
      const [client, { toFile }] = await Promise.all([sdkClient(), loadOpenAiSdk()]);
      const file = await toFile(audio, `audio.${ext}`, { type: mime });
      const res = await client.audio.transcriptions.create({ file, model, language: "pt" }, { signal });
      return res.text;
    },

    async listModels(signal?: AbortSignal): Promise<string[]> {
      const page = await (await sdkClient()).models.list({ signal });
      return page.data.map((m) => m.id).sort();
    },
  };
}

export type LlmClient = ReturnType<typeof createLlmClient>;

/** pt-BR reason for a provider failure, for the admin's test button. */
export function describeLlmError(err: unknown): string {
  const sdk = loadedOpenAiSdk();
  if (err instanceof LlmApiError || (sdk && err instanceof sdk.APIError)) {
    if (err.status === 401) return "Chave de API inválida ou sem permissão (401)";
    if (err instanceof LlmApiError && (err.code === "insufficient_quota" || err.type === "insufficient_quota")) return "A conta do provedor está sem saldo ou cota (429)";
    if (err.status === 429) return "Limite de uso do provedor atingido (429)";
    if (err.status && err.status >= 500) return `O provedor está com problemas (${err.status})`;
    return `Erro do provedor (${err.status ?? "sem status"}): ${err.message}`;
  }
  if (err instanceof Error && /timed? ?out/i.test(err.message)) return "Tempo esgotado ao falar com o provedor";
  return "Não foi possível conectar ao provedor";
}
