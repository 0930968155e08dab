/**
 * Meus chamados (issue 19): a user's own support requests. Every query is filtered by the caller's
 * id, so another user's request id reads as NOT_FOUND (nothing about it leaks).
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { supportRequests } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { SUPPORT_ERRORS } from "../../schemas/support";
import type { SupportListInput, SupportRef, SupportReplyInput } from "../../schemas/support-api";
import type { AppDeps } from "../context";
import { addMessage, attachmentCountSql, attachmentsOf, likePattern, messagesOf } from "./view";

async function ownRequest(deps: AppDeps, userId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(supportRequests)
    .where(and(eq(supportRequests.id, id), eq(supportRequests.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", SUPPORT_ERRORS.notFound);
  return row;
}

export async function listMyRequests(deps: AppDeps, userId: string, input: SupportListInput) {
  const p = input.q ? likePattern(input.q.toLowerCase()) : null;
  const cond = and(
    eq(supportRequests.userId, userId),
    input.status ? eq(supportRequests.status, input.status) : undefined,
    p ? sql`(lower(${supportRequests.subject}) like ${p} escape '\\' or lower(${supportRequests.description}) like ${p} escape '\\')` : undefined,
  );
  const [items, [total]] = await Promise.all([
    deps.db
      .select({
        id: supportRequests.id,
        type: supportRequests.type,
        subject: supportRequests.subject,
        status: supportRequests.status,
        priority: supportRequests.priority,
        createdAt: supportRequests.createdAt,
        updatedAt: supportRequests.updatedAt,
        lastReplyAt: supportRequests.lastReplyAt,
        lastReplyBy: supportRequests.lastReplyBy,
        attachmentCount: attachmentCountSql,
      })
      .from(supportRequests)
      .where(cond)
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    deps.db.select({ n: count() }).from(supportRequests).where(cond),
  ]);
  return { items: items.map((i) => ({ ...i, attachmentCount: Number(i.attachmentCount) })), total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

export async function getMyRequest(deps: AppDeps, userId: string, input: SupportRef) {
  const row = await ownRequest(deps, userId, input.id);
  const [attachments, messages] = await Promise.all([attachmentsOf(deps.db, row.id), messagesOf(deps.db, row.id)]);
  return {
    id: row.id,
    type: row.type,
    subject: row.subject,
    description: row.description,
    status: row.status,
    priority: row.priority,
    createdAt: row.createdAt,
    pageUrl: row.pageUrl,
    attachments,
    messages,
  };
}

/** The user answers; a resolved or closed request they answer is open again (they still need help). */
export async function replyToMyRequest(deps: AppDeps, userId: string, input: SupportReplyInput) {
  const row = await ownRequest(deps, userId, input.id);
  const reopen = row.status === "resolved" || row.status === "closed";
  await addMessage(deps.db, { requestId: row.id, authorUserId: userId, authorRole: "user", body: input.body, now: deps.now(), status: reopen ? "open" : undefined });
  return { ok: true as const };
}

export async function closeMyRequest(deps: AppDeps, userId: string, input: SupportRef) {
  const row = await ownRequest(deps, userId, input.id);
  if (row.status !== "closed") await deps.db.update(supportRequests).set({ status: "closed", updatedAt: deps.now() }).where(eq(supportRequests.id, row.id));
  return { ok: true as const };
}
