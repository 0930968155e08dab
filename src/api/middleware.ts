import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import { timingSafeEqual } from "node:crypto";
import { randomToken } from "../lib/crypto";
import { AppError } from "../lib/errors";
import type { AppDeps } from "../services/context";
import { resolveSession } from "../services/sessions";
import { CSRF_COOKIE, CSRF_HEADER, type HonoEnv, SESSION_COOKIE, requestMeta } from "./context";
import { readCookie } from "./read-cookie";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Over https directly, or per the trusted proxy (its value is the last one when several were appended). */
export const isHttps = (url: string, forwardedProto: string | undefined, trustProxy: boolean) =>
  url.startsWith("https:") || (trustProxy && forwardedProto?.split(",").pop()?.trim().toLowerCase() === "https");

/** deps + request meta + the session behind the cookie (if any and still valid). */
export function sessionMiddleware(deps: AppDeps): MiddlewareHandler<HonoEnv> {
  const trustedHops = deps.env.TRUST_PROXY === "true" ? deps.env.TRUSTED_PROXY_HOPS : 0;
  return async (c, next) => {
    c.set("deps", deps);
    c.set("meta", requestMeta(c, trustedHops));
    const token = readCookie(c, SESSION_COOKIE) ?? null;
    c.set("sessionToken", token);
    c.set("session", token ? await resolveSession(deps.db, token, deps.now()) : null);
    await next();
  };
}

function sameToken(a: string, b: string) {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * Double-submit CSRF: a readable cookie whose value must come back in x-csrf-token on every
 * write that carries the session cookie. Issued on any response that lacks it.
 */
export function csrfMiddleware(deps: AppDeps): MiddlewareHandler<HonoEnv> {
  const trustProxy = deps.env.TRUST_PROXY === "true";
  return async (c, next) => {
    const cookie = readCookie(c, CSRF_COOKIE);
    if (WRITE_METHODS.has(c.req.method) && c.get("sessionToken")) {
      const header = c.req.header(CSRF_HEADER);
      if (!cookie || !header || !sameToken(cookie, header)) {
        throw new AppError("FORBIDDEN", "Token CSRF inválido ou ausente. Recarregue a página e tente novamente.");
      }
    }
    if (!cookie) {
      const secure =
        deps.env.COOKIE_SECURE === "true" ||
        (deps.env.COOKIE_SECURE === "auto" && isHttps(c.req.url, c.req.header("x-forwarded-proto"), trustProxy));
      setCookie(c, CSRF_COOKIE, randomToken(24), { path: "/", sameSite: "Lax", secure, httpOnly: false, maxAge: 60 * 60 * 24 * 365 });
    }
    await next();
  };
}
