/**
 * The admin's edits of the platform mails (/admin/modelos-emails): list, read with the default beside
 * it, save (unknown {{variables}} refused), restore the default, render on sample data, send a test.
 */
import { eq } from "drizzle-orm";
import { emailTemplates } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import {
  ALWAYS_AVAILABLE_VARIABLES,
  type MailTemplateSaveInput,
  type MailTemplateTestInput,
  type MailVars,
  unknownVariables,
  unknownVariablesMessage,
} from "../../schemas/admin-mail";
import { changedFields, logActivity } from "../activity";
import type { AppDeps, RequestMeta } from "../context";
import { MAIL_TEMPLATES, MAIL_TEMPLATE_TYPES, type MailTemplateDefault, type MailTemplateType } from "./registry";
import { PRODUCT_NAME, type TemplateContent, effectiveTemplate, renderContent } from "./send";

/** The registry type named by an input, or NOT_FOUND in pt-BR. */
export function templateTypeOf(type: string): MailTemplateType {
  if (!(MAIL_TEMPLATE_TYPES as string[]).includes(type)) throw new AppError("NOT_FOUND", "Modelo de email não encontrado");
  return type as MailTemplateType;
}

const defaultOf = (type: MailTemplateType): MailTemplateDefault => MAIL_TEMPLATES[type];

/** Example values for every variable of `type`: the registry's sample, else "[name]". */
export function sampleVars(deps: AppDeps, type: MailTemplateType): MailVars {
  const t = defaultOf(type);
  const vars: MailVars = { appUrl: deps.appUrl, productName: PRODUCT_NAME };
  for (const v of t.variables) vars[v] = t.sample?.[v] ?? `[${v}]`;
  return vars;
}

const rowOf = async (deps: AppDeps, type: MailTemplateType) => (await deps.db.select().from(emailTemplates).where(eq(emailTemplates.type, type)).limit(1))[0] ?? null;

export async function listMailTemplates(deps: AppDeps) {
  const rows = await deps.db.select().from(emailTemplates).limit(MAIL_TEMPLATE_TYPES.length + 50);
  return MAIL_TEMPLATE_TYPES.map((type) => {
    const row = rows.find((r) => r.type === type);
    const t = defaultOf(type);
    return {
      type,
      name: t.name,
      variables: [...t.variables],
      subject: row?.subject ?? t.subject,
      customized: row !== undefined,
      isActive: row?.isActive ?? false,
      updatedAt: row?.updatedAt ?? null,
    };
  });
}

export async function getMailTemplate(deps: AppDeps, typeName: string) {
  const type = templateTypeOf(typeName);
  const t = defaultOf(type);
  const row = await rowOf(deps, type);
  return {
    type,
    name: t.name,
    variables: [...t.variables],
    alwaysAvailable: [...ALWAYS_AVAILABLE_VARIABLES],
    sample: sampleVars(deps, type),
    customized: row !== null,
    isActive: row?.isActive ?? true,
    subject: row?.subject ?? t.subject,
    htmlContent: row?.htmlContent ?? t.html,
    textContent: row?.textContent ?? t.text,
    updatedAt: row?.updatedAt ?? null,
    defaults: { subject: t.subject, htmlContent: t.html, textContent: t.text },
  };
}

function refuseUnknown(type: MailTemplateType, c: TemplateContent) {
  const unknown = unknownVariables([c.subject, c.htmlContent, c.textContent], defaultOf(type).variables);
  if (unknown.length) throw new AppError("VALIDATION", unknownVariablesMessage(unknown));
}

export async function saveMailTemplate(deps: AppDeps, meta: RequestMeta, adminId: string, input: MailTemplateSaveInput) {
  const type = templateTypeOf(input.type);
  refuseUnknown(type, input);
  const t = defaultOf(type);
  const before = await rowOf(deps, type);
  const values = { subject: input.subject, htmlContent: input.htmlContent, textContent: input.textContent, isActive: input.isActive };
  await deps.db
    .insert(emailTemplates)
    .values({ type, name: t.name, variables: [...t.variables], ...values, updatedByUserId: adminId })
    .onConflictDoUpdate({ target: emailTemplates.type, set: { ...values, name: t.name, variables: [...t.variables], updatedByUserId: adminId, updatedAt: deps.now() } });
  const old = before ?? { subject: t.subject, htmlContent: t.html, textContent: t.text, isActive: false };
  await logActivity(deps.db, meta, {
    userId: adminId,
    action: "admin.mail.template_saved",
    category: "admin",
    resourceType: "email_template",
    resourceId: type,
    description: `Modelo de email "${t.name}" salvo${input.isActive ? "" : " (inativo: sai o padrão)"}`,
    ...changedFields({ subject: old.subject, htmlContent: old.htmlContent, textContent: old.textContent, isActive: old.isActive }, values),
  });
  return getMailTemplate(deps, type);
}

/** Drops the admin's edit: the built-in default is sent again. */
export async function restoreMailTemplate(deps: AppDeps, meta: RequestMeta, adminId: string, typeName: string) {
  const type = templateTypeOf(typeName);
  const removed = await deps.db.delete(emailTemplates).where(eq(emailTemplates.type, type)).returning({ id: emailTemplates.id });
  await logActivity(deps.db, meta, {
    userId: adminId,
    action: "admin.mail.template_restored",
    category: "admin",
    resourceType: "email_template",
    resourceId: type,
    description: `Modelo de email "${defaultOf(type).name}" restaurado para o padrão`,
    details: { hadEdit: removed.length > 0 },
  });
  return getMailTemplate(deps, type);
}

/** The mail the product sends now for `type`, on sample data (the demo page). */
export async function renderMailSample(deps: AppDeps, typeName: string) {
  const type = templateTypeOf(typeName);
  const content = await effectiveTemplate(deps, type);
  return { type, name: defaultOf(type).name, ...renderContent(deps.appUrl, content, sampleVars(deps, type)) };
}

/** The stored template, or the draft being edited, on sample data to any address; marked as a test. */
export async function sendMailTest(deps: AppDeps, meta: RequestMeta, adminId: string, input: MailTemplateTestInput) {
  const type = templateTypeOf(input.type);
  const content = input.draft ?? (await effectiveTemplate(deps, type));
  refuseUnknown(type, content);
  const mail = renderContent(deps.appUrl, content, sampleVars(deps, type));
  const result = await deps.mailer.send({ to: input.to, subject: `[Teste] ${mail.subject}`, text: mail.text, html: mail.html, template: type });
  await logActivity(deps.db, meta, {
    userId: adminId,
    action: "admin.mail.test_sent",
    category: "admin",
    resourceType: "email_template",
    resourceId: type,
    description: `Email de teste "${defaultOf(type).name}" para ${input.to}: ${result.status === "failed" ? `falhou (${result.error ?? "sem motivo"})` : result.status === "sent" ? "enviado" : "na fila"}`,
    details: { to: input.to, status: result.status, error: result.error ?? null, outboxId: result.outboxId ?? null, draft: input.draft !== undefined },
  });
  return { status: result.status, error: result.error ?? null, outboxId: result.outboxId ?? null };
}
