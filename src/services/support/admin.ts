/**
 * /admin/suporte (issue 19): every support request, with filters and the counts per status, and
 * the admin's answer, which also e-mails the user (template `support-reply`). The adminProcedure
 * writes the audit line of each mutation.
 */
import { type SQL, and, count, desc, eq, sql } from "drizzle-orm";
import { supportRequests, users, workspaces } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";
import { SUPPORT_ERRORS, SUPPORT_STATUSES, SUPPORT_STATUS_LABEL, type SupportStatus } from "../../schemas/support";
import type { AdminSupportListInput, AdminSupportPriorityInput, AdminSupportReplyInput, AdminSupportStatusInput, SupportRef } from "../../schemas/support-api";
import type { AppDeps } from "../context";
import { sendTemplatedMail } from "../mail-templates/send";
import { addMessage, attachmentCountSql, attachmentsOf, likePattern, messagesOf } from "./view";


function filtersOf(input: AdminSupportListInput, withStatus: boolean): SQL[] {
  const where: SQL[] = [];
  if (input.type) where.push(eq(supportRequests.type, input.type));
  if (withStatus && input.status) where.push(eq(supportRequests.status, input.status));
  if (input.priority) where.push(eq(supportRequests.priority, input.priority));
  if (input.q) {
    const p = likePattern(input.q.toLowerCase());
    where.push(
      sql`(lower(${supportRequests.subject}) like ${p} escape '\\' or lower(${supportRequests.description}) like ${p} escape '\\' or lower(${users.email}) like ${p} escape '\\' or lower(${users.firstName} || ' ' || ${users.lastName}) like ${p} escape '\\')`,
    );
  }
  return where;
}

export async function listAdminSupport(deps: AppDeps, input: AdminSupportListInput) {
  const where = filtersOf(input, true);
  const cond = where.length ? and(...where) : undefined;
  // The counts ignore the status filter: they are the tabs that choose it.
  const others = filtersOf(input, false);
  const [items, [total], perStatus] = await Promise.all([
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
        userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        userEmail: users.email,
        attachmentCount: attachmentCountSql,
      })
      .from(supportRequests)
      .innerJoin(users, eq(users.id, supportRequests.userId))
      .where(cond)
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    deps.db.select({ n: count() }).from(supportRequests).innerJoin(users, eq(users.id, supportRequests.userId)).where(cond),
    deps.db
      .select({ status: supportRequests.status, n: count() })
      .from(supportRequests)
      .innerJoin(users, eq(users.id, supportRequests.userId))
      .where(others.length ? and(...others) : undefined)
      .groupBy(supportRequests.status),
  ]);
  const counts = Object.fromEntries(SUPPORT_STATUSES.map((s) => [s, 0])) as Record<SupportStatus, number>;
  for (const row of perStatus) counts[row.status] = row.n;
  return {
    items: items.map((i) => ({ ...i, attachmentCount: Number(i.attachmentCount) })),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    counts,
  };
}

async function requestWithUser(deps: AppDeps, id: string) {
  const [row] = await deps.db
    .select({
      request: supportRequests,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      workspaceName: workspaces.name,
    })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .leftJoin(workspaces, eq(workspaces.id, supportRequests.originWorkspaceId))
    .where(eq(supportRequests.id, id))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", SUPPORT_ERRORS.notFound);
  return row;
}

export async function getAdminSupport(deps: AppDeps, input: SupportRef) {
  const { request: r, user, workspaceName } = await requestWithUser(deps, input.id);
  const [attachments, messages] = await Promise.all([attachmentsOf(deps.db, r.id), messagesOf(deps.db, r.id)]);
  return {
    id: r.id,
    type: r.type,
    subject: r.subject,
    description: r.description,
    status: r.status,
    priority: r.priority,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    lastReplyAt: r.lastReplyAt,
    lastReplyBy: r.lastReplyBy,
    pageUrl: r.pageUrl,
    userAgent: r.userAgent,
    appVersion: r.appVersion,
    user: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
    workspace: r.originWorkspaceId && workspaceName ? { id: r.originWorkspaceId, name: workspaceName } : null,
    attachments,
    messages,
  };
}

/**
 * The admin answers: the message is stored, the status moves (to the chosen one, else an open
 * request becomes "em andamento"), and the user is e-mailed. A mail failure is logged, not thrown:
 * the answer is already in Meus chamados.
 */
export async function replyAdminSupport(deps: AppDeps, adminId: string, input: AdminSupportReplyInput) {
  const { request: r, user } = await requestWithUser(deps, input.id);
  const status: SupportStatus = input.status ?? (r.status === "open" ? "in_progress" : r.status);
  await addMessage(deps.db, { requestId: r.id, authorUserId: adminId, authorRole: "admin", body: input.body, now: deps.now(), status });
  await sendTemplatedMail(deps, "support-reply", user.email, {
    firstName: user.firstName,
    subject: r.subject,
    reply: input.body,
    status: SUPPORT_STATUS_LABEL[status],
    requestUrl: `${deps.appUrl}/meus-chamados/${r.id}`,
  }).catch((err: unknown) => log.warn("support reply mail failed", { requestId: r.id, error: err instanceof Error ? err.message : String(err) }));
  return { ok: true as const };
}

export async function setAdminSupportStatus(deps: AppDeps, input: AdminSupportStatusInput) {
  const [row] = await deps.db
    .update(supportRequests)
    .set({ status: input.status, updatedAt: deps.now() })
    .where(eq(supportRequests.id, input.id))
    .returning({ id: supportRequests.id });
  if (!row) throw new AppError("NOT_FOUND", SUPPORT_ERRORS.notFound);
  return { ok: true as const };
}

export async function setAdminSupportPriority(deps: AppDeps, input: AdminSupportPriorityInput) {
  const [row] = await deps.db
    .update(supportRequests)
    .set({ priority: input.priority, updatedAt: deps.now() })
    .where(eq(supportRequests.id, input.id))
    .returning({ id: supportRequests.id });
  if (!row) throw new AppError("NOT_FOUND", SUPPORT_ERRORS.notFound);
  return { ok: true as const };
}
