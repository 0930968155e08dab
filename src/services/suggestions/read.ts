import { type SQL, and, desc, eq, sql } from "drizzle-orm";
import { featureSuggestionVotes, featureSuggestions, users } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { DbOrTx } from "../context";
import { SUGGESTION_MESSAGES } from "../../schemas/suggestions-api";

/** A LIKE pattern that matches the typed text literally (%, _ and \ are escaped). */
export const literalLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Title or description contains the typed text. */
export function searchWhere(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const p = literalLike(q);
  return sql`(${featureSuggestions.title} LIKE ${p} ESCAPE '\\' OR ${featureSuggestions.description} LIKE ${p} ESCAPE '\\')`;
}

/** Highest score first, newest breaking ties (feature_suggestions_score_idx), or newest first. */
export const orderOf = (sort: "votes" | "recent" | "mine") =>
  sort === "votes" ? [desc(featureSuggestions.score), desc(featureSuggestions.createdAt)] : [desc(featureSuggestions.createdAt)];

/**
 * The columns every reader sees, with the caller's own vote. The author shows by first name only:
 * the board is shared by every customer of the platform.
 */
const publicColumns = (viewerId: string) => ({
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
  authorFirstName: users.firstName,
  mine: sql<boolean>`coalesce(${featureSuggestions.userId} = ${viewerId}, 0)`.mapWith(Boolean),
  myVote: featureSuggestionVotes.voteType,
});

/** FROM suggestions with the author and the viewer's vote. */
export function fromSuggestions(db: DbOrTx, viewerId: string) {
  return db
    .select(publicColumns(viewerId))
    .from(featureSuggestions)
    .leftJoin(users, eq(users.id, featureSuggestions.userId))
    .leftJoin(featureSuggestionVotes, and(eq(featureSuggestionVotes.suggestionId, featureSuggestions.id), eq(featureSuggestionVotes.userId, viewerId)));
}

/** The stored row, or NOT_FOUND. */
export async function suggestionRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(featureSuggestions).where(eq(featureSuggestions.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", SUGGESTION_MESSAGES.notFound);
  return row;
}

/**
 * Recounts one suggestion's votes into its counters. Counting (not +1/−1) inside the vote's
 * transaction means the counters cannot drift, whatever order concurrent votes commit in.
 */
export async function recountVotes(tx: DbOrTx, suggestionId: string) {
  const [c] = await tx
    .select({
      up: sql<number>`coalesce(sum(case when ${featureSuggestionVotes.voteType} = 'up' then 1 else 0 end), 0)`.mapWith(Number),
      down: sql<number>`coalesce(sum(case when ${featureSuggestionVotes.voteType} = 'down' then 1 else 0 end), 0)`.mapWith(Number),
    })
    .from(featureSuggestionVotes)
    .where(eq(featureSuggestionVotes.suggestionId, suggestionId));
  const up = c?.up ?? 0;
  const down = c?.down ?? 0;
  await tx.update(featureSuggestions).set({ upVotes: up, downVotes: down, score: up - down }).where(eq(featureSuggestions.id, suggestionId));
  return { upVotes: up, downVotes: down, score: up - down };
}
