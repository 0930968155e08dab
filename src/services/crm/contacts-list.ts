import { type SQL, and, asc, desc, sql } from "drizzle-orm";
import type { z } from "zod";
import { contacts } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { listContactsInput } from "../../schemas/crm/contacts";
import type { ServiceContext, WorkspaceScope } from "../context";
import { type ResolvedSearch, contactFilterWhere, contactIndexedWhere, contactRowPredicate, filterNeedsWindow, resolveContactSearch } from "./contact-filter";

type ListContacts = z.output<typeof listContactsInput>;
type Sort = ListContacts["sort"];

/**
 * The list's count stops at this many matches ("10.000+"): counting 100k rows on every page load
 * would stall the one JS thread. Computed on the first page only.
 */
export const CONTACT_COUNT_CAP = 10_000;
/** A search counts fewer: its matches come from the FTS list one row lookup each ("mais de 1.000"). */
export const CONTACT_SEARCH_COUNT_CAP = 1_000;
/**
 * A filter no index serves (tags, source, channel, valid WhatsApp) examines at most this many
 * contacts per request (list and count alike); when a page does not fill inside it, nextCursor
 * continues after the window, as the inbox does.
 */
export const CONTACT_FILTER_WINDOW = 5_000;

/** Each sort's key expression (as its index has it) and direction; ties broken by id the same way. */
const SORTS: Record<Sort, { key: SQL; dir: "asc" | "desc" }> = {
  newest: { key: sql`"contacts"."created_at"`, dir: "desc" },
  oldest: { key: sql`"contacts"."created_at"`, dir: "asc" },
  name: { key: sql`"contacts"."name" COLLATE NOCASE`, dir: "asc" },
  last_contact: { key: sql`ifnull("contacts"."last_contact_at", 0)`, dir: "desc" },
};

const keyOf = (sort: Sort, c: { createdAt: number; name: string; lastContactAt: number | null }) =>
  sort === "name" ? c.name : sort === "last_contact" ? (c.lastContactAt ?? 0) : c.createdAt;

/** Opaque cursor: the last row's sort key and id (base64url JSON). */
export const encodeCursor = (key: string | number, id: string) => Buffer.from(JSON.stringify([key, id])).toString("base64url");
function decodeCursor(sort: Sort, cursor: string): { key: string | number; id: string } {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    const keyOk = sort === "name" ? typeof key === "string" : typeof key === "number" && Number.isFinite(key);
    if (keyOk && typeof id === "string" && /^[0-9a-f-]{36}$/.test(id)) return { key: key as string | number, id };
  } catch {
    // falls through to the refusal
  }
  throw new AppError("VALIDATION", "Cursor inválido", { field: "cursor" });
}

/**
 * Rows after (key, id) in the sort's direction. Written as `key ≥ k AND (key > k OR id > i)`, not
 * a row value: SQLite reads the first term as a range of the (workspace, key, id) index even for
 * the NOCASE and ifnull() keys, where a row-value comparison is only a filter (O(offset) pages).
 */
function after(sort: Sort, at: { key: string | number; id: string }): SQL {
  const { key, dir } = SORTS[sort];
  const [loose, strict] = dir === "desc" ? ["<=", "<"] : [">=", ">"];
  return sql`(${key} ${sql.raw(loose)} ${at.key} AND (${key} ${sql.raw(strict)} ${at.key} OR "contacts"."id" ${sql.raw(strict)} ${at.id}))`;
}
/** Rows up to and including (key, id): the end of a filter window. */
function upTo(sort: Sort, at: { key: string | number; id: string }): SQL {
  const { key, dir } = SORTS[sort];
  const [loose, strict] = dir === "desc" ? [">=", ">"] : ["<=", "<"];
  return sql`(${key} ${sql.raw(loose)} ${at.key} AND (${key} ${sql.raw(strict)} ${at.key} OR "contacts"."id" ${sql.raw(loose)} ${at.id}))`;
}

const orderBy = (sort: Sort) => {
  const { key, dir } = SORTS[sort];
  return dir === "desc" ? [desc(key), desc(contacts.id)] : [asc(key), asc(contacts.id)];
};

const listColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  companyName: contacts.companyName,
  city: contacts.city,
  state: contacts.state,
  status: contacts.status,
  source: contacts.source,
  tags: contacts.tags,
  isValidWhatsApp: contacts.isValidWhatsApp,
  lastContactAt: contacts.lastContactAt,
  createdAt: contacts.createdAt,
};

/**
 * /contatos: one keyset page of the workspace's contacts in the chosen order, with the filter.
 * The first page also carries the count (capped; `totalExact` false when capped or windowed).
 */
export async function listContacts(ctx: ServiceContext, scope: WorkspaceScope, input: ListContacts) {
  const cursor = input.cursor ? decodeCursor(input.sort, input.cursor) : null;
  const windowed = filterNeedsWindow(input);
  const resolved = await resolveContactSearch(ctx.db, scope.id, input);
  const indexed = contactIndexedWhere(scope.id, input, resolved);
  const start = cursor ? after(input.sort, cursor) : undefined;
  // The last contact a windowed request may examine (none: fewer than the window remain).
  const [edge] = windowed
    ? await ctx.db
        .select({ name: contacts.name, createdAt: contacts.createdAt, lastContactAt: contacts.lastContactAt, id: contacts.id })
        .from(contacts)
        .where(and(indexed, start))
        .orderBy(...orderBy(input.sort))
        .limit(1)
        .offset(CONTACT_FILTER_WINDOW - 1)
    : [];
  const edgeAt = edge ? { key: keyOf(input.sort, edge), id: edge.id } : null;
  const rows = await ctx.db
    .select(listColumns)
    .from(contacts)
    .where(and(contactFilterWhere(scope.id, input, resolved), start, edgeAt ? upTo(input.sort, edgeAt) : undefined))
    .orderBy(...orderBy(input.sort))
    .limit(input.limit + 1);
  const items = rows.slice(0, input.limit);
  const tail = items.at(-1);
  let nextCursor = rows.length > input.limit && tail ? encodeCursor(keyOf(input.sort, tail), tail.id) : null;
  if (!nextCursor && edgeAt) nextCursor = encodeCursor(edgeAt.key, edgeAt.id);
  const count = cursor ? null : await countContacts(ctx, scope, input, resolved);
  return { items, nextCursor, total: count?.total ?? null, totalExact: count?.exact ?? null };
}

/** The filter's count, capped (CONTACT_COUNT_CAP) and, for row-by-row filters, over a window. */
export async function countContacts(ctx: ServiceContext, scope: WorkspaceScope, filter: ListContacts, resolved?: ResolvedSearch) {
  const predicate = contactRowPredicate(filter);
  if (!predicate) {
    const cap = filter.search?.trim() ? CONTACT_SEARCH_COUNT_CAP : CONTACT_COUNT_CAP;
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(sql`(SELECT 1 FROM "contacts" WHERE ${contactIndexedWhere(scope.id, filter, resolved?.kind === "rowids" ? resolved : undefined)} LIMIT ${cap + 1}) AS capped`);
    const n = Number(row?.n ?? 0);
    return { total: Math.min(n, cap), exact: n <= cap };
  }
  const [row] = await ctx.db
    .select({ hits: sql<number>`coalesce(sum(hit), 0)`, examined: sql<number>`count(*)` })
    .from(sql`(SELECT (${predicate}) AS hit FROM "contacts" WHERE ${contactIndexedWhere(scope.id, filter, resolved)} LIMIT ${CONTACT_FILTER_WINDOW}) AS windowed`);
  const hits = Number(row?.hits ?? 0);
  return { total: hits, exact: Number(row?.examined ?? 0) < CONTACT_FILTER_WINDOW };
}
