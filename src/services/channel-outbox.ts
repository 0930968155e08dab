/**
 * The channel pipeline's writes that run inside a turn's (or a follow-up's) transaction: the
 * outbox rows of a reply and the conversation update that settles it, so the reply, its credits
 * and the cursor commit together. Raw SQL on the group-commit handle (see credit-debit.ts RawTx).
 */
import type { RawTx } from "./credit-debit";

export type OutboxPart = { text: string; media?: { kind: string; url: string } | null };

/**
 * Queues a reply's parts as pending agent messages, one sent_at per part (now, now + 1, …) so their
 * order survives. The first part carries the turn's metadata; the others their place and inReplyTo.
 */
export async function insertOutboxParts(
  tx: RawTx,
  conv: { id: string; workspaceId: string },
  input: { senderName: string; parts: OutboxPart[]; now: number; metadata: Record<string, unknown> },
): Promise<string[]> {
  const { parts, metadata } = input;
  const ids: string[] = [];
  for (const [i, p] of parts.entries()) {
    const id = Bun.randomUUIDv7();
    ids.push(id);
    await tx.execute({
      sql: `INSERT INTO messages (id, conversation_id, workspace_id, sender_type, sender_name, content, message_type, attachments, metadata, is_read, sent_at, delivery_status)
        VALUES (?, ?, ?, 'agent', ?, ?, ?, ?, ?, 1, ?, 'pending')`,
      args: [
        id,
        conv.id,
        conv.workspaceId,
        input.senderName,
        p.text,
        p.media ? p.media.kind : "text",
        p.media ? JSON.stringify([{ type: p.media.kind, url: p.media.url }]) : null,
        JSON.stringify(i === 0 ? { ...metadata, part: 1, parts: parts.length } : { part: i + 1, parts: parts.length, inReplyTo: metadata.inReplyTo }),
        input.now + i,
      ],
    });
  }
  return ids;
}

/**
 * Settles a model turn: the reply cursor moves past what was answered, one more interaction; a
 * handoff gives the conversation to a person, and an error reply flags it for review.
 */
export async function settleReplyTurn(tx: RawTx, conversationId: string, turn: { cursor: string; at: number; handoff: boolean; error: boolean }): Promise<void> {
  await tx.execute({
    sql: `UPDATE conversations SET reply_cursor = ?, interaction_count = interaction_count + 1, last_message_at = ?, updated_at = ?,
      handled_by = CASE WHEN ? THEN 'human' ELSE handled_by END, needs_human_support = CASE WHEN ? THEN 1 ELSE needs_human_support END,
      ai_paused_until = CASE WHEN ? THEN NULL ELSE ai_paused_until END,
      needs_review = CASE WHEN ? THEN 1 ELSE needs_review END WHERE id = ?`,
    args: [turn.cursor, turn.at, turn.at, turn.handoff ? 1 : 0, turn.handoff ? 1 : 0, turn.handoff ? 1 : 0, turn.error ? 1 : 0, conversationId],
  });
}

export type FollowUpWrite = {
  /** The step's message, queued for sending; empty sends nothing. */
  text: string;
  senderName: string;
  metadata: Record<string, unknown>;
  close: boolean;
  transfer: boolean;
  now: number;
};

/** One follow-up step: its message in the outbox and the conversation's state (closed, handed to a person), together. */
export async function applyFollowUpStep(tx: RawTx, conv: { id: string; workspaceId: string }, step: FollowUpWrite): Promise<void> {
  const { now, close, transfer } = step;
  if (step.text) {
    await tx.execute({
      sql: `INSERT INTO messages (id, conversation_id, workspace_id, sender_type, sender_name, content, message_type, metadata, is_read, sent_at, delivery_status)
        VALUES (?, ?, ?, 'agent', ?, ?, 'text', ?, 1, ?, 'pending')`,
      args: [Bun.randomUUIDv7(), conv.id, conv.workspaceId, step.senderName, step.text, JSON.stringify(step.metadata), now],
    });
  }
  await tx.execute({
    sql: `UPDATE conversations SET executed_follow_up_steps = executed_follow_up_steps + 1, last_message_at = ?, updated_at = ?,
      finished_at = CASE WHEN ? THEN ? ELSE finished_at END, status = CASE WHEN ? THEN 'resolved' ELSE status END,
      waiting_for_user = CASE WHEN ? THEN 0 ELSE waiting_for_user END,
      handled_by = CASE WHEN ? THEN 'human' ELSE handled_by END, needs_human_support = CASE WHEN ? THEN 1 ELSE needs_human_support END
      WHERE id = ?`,
    args: [now, now, close ? 1 : 0, now, close ? 1 : 0, close || transfer ? 1 : 0, transfer ? 1 : 0, transfer ? 1 : 0, conv.id],
  });
}
