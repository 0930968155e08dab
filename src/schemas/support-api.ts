import { z } from "zod";
import { SUPPORT_ERRORS, SUPPORT_LIMITS, SUPPORT_PRIORITIES, SUPPORT_STATUSES, SUPPORT_TYPES } from "./support";

/**
 * Inputs of POST /api/v1/support/requests and of the support.* / adminSupport.* procedures (issue 19).
 * Pure: the bug report dialog, Meus chamados and /admin/suporte import it.
 */
const requestId = z.uuid({ message: SUPPORT_ERRORS.notFound });
export const SUPPORT_REPLY_MAX = 10_000;
export const SUPPORT_REPLY_ERROR = "Escreva a resposta (até 10.000 caracteres).";
/** Pages past this are not offered: the filters narrow instead. */
export const SUPPORT_MAX_PAGE = 500;

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The multipart fields (files apart): blanks mean "use the default". */
export const supportRequestFields = z.object({
  type: z.preprocess(emptyToUndefined, z.enum(SUPPORT_TYPES, { message: "Tipo de chamado inválido." }).default("bug")),
  subject: z.preprocess(emptyToUndefined, z.string().trim().max(SUPPORT_LIMITS.subjectMax, SUPPORT_ERRORS.subject).optional()),
  description: z.string({ message: SUPPORT_ERRORS.description }).trim().min(1, SUPPORT_ERRORS.description).max(SUPPORT_LIMITS.descriptionMax, SUPPORT_ERRORS.description),
  priority: z.preprocess(emptyToUndefined, z.enum(SUPPORT_PRIORITIES, { message: "Prioridade inválida." }).default("medium")),
  pageUrl: z.preprocess(emptyToUndefined, z.string().trim().max(2000).optional()),
  appVersion: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
});
export type SupportRequestFields = z.infer<typeof supportRequestFields>;

const page = z.number().int().min(1).max(SUPPORT_MAX_PAGE).default(1);
const pageSize = z.number().int().min(5).max(100).default(20);

const searchText = z.string().trim().max(100, "A busca pode ter no máximo 100 caracteres").optional();

/** Meus chamados: status filter and a search in the subject and the description. */
export const supportListInput = z.object({ page, pageSize, status: z.enum(SUPPORT_STATUSES).optional(), q: searchText });
export type SupportListInput = z.infer<typeof supportListInput>;

export const supportRef = z.object({ id: requestId });
export type SupportRef = z.infer<typeof supportRef>;

const replyBody = z.string({ message: SUPPORT_REPLY_ERROR }).trim().min(1, SUPPORT_REPLY_ERROR).max(SUPPORT_REPLY_MAX, SUPPORT_REPLY_ERROR);

export const supportReplyInput = z.object({ id: requestId, body: replyBody });
export type SupportReplyInput = z.infer<typeof supportReplyInput>;

export const adminSupportListInput = z.object({
  page,
  pageSize,
  type: z.enum(SUPPORT_TYPES).optional(),
  status: z.enum(SUPPORT_STATUSES).optional(),
  priority: z.enum(SUPPORT_PRIORITIES).optional(),
  /** part of the subject, the description, the user's name or e-mail */
  q: searchText,
});
export type AdminSupportListInput = z.infer<typeof adminSupportListInput>;

export const adminSupportReplyInput = z.object({ id: requestId, body: replyBody, status: z.enum(SUPPORT_STATUSES).optional() });
export type AdminSupportReplyInput = z.infer<typeof adminSupportReplyInput>;

export const adminSupportStatusInput = z.object({ id: requestId, status: z.enum(SUPPORT_STATUSES, { message: "Situação inválida." }) });
export type AdminSupportStatusInput = z.infer<typeof adminSupportStatusInput>;

export const adminSupportPriorityInput = z.object({ id: requestId, priority: z.enum(SUPPORT_PRIORITIES, { message: "Prioridade inválida." }) });
export type AdminSupportPriorityInput = z.infer<typeof adminSupportPriorityInput>;

/** The route's answer (SPEC §7 reads `message`); the short code is the id's last 6 characters. */
export const supportCreatedMessage = (id: string) => `Recebemos seu chamado #${id.slice(-6).toUpperCase()}. Nossa equipe responde por e-mail e em Meus chamados.`;
