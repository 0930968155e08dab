import { z } from "zod";

/**
 * The platform's mail settings and templates (/admin/modelos-emails, /admin/teste-emails): the SMTP
 * server and sender, template edits, test sends and the outbox filters. Pure: the forms use the same
 * schemas and the same {{variable}} helpers as the server.
 */

/** Template types are the registry's keys (src/services/mail-templates/registry.ts); checked there. */
export const mailTemplateType = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{2,60}$/, "Tipo de modelo inválido");

export const mailTemplateTypeInput = z.object({ type: mailTemplateType });

export const mailTemplateSaveInput = z.object({
  type: mailTemplateType,
  subject: z.string().trim().min(2, "O assunto precisa de ao menos 2 caracteres").max(200, "O assunto pode ter até 200 caracteres"),
  htmlContent: z.string().trim().min(1, "O HTML é obrigatório").max(50_000, "O HTML pode ter até 50.000 caracteres"),
  textContent: z.string().trim().min(1, "O texto é obrigatório").max(20_000, "O texto pode ter até 20.000 caracteres"),
  isActive: z.boolean().default(true),
});
export type MailTemplateSaveInput = z.infer<typeof mailTemplateSaveInput>;

/** A test of the stored template, or of the draft being edited when subject/html/text are given. */
export const mailTemplateTestInput = z.object({
  type: mailTemplateType,
  to: z.string().trim().toLowerCase().email("Email inválido").max(254, "Email inválido"),
  draft: mailTemplateSaveInput.omit({ type: true, isActive: true }).optional(),
});
export type MailTemplateTestInput = z.infer<typeof mailTemplateTestInput>;

export const mailServerInput = z.object({
  host: z
    .string()
    .trim()
    .min(1, "Informe o servidor SMTP")
    .max(255, "Servidor inválido")
    .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/, "Servidor inválido"),
  port: z.coerce.number().int("Porta inválida").min(1, "Porta inválida").max(65535, "Porta inválida"),
  secure: z.boolean().default(false),
  username: z.string().trim().max(255, "Usuário pode ter até 255 caracteres").default(""),
  /** Empty keeps the stored password (the form never shows it back). */
  password: z.string().max(500, "Senha pode ter até 500 caracteres").default(""),
  isActive: z.boolean().default(true),
});
export type MailServerInput = z.infer<typeof mailServerInput>;

export const mailSenderInput = z.object({
  senderName: z.string().trim().min(2, "O nome do remetente precisa de ao menos 2 caracteres").max(100, "O nome do remetente pode ter até 100 caracteres"),
  senderEmail: z.string().trim().toLowerCase().email("Email do remetente inválido").max(254, "Email do remetente inválido"),
});
export type MailSenderInput = z.infer<typeof mailSenderInput>;

export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export const MAIL_STATUS_LABEL: Record<(typeof MAIL_STATUSES)[number], string> = { queued: "Na fila", sent: "Enviado", failed: "Falhou" };

export const mailOutboxListInput = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(5).max(100).default(20),
  status: z.enum(MAIL_STATUSES).optional(),
  template: mailTemplateType.optional(),
  /** The exact recipient address (indexed). */
  to: z.string().trim().toLowerCase().max(254).optional(),
});
export type MailOutboxListInput = z.infer<typeof mailOutboxListInput>;

/** Variables every template may use besides its own. */
export const ALWAYS_AVAILABLE_VARIABLES = ["appUrl", "productName"] as const;

const VAR_RE = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g;

/** The {{names}} used in a piece of template text, once each, in order of appearance. */
export function templateVariables(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VAR_RE), (m) => m[1] ?? ""))].filter(Boolean);
}

/** The names used in subject/html/text that the template does not offer. */
export function unknownVariables(parts: string[], allowed: readonly string[]): string[] {
  const ok = new Set<string>([...allowed, ...ALWAYS_AVAILABLE_VARIABLES]);
  return [...new Set(parts.flatMap(templateVariables))].filter((v) => !ok.has(v));
}

/** The pt-BR refusal naming the unknown variables. */
export const unknownVariablesMessage = (names: string[]) =>
  `Variáveis desconhecidas: ${names.map((n) => `{{${n}}}`).join(", ")}. Use apenas as variáveis listadas para este modelo.`;

export type MailVars = Record<string, string | number | null | undefined>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** {{name}} → value; unknown names stay visible (a template typo shows in the preview, not as a blank). */
export function fillTemplate(template: string, vars: MailVars, html: boolean) {
  return template.replace(VAR_RE, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined || v === null) return whole;
    return html ? escapeHtml(String(v)) : String(v);
  });
}
