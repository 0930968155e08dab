import type { Context } from "hono";
import { AppError, NOT_AUTHENTICATED } from "../lib/errors";
import { requireAdmin as requireAdminRole, requireMembership } from "../services/access";
import type { WorkspaceScope } from "../services/context";
import type { ResolvedSession } from "../services/sessions";
import type { HonoEnv } from "./context";

export function requireSession(c: Context<HonoEnv>): ResolvedSession {
  const session = c.get("session");
  if (!session) throw new AppError("UNAUTHORIZED", NOT_AUTHENTICATED);
  return session;
}

export function requireAdmin(c: Context<HonoEnv>): ResolvedSession {
  const session = requireSession(c);
  requireAdminRole(session.user);
  return session;
}

/** Membership of the given workspace, verified; non-members get 404 so ids leak nothing. */
export async function requireWorkspace(c: Context<HonoEnv>, workspaceId: string | null | undefined): Promise<WorkspaceScope> {
  return requireMembership(c.get("deps").db, requireSession(c).user.id, workspaceId);
}

/** The session's current workspace, re-verified against membership on every request. */
export const requireCurrentWorkspace = (c: Context<HonoEnv>) => requireWorkspace(c, requireSession(c).data.workspaceId);
