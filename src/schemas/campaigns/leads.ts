/**
 * Leads Hunter contract (SPEC §5 "Leads list", "Lead"; issue 16 item 5): lists, searches, the leads
 * table's filters, edits and exports, the custom CSV upload and the admin's Google Places key.
 * One schema per form, used by the form and the procedure alike.
 */
import { z } from "zod";

export const leadSources = ["google_maps", "linkedin", "instagram", "custom"] as const;
export type LeadSource = (typeof leadSources)[number];
export const LEAD_SOURCE_LABEL: Record<LeadSource, string> = {
  google_maps: "Google Maps",
  linkedin: "LinkedIn",
  instagram: "Instagram",
  custom: "Personalizada (CSV)",
};
export const leadStatuses = ["new", "contacted", "qualified", "discarded"] as const;
export const LEAD_STATUS_LABEL: Record<(typeof leadStatuses)[number], string> = {
  new: "Novo",
  contacted: "Contatado",
  qualified: "Qualificado",
  discarded: "Descartado",
};

export const LEAD_LIMITS = { maxResults: 200, defaultResults: 60, pageSize: 50, csvMaxBytes: 2 * 1024 * 1024, csvMaxRows: 5000, exportMax: 5000 } as const;

const id = z.uuid("Identificador inválido");
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres`)
    .optional()
    .transform((v) => v || null);

export const leadListInput = z.object({
  name: z.string().trim().min(2, "Nome deve ter pelo menos 2 caracteres").max(200, "Nome deve ter no máximo 200 caracteres"),
  description: optionalText(1000, "Descrição"),
  source: z.enum(leadSources, { message: "Escolha a origem: Google Maps, LinkedIn, Instagram ou personalizada" }).default("google_maps"),
});
export type LeadListInput = z.input<typeof leadListInput>;
export type LeadListOutput = z.output<typeof leadListInput>;

export const leadListIdInput = z.object({ id });
export const updateLeadListInput = z.object({ id, patch: leadListInput.omit({ source: true }) });
export const listLeadListsInput = z.object({ search: z.string().trim().max(200).optional() }).default({});

export const startLeadSearchInput = z.object({
  listId: id,
  term: z.string().trim().min(2, "Informe o que buscar (ex.: pet shop)").max(200, "Termo deve ter no máximo 200 caracteres"),
  location: z.string().trim().max(200, "Cidade ou região deve ter no máximo 200 caracteres").optional().default(""),
  maxResults: z
    .number({ message: "Informe quantos resultados buscar" })
    .int("Número de resultados deve ser inteiro")
    .min(1, "No mínimo 1 resultado")
    .max(LEAD_LIMITS.maxResults, `No máximo ${LEAD_LIMITS.maxResults} resultados`)
    .default(LEAD_LIMITS.defaultResults),
});
export type StartLeadSearchInput = z.input<typeof startLeadSearchInput>;
export const leadSearchIdInput = z.object({ id });
export const listLeadSearchesInput = z.object({ listId: id.optional() }).default({});

export const leadFilters = z.object({
  search: z.string().trim().max(200).optional(),
  hasPhone: z.boolean().optional(),
  hasWebsite: z.boolean().optional(),
  minRating: z.number().min(0).max(5).optional(),
  category: z.string().trim().max(200).optional(),
  validWhatsApp: z.boolean().optional(),
  status: z.enum(leadStatuses).optional(),
});
export type LeadFilters = z.infer<typeof leadFilters>;

export const listLeadsInput = z.object({
  listId: id,
  filters: leadFilters.default({}),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(10).max(100).default(LEAD_LIMITS.pageSize),
});

const emailOrEmpty = z
  .string()
  .trim()
  .max(320)
  .refine((v) => v === "" || z.email().safeParse(v).success, "E-mail inválido")
  .transform((v) => v || null);
const urlOrEmpty = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === "" || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), "Site deve ser uma URL (https://…)")
  .transform((v) => v || null);

/** A lead as the edit form holds it (SPEC §5: name 2–300, e-mail valid or empty, site a URL or empty). */
export const leadPatch = z.object({
  businessName: z.string().trim().min(2, "Nome da empresa deve ter pelo menos 2 caracteres").max(300, "Nome da empresa deve ter no máximo 300 caracteres"),
  category: optionalText(200, "Categoria"),
  address: optionalText(500, "Endereço"),
  city: optionalText(200, "Cidade"),
  phone: z
    .string()
    .trim()
    .max(40)
    .refine((v) => v === "" || /^\+?[\d\s().-]{8,25}$/.test(v), "Formato de telefone inválido")
    .optional()
    .transform((v) => v || null),
  website: urlOrEmpty.optional().transform((v) => v ?? null),
  email: emailOrEmpty.optional().transform((v) => v ?? null),
  status: z.enum(leadStatuses).default("new"),
});
export type LeadPatchInput = z.input<typeof leadPatch>;
export type LeadPatch = z.output<typeof leadPatch>;
export const updateLeadInput = z.object({ id, patch: leadPatch });
export const leadIdInput = z.object({ id });

/** Which leads an export takes: the chosen ids, or every lead matching the filters. */
export const leadSelection = z.object({
  listId: id,
  ids: z.array(id).max(LEAD_LIMITS.exportMax).optional(),
  filters: leadFilters.default({}),
});
export const deleteLeadsInput = z.object({ listId: id, ids: z.array(id).min(1, "Selecione ao menos um lead").max(LEAD_LIMITS.exportMax) });
export const exportToCampaignInput = leadSelection.extend({ campaignListId: id });

/** The custom list's CSV: which column holds each field (index as string → field). */
export const leadCsvFields = ["businessName", "phone", "email", "website", "category", "address", "city"] as const;
export const LEAD_CSV_FIELD_LABEL: Record<(typeof leadCsvFields)[number], string> = {
  businessName: "Nome da empresa",
  phone: "Telefone",
  email: "E-mail",
  website: "Site",
  category: "Categoria",
  address: "Endereço",
  city: "Cidade",
};
export const importLeadsCsvInput = z.object({
  listId: id,
  csv: z.string().min(1, "O arquivo está vazio").max(LEAD_LIMITS.csvMaxBytes, "Arquivo maior que 2 MB"),
  mapping: z
    .record(z.string().regex(/^\d{1,3}$/), z.enum(leadCsvFields))
    .refine((m) => Object.values(m).includes("businessName"), "Escolha a coluna do nome da empresa"),
});

/** The admin's Google Places key: "" keeps the stored one. */
export const googlePlacesKeyInput = z.object({
  apiKey: z.string().trim().max(500, "Chave de API deve ter no máximo 500 caracteres").optional(),
  enabled: z.boolean().default(true),
});
export type GooglePlacesKey = z.output<typeof googlePlacesKeyInput>;
export const googlePlacesTestInput = z.object({ apiKey: z.string().trim().max(500).optional() }).default({});
