import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { HonoEnv } from "./context";
import { SESSION_COOKIE } from "./context";
import { isHttps } from "./middleware";

/** httpOnly, SameSite=Lax, Secure behind https; persistent only with remember-me. */
export function setSessionCookie(c: Context<HonoEnv>, token: string, expire: number, persistent: boolean) {
  const env = c.get("deps").env;
  const secure =
    env.COOKIE_SECURE === "true" ||
    (env.COOKIE_SECURE === "auto" && isHttps(c.req.url, c.req.header("x-forwarded-proto"), env.TRUST_PROXY === "true"));
  setCookie(c, SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    ...(persistent ? { expires: new Date(expire) } : {}),
  });
}

export function clearSessionCookie(c: Context<HonoEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}
