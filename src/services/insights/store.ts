import { tzOffset } from "@date-fns/tz";
import type { RawTx } from "../credit-debit";
import type { SentimentScore } from "./lexicon";
import { normalizeTag } from "./topics";

/**
 * The writes of one turn's insights, in plain SQL on the raw transaction (runJsonTask's persist
 * hands one over; the offline path opens its own): sentiment rows, the day's counters and the
 * automatic tags land together or not at all.
 */
export type MessageSentimentRow = SentimentScore & { messageId: string; createdAt: number };

/** YYYY-MM-DD of an instant in `tz` (the workspace's zone, São Paulo by default). */
export const dayIn = (tz: string, ms: number) => new Date(ms + tzOffset(tz, new Date(ms)) * 60_000).toISOString().slice(0, 10);

export async function storeSentimentsInTx(
  tx: RawTx,
  input: { workspaceId: string; conversationId: string; agentId: string; tz: string; source: "model" | "lexicon"; rows: MessageSentimentRow[] },
): Promise<MessageSentimentRow[]> {
  const stored: MessageSentimentRow[] = [];
  for (const r of input.rows) {
    const res = await tx.execute({
      sql: `INSERT INTO message_sentiments (message_id, workspace_id, conversation_id, agent_id, sentiment, score, emotions, intensity, urgency, satisfaction, confidence, source, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      args: [r.messageId, input.workspaceId, input.conversationId, input.agentId, r.sentiment, r.score, JSON.stringify(r.emotions), r.intensity, r.urgency, r.satisfaction, r.confidence, input.source, r.createdAt],
    });
    // A retry that finds the row already there counts nothing twice.
    if (res.rowsAffected === 0) continue;
    stored.push(r);
    await tx.execute({
      sql: `INSERT INTO sentiment_daily (workspace_id, agent_id, day, positive, neutral, negative, score_sum, urgent, alerts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)
        ON CONFLICT (workspace_id, agent_id, day) DO UPDATE SET positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative, score_sum = score_sum + excluded.score_sum, urgent = urgent + excluded.urgent`,
      args: [
        input.workspaceId,
        input.agentId,
        dayIn(input.tz, r.createdAt),
        r.sentiment === "positive" ? 1 : 0,
        r.sentiment === "neutral" ? 1 : 0,
        r.sentiment === "negative" ? 1 : 0,
        r.score,
        r.urgency === "high" ? 1 : 0,
      ],
    });
  }
  return stored;
}

/** Adds tags to a conversation; popular_tags counts each conversation once per tag. Returns the new ones. */
export async function addTagsInTx(tx: RawTx, input: { workspaceId: string; conversationId: string; tags: string[]; source: "auto" | "manual"; now: number }): Promise<string[]> {
  const added: string[] = [];
  for (const raw of new Set(input.tags.map(normalizeTag).filter(Boolean))) {
    const res = await tx.execute({
      sql: "INSERT INTO conversation_tags (conversation_id, workspace_id, tag, source, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      args: [input.conversationId, input.workspaceId, raw, input.source, input.now],
    });
    if (res.rowsAffected === 0) continue;
    added.push(raw);
    await tx.execute({
      sql: `INSERT INTO popular_tags (workspace_id, tag, count, last_used_at) VALUES (?, ?, 1, ?)
        ON CONFLICT (workspace_id, tag) DO UPDATE SET count = count + 1, last_used_at = excluded.last_used_at`,
      args: [input.workspaceId, raw, input.now],
    });
  }
  return added;
}

/** Removes a tag from a conversation; its popular count goes down by one (the row goes at zero). */
export async function removeTagInTx(tx: RawTx, input: { workspaceId: string; conversationId: string; tag: string }): Promise<boolean> {
  const tag = normalizeTag(input.tag);
  const res = await tx.execute({
    sql: "DELETE FROM conversation_tags WHERE conversation_id = ? AND workspace_id = ? AND tag = ?",
    args: [input.conversationId, input.workspaceId, tag],
  });
  if (res.rowsAffected === 0) return false;
  await tx.execute({ sql: "UPDATE popular_tags SET count = count - 1 WHERE workspace_id = ? AND tag = ?", args: [input.workspaceId, tag] });
  await tx.execute({ sql: "DELETE FROM popular_tags WHERE workspace_id = ? AND tag = ? AND count <= 0", args: [input.workspaceId, tag] });
  return true;
}
