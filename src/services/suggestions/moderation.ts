import { type SQL, and, count, eq, sql } from "drizzle-orm";
import { featureSuggestionVotes, featureSuggestions, users } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";
import { SUGGESTION_STATUS_LABEL, type SuggestionStatus } from "../../schemas/suggestions";
import {
  type AdminSuggestionListInput,
  type AdminSuggestionMergeInput,
  type AdminSuggestionReplyInput,
  type AdminSuggestionUpdateInput,
  SUGGESTION_MESSAGES,
} from "../../schemas/suggestions-api";
import { type ServiceContext, withTransaction } from "../context";
import { sendTemplatedMail } from "../mail-templates/send";
import { orderOf, recountVotes, searchWhere, suggestionRow } from "./read";

/** Every suggestion with its author's contact, counts per status for the filter chips. */
export async function adminListSuggestions(ctx: ServiceContext, input: AdminSuggestionListInput) {
  const where: (SQL | undefined)[] = [searchWhere(input.q)];
  if (input.status) where.push(eq(featureSuggestions.status, input.status));
  if (input.category) where.push(eq(featureSuggestions.category, input.category));
  if (input.priority) where.push(eq(featureSuggestions.priority, input.priority));
  const cond = and(...where);
  const [items, [total], byStatus] = await Promise.all([
    ctx.db
      .select({
        id: featureSuggestions.id,
        title: featureSuggestions.title,
        description: featureSuggestions.description,
        category: featureSuggestions.category,
        status: featureSuggestions.status,
        priority: featureSuggestions.priority,
        upVotes: featureSuggestions.upVotes,
        downVotes: featureSuggestions.downVotes,
        score: featureSuggestions.score,
        mergedIntoId: featureSuggestions.mergedIntoId,
        adminReply: featureSuggestions.adminReply,
        adminReplyAt: featureSuggestions.adminReplyAt,
        createdAt: featureSuggestions.createdAt,
        authorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        authorEmail: users.email,
      })
      .from(featureSuggestions)
      .leftJoin(users, eq(users.id, featureSuggestions.userId))
      .where(cond)
      .orderBy(...orderOf(input.sort))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(featureSuggestions).where(cond),
    ctx.db.select({ status: featureSuggestions.status, n: count() }).from(featureSuggestions).groupBy(featureSuggestions.status),
  ]);
  const counts = Object.fromEntries(byStatus.map((r) => [r.status, r.n])) as Partial<Record<SuggestionStatus, number>>;
  return { items, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize, counts };
}

/**
 * The author learns of a new status or a reply by mail. Best effort: the change stands if SMTP
 * fails, and a deleted author (userId null) gets nothing.
 */
async function tellAuthor(ctx: ServiceContext, suggestionId: string) {
  const [row] = await ctx.db
    .select({ title: featureSuggestions.title, status: featureSuggestions.status, reply: featureSuggestions.adminReply, email: users.email, firstName: users.firstName })
    .from(featureSuggestions)
    .innerJoin(users, eq(users.id, featureSuggestions.userId))
    .where(eq(featureSuggestions.id, suggestionId))
    .limit(1);
  if (!row) return;
  await sendTemplatedMail(ctx, "suggestion-update", row.email, {
    firstName: row.firstName,
    title: row.title,
    status: SUGGESTION_STATUS_LABEL[row.status],
    reply: row.reply ?? "",
    suggestionsUrl: `${ctx.appUrl}/feature-suggestions`,
  }).catch((err: unknown) => log.warn("suggestion-update mail not sent", { suggestionId, error: err instanceof Error ? err.message : String(err) }));
}

export async function adminUpdateSuggestion(ctx: ServiceContext, input: AdminSuggestionUpdateInput) {
  const before = await suggestionRow(ctx.db, input.id);
  if (before.status === "mesclada" && input.status) throw new AppError("CONFLICT", SUGGESTION_MESSAGES.alreadyMerged);
  const patch = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.priority ? { priority: input.priority } : {}),
    ...(input.category ? { category: input.category } : {}),
  };
  if (Object.keys(patch).length) await ctx.db.update(featureSuggestions).set(patch).where(eq(featureSuggestions.id, input.id));
  if (input.status && input.status !== before.status) await tellAuthor(ctx, input.id);
  return { ok: true as const };
}

export async function adminReplySuggestion(ctx: ServiceContext, input: AdminSuggestionReplyInput) {
  await suggestionRow(ctx.db, input.id);
  await ctx.db.update(featureSuggestions).set({ adminReply: input.reply, adminReplyAt: ctx.now() }).where(eq(featureSuggestions.id, input.id));
  await tellAuthor(ctx, input.id);
  return { ok: true as const };
}

/**
 * Folds a duplicate into another: the source becomes 'mesclada' pointing at the target and its votes
 * move over, one per user (a user who voted on both keeps the target's vote), then both counters are
 * recounted — all in one transaction, so no vote is lost or counted twice.
 */
export async function adminMergeSuggestions(ctx: ServiceContext, input: AdminSuggestionMergeInput) {
  if (input.sourceId === input.targetId) throw new AppError("VALIDATION", SUGGESTION_MESSAGES.mergeSelf, { field: "targetId" });
  await withTransaction(ctx.db, async (tx) => {
    const source = await suggestionRow(tx, input.sourceId);
    const target = await suggestionRow(tx, input.targetId);
    if (source.status === "mesclada") throw new AppError("CONFLICT", SUGGESTION_MESSAGES.alreadyMerged);
    if (target.status === "mesclada") throw new AppError("CONFLICT", SUGGESTION_MESSAGES.mergeTargetClosed);
    const votes = await tx.select().from(featureSuggestionVotes).where(eq(featureSuggestionVotes.suggestionId, source.id));
    if (votes.length) {
      await tx
        .insert(featureSuggestionVotes)
        .values(votes.map((v) => ({ suggestionId: target.id, userId: v.userId, voteType: v.voteType, createdAt: v.createdAt })))
        .onConflictDoNothing();
      await tx.delete(featureSuggestionVotes).where(eq(featureSuggestionVotes.suggestionId, source.id));
    }
    await tx.update(featureSuggestions).set({ status: "mesclada", mergedIntoId: target.id }).where(eq(featureSuggestions.id, source.id));
    await recountVotes(tx, source.id);
    await recountVotes(tx, target.id);
  });
  await tellAuthor(ctx, input.sourceId);
  return { ok: true as const };
}

export async function adminDeleteSuggestion(ctx: ServiceContext, id: string) {
  await suggestionRow(ctx.db, id);
  await withTransaction(ctx.db, async (tx) => {
    // Suggestions merged into this one would point at nothing: they stay merged, without a target.
    await tx.update(featureSuggestions).set({ mergedIntoId: null }).where(eq(featureSuggestions.mergedIntoId, id));
    await tx.delete(featureSuggestions).where(eq(featureSuggestions.id, id));
  });
  return { ok: true as const };
}
