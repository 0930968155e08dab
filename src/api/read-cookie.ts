import type { Context } from "hono";
import { getCookie } from "hono/cookie";

/** hono's own tests (hono/dist/utils/cookie.js): what a cookie value may hold, and its whitespace. */
const VALID_VALUE = /^[ !#-:<-[\]-~]*$/;
function trimSpaces(s: string) {
  let start = 0;
  let end = s.length;
  while (start < end && (s.charCodeAt(start) === 32 || s.charCodeAt(start) === 9)) start++;
  while (end > start && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === 9)) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/**
 * One cookie, read exactly as hono's getCookie(c, name) reads it (the first occurrence whose value is
 * valid, quotes removed, %-decoded), without its per-pair name checks: reading the session and CSRF
 * cookies that way was ~10% of an authenticated query's CPU (bench/http.ts). `name` is one of ours
 * (a plain token), so hono's name check always passes; a value to decode is left to hono itself.
 */
export function readCookie(c: Context, name: string): string | undefined {
  const header = c.req.raw.headers.get("cookie");
  if (!header || header.indexOf(name) === -1) return undefined;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || trimSpaces(pair.slice(0, eq)) !== name) continue;
    let value = trimSpaces(pair.slice(eq + 1));
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!VALID_VALUE.test(value)) continue;
    return value.includes("%") ? getCookie(c, name) : value;
  }
  return undefined;
}
