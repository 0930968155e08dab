import { type SQL, and, desc, eq, gte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { bonusCreditHistory, userCredits, users, workspaces } from "../../../../db/schema";
import type { DbOrTx } from "../../../../db/client";
import { AppError } from "../../../lib/errors";
import type { GrantHistoryInput, GrantPeriod } from "../../../schemas/admin-credits";
import { getWallet, toCredits } from "../../credits";

/**
 * /admin/gestao-creditos (issue 17): the workspace picker and the grant history. The grant itself
 * is grantBonusCredits (src/services/credits.ts), shared with POST /api/v1/admin/credits/grant.
 */

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const PICKER_LIMIT = 20;
const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Exclude<GrantPeriod, "all">, number> = { "7d": 7, "30d": 30, "90d": 90, "365d": 365 };

const pickerColumns = {
  id: workspaces.id,
  name: workspaces.name,
  ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  ownerEmail: users.email,
  remainingMilli: userCredits.remainingCredits,
  bonusMilli: userCredits.remainingBonusCredits,
};

/**
 * Up to 20 workspaces whose name or owner's e-mail contains the search. A bounded scan (LIMIT, no
 * sort): the picker narrows as the admin types; the page sorts the few rows by name.
 */
export async function searchWorkspaces(db: DbOrTx, search: string) {
  const pattern = `%${likeEscape(search)}%`;
  const where = search ? or(sql`${workspaces.name} LIKE ${pattern} ESCAPE '\\'`, sql`${users.email} LIKE ${pattern} ESCAPE '\\'`) : undefined;
  const rows = await db
    .select(pickerColumns)
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .leftJoin(userCredits, eq(userCredits.workspaceId, workspaces.id))
    .where(where)
    .limit(PICKER_LIMIT);
  return rows.map(toOption).sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
}

/** One workspace for the picker (a link from /admin/workspaces/editar/{id} preselects it) with its wallet. */
export async function workspaceForGrant(db: DbOrTx, workspaceId: string, now: number) {
  const [row] = await db
    .select(pickerColumns)
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .leftJoin(userCredits, eq(userCredits.workspaceId, workspaces.id))
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Workspace não encontrado");
  return { ...toOption(row), wallet: await getWallet(db, workspaceId, now) };
}

function toOption(r: { id: string; name: string; ownerName: string; ownerEmail: string; remainingMilli: number | null; bonusMilli: number | null }) {
  return { id: r.id, name: r.name, ownerName: r.ownerName.trim(), ownerEmail: r.ownerEmail, remainingCredits: toCredits(r.remainingMilli ?? 0), bonusCredits: toCredits(r.bonusMilli ?? 0) };
}

const grantAdmin = alias(users, "grant_admin");

/**
 * The grant history, newest first, a page at a time: read through (created_at) or, filtered by a
 * workspace, (workspace_id, created_at), with a LIMIT; one extra row tells whether a next page exists.
 */
export async function grantHistory(db: DbOrTx, input: GrantHistoryInput, now: number) {
  const conds: SQL[] = [];
  if (input.workspaceId) conds.push(eq(bonusCreditHistory.workspaceId, input.workspaceId));
  if (input.period !== "all") conds.push(gte(bonusCreditHistory.createdAt, now - PERIOD_DAYS[input.period] * DAY_MS));
  if (input.search) conds.push(sql`${bonusCreditHistory.reason} LIKE ${`%${likeEscape(input.search)}%`} ESCAPE '\\'`);
  const rows = await db
    .select({
      id: bonusCreditHistory.id,
      workspaceId: bonusCreditHistory.workspaceId,
      workspaceName: workspaces.name,
      amountMilli: bonusCreditHistory.amount,
      reason: bonusCreditHistory.reason,
      observations: bonusCreditHistory.observations,
      expiresAt: bonusCreditHistory.expiresAt,
      createdAt: bonusCreditHistory.createdAt,
      adminName: sql<string | null>`${grantAdmin.firstName} || ' ' || ${grantAdmin.lastName}`,
      adminEmail: grantAdmin.email,
    })
    .from(bonusCreditHistory)
    .leftJoin(workspaces, eq(workspaces.id, bonusCreditHistory.workspaceId))
    .leftJoin(grantAdmin, eq(grantAdmin.id, bonusCreditHistory.adminUserId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(bonusCreditHistory.createdAt))
    .limit(input.pageSize + 1)
    .offset((input.page - 1) * input.pageSize);
  const items = rows.slice(0, input.pageSize).map(({ amountMilli, adminName, ...r }) => ({
    ...r,
    amount: toCredits(amountMilli),
    adminName: adminName?.trim() || null,
    expired: r.expiresAt !== null && r.expiresAt <= now,
  }));
  return { items, page: input.page, pageSize: input.pageSize, hasMore: rows.length > input.pageSize };
}
