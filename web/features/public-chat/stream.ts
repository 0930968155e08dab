import { csrfHeaders, extractErrorMessage } from "../../lib/http";
import { readSse } from "../../lib/sse";

export const SEND_FAILURE = "Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente.";
export const EMPTY_REPLY = "Desculpe, não consegui processar sua mensagem.";

export type ChatRequest = {
  message: string;
  chatHistory: { role: "user" | "assistant"; content: string }[];
  imageData?: string | null;
  audioData?: string | null;
  sessionId: string;
};

/** A refusal the visitor should read as is (rate limit, file too large); anything else is the §8 bubble. */
export class ChatRefusal extends Error {}

const parse = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};
const field = (v: unknown, key: string) => (v && typeof v === "object" && key in v ? (v as Record<string, unknown>)[key] : undefined);

/**
 * POST /api/v1/agents/{id}/chat-external asking for text/event-stream: "delta" events grow the
 * reply, "done" carries the whole of it, "error" fails the turn. Sent once, never retried: a retry
 * would be a second paid turn.
 */
export async function streamChat(agentId: string, body: ChatRequest, onText: (soFar: string) => void, signal?: AbortSignal): Promise<string> {
  const res = await fetch(`/api/v1/agents/${encodeURIComponent(agentId)}/chat-external`, {
    method: "POST",
    credentials: "include",
    headers: { Accept: "text/event-stream", "Content-Type": "application/json", ...csrfHeaders() },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) {
    const raw = await res.text();
    // 403: the agent was blocked (or its owner suspended) mid-conversation; the server says why in pt-BR.
    if (res.status === 429 || res.status === 400 || res.status === 403 || res.status === 413) throw new ChatRefusal(extractErrorMessage(raw, parse(raw), res.statusText));
    throw new Error(`HTTP ${res.status}`);
  }
  if (!res.body || !res.headers.get("content-type")?.includes("text/event-stream")) {
    const json = parse(await res.text());
    const reply = field(json, "response") ?? field(field(json, "data"), "response");
    return typeof reply === "string" ? reply : "";
  }
  let text = "";
  let final: string | null = null;
  let failure: string | null = null;
  await readSse(res.body, (e) => {
    const data = parse(e.data);
    if (e.event === "delta") {
      const piece = field(data, "text");
      if (typeof piece === "string") {
        text += piece;
        onText(text);
      }
    } else if (e.event === "done") {
      const reply = field(data, "response");
      if (typeof reply === "string") final = reply;
    } else if (e.event === "error") {
      const m = field(data, "message");
      failure = typeof m === "string" ? m : SEND_FAILURE;
    }
  });
  if (failure) throw new Error(failure);
  return final ?? text;
}
