import { and, desc, sql } from "drizzle-orm";
import Papa from "papaparse";
import { contacts } from "../../../db/schema";
import { CONTACT_SOURCE_LABEL, CONTACT_STATUS_LABEL, type ContactFilter, type ContactSource, type ContactStatus } from "../../schemas/crm/contacts";
import { formatPhone } from "../../schemas/crm/normalize";
import type { ServiceContext, WorkspaceScope } from "../context";
import { contactFilterWhere } from "./contact-filter";

/** Contacts read per page: one short indexed read each, so an export never holds the database. */
export const EXPORT_PAGE = 1000;
/** `;`: Excel in Brazil (decimal comma) splits on it, so the file opens in columns with a double click. */
export const EXPORT_DELIMITER = ";";
const BOM = "\uFEFF";

const spTime = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
const when = (ms: number | null) => (ms === null ? "" : spTime.format(ms).replace(",", ""));
const brDate = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "");

const cols = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  companyName: contacts.companyName,
  jobTitle: contacts.jobTitle,
  gender: contacts.gender,
  birthDate: contacts.birthDate,
  website: contacts.website,
  address: contacts.address,
  city: contacts.city,
  state: contacts.state,
  country: contacts.country,
  zipCode: contacts.zipCode,
  status: contacts.status,
  source: contacts.source,
  tags: contacts.tags,
  customFields: contacts.customFields,
  notes: contacts.notes,
  isValidWhatsApp: contacts.isValidWhatsApp,
  createdAt: contacts.createdAt,
  lastContactAt: contacts.lastContactAt,
};
type Row = Pick<typeof contacts.$inferSelect, keyof typeof cols>;

/** Column titles an import maps back by itself (guessImportField), then what only the export tells. */
export const EXPORT_HEADER = [
  "Nome", "Email", "Telefone", "Empresa", "Cargo", "Gênero", "Data de nascimento", "Site", "Endereço", "Cidade", "Estado", "País", "CEP",
  "Status", "Etiquetas", "Observações", "Campos personalizados", "Origem", "WhatsApp válido", "Criado em", "Último contato",
];

function line(c: Row): string[] {
  const custom = Object.entries(c.customFields ?? {}).map(([k, v]) => `${k}=${v}`);
  return [
    c.name ?? "", c.email ?? "", formatPhone(c.phone), c.companyName ?? "", c.jobTitle ?? "", c.gender ?? "", brDate(c.birthDate), c.website ?? "",
    c.address ?? "", c.city ?? "", c.state ?? "", c.country ?? "", c.zipCode ?? "",
    CONTACT_STATUS_LABEL[c.status as ContactStatus] ?? c.status ?? "", (c.tags ?? []).join(", "), c.notes ?? "", custom.join(" | "),
    CONTACT_SOURCE_LABEL[c.source as ContactSource] ?? c.source ?? "", c.isValidWhatsApp === null ? "" : c.isValidWhatsApp ? "Sim" : "Não",
    when(c.createdAt), when(c.lastContactAt),
  ];
}

/**
 * A cell starting with = + - @ is a formula to a spreadsheet (CSV injection): it gets a leading
 * apostrophe, except a number-like one such as a formatted phone, which cannot call anything.
 */
const FORMULA = /^(?:[=@\t\r]|[+-](?![\d\s().-]*$))/;
const unparse = (rows: string[][]) => Papa.unparse(rows, { delimiter: EXPORT_DELIMITER, newline: "\r\n", escapeFormulae: FORMULA });

/**
 * The filtered contacts as CSV (UTF-8 with BOM, so Excel reads the accents), newest first, paged
 * by keyset on (created_at, id) off contacts_workspace_created_idx as the reader pulls: memory and
 * database time stay one page whatever the size of the list.
 */
export function exportContactsCsv(ctx: ServiceContext, scope: WorkspaceScope, filter: ContactFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: { createdAt: number; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${BOM}${unparse([EXPORT_HEADER])}\r\n`));
        return;
      }
      // A row value: SQLite seeks the index to it (an OR of the two parts re-walked every earlier page).
      const after = cursor ? sql`(${contacts.createdAt}, ${contacts.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined;
      const page: Row[] = await ctx.db
        .select(cols)
        .from(contacts)
        .where(and(contactFilterWhere(scope.id, filter), after))
        .orderBy(desc(contacts.createdAt), desc(contacts.id))
        .limit(EXPORT_PAGE);
      if (page.length) controller.enqueue(encoder.encode(`${unparse(page.map(line))}\r\n`));
      const last = page[page.length - 1];
      if (!last || page.length < EXPORT_PAGE) controller.close();
      else cursor = { createdAt: last.createdAt, id: last.id };
    },
  });
}

/** contatos-AAAA-MM-DD.csv, the day in São Paulo. */
export function exportFileName(now: number): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `contatos-${day}.csv`;
}
