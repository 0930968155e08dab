/**
 * Security headers on every answer of the app (API, webhooks, widget.js, SPA pages).
 * - Content-Security-Policy: API answers are data, so they may load and be framed by nothing; the
 *   SPA's pages get `spaPolicy` (src/api/spa.ts), whose frame-ancestors follow the page.
 * - HSTS only when the request came over https (directly or per the trusted proxy): sent over
 *   plain http it would be ignored, and a self-hosted install on http must keep working.
 * - No Cross-Origin-Resource-Policy: widget.js is loaded by other sites' pages.
 */
import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../services/context";
import type { HonoEnv } from "./context";
import { isHttps } from "./middleware";

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const HSTS = "max-age=31536000";

/**
 * The SPA's policy without frame-ancestors. No inline scripts: Bun's production bundle is one
 * external module. blob: scripts are the recorder's AudioWorklet module; images may come from any
 * https site (agent avatars). Dev mode (HMR) injects an inline script and a websocket.
 */
export function spaPolicy(dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' blob:${dev ? " 'unsafe-inline'" : ""}`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ""}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "media-src 'self' data: blob:",
    // Academy embed lessons: only these two players are ever framed (normalizeEmbedUrl, issue 19).
    "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

export function securityHeaders(deps: AppDeps): MiddlewareHandler<HonoEnv> {
  const trustProxy = deps.env.TRUST_PROXY === "true";
  return async (c, next) => {
    await next();
    // A Response built elsewhere may have immutable headers (Response.redirect): copy it once.
    try {
      c.res.headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("X-Content-Type-Options", "nosniff");
    }
    const h = c.res.headers;
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", API_POLICY);
    if (isHttps(c.req.url, c.req.header("x-forwarded-proto"), trustProxy)) h.set("Strict-Transport-Security", HSTS);
  };
}
