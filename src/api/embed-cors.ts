/**
 * The widget calls the public agent and chat paths from other sites. The agent's allowedDomains
 * decide which sites (src/lib/embed-origin.ts); this file turns that into 403s and CORS headers.
 *
 * - Checked on the server before anything is stored or charged: CORS alone only hides answers.
 * - Access-Control-Allow-Origin echoes the one origin (with Vary: Origin), never `*`, and never
 *   Allow-Credentials: the widget sends no cookies, so a session can never ride on these calls.
 * - The refusal itself also carries the echo, so the widget can show the server's message; its
 *   body is a fixed sentence. Preflights of refused origins get no CORS headers, so a browser
 *   never sends the chat POST from such a page.
 */
import type { Context, Handler } from "hono";
import { AppError } from "../lib/errors";
import { embedOriginAllowed, isOwnOrigin } from "../lib/embed-origin";
import type { AppDeps } from "../services/context";
import { activeAgent } from "../services/agent-cache";
import type { HonoEnv } from "./context";

export const EMBED_REFUSED = "Este agente não está liberado para este site";

const ALLOW_HEADERS = "content-type, accept";

type Verdict = "none" | "own" | "allowed" | "refused";

function verdict(deps: AppDeps, origin: string | undefined, requestUrl: string, allowedDomains: readonly string[]): Verdict {
  // No Origin: not a browser page on another site (curl, servers); the domain list cannot apply.
  if (!origin) return "none";
  if (isOwnOrigin(origin, deps.appUrl, requestUrl)) return "own";
  return embedOriginAllowed(origin, allowedDomains) ? "allowed" : "refused";
}

function echoOrigin(c: Context, origin: string) {
  c.header("Access-Control-Allow-Origin", origin);
  c.header("Vary", "Origin", { append: true });
}

/** Call after loading the agent and before any work: throws the 403 for a site not on its list. */
export function assertEmbedOrigin(c: Context<HonoEnv>, agent: { allowedDomains: readonly string[] | null }) {
  const origin = c.req.header("origin");
  const v = verdict(c.get("deps"), origin, c.req.url, agent.allowedDomains ?? []);
  if (!origin || v === "none") return;
  echoOrigin(c, origin);
  if (v === "refused") throw new AppError("FORBIDDEN", EMBED_REFUSED);
}

/**
 * OPTIONS for a public path with an agent id. Registered before the session/CSRF middleware: a
 * preflight carries no cookies and must not be issued one.
 */
export function embedPreflight(deps: AppDeps, methods: string): Handler {
  return async (c) => {
    const origin = c.req.header("origin");
    const agent = await activeAgent(deps, c.req.param("id") ?? "");
    const v = verdict(deps, origin, c.req.url, agent.allowedDomains ?? []);
    if (!origin || v === "none") return c.body(null, 204);
    if (v === "refused") return c.json({ error: { code: "FORBIDDEN", message: EMBED_REFUSED } }, 403);
    echoOrigin(c, origin);
    c.header("Access-Control-Allow-Methods", `${methods}, OPTIONS`);
    c.header("Access-Control-Allow-Headers", ALLOW_HEADERS);
    c.header("Access-Control-Max-Age", "600");
    return c.body(null, 204);
  };
}
