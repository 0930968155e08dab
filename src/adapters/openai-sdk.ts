/**
 * The openai SDK, shared by llm/ and embeddings/ and imported with the first call rather than at
 * boot: a server in offline mode never loads it (issue 12, the binary's start and idle memory).
 */
type Sdk = typeof import("openai");

let sdk: Sdk | null = null;

export async function loadOpenAiSdk(): Promise<Sdk> {
  sdk ??= await import("openai");
  return sdk;
}

/** The SDK if some call already loaded it (an error can be one of its classes only then). */
export const loadedOpenAiSdk = (): Sdk | null => sdk;

export type OpenAiClientOptions = { apiKey?: string | null; baseUrl?: string | null; timeoutMs?: number; maxRetries?: number };

/** One SDK client per adapter, made on its first call (the SDK loads then too). */
export function lazyOpenAiClient(opts: OpenAiClientOptions): () => Promise<InstanceType<Sdk["default"]>> {
  let created: InstanceType<Sdk["default"]> | null = null;
  return async () => {
    const { default: OpenAIClient } = await loadOpenAiSdk();
    created ??= new OpenAIClient({
      apiKey: opts.apiKey ?? "sem-chave",
      baseURL: opts.baseUrl ?? "https://api.openai.com/v1",
      timeout: opts.timeoutMs ?? 60_000,
      maxRetries: opts.maxRetries ?? 2,
    });
    return created;
  };
}
