import { z } from "zod";
import { httpUrl, line, optional, paragraph } from "../text";
import { normalizeEmail, normalizePhone } from "./normalize";

/** Contact statuses (SPEC §3: default lead; the others are the product's). */
export const contactStatuses = ["lead", "prospect", "customer", "inactive"] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const CONTACT_STATUS_LABEL: Record<ContactStatus, string> = { lead: "Lead", prospect: "Prospect", customer: "Cliente", inactive: "Inativo" };

/** Where a contact came from. */
export const contactSources = ["manual", "import", "api", "web_chat", "whatsapp_cloud", "whatsapp_uaz", "telegram", "instagram", "leads"] as const;
export type ContactSource = (typeof contactSources)[number];
export const CONTACT_SOURCE_LABEL: Record<ContactSource, string> = {
  manual: "Manual",
  import: "Importação",
  api: "API",
  web_chat: "Chat web",
  whatsapp_cloud: "WhatsApp",
  whatsapp_uaz: "WhatsApp (servidor próprio)",
  telegram: "Telegram",
  instagram: "Instagram",
  leads: "Leads Hunter",
};

const tag = z.string().trim().min(1, "Etiqueta vazia").max(50, "Etiqueta deve ter no máximo 50 caracteres");

/** A phone field: empty, or something that normalises to E.164. */
export const phoneField = z
  .string()
  .max(50, "Telefone deve ter no máximo 50 caracteres")
  .transform((s, ctx) => {
    if (!s.trim()) return null;
    const phone = normalizePhone(s);
    if (!phone) ctx.addIssue({ code: "custom", message: "Telefone inválido" });
    return phone;
  });

/** An e-mail field: empty, or a valid address (stored lower-case). */
export const emailField = z
  .string()
  .max(320, "Email inválido")
  .transform((s, ctx) => {
    if (!s.trim()) return null;
    const email = normalizeEmail(s);
    if (!email) ctx.addIssue({ code: "custom", message: "Email inválido" });
    return email;
  });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida (use AAAA-MM-DD)");

/** SPEC §5 CRM contact rules; every field of SPEC §3 contact. */
export const contactFields = z.object({
  name: line(2, 200, { min: "Nome deve ter pelo menos 2 caracteres", max: "Nome deve ter no máximo 200 caracteres" }),
  email: emailField.nullable().optional(),
  phone: phoneField.nullable().optional(),
  companyName: optional(line(1, 200, { max: "Empresa deve ter no máximo 200 caracteres" })),
  jobTitle: optional(line(1, 100, { max: "Cargo deve ter no máximo 100 caracteres" })),
  gender: optional(line(1, 20, { max: "Gênero deve ter no máximo 20 caracteres" })),
  birthDate: optional(isoDate),
  website: optional(httpUrl()),
  address: optional(line(1, 300, { max: "Endereço deve ter no máximo 300 caracteres" })),
  city: optional(line(1, 100, { max: "Cidade deve ter no máximo 100 caracteres" })),
  state: optional(line(1, 100, { max: "Estado deve ter no máximo 100 caracteres" })),
  country: line(1, 100),
  zipCode: optional(z.string().trim().regex(/^\d{5}-?\d{3}$/, "CEP inválido (use 00000-000)")),
  source: z.enum(contactSources),
  status: z.enum(contactStatuses, { message: "Status inválido" }),
  tags: z.array(tag).max(30, "No máximo 30 etiquetas"),
  customFields: z.record(z.string().trim().min(1).max(100), z.string().max(1000)),
  notes: optional(paragraph(1, 5000, { max: "Observações devem ter no máximo 5000 caracteres" })),
  visibleInFunnel: z.boolean(),
});

export const contactIdInput = z.object({ id: z.uuid({ message: "ID inválido" }) });
/** A new contact: the SPEC §3 defaults (country Brasil, status lead) fill what the form leaves out. */
export const createContactInput = contactFields.extend({
  country: contactFields.shape.country.default("Brasil"),
  source: contactFields.shape.source.default("manual"),
  status: contactFields.shape.status.default("lead"),
  tags: contactFields.shape.tags.default([]),
  customFields: contactFields.shape.customFields.default({}),
  visibleInFunnel: contactFields.shape.visibleInFunnel.default(true),
});
export type CreateContactInput = z.output<typeof createContactInput>;
/** A patch changes only the fields it names (no defaults here: they would reset the others). */
export const updateContactInput = z.object({ id: z.uuid({ message: "ID inválido" }), patch: contactFields.partial() });
export type ContactPatch = z.output<typeof updateContactInput>["patch"];

export const contactSorts = ["newest", "oldest", "name", "last_contact"] as const;

/** The list's search, filters, sort and page: also what CSV export and bulk actions "on the filter" take. */
export const contactFilter = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(contactStatuses).optional(),
  tags: z.array(tag).max(10).optional(),
  source: z.enum(contactSources).optional(),
  channel: z.enum(["web_chat", "whatsapp_cloud", "whatsapp_uaz", "telegram", "instagram"]).optional(),
  validWhatsApp: z.boolean().optional(),
  listId: z.uuid().optional(),
});
export type ContactFilter = z.infer<typeof contactFilter>;

export const listContactsInput = contactFilter.extend({
  sort: z.enum(contactSorts).default("newest"),
  /** Opaque keyset cursor from the previous page. */
  cursor: z.string().max(1000).optional(),
  limit: z.number().int().min(1).max(100).default(50),
});
