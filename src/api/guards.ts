import type { Context } from "hono";
import { AppError } from "../lib/errors";
import type { WorkspaceScope } from "../services/context";
import type { ResolvedSession } from "../services/sessions";
import { resolveWorkspaceScope } from "../services/workspaces";
import type { HonoEnv } from "./context";

export function requireSession(c: Context<HonoEnv>): ResolvedSession {
  const session = c.get("session");
  if (!session) throw new AppError("UNAUTHORIZED", "Não autenticado");
  return session;
}

export function requireAdmin(c: Context<HonoEnv>): ResolvedSession {
  const session = requireSession(c);
  if (session.user.role !== "admin") throw new AppError("FORBIDDEN", "Acesso restrito a administradores");
  return session;
}

/** Membership of the given workspace, verified; non-members get 404 so ids leak nothing. */
export async function requireWorkspace(c: Context<HonoEnv>, workspaceId: string | null | undefined): Promise<WorkspaceScope> {
  const session = requireSession(c);
  if (!workspaceId) throw new AppError("PRECONDITION_FAILED", "Nenhum workspace selecionado");
  const scope = await resolveWorkspaceScope(c.get("deps").db, session.user.id, workspaceId);
  if (!scope) throw new AppError("NOT_FOUND", "Workspace não encontrado");
  return scope;
}

/** The session's current workspace, re-verified against membership on every request. */
export const requireCurrentWorkspace = (c: Context<HonoEnv>) => requireWorkspace(c, requireSession(c).data.workspaceId);
