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
