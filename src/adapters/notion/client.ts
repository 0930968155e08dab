/**
 * Notion API client (protocols.md §12): `Authorization: Bearer <token>`, the pinned
 * `Notion-Version: 2022-06-28` (databases, not data sources), base URL from NOTION_API_BASE (read
 * at call time, so tests point it at a loopback fake), always through safeFetch. Every failure
 * becomes a NotionError with a pt-BR sentence for the editor or the model.
 */
import { SafeFetchError, safeFetch } from "../../lib/safe-fetch";

export const NOTION_DEFAULT_BASE = "https://api.notion.com/v1";
export const NOTION_VERSION = "2022-06-28";

const CALL_TIMEOUT_MS = 10_000;
const MAX_BYTES = 2 * 1024 * 1024;
/** A 429 whose Retry-After is at most this long is retried once (interactive path: no long waits). */
const MAX_RETRY_WAIT_MS = 2_000;

export const notionBase = () => (process.env.NOTION_API_BASE || NOTION_DEFAULT_BASE).replace(/\/+$/, "");

export type NotionErrorKind = "unauthorized" | "restricted" | "not_found" | "rate_limited" | "validation" | "conflict" | "unavailable" | "network";

export class NotionError extends Error {
  constructor(
    message: string,
    readonly kind: NotionErrorKind,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "NotionError";
  }
}

export const NOTION_MESSAGES = {
  unauthorized: "Token do Notion inválido ou revogado (erro 401). Copie de novo o token da integração em notion.so/my-integrations e salve.",
  restricted: "A integração do Notion não tem permissão para esta ação (erro 403). Confira as capacidades da integração (ler, inserir e atualizar conteúdo).",
  notFound:
    "A página não foi compartilhada com a integração do Notion (ou não existe). No Notion, abra a página, clique em ••• › Conexões e adicione a integração.",
  rateLimited: "O Notion limitou as requisições (erro 429, em média 3 por segundo). Tente de novo em alguns segundos.",
  conflict: "O Notion recusou a gravação por conflito de edição (erro 409). Tente de novo.",
  timeout: "O Notion não respondeu a tempo. Tente de novo em instantes.",
  network: "Não foi possível conectar ao Notion. Tente de novo em instantes.",
} as const;

type ErrorBody = { object?: unknown; status?: unknown; code?: unknown; message?: unknown };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function httpFailure(status: number, body: unknown): NotionError {
  const b = (body && typeof body === "object" ? body : {}) as ErrorBody;
  const code = typeof b.code === "string" ? b.code : null;
  const detail = typeof b.message === "string" ? b.message.slice(0, 300) : "";
  if (status === 401 || code === "unauthorized") return new NotionError(NOTION_MESSAGES.unauthorized, "unauthorized", status, code);
  if (status === 403 || code === "restricted_resource") return new NotionError(NOTION_MESSAGES.restricted, "restricted", status, code);
  if (status === 404 || code === "object_not_found") return new NotionError(NOTION_MESSAGES.notFound, "not_found", status, code);
  if (status === 429 || code === "rate_limited") return new NotionError(NOTION_MESSAGES.rateLimited, "rate_limited", status, code);
  if (status === 409 || code === "conflict_error") return new NotionError(NOTION_MESSAGES.conflict, "conflict", status, code);
  if (status === 400) {
    return new NotionError(`O Notion recusou os dados enviados (erro 400${code ? `, ${code}` : ""})${detail ? `: ${detail}` : ""}.`, "validation", status, code);
  }
  if (status >= 500) return new NotionError(`O Notion está indisponível no momento (erro ${status}). Tente de novo mais tarde.`, "unavailable", status, code);
  return new NotionError(`O Notion respondeu com erro ${status}.`, "unavailable", status, code);
}

function fetchFailure(err: unknown): NotionError {
  if (err instanceof NotionError) return err;
  if (err instanceof SafeFetchError) {
    if (err.code === "TIMEOUT") return new NotionError(NOTION_MESSAGES.timeout, "network");
    if (err.code === "BLOCKED_ADDRESS" || err.code === "BAD_URL" || err.code === "BAD_SCHEME") return new NotionError(err.message, "network");
  }
  return new NotionError(NOTION_MESSAGES.network, "network");
}

/** One call: method, path under the base (starting with "/"), optional JSON body; the parsed answer. */
export async function notionRequest<T>(token: string, method: "GET" | "POST" | "PATCH", path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = {
    accept: "application/json",
    authorization: `Bearer ${token}`,
    "notion-version": NOTION_VERSION,
  };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers["content-type"] = "application/json";
  try {
    for (let attempt = 0; ; attempt++) {
      const res = await safeFetch(`${notionBase()}${path}`, { method, headers, body: payload, timeoutMs: CALL_TIMEOUT_MS, maxBytes: MAX_BYTES, maxRedirects: 0, acceptHttpErrors: true, signal });
      const parsed = parseJson(res.text());
      if (res.status >= 200 && res.status < 300) return parsed as T;
      const after = Number(res.headers.get("retry-after") ?? Number.NaN);
      if (res.status === 429 && attempt === 0 && Number.isFinite(after) && after >= 0 && after * 1000 <= MAX_RETRY_WAIT_MS) {
        await Bun.sleep(after * 1000);
        continue;
      }
      throw httpFailure(res.status, parsed);
    }
  } catch (err) {
    throw fetchFailure(err);
  }
}
