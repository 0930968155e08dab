/**
 * ?ref=CODE on any page of the SPA: a first-party cookie (30 days) names the affiliate until sign-up,
 * and the visit counts as a click (once per visitor per day). Requests without ?ref pay one lookup
 * of the query string, nothing else.
 */
import type { Context, MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import { referralCode } from "../schemas/billing/affiliates";
import { attributeReferral, REF_COOKIE, REF_COOKIE_DAYS, trackClick, visitorHash } from "../services/billing/affiliates";
import type { AppDeps } from "../services/context";
import { type HonoEnv, requestMeta } from "./context";
import { isHttps } from "./middleware";
import { readCookie } from "./read-cookie";
import { isSpaPage } from "./spa";

const secureCookie = (deps: AppDeps, c: Context) =>
  deps.env.COOKIE_SECURE === "true" ||
  (deps.env.COOKIE_SECURE === "auto" && isHttps(c.req.url, c.req.header("x-forwarded-proto"), deps.env.TRUST_PROXY === "true"));

export function referralMiddleware(deps: AppDeps): MiddlewareHandler<HonoEnv> {
  const trustedHops = deps.env.TRUST_PROXY === "true" ? deps.env.TRUSTED_PROXY_HOPS : 0;
  return async (c, next) => {
    const raw = c.req.query("ref");
    if (raw && isSpaPage(c.req.method, c.req.path) && c.req.method === "GET") {
      const code = referralCode.safeParse(raw);
      // The first link followed keeps the cookie (first wins, as for the referral itself).
      const kept = readCookie(c, REF_COOKIE);
      if (code.success) {
        const meta = requestMeta(c, trustedHops);
        const known = await trackClick(deps, code.data, visitorHash(deps, meta.ipAddress, meta.userAgent, deps.now()), c.req.path);
        if (known && !kept) {
          setCookie(c, REF_COOKIE, known, {
            path: "/",
            httpOnly: true,
            sameSite: "Lax",
            secure: secureCookie(deps, c),
            maxAge: REF_COOKIE_DAYS * 86_400,
          });
        }
      }
    }
    await next();
  };
}

/** After a successful sign-up: the cookie's code becomes the new user's referral; never fails the sign-up. */
export async function referralAtSignUp(c: Context<HonoEnv>, userId: string) {
  const code = referralCode.safeParse(readCookie(c, REF_COOKIE) ?? "");
  if (!code.success) return;
  await attributeReferral(c.get("deps"), userId, code.data).catch(() => false);
  setCookie(c, REF_COOKIE, "", { path: "/", maxAge: 0 });
}
