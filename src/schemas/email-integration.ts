/**
 * "E-mail para a empresa" contract: who receives the agent's e-mails (1–5 addresses) and an
 * optional own SMTP server (otherwise the platform's mailer sends). Shared by the card and the server.
 */
import { z } from "zod";
import { optional } from "./text";

export const MAX_EMAIL_RECIPIENTS = 5;
export const EMAIL_TOOL = "enviar_email_empresa";

const email = z.string().trim().toLowerCase().pipe(z.email("E-mail inválido"));

export const emailIntegrationInput = z
  .object({
    recipients: z
      .array(email)
      .min(1, "Informe pelo menos um destinatário")
      .max(MAX_EMAIL_RECIPIENTS, `No máximo ${MAX_EMAIL_RECIPIENTS} destinatários`)
      .refine((list) => new Set(list).size === list.length, "Destinatários repetidos"),
    useOwnSmtp: z.boolean().default(false),
    smtpHost: optional(
      z
        .string()
        .trim()
        .max(255, "Servidor SMTP deve ter no máximo 255 caracteres")
        .regex(/^[A-Za-z0-9.-]+$/, "Servidor SMTP inválido: informe só o nome, como smtp.seudominio.com.br"),
    ),
    smtpPort: z.number({ message: "Porta inválida" }).int("Porta inválida").min(1, "Porta inválida").max(65535, "Porta inválida").default(587),
    smtpSecure: z.boolean().default(false),
    smtpUser: optional(z.string().trim().max(255, "Usuário deve ter no máximo 255 caracteres")),
    /** "" or absent keeps the stored password (the form never receives it). */
    smtpPassword: z.string().max(500, "Senha deve ter no máximo 500 caracteres").optional(),
    smtpFrom: optional(z.string().trim().toLowerCase().pipe(z.email("Remetente inválido"))),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (!v.useOwnSmtp) return;
    if (!v.smtpHost) ctx.addIssue({ code: "custom", path: ["smtpHost"], message: "Informe o servidor SMTP" });
    if (!v.smtpFrom) ctx.addIssue({ code: "custom", path: ["smtpFrom"], message: "Informe o remetente" });
  });
export type EmailIntegrationInput = z.input<typeof emailIntegrationInput>;
export type EmailIntegration = z.output<typeof emailIntegrationInput>;
export const saveEmailIntegrationInput = z.object({ agentId: z.uuid(), config: emailIntegrationInput });

export type EmailIntegrationConfig = {
  recipients: string[];
  useOwnSmtp: boolean;
  smtpHost?: string | null;
  smtpPort: number;
  smtpSecure: boolean;
  smtpUser?: string | null;
  smtpPassword?: string;
  smtpFrom?: string | null;
};

/** Tool arguments of enviar_email_empresa. */
export const emailToolArgs = z.object({
  assunto: z.string().trim().min(2, "Informe o assunto").max(200, "Assunto deve ter no máximo 200 caracteres"),
  mensagem: z.string().trim().min(2, "Informe a mensagem").max(5000, "Mensagem deve ter no máximo 5000 caracteres"),
});
