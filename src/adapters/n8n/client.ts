/**
 * Starts an n8n workflow through its Webhook node (protocols §7): POST JSON to
 * <server>/webhook/<path> with the Header Auth credential, through safeFetch. The answer is the
 * workflow's JSON (or text) when it responds "when last node finishes" / Respond-to-Webhook, or
 * {"message":"Workflow was started"} when it answers at once. Failures become pt-BR sentences.
 */
import { SafeFetchError, safeFetch } from "../../lib/safe-fetch";
import { DEFAULT_N8N_AUTH_HEADER, type N8nConfig, type N8nWorkflow, webhookUrl } from "../../schemas/n8n";

export const N8N_NOT_FOUND = "Workflow não encontrado ou não está ativo no n8n";
export const N8N_TOKEN_REFUSED = "Token do n8n recusado";

/** Per-call budget, read at call time (tests shorten it). Below the tool's timeout so the model gets this sentence. */
export const n8nTimeoutMs = () => Number(process.env.N8N_WEBHOOK_TIMEOUT_MS) || 20_000;
/** The tool's limit: the call plus room to read the answer. */
export const N8N_TOOL_TIMEOUT_MS = 25_000;

export class N8nError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "N8nError";
  }
}

export type N8nCallResult = { status: number; durationMs: number; body: unknown };

function parseBody(text: string, contentType: string): unknown {
  if (!text.trim()) return null;
  if (contentType.includes("json") || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      // not JSON after all: keep the text
    }
  }
  return text.length > 8000 ? `${text.slice(0, 8000)}…` : text;
}

function errorFor(status: number, body: unknown): N8nError {
  if (status === 404) return new N8nError(N8N_NOT_FOUND, status);
  if (status === 401 || status === 403) return new N8nError(N8N_TOKEN_REFUSED, status);
  if (status === 429) return new N8nError("O n8n recusou por excesso de requisições (HTTP 429). Tente de novo em instantes.", status);
  const detail = body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string" ? `: ${(body as { message: string }).message}` : "";
  if (status >= 500) return new N8nError(`O workflow falhou no n8n (HTTP ${status})${detail.slice(0, 200)}`, status);
  return new N8nError(`O n8n respondeu com erro (HTTP ${status})${detail.slice(0, 200)}`, status);
}

function fetchFailure(err: unknown, timeoutMs: number): N8nError {
  if (err instanceof N8nError) return err;
  if (err instanceof SafeFetchError) {
    if (err.code === "TIMEOUT") return new N8nError(`O n8n não respondeu em ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}. Verifique se o workflow termina rápido ou responde de imediato.`);
    if (err.code === "TOO_MANY_REDIRECTS") return new N8nError("O servidor do n8n redirecionou a chamada: use a URL final do servidor (por exemplo, com https://).");
    if (err.code === "DNS" || err.code === "NETWORK") return new N8nError("Não foi possível conectar ao servidor do n8n. Confira a URL do servidor.");
    return new N8nError(err.message);
  }
  return new N8nError(err instanceof Error ? err.message : "Falha ao chamar o n8n");
}

/** POSTs `payload` to the workflow's webhook; throws N8nError with the user-facing reason. */
export async function callWorkflow(cfg: Pick<N8nConfig, "serverUrl" | "authToken" | "authHeader">, wf: Pick<N8nWorkflow, "webhookPath">, payload: unknown, signal?: AbortSignal): Promise<N8nCallResult> {
  const timeoutMs = n8nTimeoutMs();
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/plain, */*" };
  if (cfg.authToken) headers[(cfg.authHeader || DEFAULT_N8N_AUTH_HEADER).toLowerCase()] = cfg.authToken;
  const started = performance.now();
  try {
    const res = await safeFetch(webhookUrl(cfg.serverUrl, wf.webhookPath), {
      method: "POST",
      headers,
      body: JSON.stringify(payload),
      timeoutMs,
      maxBytes: 2 * 1024 * 1024,
      maxRedirects: 0,
      acceptHttpErrors: true,
      ...(signal ? { signal } : {}),
    });
    const body = parseBody(res.text(), res.contentType);
    if (res.status < 200 || res.status > 299) throw errorFor(res.status, body);
    return { status: res.status, durationMs: Math.round(performance.now() - started), body };
  } catch (err) {
    throw fetchFailure(err, timeoutMs);
  }
}
