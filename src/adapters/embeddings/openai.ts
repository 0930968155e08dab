import { lazyOpenAiClient } from "../openai-sdk";
import type { Embedder } from "../../knowledge/embedder";

/**
 * Embeddings from any OpenAI-compatible /v1/embeddings (OpenAI, OpenRouter, Ollama, vLLM), asked
 * for 384 dimensions so every embedder fits the same F32_BLOB(384) column. Sends
 * encoding_format "float" by default (some compatible servers reject base64); a base64 answer is
 * decoded too. Inputs go in batches of at most 96, one request at a time, in order.
 */
export type OpenAiEmbedderOptions = {
  apiKey: string | null;
  baseUrl: string | null;
  model?: string;
  /** 384 = EMBEDDING_DIM of db/schema/knowledge (adapters do not import our tables). */
  dimensions?: number;
  /** "base64" halves the payload on servers that support it. */
  encodingFormat?: "float" | "base64";
  batchSize?: number;
  timeoutMs?: number;
  maxRetries?: number;
};

export const MAX_EMBEDDING_BATCH = 96;

/** Little-endian float32s in base64, as the API sends them. */
export function decodeBase64Floats(b64: string): Float32Array {
  const bytes = Buffer.from(b64, "base64");
  const copy = new Uint8Array(bytes.byteLength - (bytes.byteLength % 4));
  copy.set(bytes.subarray(0, copy.byteLength));
  return new Float32Array(copy.buffer);
}

function toVector(embedding: unknown): Float32Array {
  if (typeof embedding === "string") return decodeBase64Floats(embedding);
  if (Array.isArray(embedding)) return Float32Array.from(embedding, (x) => Number(x));
  if (embedding instanceof Float32Array) return embedding;
  throw new Error("Resposta de embeddings inválida do provedor");
}

function normalise(v: Float32Array): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  if (s > 0) {
    const inv = 1 / Math.sqrt(s);
    for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? 0) * inv;
  }
  return v;
}

export function openAiEmbedder(opts: OpenAiEmbedderOptions): Embedder {
  const model = opts.model ?? "text-embedding-3-small";
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? MAX_EMBEDDING_BATCH, MAX_EMBEDDING_BATCH));
  const encoding = opts.encodingFormat ?? "float";
  const dim = opts.dimensions ?? 384;
  const sdkClient = lazyOpenAiClient(opts);

  return {
    id: `openai:${model}@${dim}`,
    dim,
    async embed(texts, signal) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        // The API refuses empty strings; a blank chunk embeds as a single space.
        const input = texts.slice(i, i + batchSize).map((t) => (t.trim() ? t : " "));
        const client = await sdkClient();
        const res = await client.embeddings.create({ model, input, encoding_format: encoding, dimensions: dim }, { signal });
        const data = [...res.data].sort((a, b) => a.index - b.index);
        if (data.length !== input.length) throw new Error(`O provedor devolveu ${data.length} embeddings para ${input.length} textos`);
        for (const item of data) {
          const v = toVector(item.embedding as unknown);
          if (v.length !== dim) {
            throw new Error(`O modelo de embeddings "${model}" devolveu ${v.length} dimensões; esperadas ${dim}`);
          }
          out.push(normalise(v));
        }
      }
      return out;
    },
  };
}
