import { TZDate } from "@date-fns/tz";
import { type SQL, and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { userActivityLogs } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { type LogsFilter, WORKSPACE_LOGS_DENIED } from "../../schemas/activity";
import type { WorkspaceScope } from "../context";

const SAO_PAULO = "America/Sao_Paulo";
const DAY = 86_400_000;
const PERIOD_DAYS = { "7d": 7, "30d": 30, "90d": 90, "365d": 365 } as const;

/** Who sees the whole workspace's lines: its owner and whoever manages its members. */
export const seesWorkspace = (scope: WorkspaceScope) => scope.role === "owner" || scope.permissions.canManageMembers;

/** The filter's scope, refused (FORBIDDEN) when a plain member asks for the workspace's lines. */
export function checkedScope(scope: WorkspaceScope, filter: LogsFilter): "mine" | "workspace" {
  if (filter.scope === "workspace" && !seesWorkspace(scope)) throw new AppError("FORBIDDEN", WORKSPACE_LOGS_DENIED);
  return filter.scope;
}

const spDayStart = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return new TZDate(y ?? 1970, (m ?? 1) - 1, d ?? 1, SAO_PAULO).getTime();
};

/** [from, to) in ms: every query reads a time window of the (…, created_at) indexes, never a tenant's whole history. */
export function periodWindow(filter: LogsFilter, now: number): { from: number; to: number } {
  if (filter.period === "custom" && filter.from && filter.to) return { from: spDayStart(filter.from), to: spDayStart(filter.to) + DAY };
  if (filter.period === "today" || filter.period === "custom") {
    const today = new TZDate(now, SAO_PAULO);
    return { from: new TZDate(today.getFullYear(), today.getMonth(), today.getDate(), SAO_PAULO).getTime(), to: now + 1 };
  }
  return { from: now - PERIOD_DAYS[filter.period] * DAY, to: now + 1 };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of a filter. "mine": the caller's lines in this workspace plus those bound to no
 * workspace (sign-in, sign-out), off activity_user_idx; "workspace": the workspace's lines off
 * activity_workspace_created_idx. Both bounded by the period's window.
 */
export function logsWhere(scope: WorkspaceScope, userId: string, filter: LogsFilter, now: number, before?: number): SQL | undefined {
  const which = checkedScope(scope, filter);
  const window = periodWindow(filter, now);
  const from = window.from;
  // A next page's bound seeks the index there (the cursor's row value alone would re-walk earlier pages).
  const to = before === undefined ? window.to : Math.min(window.to, before);
  const t = userActivityLogs;
  const q = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return and(
    which === "workspace" ? eq(t.workspaceId, scope.id) : and(eq(t.userId, userId), or(eq(t.workspaceId, scope.id), isNull(t.workspaceId))),
    gte(t.createdAt, from),
    lt(t.createdAt, to),
    // The platform staff's lines (category admin: who, from which IP, internal notes) are not the customer's to read.
    sql`+${t.category} <> 'admin'`,
    // Unary +: the category narrows the tenant's window, it must not steer the planner to the
    // platform-wide (category, created_at) index.
    filter.category ? sql`+${t.category} = ${filter.category}` : undefined,
    filter.agentId ? eq(t.agentId, filter.agentId) : undefined,
    which === "workspace" && filter.userId ? eq(t.userId, filter.userId) : undefined,
    // drizzle's like() has no ESCAPE clause: a typed % or _ must match itself.
    q ? or(sql`${t.description} like ${q} escape '\\'`, sql`${t.action} like ${q} escape '\\'`) : undefined,
  );
}
