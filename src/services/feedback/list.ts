import { TZDate } from "@date-fns/tz";
import { type SQL, and, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import { chatFeedback, embeddingSources } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { FeedbackListInput, FeedbackPeriod } from "../../schemas/feedback";
import { getAgent } from "../agents";
import type { ServiceContext, WorkspaceScope } from "../context";
import { SAO_PAULO } from "../credits";

const PERIOD_DAYS: Record<Exclude<FeedbackPeriod, "all">, number> = { today: 1, "7d": 7, "30d": 30, "90d": 90 };

/** Start (ms) of the São Paulo day `daysBack` days before the one holding `now`. */
export function spDayStart(now: number, daysBack: number) {
  const today = new TZDate(now, SAO_PAULO);
  return new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - daysBack, SAO_PAULO).getTime();
}

/** A LIKE pattern that matches the typed text literally (%, _ and \ are escaped). */
const literalLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Ties on created_at are broken by rowid, which feedback_agent_idx carries: ordering by the text
 * id instead made SQLite sort each page with a temp b-tree.
 */
const seq = sql<number>`"chat_feedback"."rowid"`;

function parseCursor(cursor: string): { at: number; seq: number } {
  const m = /^(\d{1,15}):(\d{1,15})$/.exec(cursor);
  if (!m?.[1] || !m[2]) throw new AppError("VALIDATION", "Página inválida", { field: "cursor" });
  return { at: Number(m[1]), seq: Number(m[2]) };
}

/**
 * One page of an agent's feedback, newest first. Every read is a range of feedback_agent_idx
 * (agent_id, created_at) walked backwards with a keyset on (created_at, rowid): no offset, no scan
 * beyond the page, whatever the filters.
 */
export async function listFeedback(ctx: ServiceContext, scope: WorkspaceScope, input: FeedbackListInput, now = Date.now()) {
  await getAgent(ctx.db, scope, input.agentId);
  const where: (SQL | undefined)[] = [eq(chatFeedback.agentId, input.agentId), eq(chatFeedback.workspaceId, scope.id)];
  if (input.type !== "all") where.push(eq(chatFeedback.feedbackType, input.type));
  if (input.status !== "all") where.push(eq(chatFeedback.resolved, input.status === "resolved"));
  if (input.period !== "all") where.push(gte(chatFeedback.createdAt, spDayStart(now, PERIOD_DAYS[input.period] - 1)));
  if (input.search) {
    const p = literalLike(input.search);
    where.push(
      sql`(${chatFeedback.userMessage} LIKE ${p} ESCAPE '\\' OR ${chatFeedback.agentResponse} LIKE ${p} ESCAPE '\\' OR ${chatFeedback.observation} LIKE ${p} ESCAPE '\\')`,
    );
  }
  if (input.cursor) {
    const c = parseCursor(input.cursor);
    where.push(or(lt(chatFeedback.createdAt, c.at), and(eq(chatFeedback.createdAt, c.at), sql`${seq} < ${c.seq}`)));
  }
  const rows = await ctx.db
    .select({
      id: chatFeedback.id,
      seq,
      createdAt: chatFeedback.createdAt,
      feedbackType: chatFeedback.feedbackType,
      userMessage: chatFeedback.userMessage,
      agentResponse: chatFeedback.agentResponse,
      observation: chatFeedback.observation,
      resolved: chatFeedback.resolved,
      resolvedAt: chatFeedback.resolvedAt,
      trainingSourceId: chatFeedback.trainingSourceId,
      // null when the training text was deleted since: the item offers the conversion again.
      trainingSourceTitle: embeddingSources.title,
    })
    .from(chatFeedback)
    .leftJoin(embeddingSources, and(eq(embeddingSources.id, chatFeedback.trainingSourceId), eq(embeddingSources.workspaceId, scope.id)))
    .where(and(...where))
    .orderBy(desc(chatFeedback.createdAt), desc(seq))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const items = page.map(({ seq: _seq, ...r }) => ({ ...r, trainingSourceId: r.trainingSourceTitle === null ? null : r.trainingSourceId }));
  return { items, nextCursor: rows.length > input.limit && last ? `${last.createdAt}:${last.seq}` : null };
}

/** One feedback row of the workspace: another workspace's id is "not found" (no id probing). */
export async function feedbackOf(ctx: Pick<ServiceContext, "db">, scope: WorkspaceScope, id: string) {
  const [row] = await ctx.db
    .select()
    .from(chatFeedback)
    .where(and(eq(chatFeedback.id, id), eq(chatFeedback.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Feedback não encontrado");
  return row;
}
