/**
 * Byte ranges for GET /api/v1/files/{id} (RFC 9110 §14): one range is answered with 206 and a slice
 * of the file, an unsatisfiable one with 416; several ranges at once are answered whole (allowed by
 * the RFC, and no browser's <video> asks for more than one).
 */

export type ByteRange = { start: number; end: number };
/** `full`: no usable Range header (answer 200); `range`: answer 206 with these inclusive bounds. */
export type RangeDecision = { kind: "full" } | { kind: "range"; range: ByteRange } | { kind: "unsatisfiable" };

const SPEC = /^\s*(\d*)\s*-\s*(\d*)\s*$/;

/** Reads a `Range` header against a file of `size` bytes. Malformed headers are ignored (answer whole). */
export function parseRange(header: string | null | undefined, size: number): RangeDecision {
  if (!header) return { kind: "full" };
  const [unit, spec] = header.split("=", 2);
  if (unit?.trim().toLowerCase() !== "bytes" || spec === undefined || spec.includes(",")) return { kind: "full" };
  const m = SPEC.exec(spec);
  if (!m) return { kind: "full" };
  const [, first = "", last = ""] = m;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    // Suffix range: the last N bytes; "-0" asks for nothing.
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", range: { start: Math.max(0, size - n), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "full" }; // invalid per the RFC: ignore it
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", range: { start, end } };
}

/**
 * If-Range: the range applies only while the client's copy is current (its validator is our ETag);
 * otherwise the whole file goes back. Our files never change under an id, so this is mostly formal.
 */
export function rangeStillValid(ifRange: string | null | undefined, etag: string): boolean {
  return !ifRange || ifRange.trim() === etag;
}

export const contentRange = (r: ByteRange, size: number) => `bytes ${r.start}-${r.end}/${size}`;

/**
 * If-None-Match (RFC 9110 §13.1.2): "*" or a list of entity tags, compared weakly, so the W/"…" a
 * compressing proxy hands the browser still revalidates to 304 instead of re-sending the whole file.
 */
export function noneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}
