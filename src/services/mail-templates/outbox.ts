/**
 * The mail outbox as the admin reads it (/admin/teste-emails): every mail the platform tried, newest
 * first, with status and the failure reason. Bodies stay encrypted and are not listed (they carry
 * reset/verify/invite tokens). Rows older than OUTBOX_KEEP_MS are pruned hourly.
 */
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { mailOutbox } from "../../../db/schema";
import type { MailOutboxListInput } from "../../schemas/admin-mail";
import type { AppDeps, DbOrTx } from "../context";
import { MAIL_TEMPLATES } from "./registry";

export const OUTBOX_KEEP_MS = 90 * 24 * 60 * 60 * 1000;

const templateName = (t: string) => (t in MAIL_TEMPLATES ? MAIL_TEMPLATES[t as keyof typeof MAIL_TEMPLATES].name : t);

/** One page (offset on created_at, one row more than asked to know if another page exists). */
export async function listMailOutbox(deps: AppDeps, input: MailOutboxListInput) {
  const where: SQL[] = [];
  if (input.status) where.push(eq(mailOutbox.status, input.status));
  if (input.template) where.push(eq(mailOutbox.template, input.template));
  if (input.to) where.push(eq(mailOutbox.toAddress, input.to));
  const rows = await deps.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      template: mailOutbox.template,
      status: mailOutbox.status,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(input.pageSize + 1)
    .offset((input.page - 1) * input.pageSize);
  return {
    items: rows.slice(0, input.pageSize).map((r) => ({ ...r, templateName: templateName(r.template) })),
    page: input.page,
    pageSize: input.pageSize,
    hasMore: rows.length > input.pageSize,
  };
}

/** The outbox keeps 90 days: older rows go (indexed on created_at), so the table has an age bound. */
export async function pruneMailOutbox(db: DbOrTx, now: number) {
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, now - OUTBOX_KEEP_MS));
}
