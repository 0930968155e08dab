/**
 * GET /api/v1/integrations/google-calendar/callback — where Google sends the browser back after
 * the consent screen (?code&state or ?error&state). The state is checked server-side (single use,
 * expiring, bound to agent + user + workspace); the answer is always a redirect to the agent's
 * Integrações section with googleCalendar=conectado or googleCalendar=erro&motivo=<code> (the
 * page shows the code's pt-BR text from CALLBACK_ERRORS; a crafted link cannot inject text).
 * Never an error page: an unexpected exception is logged and redirected with motivo=failed.
 */
import { Hono } from "hono";
import { log } from "../lib/logger";
import { CALLBACK_RESULT } from "../schemas/google-calendar";
import { type CallbackOutcome, completeConnect } from "../services/google-calendar";
import type { HonoEnv } from "./context";

export const googleCalendarCallbackRoutes = new Hono<HonoEnv>().get("/callback", async (c) => {
  const deps = c.get("deps");
  let outcome: CallbackOutcome;
  try {
    outcome = await completeConnect(deps, {
      code: c.req.query("code") ?? null,
      state: c.req.query("state") ?? null,
      error: c.req.query("error") ?? null,
      sessionUserId: c.get("session")?.user.id ?? null,
    });
  } catch (e) {
    log.error("google calendar callback failed", { error: e instanceof Error ? e.message : String(e) });
    outcome = { agentId: null, ok: false, code: "failed" };
  }
  const params = new URLSearchParams({ googleCalendar: outcome.ok ? CALLBACK_RESULT.ok : CALLBACK_RESULT.error });
  if (!outcome.ok) params.set("motivo", outcome.code);
  const target = outcome.agentId ? `/agent/${outcome.agentId}?${params}#integracoes` : `/agents?${params}`;
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  return c.redirect(target, 302);
});
