import { and, asc, desc, eq, sql } from "drizzle-orm";
import { agents, userActivityLogs, users, workspaceMembers } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { LogsFilter } from "../../schemas/activity";
import type { ServiceContext, WorkspaceScope } from "../context";
import { logsWhere, seesWorkspace } from "./filter";

export const LOG_NOT_FOUND = "Registro de atividade não encontrado";
/** The agent and person pickers list at most this many (workspaces have a few agents and members). */
const PICKER_LIMIT = 500;

const t = userActivityLogs;
/** The index entries carry the rowid: ordering by (created_at, rowid) needs no sort, and ties keep a stable order. */
const rowid = sql<number>`${t}.rowid`;

/** What a list row and an export line read: the line plus who and which agent, by primary key. */
export const lineColumns = {
  id: t.id,
  seq: rowid,
  createdAt: t.createdAt,
  action: t.action,
  category: t.category,
  description: t.description,
  agentId: t.agentId,
  agentName: agents.name,
  userId: t.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  resourceType: t.resourceType,
  resourceId: t.resourceId,
  ipAddress: t.ipAddress,
  oldValues: t.oldValues,
  newValues: t.newValues,
};

export type LogCursor = { createdAt: number; seq: number };
const encodeCursor = (c: LogCursor) => Buffer.from(JSON.stringify([c.createdAt, c.seq])).toString("base64url");
function decodeCursor(raw: string): LogCursor {
  try {
    const [createdAt, seq] = JSON.parse(Buffer.from(raw, "base64url").toString()) as unknown[];
    if (typeof createdAt === "number" && typeof seq === "number") return { createdAt, seq };
  } catch {
    // fall through to the refusal
  }
  throw new AppError("VALIDATION", "Cursor inválido", { field: "cursor" });
}

/** One keyset page of the filter's lines, newest first (shared by the list and the CSV export). */
export function readPage(ctx: ServiceContext, scope: WorkspaceScope, userId: string, filter: LogsFilter, limit: number, cursor: LogCursor | null) {
  // A row value: SQLite seeks the index to it instead of re-walking earlier pages.
  const after = cursor ? sql`(${t.createdAt}, ${rowid}) < (${cursor.createdAt}, ${cursor.seq})` : undefined;
  return ctx.db
    .select(lineColumns)
    .from(t)
    .leftJoin(users, eq(users.id, t.userId))
    .leftJoin(agents, eq(agents.id, t.agentId))
    .where(and(logsWhere(scope, userId, filter, ctx.now(), cursor ? cursor.createdAt + 1 : undefined), after))
    .orderBy(desc(t.createdAt), desc(rowid))
    .limit(limit);
}

const personName = (r: { firstName: string | null; lastName: string | null; email: string | null }) =>
  r.firstName ? `${r.firstName} ${r.lastName ?? ""}`.trim() : (r.email ?? null);

/**
 * The agent and person a filter names must be this workspace's: another workspace's id is
 * NOT_FOUND, so a filter never confirms that a foreign id exists.
 */
export async function checkFilterRefs(ctx: ServiceContext, scope: WorkspaceScope, filter: LogsFilter) {
  if (filter.agentId) {
    const [a] = await ctx.db.select({ id: agents.id }).from(agents).where(and(eq(agents.id, filter.agentId), eq(agents.workspaceId, scope.id))).limit(1);
    if (!a) throw new AppError("NOT_FOUND", "Agente não encontrado");
  }
  if (filter.userId && filter.scope === "workspace") {
    const [m] = await ctx.db
      .select({ id: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, filter.userId)))
      .limit(1);
    if (!m) throw new AppError("NOT_FOUND", "Pessoa não encontrada neste workspace");
  }
}

/** logs.list: a page of lines (old/new values left to the detail) and the cursor of the next one. */
export async function listLogs(ctx: ServiceContext, scope: WorkspaceScope, userId: string, input: { filter: LogsFilter; limit: number; cursor?: string }) {
  await checkFilterRefs(ctx, scope, input.filter);
  const rows = await readPage(ctx, scope, userId, input.filter, input.limit + 1, input.cursor ? decodeCursor(input.cursor) : null);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      action: r.action,
      category: r.category,
      description: r.description,
      agentId: r.agentId,
      agentName: r.agentName,
      userId: r.userId,
      userName: personName(r),
      hasChanges: Boolean(r.oldValues || r.newValues),
    })),
    nextCursor: rows.length > input.limit && last ? encodeCursor({ createdAt: last.createdAt, seq: last.seq }) : null,
  };
}

/**
 * logs.get: one line whole (old and new values, details, address, device). A plain member reads
 * only their own lines; another workspace's line is NOT_FOUND, as if it did not exist.
 */
export async function getLog(ctx: ServiceContext, scope: WorkspaceScope, userId: string, id: string) {
  const [row] = await ctx.db
    .select({ ...lineColumns, details: t.details, userAgent: t.userAgent, workspaceId: t.workspaceId })
    .from(t)
    .leftJoin(users, eq(users.id, t.userId))
    .leftJoin(agents, eq(agents.id, t.agentId))
    .where(eq(t.id, id))
    .limit(1);
  const own = row?.userId === userId && (row.workspaceId === scope.id || row.workspaceId === null);
  const team = row?.workspaceId === scope.id && seesWorkspace(scope);
  // A platform admin's line about this workspace (category admin) is staff-only, like in the list.
  if (!row || row.category === "admin" || !(own || team)) throw new AppError("NOT_FOUND", LOG_NOT_FOUND);
  const { seq: _seq, firstName: _f, lastName: _l, ...rest } = row;
  return { ...rest, userName: personName(row) };
}

/** logs.options: whether the caller may see the team's lines, and the agent and person pickers. */
export async function logOptions(ctx: ServiceContext, scope: WorkspaceScope) {
  const team = seesWorkspace(scope);
  const agentRows = await ctx.db
    .select({ id: agents.id, name: agents.name })
    .from(agents)
    .where(eq(agents.workspaceId, scope.id))
    .orderBy(asc(agents.name))
    .limit(PICKER_LIMIT);
  const people = team
    ? await ctx.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(eq(workspaceMembers.workspaceId, scope.id))
        .orderBy(asc(users.firstName))
        .limit(PICKER_LIMIT)
    : [];
  return { canSeeWorkspace: team, agents: agentRows, people: people.map((p) => ({ id: p.id, name: personName(p) ?? p.email, email: p.email })) };
}
