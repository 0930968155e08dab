import type { Context } from "hono";
import { getConnInfo } from "hono/bun";
import type { AppDeps, RequestMeta, ServiceContext, WorkspaceScope } from "../services/context";
import type { ResolvedSession } from "../services/sessions";

export type HonoEnv = {
  Variables: {
    deps: AppDeps;
    meta: RequestMeta;
    session: ResolvedSession | null;
    sessionToken: string | null;
  };
};

export const SESSION_COOKIE = "atenda_session";
export const CSRF_COOKIE = "atenda_csrf";
export const CSRF_HEADER = "x-csrf-token";

export function requestMeta(c: Context, trustProxy: boolean): RequestMeta {
  let ip: string | null = null;
  if (trustProxy) ip = c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || null;
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address ?? null;
    } catch {
      ip = null; // app.request() in unit tests has no socket
    }
  }
  return { ipAddress: ip, userAgent: c.req.header("user-agent") ?? null, requestId: crypto.randomUUID() };
}

/** A service context for the caller of this request, optionally scoped to a verified workspace. */
export function serviceContext(c: Context<HonoEnv>, workspace: WorkspaceScope | null = null): ServiceContext {
  const deps = c.get("deps");
  const session = c.get("session");
  return {
    ...deps,
    meta: c.get("meta"),
    workspace,
    actor: session
      ? { type: "user", userId: session.user.id, role: session.user.role, sessionId: session.sid }
      : { type: "anonymous" },
  };
}
