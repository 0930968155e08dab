import type { AppDeps } from "../context";
import { MAIL_TEMPLATES, type MailTemplateType } from "./registry";

export type MailVars = Record<string, string | number | null | undefined>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** {{name}} → value; unknown names stay visible (a template typo shows in the preview, not as a blank). */
export function fillTemplate(template: string, vars: MailVars, html: boolean) {
  return template.replace(/\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined || v === null) return whole;
    return html ? escapeHtml(String(v)) : String(v);
  });
}

/** The mail of `type` for `vars`: subject, text and html, from the built-in default (foundation; the e-mail owner adds the admin's edited rows). */
export async function renderTemplatedMail(deps: AppDeps, type: MailTemplateType, vars: MailVars) {
  const t = MAIL_TEMPLATES[type];
  const all: MailVars = { appUrl: deps.appUrl, productName: "Atenda", ...vars };
  return { subject: fillTemplate(t.subject, all, false), text: fillTemplate(t.text, all, false), html: fillTemplate(t.html, all, true) };
}

/** Renders and sends one platform mail through deps.mailer (kept in the outbox either way). */
export async function sendTemplatedMail(deps: AppDeps, type: MailTemplateType, to: string, vars: MailVars) {
  const mail = await renderTemplatedMail(deps, type, vars);
  return deps.mailer.send({ to, ...mail, template: type });
}
