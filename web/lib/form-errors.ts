import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** zod's own English defaults ("Invalid input…") never reach the screen; the contract's pt-BR texts do. */
function ptMessage(issue: z.core.$ZodIssue): string {
  if (/^Invalid|^Too (big|small)|^Expected/i.test(issue.message)) {
    if (issue.code === "invalid_type") return "Valor inválido";
    if (issue.code === "too_small") return "Valor abaixo do mínimo";
    if (issue.code === "too_big") return "Valor acima do máximo";
    return "Valor inválido";
  }
  return issue.message;
}

/** First message per field path ("a.b.0.c"), as the forms show one line under each field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in out)) out[key] = ptMessage(issue);
  }
  return out;
}

/**
 * The field a server refusal names (REST: body.error.field; tRPC: data.field) and its pt-BR message,
 * so a form shows it under that field (aria-describedby) rather than only in a toast or banner.
 */
export function serverFieldError(e: unknown): { field: string; message: string } | null {
  if (!(e instanceof Error) || !e.message) return null;
  const rec = (v: unknown): Record<string, unknown> | null => (v && typeof v === "object" ? (v as Record<string, unknown>) : null);
  const self = rec(e);
  const field = rec(self?.data)?.field ?? rec(rec(self?.body)?.error)?.field;
  return typeof field === "string" && field ? { field, message: e.message } : null;
}
