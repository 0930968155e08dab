import { and, eq } from "drizzle-orm";
import { emailTemplates } from "../../../db/schema";
import { type MailVars, fillTemplate } from "../../schemas/admin-mail";
import type { AppDeps, DbOrTx } from "../context";
import { MAIL_TEMPLATES, type MailTemplateType } from "./registry";

export type { MailVars };
export { fillTemplate };

export type TemplateContent = { subject: string; htmlContent: string; textContent: string };

export const PRODUCT_NAME = "Atenda";

/** The admin's active edit of `type`, else null (the registry's default is used). */
export async function activeTemplateRow(db: DbOrTx, type: MailTemplateType) {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.type, type), eq(emailTemplates.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** What the product sends for `type` now: the active edit, else the built-in default. */
export async function effectiveTemplate(deps: Pick<AppDeps, "db">, type: MailTemplateType): Promise<TemplateContent> {
  const row = await activeTemplateRow(deps.db, type);
  if (row) return { subject: row.subject, htmlContent: row.htmlContent, textContent: row.textContent };
  const t = MAIL_TEMPLATES[type];
  return { subject: t.subject, htmlContent: t.html, textContent: t.text };
}

/** Fills one template's three parts; appUrl and productName always exist. */
export function renderContent(appUrl: string, content: TemplateContent, vars: MailVars) {
  const all: MailVars = { appUrl, productName: PRODUCT_NAME, ...vars };
  return { subject: fillTemplate(content.subject, all, false), text: fillTemplate(content.textContent, all, false), html: fillTemplate(content.htmlContent, all, true) };
}

/** The mail of `type` for `vars`: subject, text and html, from the admin's active edit or the default. */
export async function renderTemplatedMail(deps: AppDeps, type: MailTemplateType, vars: MailVars) {
  return renderContent(deps.appUrl, await effectiveTemplate(deps, type), vars);
}

/** Renders and sends one platform mail through deps.mailer (kept in the outbox either way). */
export async function sendTemplatedMail(deps: AppDeps, type: MailTemplateType, to: string, vars: MailVars) {
  const mail = await renderTemplatedMail(deps, type, vars);
  return deps.mailer.send({ to, ...mail, template: type });
}
