/**
 * Issue 12 #6: the session and CSRF cookies are read by src/api/read-cookie.ts instead of hono's
 * getCookie. Whatever a browser (or an attacker) sends, it must pick the same value hono would, so a
 * session or a CSRF check never depends on which reader ran.
 */
import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { CSRF_COOKIE, SESSION_COOKIE } from "../src/api/context";
import { readCookie } from "../src/api/read-cookie";

const app = new Hono();
app.get("/", (c) => c.json([SESSION_COOKIE, CSRF_COOKIE].map((name) => ({ name, ours: readCookie(c, name) ?? null, hono: getCookie(c, name) ?? null }))));

const headers: [string, string | null][] = [
  ["both cookies", "atenda_csrf=4mJ0cD2l7f1x; atenda_session=Zx8c7v6b5n4m"],
  ["no cookie header", null],
  ["other cookies only", "_ga=GA1.2.3; theme=dark"],
  ["the first of two wins", "atenda_session=primeiro; atenda_session=segundo"],
  ["an invalid value is skipped for the next", "atenda_session=com\\barra; atenda_session=valido"],
  ["quoted", 'atenda_session="entre-aspas"; atenda_csrf="'],
  ["percent-encoded", "atenda_session=a%20b; atenda_csrf=%E0%A4%A"],
  ["spaces and tabs around", " \tatenda_session \t=  valor \t;atenda_csrf=\tx "],
  ["names that merely contain ours", "xatenda_session=mau; atenda_session_old=mau; atenda_csrfx=mau"],
  ["a pair without '='", "atenda_session; atenda_session=depois"],
  ["empty values", "atenda_session=; atenda_csrf="],
  ["a no-break space is not trimmed", "atenda_session=\u00a0valor; atenda_csrf=ok\u00a0"],
  ["an '=' inside the value", "atenda_session=a=b==; atenda_csrf=c"],
];

describe("[perf] cookie reader", () => {
  for (const [name, header] of headers) {
    test(`${name}: the same value as hono's getCookie`, async () => {
      const res = await app.request("/", header === null ? {} : { headers: { cookie: header } });
      const read = (await res.json()) as { name: string; ours: string | null; hono: string | null }[];
      for (const r of read) expect({ name: r.name, value: r.ours }).toEqual({ name: r.name, value: r.hono });
    });
  }

  test("the values a browser sends are read", async () => {
    const res = await app.request("/", { headers: { cookie: "atenda_csrf=4mJ0cD2l7f1x; atenda_session=Zx8c7v6b5n4m" } });
    expect(((await res.json()) as { ours: string }[]).map((r) => r.ours)).toEqual(["Zx8c7v6b5n4m", "4mJ0cD2l7f1x"]);
  });
});
