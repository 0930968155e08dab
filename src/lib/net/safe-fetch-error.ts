/** The error safeFetch throws: a stable `code` for callers and a pt-BR `message` for the end user. */
export type SafeFetchErrorCode =
  | "BLOCKED_ADDRESS"
  | "BAD_SCHEME"
  | "BAD_URL"
  | "TOO_LARGE"
  | "TIMEOUT"
  | "TOO_MANY_REDIRECTS"
  | "BAD_CONTENT_TYPE"
  | "DNS"
  | "NETWORK"
  | "HTTP";

const MESSAGES: Record<SafeFetchErrorCode, string> = {
  BLOCKED_ADDRESS: "Endereço não permitido: o site aponta para uma rede privada.",
  BAD_SCHEME: "Endereço não permitido: use um link que comece com http:// ou https://.",
  BAD_URL: "Endereço inválido. Confira o link e tente de novo.",
  TOO_LARGE: "O arquivo excede o tamanho máximo permitido.",
  TIMEOUT: "Tempo esgotado ao acessar o site.",
  TOO_MANY_REDIRECTS: "O site redirecionou vezes demais.",
  BAD_CONTENT_TYPE: "Tipo de conteúdo não suportado.",
  DNS: "Não foi possível encontrar o site. Confira o endereço.",
  NETWORK: "Não foi possível conectar ao site.",
  HTTP: "O site respondeu com um erro.",
};

export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  /** HTTP status of the final response, for code HTTP. */
  readonly status?: number;
  /** Technical detail for logs (English, never shown to users): which range or name was refused, etc. */
  readonly reason?: string;

  constructor(code: SafeFetchErrorCode, opts: { message?: string; status?: number; reason?: string; cause?: unknown } = {}) {
    super(opts.message ?? MESSAGES[code], { cause: opts.cause });
    this.name = "SafeFetchError";
    this.code = code;
    this.status = opts.status;
    this.reason = opts.reason;
  }
}

const MB = 1024 * 1024;

/** "10 MB", "1,5 MB", "500 KB", "900 bytes" (pt-BR decimals). */
export function formatSize(bytes: number): string {
  const fmt = (n: number) => n.toLocaleString("pt-BR", { maximumFractionDigits: 1 });
  if (bytes >= MB) return `${fmt(bytes / MB)} MB`;
  if (bytes >= 1024) return `${fmt(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const tooLarge = (maxBytes: number) =>
  new SafeFetchError("TOO_LARGE", { message: `O arquivo excede o tamanho máximo de ${formatSize(maxBytes)}.` });

export const blocked = (reason: string) => new SafeFetchError("BLOCKED_ADDRESS", { reason });

export function httpError(status: number): SafeFetchError {
  const message =
    status === 404
      ? "Página não encontrada no site (erro 404)."
      : status === 401 || status === 403
        ? `O site recusou o acesso (erro ${status}).`
        : `O site respondeu com erro ${status}.`;
  return new SafeFetchError("HTTP", { status, message });
}

const errorCode = (e: unknown) => (typeof e === "object" && e && "code" in e ? String((e as { code: unknown }).code) : "");

/** A certificate or handshake failure: trying another address of the same host will not help. */
export const isTlsError = (e: unknown) => /CERT|TLS|SSL|SELF_SIGNED|ALTNAME|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HANDSHAKE/i.test(errorCode(e));

/** Maps whatever fetch threw to a SafeFetchError; a TLS failure gets its own message. */
export function networkError(e: unknown): SafeFetchError {
  if (e instanceof SafeFetchError) return e;
  const code = errorCode(e);
  return new SafeFetchError("NETWORK", {
    message: isTlsError(e) ? "Não foi possível estabelecer uma conexão segura com o site." : MESSAGES.NETWORK,
    reason: code || (e instanceof Error ? e.message : String(e)),
    cause: e,
  });
}
