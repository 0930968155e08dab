import { type SQL, and, asc, eq, inArray, sql } from "drizzle-orm";
import Papa from "papaparse";
import type { z } from "zod";
import { contacts, leadLists, leads } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import {
  type AddFromContactsInput,
  type AddFromCsvInput,
  CSV_MAX_ROWS,
  type MemberRowError,
  PHONE_FORMAT_INVALID,
  PHONE_REQUIRED,
  type addFromLeadListInput,
  type addNumbersInput,
  campaignPhone,
} from "../../schemas/campaigns/lists";
import type { InboxWriterScope } from "../access";
import { type ServiceContext, withTransaction } from "../context";
import { contactFilterWhere, resolveContactSearch } from "../crm/contact-filter";
import { type AddMembersOutcome, type CampaignMemberInput, type CampaignMemberSource, addCampaignListMembers } from "./list-members";
import { scopedCampaignList } from "./lists";

/** Members written per transaction: the write lock is never held for a whole 100k import. */
const WRITE_BATCH = 2000;
/** Contacts read per page of a filter (one short indexed read each). */
const CONTACT_PAGE = 1000;
/** A filter adds at most this many contacts in one request (a bigger one is split by the user). */
export const MAX_FROM_CONTACTS = 100_000;
/** Row errors returned for the report; the count says how many there were in all. */
const MAX_REPORTED_ERRORS = 200;
export const TYPED_MAX_LINES = 20_000;

export type FillOutcome = AddMembersOutcome & { noPhone: number; errors: MemberRowError[]; errorCount: number };

const empty = (): FillOutcome => ({ added: 0, duplicates: 0, optedOut: 0, invalid: 0, noPhone: 0, errors: [], errorCount: 0 });

async function write(ctx: ServiceContext, scope: InboxWriterScope, listId: string, members: CampaignMemberInput[], source: CampaignMemberSource, into: FillOutcome) {
  for (let i = 0; i < members.length; i += WRITE_BATCH) {
    const batch = members.slice(i, i + WRITE_BATCH);
    const got = await withTransaction(ctx.db, async (tx) => {
      await scopedCampaignList(tx, scope.id, listId);
      return addCampaignListMembers(tx, scope.id, listId, batch, source);
    });
    into.added += got.added;
    into.duplicates += got.duplicates;
    into.optedOut += got.optedOut;
    into.invalid += got.invalid;
  }
  return into;
}

function reject(out: FillOutcome, row: number, value: string, message: string) {
  out.invalid++;
  out.errorCount++;
  if (out.errors.length < MAX_REPORTED_ERRORS) out.errors.push({ row, value: value.slice(0, 200), message });
}

/** One typed line: "telefone" or "Nome, telefone" (also "telefone, Nome", or separated by ; or a tab). */
export function parseTypedLine(raw: string): { name: string | null; phone: string } {
  const parts = raw.split(/[,;\t]/).map((p) => p.trim()).filter(Boolean);
  if (parts.length < 2) return { name: null, phone: raw.trim() };
  // The phone is the part with the most digits; the rest is the name.
  const digitsOf = (s: string) => s.replace(/\D/g, "").length;
  const phoneAt = parts.reduce((best, p, i) => (digitsOf(p) > digitsOf(parts[best] ?? "") ? i : best), 0);
  return { name: parts.filter((_, i) => i !== phoneAt).join(" ") || null, phone: parts[phoneAt] ?? "" };
}

export async function addTypedNumbers(ctx: ServiceContext, scope: InboxWriterScope, input: z.output<typeof addNumbersInput>) {
  await scopedCampaignList(ctx.db, scope.id, input.listId);
  const lines = input.text.split(/\r?\n/);
  const filled = lines.filter((l) => l.trim()).length;
  if (filled === 0) throw new AppError("VALIDATION", "Digite ao menos um número", { field: "text" });
  if (filled > TYPED_MAX_LINES) throw new AppError("VALIDATION", `No máximo ${TYPED_MAX_LINES.toLocaleString("pt-BR")} números por vez; para mais, envie um CSV`, { field: "text" });
  const out = empty();
  const members: CampaignMemberInput[] = [];
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    const { name, phone } = parseTypedLine(raw);
    if (!campaignPhone(phone)) reject(out, i + 1, raw.trim(), PHONE_FORMAT_INVALID);
    else members.push({ name, phone });
  });
  return write(ctx, scope, input.listId, members, "manual", out);
}

const contactCols = { id: contacts.id, name: contacts.name, phone: contacts.phone, company: contacts.companyName, role: contacts.jobTitle, city: contacts.city, createdAt: contacts.createdAt };
type ContactRow = { id: string; name: string; phone: string | null; company: string | null; role: string | null; city: string | null; createdAt: number };
const asMember = (c: ContactRow): CampaignMemberInput => ({ name: c.name, phone: c.phone ?? "", company: c.company, role: c.role, city: c.city, contactId: c.id });

/**
 * Contacts of /contatos by the same filter code as its list (search, status, tags, source, channel,
 * valid WhatsApp, CRM list), or picked by id. Contacts without a phone are counted, not added.
 */
export async function addFromContacts(ctx: ServiceContext, scope: InboxWriterScope, input: AddFromContactsInput) {
  await scopedCampaignList(ctx.db, scope.id, input.listId);
  if (!input.filter && !input.contactIds?.length) throw new AppError("VALIDATION", "Escolha um filtro, uma lista de contatos ou contatos", { field: "filter" });
  const out = empty();
  const take = async (rows: ContactRow[]) => {
    const withPhone = rows.filter((r) => r.phone);
    out.noPhone += rows.length - withPhone.length;
    await write(ctx, scope, input.listId, withPhone.map(asMember), "contacts", out);
  };
  if (input.contactIds?.length) {
    for (let i = 0; i < input.contactIds.length; i += CONTACT_PAGE) {
      const ids = input.contactIds.slice(i, i + CONTACT_PAGE);
      await take(await ctx.db.select(contactCols).from(contacts).where(and(eq(contacts.workspaceId, scope.id), inArray(contacts.id, ids))));
    }
    return out;
  }
  const filter = input.filter ?? {};
  const resolved = await resolveContactSearch(ctx.db, scope.id, filter);
  const where = contactFilterWhere(scope.id, filter, resolved);
  // Keyset over (created_at, id), the "oldest" order of /contatos, so each page is one index range.
  let at: { createdAt: number; id: string } | null = null;
  for (let read = 0; read < MAX_FROM_CONTACTS; ) {
    const after: SQL | undefined = at ? sql`(${contacts.createdAt} >= ${at.createdAt} AND (${contacts.createdAt} > ${at.createdAt} OR ${contacts.id} > ${at.id}))` : undefined;
    const rows: ContactRow[] = await ctx.db
      .select(contactCols)
      .from(contacts)
      .where(and(where, after))
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .limit(Math.min(CONTACT_PAGE, MAX_FROM_CONTACTS - read));
    if (!rows.length) break;
    read += rows.length;
    await take(rows);
    const last: ContactRow | undefined = rows.at(-1);
    if (!last || rows.length < CONTACT_PAGE) break;
    at = { createdAt: last.createdAt, id: last.id };
  }
  return out;
}

/** A CSV with a header row: the mapped columns fill the member, the chosen extra columns its {{coluna}}. */
export async function addFromCsv(ctx: ServiceContext, scope: InboxWriterScope, input: AddFromCsvInput) {
  await scopedCampaignList(ctx.db, scope.id, input.listId);
  const parsed = Papa.parse<Record<string, string>>(input.csv.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
  const headers = parsed.meta.fields ?? [];
  const { mapping } = input;
  for (const col of [mapping.phone, mapping.name, mapping.company, mapping.role, mapping.city, ...input.extraColumns]) {
    if (col && !headers.includes(col)) throw new AppError("VALIDATION", `A coluna “${col}” não existe no arquivo`, { field: "mapping" });
  }
  if (parsed.data.length > CSV_MAX_ROWS) {
    throw new AppError("VALIDATION", `O arquivo tem ${parsed.data.length.toLocaleString("pt-BR")} linhas; envie até ${CSV_MAX_ROWS.toLocaleString("pt-BR")} por vez (divida o arquivo em partes)`, { field: "csv" });
  }
  const out = empty();
  const members: CampaignMemberInput[] = [];
  const cell = (row: Record<string, string>, col: string | undefined) => (col ? (row[col] ?? "").trim() : "");
  for (const [i, row] of parsed.data.entries()) {
    const line = i + 2; // the header is line 1
    const phone = cell(row, mapping.phone);
    if (!phone) {
      reject(out, line, Object.values(row).join(", "), PHONE_REQUIRED);
      continue;
    }
    if (!campaignPhone(phone)) {
      reject(out, line, phone, PHONE_FORMAT_INVALID);
      continue;
    }
    const extra: Record<string, string> = {};
    for (const col of input.extraColumns) {
      const v = cell(row, col);
      if (v) extra[col] = v.slice(0, 1000);
    }
    members.push({ phone, name: cell(row, mapping.name), company: cell(row, mapping.company), role: cell(row, mapping.role), city: cell(row, mapping.city), extra });
  }
  return write(ctx, scope, input.listId, members, "csv", out);
}

/** A Leads Hunter list of the workspace: business name, phone, category as the role, city. */
export async function addFromLeadList(ctx: ServiceContext, scope: InboxWriterScope, input: z.output<typeof addFromLeadListInput>) {
  await scopedCampaignList(ctx.db, scope.id, input.listId);
  const [leadList] = await ctx.db
    .select({ id: leadLists.id })
    .from(leadLists)
    .where(and(eq(leadLists.id, input.leadListId), eq(leadLists.workspaceId, scope.id)))
    .limit(1);
  if (!leadList) throw new AppError("NOT_FOUND", "Lista de leads não encontrada", { field: "leadListId" });
  const rows = await ctx.db
    .select({ id: leads.id, name: leads.businessName, phone: leads.phone, category: leads.category, city: leads.city })
    .from(leads)
    .where(and(eq(leads.listId, leadList.id), eq(leads.workspaceId, scope.id)))
    .limit(MAX_FROM_CONTACTS);
  const out = empty();
  const withPhone = rows.filter((r) => r.phone);
  out.noPhone = rows.length - withPhone.length;
  const members = withPhone.map((l) => ({ name: l.name, phone: l.phone ?? "", company: l.name, role: l.category, city: l.city, leadId: l.id }));
  return write(ctx, scope, input.listId, members, "leads", out);
}
