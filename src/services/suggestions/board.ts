import { type SQL, and, count, eq, ne } from "drizzle-orm";
import { featureSuggestionVotes, featureSuggestions } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import {
  SUGGESTIONS_PER_HOUR,
  SUGGESTION_MESSAGES,
  type SuggestionCreateInput,
  type SuggestionListInput,
  type SuggestionUpdateInput,
  type SuggestionVoteInput,
} from "../../schemas/suggestions-api";
import { type ServiceContext, withTransaction } from "../context";
import { rateLimiter } from "../rate-limit";
import { fromSuggestions, orderOf, recountVotes, searchWhere, suggestionRow } from "./read";

const HOUR_MS = 3_600_000;

function userIdOf(ctx: ServiceContext): string {
  if (ctx.actor.type !== "user") throw new AppError("UNAUTHORIZED", "Faça login para continuar.");
  return ctx.actor.userId;
}

/** One page of the board: every customer's suggestions (merged ones hidden unless asked for). */
export async function listSuggestions(ctx: ServiceContext, input: SuggestionListInput) {
  const me = userIdOf(ctx);
  const where: (SQL | undefined)[] = [searchWhere(input.q)];
  if (input.status) where.push(eq(featureSuggestions.status, input.status));
  // A merged suggestion lives on in its target: the board shows the target unless asked for merged ones.
  else where.push(ne(featureSuggestions.status, "mesclada"));
  if (input.category) where.push(eq(featureSuggestions.category, input.category));
  if (input.sort === "mine") where.push(eq(featureSuggestions.userId, me));
  const cond = and(...where);
  const [items, [total]] = await Promise.all([
    fromSuggestions(ctx.db, me)
      .where(cond)
      .orderBy(...orderOf(input.sort))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(featureSuggestions).where(cond),
  ]);
  return { items, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

export async function getSuggestion(ctx: ServiceContext, id: string) {
  const me = userIdOf(ctx);
  const [row] = await fromSuggestions(ctx.db, me).where(eq(featureSuggestions.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", SUGGESTION_MESSAGES.notFound);
  return row;
}

export async function createSuggestion(ctx: ServiceContext, input: SuggestionCreateInput) {
  const me = userIdOf(ctx);
  const slot = await rateLimiter.take(ctx.db, [{ bucket: "suggestion-create", key: me, max: SUGGESTIONS_PER_HOUR }], HOUR_MS, ctx.now());
  if (!slot) throw new AppError("RATE_LIMITED", SUGGESTION_MESSAGES.rateLimited);
  const [row] = await ctx.db
    .insert(featureSuggestions)
    .values({ userId: me, title: input.title, description: input.description, category: input.category })
    .returning({ id: featureSuggestions.id });
  if (!row) throw new AppError("INTERNAL", "Não foi possível salvar a sugestão.");
  return { id: row.id };
}

/** The author's own, still pendente; another user's id reads as missing (no probing). */
async function ownPending(ctx: ServiceContext, id: string) {
  const me = userIdOf(ctx);
  const row = await suggestionRow(ctx.db, id);
  if (row.userId !== me) throw new AppError("NOT_FOUND", SUGGESTION_MESSAGES.notFound);
  if (row.status !== "pendente") throw new AppError("CONFLICT", SUGGESTION_MESSAGES.notEditable);
  return row;
}

export async function updateOwnSuggestion(ctx: ServiceContext, input: SuggestionUpdateInput) {
  await ownPending(ctx, input.id);
  await ctx.db
    .update(featureSuggestions)
    .set({ title: input.title, description: input.description, category: input.category })
    .where(and(eq(featureSuggestions.id, input.id), eq(featureSuggestions.status, "pendente")));
  return { ok: true as const };
}

export async function deleteOwnSuggestion(ctx: ServiceContext, id: string) {
  await ownPending(ctx, id);
  // Duplicates merged into it carry other people's votes: only the admin may remove it then.
  const [merged] = await ctx.db.select({ id: featureSuggestions.id }).from(featureSuggestions).where(eq(featureSuggestions.mergedIntoId, id)).limit(1);
  if (merged) throw new AppError("CONFLICT", SUGGESTION_MESSAGES.hasMerged);
  await ctx.db.delete(featureSuggestions).where(and(eq(featureSuggestions.id, id), eq(featureSuggestions.status, "pendente")));
  return { ok: true as const };
}

/**
 * One vote per user (the table's primary key), changeable or taken back with null. The row and the
 * counters change in one write transaction, read again from the votes, so they always agree.
 */
export async function voteSuggestion(ctx: ServiceContext, input: SuggestionVoteInput) {
  const me = userIdOf(ctx);
  return withTransaction(ctx.db, async (tx) => {
    const row = await suggestionRow(tx, input.id);
    if (row.status === "mesclada" || row.status === "recusada") throw new AppError("CONFLICT", SUGGESTION_MESSAGES.closedForVotes);
    const mine = and(eq(featureSuggestionVotes.suggestionId, input.id), eq(featureSuggestionVotes.userId, me));
    if (input.voteType === null) await tx.delete(featureSuggestionVotes).where(mine);
    else
      await tx
        .insert(featureSuggestionVotes)
        .values({ suggestionId: input.id, userId: me, voteType: input.voteType })
        .onConflictDoUpdate({ target: [featureSuggestionVotes.suggestionId, featureSuggestionVotes.userId], set: { voteType: input.voteType, updatedAt: ctx.now() } });
    const counters = await recountVotes(tx, input.id);
    return { ...counters, myVote: input.voteType };
  });
}
