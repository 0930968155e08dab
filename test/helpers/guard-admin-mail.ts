import type { ProcedureExpectation } from "./guard-procedures";

/** A server that cannot be reached, kept inactive: a guard run never routes the product's mails to it. */
const guardServer = () => ({ host: "127.0.0.1", port: 9, secure: false, username: "", password: "", isActive: false });
/** A template no other test reads (the suspension mail), saved with its own variables only. */
const guardTemplate = () => ({
  type: "account-suspended",
  subject: "Conta suspensa no {{productName}}",
  htmlContent: "<p>Olá, {{firstName}}. Motivo: {{reason}}</p>",
  textContent: "Olá, {{firstName}}. Motivo: {{reason}}",
  isActive: true,
});

/** Access of adminMail.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_MAIL_PROCEDURES: Record<string, ProcedureExpectation> = {
  "adminMail.config.get": { access: "admin" },
  "adminMail.config.saveServer": { access: "admin", input: guardServer },
  "adminMail.config.saveSender": { access: "admin", input: () => ({ senderName: "Atenda Guarda", senderEmail: "guarda@atenda.test" }) },
  "adminMail.config.test": { access: "admin", noFuzz: "connects to the saved SMTP server" },
  "adminMail.templates.list": { access: "admin" },
  "adminMail.templates.get": { access: "admin", input: () => ({ type: "account-suspended" }) },
  "adminMail.templates.sample": { access: "admin", input: () => ({ type: "account-suspended" }) },
  "adminMail.templates.save": { access: "admin", input: guardTemplate },
  "adminMail.templates.restore": { access: "admin", input: () => ({ type: "account-suspended" }) },
  "adminMail.templates.sendTest": { access: "admin", input: () => ({ type: "account-suspended", to: "guarda@atenda.test" }) },
  "adminMail.outbox.list": { access: "admin", input: () => ({ page: 1, pageSize: 20 }) },
};
