/**
 * Opening a support request (POST /api/v1/support/requests, SPEC §7): the bug report dialog and the
 * "Abrir chamado" dialog both land here. Files are checked before anything is written; the request
 * row goes in first so the files can name it, and a failure while storing them removes both. The
 * caller holds a slot of the hour's budget (takeSupportSlot) and gives it back when this throws.
 */
import { eq } from "drizzle-orm";
import { supportRequests } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { SupportRequestFields } from "../../schemas/support-api";
import { resolveMembership } from "../access";
import type { AppDeps, RequestMeta } from "../context";
import { deleteStoredFile, saveStoredFile } from "../files/store";
import { rateLimiter } from "../rate-limit";
import { type IncomingFile, checkAttachments, storeLimit } from "./attachments";

const HOUR = 3_600_000;
/** Requests per user per hour: enough for a bad day, not for a script filling the disk. */
export const SUPPORT_REQUESTS_PER_HOUR = 10;
const RATE_LIMITED = "Você abriu muitos chamados na última hora. Aguarde um pouco e tente de novo.";
/** A bug report without a subject (SPEC §5: the dialog may send none). */
export const DEFAULT_BUG_SUBJECT = "Bug report";

export type SupportCaller = { userId: string; currentWorkspaceId: string | null | undefined };

/**
 * The hour's budget is taken before the multipart body is parsed (up to ~140 MB in memory): a user
 * past it costs the server nothing. The route gives the slot back when nothing was opened.
 */
export async function takeSupportSlot(deps: Pick<AppDeps, "db" | "now">, userId: string): Promise<number[]> {
  const slots = await rateLimiter.take(deps.db, [{ bucket: "support-request", key: userId, max: SUPPORT_REQUESTS_PER_HOUR }], HOUR, deps.now());
  if (!slots) throw new AppError("RATE_LIMITED", RATE_LIMITED);
  return slots;
}

/** Nothing was opened: the attempt does not count against the hour's budget. */
export const releaseSupportSlot = (deps: Pick<AppDeps, "db">, slots: readonly number[]) => rateLimiter.release(deps.db, slots);

export async function createSupportRequest(
  deps: AppDeps,
  meta: RequestMeta,
  caller: SupportCaller,
  fields: SupportRequestFields,
  files: readonly IncomingFile[],
): Promise<{ id: string }> {
  const attachments = await checkAttachments(files);
  const subject = fields.subject || (fields.type === "bug" ? DEFAULT_BUG_SUBJECT : fields.description.split("\n")[0]?.slice(0, 80) || DEFAULT_BUG_SUBJECT);
  // Only a workspace the user really belongs to is recorded (the cookie's id is a hint, not a proof).
  const origin = caller.currentWorkspaceId ? await resolveMembership(deps.db, caller.userId, caller.currentWorkspaceId) : null;

  const id = Bun.randomUUIDv7();
  const now = deps.now();
  await deps.db.insert(supportRequests).values({
    id,
    userId: caller.userId,
    originWorkspaceId: origin?.id ?? null,
    type: fields.type,
    subject,
    description: fields.description,
    priority: fields.priority,
    status: "open",
    pageUrl: fields.pageUrl ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    appVersion: fields.appVersion ?? null,
    createdAt: now,
    updatedAt: now,
  });
  const saved: string[] = [];
  try {
    for (const a of attachments) {
      const row = await saveStoredFile(
        deps,
        { purpose: "support", ownerUserId: caller.userId, refId: id, fileName: a.fileName, mimeType: a.mimeType },
        a.bytes,
        storeLimit(a.mimeType, a.fileName),
      );
      saved.push(row.id);
    }
  } catch (e) {
    for (const fileId of saved) await deleteStoredFile(deps, fileId);
    await deps.db.delete(supportRequests).where(eq(supportRequests.id, id));
    throw e;
  }
  return { id };
}
