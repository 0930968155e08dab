import { z } from "zod";
import { type ContactFilter, contactFilter } from "./contacts";

import { CONTACT_IMPORT_LIMITS, IMPORT_ERRORS } from "./import-limits";

export { CONTACT_IMPORT_LIMITS, IMPORT_ERRORS };

/** The contact fields a column can fill (a custom field is `custom:<key>`). */
export const importFields = [
  "name",
  "email",
  "phone",
  "companyName",
  "jobTitle",
  "gender",
  "birthDate",
  "website",
  "address",
  "city",
  "state",
  "country",
  "zipCode",
  "status",
  "tags",
  "notes",
] as const;
export type ImportField = (typeof importFields)[number];

export const IMPORT_FIELD_LABEL: Record<ImportField, string> = {
  name: "Nome",
  email: "Email",
  phone: "Telefone",
  companyName: "Empresa",
  jobTitle: "Cargo",
  gender: "Gênero",
  birthDate: "Data de nascimento",
  website: "Site",
  address: "Endereço",
  city: "Cidade",
  state: "Estado",
  country: "País",
  zipCode: "CEP",
  status: "Status",
  tags: "Etiquetas",
  notes: "Observações",
};

export const CUSTOM_PREFIX = "custom:";
/** A custom field key: what the contact form shows as its label (1–100 characters, no edge spaces). */
const customKey = z.string().min(1).max(100).refine((k) => k === k.trim());
const isTarget = (t: string): t is ImportTarget =>
  (importFields as readonly string[]).includes(t) || (t.startsWith(CUSTOM_PREFIX) && customKey.safeParse(t.slice(CUSTOM_PREFIX.length)).success);
const importTarget = z
  .string()
  .max(120, "Campo inválido")
  .refine(isTarget, "Campo inválido")
  .transform((t) => t as ImportTarget);
export type ImportTarget = ImportField | `custom:${string}`;

/** Column index ("0", "1"…) → target; an ignored column is absent. Keyed by index: headers may repeat. */
export const importMapping = z
  .record(z.string().regex(/^\d{1,3}$/, "Coluna inválida"), importTarget)
  .superRefine((m, ctx) => {
    const targets = Object.values(m);
    if (!targets.includes("name")) ctx.addIssue({ code: "custom", message: IMPORT_ERRORS.noName });
    const seen = new Set<string>();
    for (const t of targets) {
      if (seen.has(t)) {
        const label = t.startsWith(CUSTOM_PREFIX) ? t.slice(CUSTOM_PREFIX.length) : IMPORT_FIELD_LABEL[t as ImportField];
        ctx.addIssue({ code: "custom", message: IMPORT_ERRORS.repeatedTarget(label) });
        return;
      }
      seen.add(t);
    }
  });
export type ImportMapping = Record<string, ImportTarget>;

export const importDuplicateModes = ["update", "skip"] as const;
export const IMPORT_DUPLICATE_LABEL: Record<(typeof importDuplicateModes)[number], string> = {
  update: "Atualizar contato existente",
  skip: "Ignorar linha",
};

/** The form fields of POST /api/v1/contacts/imports next to the file. */
export const startImportOptions = z.object({
  mapping: importMapping,
  onDuplicate: z.enum(importDuplicateModes, { message: "Escolha o que fazer com contatos já existentes" }),
});
export type StartImportOptions = z.infer<typeof startImportOptions>;

export const importIdInput = z.object({ id: z.uuid({ message: "ID inválido" }) });

export const importStatuses = ["pending", "running", "completed", "failed", "cancelled"] as const;
export type ImportStatus = (typeof importStatuses)[number];
export const IMPORT_STATUS_LABEL: Record<ImportStatus, string> = {
  pending: "Na fila",
  running: "Importando",
  completed: "Concluída",
  failed: "Falhou",
  cancelled: "Cancelada",
};

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Header words (accents and case ignored) that name each field, checked in this order. */
const GUESSES: [ImportField, RegExp][] = [
  ["email", /^(e ?mail|correio eletronico)( .*)?$/],
  ["phone", /^(telefone|fone|tel|celular|cel|whats ?app|whats|zap|phone|mobile|numero)( .*)?$/],
  ["companyName", /^(empresa|company|companhia|organizacao|razao social|nome fantasia)( .*)?$/],
  ["jobTitle", /^(cargo|funcao|job title|title|profissao)$/],
  ["birthDate", /^(data (de )?nascimento|nascimento|aniversario|birth ?date|birthday)$/],
  ["name", /^(nome( completo)?|name|full name|cliente|contato)$/],
  ["gender", /^(genero|sexo|gender)$/],
  ["website", /^(site|website|url|pagina)$/],
  ["address", /^(endereco|logradouro|rua|address)( .*)?$/],
  ["city", /^(cidade|municipio|city)$/],
  ["state", /^(estado|uf|state)$/],
  ["country", /^(pais|country)$/],
  ["zipCode", /^(cep|codigo postal|zip( code)?|postal code)$/],
  ["status", /^(status|situacao)$/],
  ["tags", /^(etiquetas?|tags?|marcadores?)$/],
  ["notes", /^(observacao|observacoes|obs|notas?|notes|anotacoes|comentarios?)$/],
];

/** The field a header most likely names ("E-mail" → email, "Celular" → phone), or null. */
export function guessImportField(header: string): ImportField | null {
  const h = fold(header);
  if (!h) return null;
  for (const [field, re] of GUESSES) if (re.test(h)) return field;
  return null;
}

/** The first-guess mapping of a header row: each field goes to the first column that names it. */
export function guessImportMapping(headers: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  headers.forEach((h, i) => {
    const field = guessImportField(h);
    if (field && !taken.has(field)) {
      taken.add(field);
      mapping[String(i)] = field;
    }
  });
  return mapping;
}

/** What papaparse reads on both sides (browser preview, server job), so both see the same columns. */
export const CSV_PARSE_CONFIG: { delimitersToGuess: string[]; skipEmptyLines: "greedy" } = { delimitersToGuess: [",", ";", "\t", "|"], skipEmptyLines: "greedy" };

/**
 * The text of an uploaded file: UTF-8 (with or without BOM), else Windows-1252, which Excel in
 * Brazil writes; "\0" means a binary file, not a CSV (null).
 */
export function decodeCsvBytes(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.includes("\0") ? null : text;
}

/** The export's query string (GET /api/v1/contacts/export) as the list's filter: tags comma-separated. */
export function parseExportQuery(query: Record<string, string | undefined>): ContactFilter {
  const tags = query.tags
    ?.split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  const valid = query.validWhatsApp;
  return contactFilter.parse({
    search: query.search || undefined,
    status: query.status || undefined,
    tags: tags?.length ? tags : undefined,
    source: query.source || undefined,
    channel: query.channel || undefined,
    validWhatsApp: valid === "true" ? true : valid === "false" ? false : undefined,
    listId: query.listId || undefined,
  });
}

const FILTER_KEYS = ["search", "status", "tags", "source", "channel", "validWhatsApp", "listId"] as const;

/** The query string of a filter, for the export link (the inverse of parseExportQuery); sort and page are dropped. */
export function exportContactsSearch(filter: ContactFilter): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(","));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}
