import { type SQL, and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { contacts } from "../../../db/schema";
import type { ContactFilter } from "../../schemas/crm/contacts";

/** The inbox's channel names (conversations.channel) of each contact channel. */
const CONVERSATION_CHANNEL: Record<NonNullable<ContactFilter["channel"]>, string> = {
  web_chat: "web",
  whatsapp_cloud: "whatsapp",
  whatsapp_uaz: "whatsapp",
  telegram: "telegram",
  instagram: "instagram",
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** An FTS5 string literal: the whole term is one phrase, so `"`, `*`, `OR`, `NEAR` in it mean nothing. */
const phrase = (s: string) => `"${s.replace(/"/g, '""')}"`;

export type ContactSearch = { kind: "fts"; match: string } | { kind: "prefix"; prefix: string } | null;

/**
 * How a search box text is looked up. Trigram FTS needs 3+ characters per term, so each word of
 * 3+ characters must appear (any order, any column, accents and case ignored); a text of only
 * digits and phone punctuation ("(11) 98765-4321") becomes its digits, found inside the E.164
 * phone; shorter texts fall back to a name prefix (read off the NOCASE name index).
 */
export function contactSearch(raw: string | undefined): ContactSearch {
  // Control characters (a NUL ends an FTS5 string early: a syntax error) are spaces here.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this strips
  const q = raw?.replace(/[\u0000-\u001f\u007f]/g, " ").trim().replace(/\s+/g, " ") ?? "";
  if (!q) return null;
  const digits = q.replace(/\D/g, "");
  if (/^[\d\s()+\-.]+$/.test(q) && digits.length >= 3) return { kind: "fts", match: phrase(digits) };
  const words = q.split(" ").filter((w) => [...w].length >= 3);
  if (words.length) return { kind: "fts", match: words.slice(0, 8).map(phrase).join(" AND ") };
  return { kind: "prefix", prefix: q };
}

/** Filters no index serves: a list or count that uses one of these examines a bounded window of rows. */
export function filterNeedsWindow(f: ContactFilter): boolean {
  return Boolean(f.tags?.length || f.channel || f.source || f.validWhatsApp !== undefined);
}

/**
 * The WHERE of a workspace's contacts matching a filter (the /contatos list, its count, the CSV
 * export, bulk actions "on the filter"). Always starts with the workspace, so the caller's ORDER BY
 * can be read off a (workspace_id, …) index; the search is an FTS lookup of rowids; list, status
 * and search are selective; tags, source, channel and validWhatsApp are checked row by row (see
 * filterNeedsWindow: keep such reads bounded by a LIMIT).
 */
export function contactFilterWhere(workspaceId: string, f: ContactFilter, resolved?: ResolvedSearch): SQL {
  return and(contactIndexedWhere(workspaceId, f, resolved), contactRowPredicate(f)) ?? sql`1 = 1`;
}

/**
 * A search looked up ahead: few matches (≤ SPARSE_MATCHES) are passed as rowids and read one by
 * one, then sorted; many are "dense": the list walks its sort index and probes the match set,
 * stopping at a page (`+` keeps SQLite from driving by the match set and sorting thousands).
 */
export type ResolvedSearch = { kind: "rowids"; rowids: number[] } | { kind: "dense" };
export const SPARSE_MATCHES = 500;

/** Looks the search up once (bounded): how the list and its count should read it. */
export async function resolveContactSearch(db: DbOrTx, workspaceId: string, f: ContactFilter): Promise<ResolvedSearch | undefined> {
  const search = contactSearch(f.search);
  if (!search) return undefined;
  if (search.kind === "fts") {
    const rows = await db.all<{ rowid: number }>(sql`SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ${search.match} LIMIT ${SPARSE_MATCHES + 1}`);
    return rows.length > SPARSE_MATCHES ? { kind: "dense" } : { kind: "rowids", rowids: rows.map((r) => Number(r.rowid)) };
  }
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM contacts WHERE workspace_id = ${workspaceId} AND name LIKE ${prefixPattern(search.prefix)} ESCAPE '\\' LIMIT ${SPARSE_MATCHES + 1})`,
  );
  return Number(row?.n ?? 0) > SPARSE_MATCHES ? { kind: "dense" } : undefined;
}

const prefixPattern = (prefix: string) => `${likeEscape(prefix)}%`;

/** The selective part of a filter (workspace, search, status, list): what an index or FTS serves. */
export function contactIndexedWhere(workspaceId: string, f: ContactFilter, resolved?: ResolvedSearch): SQL {
  const search = contactSearch(f.search);
  const dense = resolved?.kind === "dense";
  const rowids = resolved?.kind === "rowids" ? resolved.rowids : null;
  const conditions: (SQL | undefined)[] = [
    eq(contacts.workspaceId, workspaceId),
    search?.kind === "fts" && rowids ? (rowids.length ? sql`"contacts"."rowid" IN (${sql.join(rowids.map((r) => sql`${r}`), sql`, `)})` : sql`0 = 1`) : undefined,
    search?.kind === "fts" && !rowids ? sql`${sql.raw(dense ? "+" : "")}"contacts"."rowid" IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ${search.match})` : undefined,
    search?.kind === "prefix" ? sql`${sql.raw(dense ? "+" : "")}"contacts"."name" LIKE ${prefixPattern(search.prefix)} ESCAPE '\\'` : undefined,
    f.status ? eq(contacts.status, f.status) : undefined,
    f.listId ? sql`"contacts"."id" IN (SELECT contact_id FROM contact_list_members WHERE list_id = ${f.listId})` : undefined,
  ];
  return and(...conditions) ?? sql`1 = 1`;
}

/** The row-by-row part of a filter (tags, source, channel, valid WhatsApp), or undefined when none. */
export function contactRowPredicate(f: ContactFilter): SQL | undefined {
  return and(
    f.source ? eq(contacts.source, f.source) : undefined,
    f.validWhatsApp === true ? eq(contacts.isValidWhatsApp, true) : undefined,
    // "Not valid" includes never checked (null): what a campaign must not send to.
    f.validWhatsApp === false ? sql`coalesce("contacts"."is_valid_whatsapp", 0) = 0` : undefined,
    ...(f.tags ?? []).map((tag) => sql`EXISTS (SELECT 1 FROM json_each("contacts"."tags") WHERE json_each.value = ${tag})`),
    f.channel ? channelCondition(f.channel) : undefined,
  );
}

/**
 * A contact reached on a channel: it came from it, holds an identity of it, or has a conversation
 * on it (WhatsApp conversations do not say which of the two WhatsApp channels, so both match).
 */
function channelCondition(channel: NonNullable<ContactFilter["channel"]>): SQL {
  return sql`("contacts"."source" = ${channel}
    OR EXISTS (SELECT 1 FROM contact_identities ci WHERE ci.contact_id = "contacts"."id" AND ci.channel = ${channel} LIMIT 1)
    OR EXISTS (SELECT 1 FROM conversation_contacts cc JOIN conversations cv ON cv.id = cc.conversation_id WHERE cc.contact_id = "contacts"."id" AND cv.channel = ${CONVERSATION_CHANNEL[channel]} LIMIT 1))`;
}
