import { z } from "zod";
import { contactFilter } from "../crm/contacts";
import { normalizePhone } from "../crm/normalize";
import { line, optional, paragraph } from "../text";

/** SPEC §5: a campaign contact's phone is an optional '+' and 10–15 digits (stored as E.164). */
export const PHONE_FORMAT_INVALID = "Formato de telefone inválido";
/** A member is someone to send to: without a phone there is nothing to send. */
export const PHONE_REQUIRED = "Telefone é obrigatório: sem telefone não há para onde enviar a campanha";
export const CAMPAIGN_PHONE = /^\+\d{10,15}$/;

/** A phone as typed → E.164 accepted by SPEC §5, or null (the caller reports PHONE_FORMAT_INVALID). */
export function campaignPhone(raw: string | null | undefined): string | null {
  const phone = normalizePhone(raw);
  return phone && CAMPAIGN_PHONE.test(phone) ? phone : null;
}

export const VALIDATION_STATUSES = ["pending", "valid", "invalid"] as const;
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number];
export const VALIDATION_STATUS_LABEL: Record<ValidationStatus, string> = { pending: "Pendente", valid: "Válido", invalid: "Inválido" };
export const MEMBER_SOURCE_LABEL: Record<string, string> = { contacts: "Contatos", csv: "CSV", leads: "Leads Hunter", manual: "Digitado" };

const uuid = z.uuid({ message: "ID inválido" });

export const campaignListFields = z.object({
  name: line(2, 200, { min: "Nome da lista deve ter pelo menos 2 caracteres", max: "Nome da lista deve ter no máximo 200 caracteres" }),
  description: optional(paragraph(1, 1000, { max: "Descrição deve ter no máximo 1000 caracteres" })),
});
export const createCampaignListInput = campaignListFields;
export type CreateCampaignListInput = z.output<typeof createCampaignListInput>;
export const updateCampaignListInput = z.object({ id: uuid, patch: campaignListFields.partial() });
export const campaignListIdInput = z.object({ id: uuid });

export const listCampaignListsInput = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

/** SPEC §5 campaign contact: name 2–200 (optional), phone required here. */
export const campaignMemberFields = z.object({
  name: optional(line(2, 200, { min: "Nome deve ter pelo menos 2 caracteres", max: "Nome deve ter no máximo 200 caracteres" })),
  phone: z
    .string({ message: PHONE_REQUIRED })
    .max(50, PHONE_FORMAT_INVALID)
    .transform((s, ctx) => {
      if (!s.trim()) {
        ctx.addIssue({ code: "custom", message: PHONE_REQUIRED });
        return z.NEVER;
      }
      const phone = campaignPhone(s);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: PHONE_FORMAT_INVALID });
        return z.NEVER;
      }
      return phone;
    }),
  company: optional(line(1, 200, { max: "Empresa deve ter no máximo 200 caracteres" })),
  role: optional(line(1, 100, { max: "Cargo deve ter no máximo 100 caracteres" })),
  city: optional(line(1, 100, { max: "Cidade deve ter no máximo 100 caracteres" })),
});

export const listMembersInput = z.object({
  listId: uuid,
  search: z.string().trim().max(200).optional(),
  validationStatus: z.enum(VALIDATION_STATUSES).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export type ListMembersInput = z.output<typeof listMembersInput>;

export const removeMembersInput = z.object({
  listId: uuid,
  ids: z.array(uuid).min(1, "Selecione ao menos um contato").max(1000, "No máximo 1000 contatos por vez"),
});

/** Typed or pasted numbers: one per line, "Nome, telefone" also accepted. */
export const MAX_TYPED_CHARS = 500_000;
export const addNumbersInput = z.object({
  listId: uuid,
  text: z.string().min(1, "Digite ao menos um número").max(MAX_TYPED_CHARS, "Texto muito longo: envie até 20.000 números por vez, ou use um CSV"),
});

/** Contacts of /contatos: any of its filters (filter.listId = a CRM contact list), or selected ids. */
export const addFromContactsInput = z.object({
  listId: uuid,
  filter: contactFilter.optional(),
  contactIds: z.array(uuid).max(5000, "No máximo 5000 contatos selecionados").optional(),
});
export type AddFromContactsInput = z.output<typeof addFromContactsInput>;

const column = z.string().trim().max(200).optional();
export const CSV_MAX_ROWS = 20_000;
export const CSV_MAX_CHARS = 5_000_000;
export const addFromCsvInput = z.object({
  listId: uuid,
  csv: z.string().min(1, "Arquivo vazio").max(CSV_MAX_CHARS, "Arquivo muito grande (máximo 5 MB): divida-o em partes"),
  mapping: z.object({
    phone: z.string().trim().min(1, "Escolha a coluna do telefone").max(200),
    name: column,
    company: column,
    role: column,
    city: column,
  }),
  /** Other columns kept as {{coluna}} (by their header). */
  extraColumns: z.array(z.string().trim().min(1).max(200)).max(50, "No máximo 50 colunas extras").default([]),
});
export type AddFromCsvInput = z.output<typeof addFromCsvInput>;

export const addFromLeadListInput = z.object({ listId: uuid, leadListId: uuid });
export const exportMembersInput = z.object({ listId: uuid });

export const listOptOutsInput = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export const addOptOutInput = z.object({ phone: campaignMemberFields.shape.phone });
export const removeOptOutInput = z.object({ phone: z.string().trim().min(1).max(50) });

/** One refused line/row of an import, for the per-row report. */
export type MemberRowError = { row: number; value: string; message: string };
