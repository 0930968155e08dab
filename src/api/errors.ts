import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError, GENERIC_INTERNAL, fromZodError, httpStatusOf } from "../lib/errors";
import { recordServerError } from "../lib/error-counter";
import { log } from "../lib/logger";

/** The one mapper from anything thrown to the HTTP body §8 reads: { error: { code, message } }. */
export function toHttpError(err: unknown, c: Context) {
  let appErr: AppError;
  if (err instanceof AppError) appErr = err;
  else if (err instanceof ZodError) appErr = fromZodError(err);
  else if (err instanceof HTTPException && err.status < 500) {
    appErr = new AppError(err.status === 404 ? "NOT_FOUND" : "VALIDATION", err.message || "Requisição inválida");
  } else if (err instanceof SyntaxError) {
    appErr = new AppError("VALIDATION", "Corpo da requisição inválido (JSON malformado)");
  } else {
    log.error("unhandled error", { path: c.req.path, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    recordServerError();
    appErr = new AppError("INTERNAL", GENERIC_INTERNAL);
  }
  const status = httpStatusOf[appErr.code] as 400;
  const field = appErr.details?.field;
  return c.json({ error: { code: appErr.code, message: appErr.message, ...(field ? { field } : {}) } }, status);
}

/** Reads a JSON body; a missing or malformed body is a 400 with a clear message, never a 500. */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  // Only real JSON requests: a cross-site HTML form (text/plain, urlencoded) cannot send this type
  // without a CORS preflight, which closes login CSRF for the routes that need no session.
  if (!isJsonMediaType(c.req.header("content-type"))) {
    throw new AppError("VALIDATION", "Envie o corpo da requisição como JSON (Content-Type: application/json).");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "Corpo da requisição inválido (JSON malformado)");
  }
}

/**
 * The media type before any parameter, compared whole: `application/json` or a `+json` suffix
 * type. A substring match let `text/plain; a=application/json` (which a form can send) through.
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type);
}
