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

/**
 * The client address behind `hops` trusted proxies: each proxy appends the address it saw, so the
 * hops-th entry from the right is the last one no client could forge (the leftmost is the client's
 * own claim). With fewer entries than hops, the leftmost one there is.
 */
export function clientAddress(forwardedFor: string | undefined, hops: number): string | null {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - Math.max(1, hops))] ?? null;
}

/** `trustedHops` 0: X-Forwarded-For is ignored (no proxy in front); the socket's address is used. */
export function requestMeta(c: Context, trustedHops: number): RequestMeta {
  let ip: string | null = null;
  if (trustedHops > 0) ip = clientAddress(c.req.header("x-forwarded-for"), trustedHops);
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
