/**
 * /admin/usuarios: every user of the platform, newest first, with search and filters. Pages walk the
 * created_at index (no sort); the total is counted up to COUNT_CAP so a huge table never stalls.
 */
import { type SQL, and, desc, eq, inArray, sql } from "drizzle-orm";
import { plans, userSubscriptions, users, workspaces } from "../../../../db/schema";
import type { AdminUsersListInput, UserRole, UserStatus } from "../../../schemas/admin-users";
import type { AppDeps } from "../../context";
import { getPlansOf } from "../../plans";

/** Totals past this read "mais de 10.000": counting every row of a big table on a request stalls it. */
export const COUNT_CAP = 10_000;
/** Owned workspaces looked at per user on a page (their plans become the list's plan column). */
const OWNED_PER_PAGE = 500;

export type AdminUserRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  status: UserStatus;
  emailVerified: boolean;
  createdAt: number;
  suspendedAt: number | null;
  /** the plans of the workspaces the user owns (distinct names) */
  plans: string[];
};

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtersOf(input: AdminUsersListInput): SQL[] {
  const where: SQL[] = [];
  if (input.role) where.push(eq(users.role, input.role));
  if (input.status) where.push(eq(users.status, input.status));
  if (input.verified !== undefined) where.push(eq(users.emailVerified, input.verified));
  if (input.search) {
    const p = likePattern(input.search.toLowerCase());
    where.push(
      sql`(lower(${users.email}) like ${p} escape '\\' or lower(${users.firstName} || ' ' || ${users.lastName}) like ${p} escape '\\')`,
    );
  }
  if (input.planId) {
    // A user "is on" a plan when a workspace they own has it active (one subscription per workspace).
    where.push(
      sql`exists (select 1 from ${workspaces} inner join ${userSubscriptions} on ${userSubscriptions.workspaceId} = ${workspaces.id} and ${userSubscriptions.status} = 'active' where ${workspaces.ownerId} = ${users.id} and ${userSubscriptions.planId} = ${input.planId})`,
    );
  }
  return where;
}

/** Plan names of the workspaces each user owns, for one page of users. */
async function plansOfOwners(deps: AppDeps, userIds: string[]) {
  const out = new Map<string, string[]>();
  if (userIds.length === 0) return out;
  const owned = await deps.db
    .select({ id: workspaces.id, ownerId: workspaces.ownerId })
    .from(workspaces)
    .where(inArray(workspaces.ownerId, userIds))
    .limit(OWNED_PER_PAGE);
  const planOf = await getPlansOf(
    deps.db,
    owned.map((w) => w.id),
  );
  for (const w of owned) {
    const name = planOf.get(w.id)?.name;
    if (!name) continue;
    const names = out.get(w.ownerId) ?? [];
    if (!names.includes(name)) names.push(name);
    out.set(w.ownerId, names);
  }
  return out;
}

export async function listAdminUsers(deps: AppDeps, input: AdminUsersListInput) {
  const where = filtersOf(input);
  const cond = where.length ? and(...where) : undefined;
  const rows = await deps.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(cond)
    .orderBy(desc(users.createdAt))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const counted = await deps.db.get<{ n: number }>(
    sql`select count(*) as n from (select 1 from ${users} ${cond ? sql`where ${cond}` : sql``} limit ${COUNT_CAP + 1})`,
  );
  const total = Number(counted?.n ?? 0);
  const planNames = await plansOfOwners(
    deps,
    rows.map((r) => r.id),
  );
  const items: AdminUserRow[] = rows.map((r) => ({
    ...r,
    status: r.status === "suspended" ? "suspended" : "active",
    plans: planNames.get(r.id) ?? [],
  }));
  return { items, total: Math.min(total, COUNT_CAP), totalCapped: total > COUNT_CAP, page: input.page, pageSize: input.pageSize };
}

/** The plans an admin can filter by (active or not: users may still be on an inactive one). */
export async function planFilterOptions(deps: AppDeps) {
  return deps.db.select({ id: plans.id, name: plans.name, isActive: plans.isActive }).from(plans).orderBy(plans.sortOrder, plans.name).limit(200);
}
