/**
 * Every mail the platform sends, by type: its pt-BR name, the variables it may use and its built-in
 * default. The admin edits a copy in email_templates (/admin/modelos-emails); a type without an
 * active row is sent with the default here. Add a type here before sending it.
 * (Issue 17 foundation: the e-mail owner moves the existing mails here and adds the rest.)
 */
export type MailTemplateDefault = {
  name: string;
  /** Names usable as {{name}} in subject, text and html; appUrl and productName always exist. */
  variables: readonly string[];
  subject: string;
  text: string;
  html: string;
};

export const MAIL_TEMPLATES = {
  "email-change": {
    name: "Confirmação de novo email",
    variables: ["firstName", "newEmail", "confirmUrl"],
    subject: "Confirme seu novo email no {{productName}}",
    text: "Olá, {{firstName}}!\n\nPara passar a usar {{newEmail}} na sua conta, abra o link abaixo (válido por 24 horas):\n{{confirmUrl}}\n\nSe você não pediu essa troca, ignore este email.",
    html: '<p>Olá, {{firstName}}!</p><p>Para passar a usar <strong>{{newEmail}}</strong> na sua conta, <a href="{{confirmUrl}}">confirme o novo email</a> (válido por 24 horas).</p><p>Se você não pediu essa troca, ignore este email.</p>',
  },
  "password-changed": {
    name: "Senha alterada",
    variables: ["firstName"],
    subject: "Sua senha do {{productName}} foi alterada",
    text: "Olá, {{firstName}}!\n\nA senha da sua conta acabou de ser alterada e as outras sessões foram encerradas. Se não foi você, redefina a senha em {{appUrl}}/forgot-password.",
    html: '<p>Olá, {{firstName}}!</p><p>A senha da sua conta acabou de ser alterada e as outras sessões foram encerradas.</p><p>Se não foi você, <a href="{{appUrl}}/forgot-password">redefina a senha</a>.</p>',
  },
  "account-suspended": {
    name: "Conta suspensa",
    variables: ["firstName", "reason"],
    subject: "Sua conta no {{productName}} foi suspensa",
    text: "Olá, {{firstName}}.\n\nSua conta foi suspensa por um administrador. Motivo: {{reason}}\n\nSeus agentes não respondem enquanto a conta estiver suspensa. Responda a este email para falar com o suporte.",
    html: "<p>Olá, {{firstName}}.</p><p>Sua conta foi suspensa por um administrador. Motivo: {{reason}}</p><p>Seus agentes não respondem enquanto a conta estiver suspensa. Responda a este email para falar com o suporte.</p>",
  },
} satisfies Record<string, MailTemplateDefault>;

export type MailTemplateType = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_TYPES = Object.keys(MAIL_TEMPLATES) as MailTemplateType[];
