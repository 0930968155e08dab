import type { ZodError } from "zod";

export const errorCodes = [
  "NOT_FOUND",
  "FORBIDDEN",
  "UNAUTHORIZED",
  "CONFLICT",
  "VALIDATION",
  "LIMIT_EXCEEDED",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "PRECONDITION_FAILED",
  "UNAVAILABLE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const httpStatusOf: Record<ErrorCode, number> = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHORIZED: 401,
  CONFLICT: 409,
  VALIDATION: 400,
  LIMIT_EXCEEDED: 403,
  RATE_LIMITED: 429,
  /** A request body over its route's limit (src/api/body-limit.ts). */
  PAYLOAD_TOO_LARGE: 413,
  PRECONDITION_FAILED: 412,
  /** An outside service (SMTP, LLM, channel) refused or is down: not our bug, worth a retry. */
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type services throw. `message` is the user-facing pt-BR text. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** The refusal of every call that needs a session and has none (tRPC procedures, REST guards). */
export const NOT_AUTHENTICATED = "Não autenticado";

/** zod's own English defaults (a wrong type, a non-object body) become pt-BR, as web/lib/form-errors.ts does. */
function ptMessage(issue: ZodError["issues"][number]): string {
  if (!/^Invalid|^Too (big|small)|^Expected/i.test(issue.message)) return issue.message;
  if (issue.code === "too_small") return "Valor abaixo do mínimo";
  if (issue.code === "too_big") return "Valor acima do máximo";
  return "Valor inválido";
}

/** First issue's message: the spec's pt-BR text lives in the zod contract. */
export function fromZodError(error: ZodError): AppError {
  const first = error.issues[0];
  const field = first?.path.join(".");
  return new AppError("VALIDATION", first ? ptMessage(first) : "Dados inválidos", {
    field,
    issues: error.issues.map((i) => ({ path: i.path.join("."), message: ptMessage(i) })),
  });
}

/** A request tRPC could not even decode (malformed JSON, bad superjson meta). */
export const MALFORMED_REQUEST = "Corpo da requisição inválido (JSON malformado)";

export const GENERIC_INTERNAL = "Erro interno do servidor. Tente novamente em alguns minutos.";
