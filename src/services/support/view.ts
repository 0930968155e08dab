/** What both the user's and the admin's views of one request show: its files and its conversation. */
import { and, asc, eq, sql } from "drizzle-orm";
import { storedFiles, supportMessages, supportRequests, users } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { fileUrl } from "../../schemas/files";
import { withTransaction } from "../context";

/** A deleted author (set null) still reads as someone. */
const SUPPORT_TEAM = "Equipe de suporte";

export type SupportAttachment = { id: string; fileName: string; mimeType: string; sizeBytes: number; url: string };
export type SupportMessageView = { id: string; authorRole: "user" | "admin"; authorName: string; body: string; createdAt: number };

/**
 * For list rows: how many files a request carries (the stored_files (purpose, ref_id) index answers it).
 * Written out: drizzle leaves columns unqualified in a one-table select, and an unqualified "id" in
 * the subquery would be stored_files' own.
 */
export const attachmentCountSql = sql<number>`(select count(*) from "stored_files" sf where sf."purpose" = 'support' and sf."ref_id" = "support_requests"."id")`;

export async function attachmentsOf(db: DbOrTx, requestId: string): Promise<SupportAttachment[]> {
  const rows = await db
    .select({ id: storedFiles.id, fileName: storedFiles.fileName, mimeType: storedFiles.mimeType, sizeBytes: storedFiles.sizeBytes })
    .from(storedFiles)
    .where(and(eq(storedFiles.purpose, "support"), eq(storedFiles.refId, requestId)))
    .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id));
  return rows.map((r) => ({ ...r, url: fileUrl(r.id) }));
}

export async function messagesOf(db: DbOrTx, requestId: string): Promise<SupportMessageView[]> {
  const rows = await db
    .select({
      id: supportMessages.id,
      authorRole: supportMessages.authorRole,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorUserId))
    .where(eq(supportMessages.requestId, requestId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return rows.map(({ firstName, lastName, ...m }) => ({
    ...m,
    authorName: firstName ? `${firstName} ${lastName ?? ""}`.trim() : m.authorRole === "admin" ? SUPPORT_TEAM : "Usuário",
  }));
}

/** One message in, and the request's "last reply" and status moved with it, atomically. */
export async function addMessage(
  db: DbOrTx,
  input: { requestId: string; authorUserId: string; authorRole: "user" | "admin"; body: string; now: number; status?: "open" | "in_progress" | "resolved" | "closed" },
) {
  await withTransaction(db, async (tx) => {
      await tx.insert(supportMessages).values({
        id: Bun.randomUUIDv7(),
        requestId: input.requestId,
        authorUserId: input.authorUserId,
        authorRole: input.authorRole,
        body: input.body,
        createdAt: input.now,
      });
      await tx
        .update(supportRequests)
        .set({ lastReplyAt: input.now, lastReplyBy: input.authorRole, updatedAt: input.now, ...(input.status ? { status: input.status } : {}) })
        .where(eq(supportRequests.id, input.requestId));
  });
}

/** A LIKE pattern of `s` anywhere, with %, _ and the backslash taken literally (used with ESCAPE, a backslash). */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
