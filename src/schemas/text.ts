import { z } from "zod";

/** Trims and collapses runs of whitespace (SPEC §5: "Text fields are trimmed with whitespace collapsed"). */
export const collapse = (s: string) => s.trim().replace(/[ \t\f\v\u00a0]+/g, " ");

/** Single-line text: every whitespace run becomes one space. */
export const line = (min: number, max: number, msgs: { min?: string; max?: string } = {}) =>
  z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(min, msgs.min ?? `Deve ter pelo menos ${min} caracteres`)
        .max(max, msgs.max ?? `Deve ter no máximo ${max} caracteres`),
    );

/** Multi-line text: trimmed, spaces collapsed, line breaks kept (at most one blank line). */
export const paragraph = (min: number, max: number, msgs: { min?: string; max?: string } = {}) =>
  z
    .string()
    .transform((s) => collapse(s).replace(/ *\n */g, "\n").replace(/\n{3,}/g, "\n\n"))
    .pipe(
      z
        .string()
        .min(min, msgs.min ?? `Deve ter pelo menos ${min} caracteres`)
        .max(max, msgs.max ?? `Deve ter no máximo ${max} caracteres`),
    );

export const httpUrl = (message = "URL inválida") =>
  z
    .string()
    .trim()
    .max(2048, "URL muito longa")
    .refine((s) => {
      try {
        const u = new URL(s);
        return u.protocol === "http:" || u.protocol === "https:";
      } catch {
        return false;
      }
    }, message);

/** Optional text that may arrive as "" from a form: "" becomes null. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable().optional());

/** Tokens and ids travel in HTTP headers and URLs: printable ASCII only, no spaces (empty allowed). */
export const HEADER_SAFE = /^[\x21-\x7E]*$/;
export const headerSafeMessage = (label: string) => `${label} contém caracteres inválidos (sem espaços, acentos ou emojis)`;
