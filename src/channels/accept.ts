import type { AppDeps } from "../services/context";
import { groupCommit } from "../services/group-commit";
import type { ConnectionRow } from "./drivers";
import type { InboundEvent, InboundMessage } from "./types";

export const CHANNEL_INBOUND_JOB = "channel-inbound";

/**
 * A message from the business side may be the echo of one the outbox is sending right now, whose
 * provider id is recorded only when the send returns. Looked at a little later, an echo is
 * recognised by that id instead of being taken for a person answering from the phone.
 */
const ECHO_SETTLE_MS = 5000;

export type InboundJobData = { connectionId: string; message: InboundMessage };

/** One conversation's jobs share this key: they run one at a time, in order (src/services/jobs.ts). */
export const conversationGroup = (connectionId: string, contactKey: string) => `conv:${connectionId}:${contactKey}`;

/** Delivery statuses only move forward: a late "delivered" never overwrites "read". */
const STATUS_RANK = "CASE delivery_status WHEN 'pending' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 4 END";
const NEW_RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

export type AcceptOutcome = { accepted: number; duplicates: number; statuses: number };

/**
 * The durable step every webhook (and the Telegram poller) ends in: each message becomes a job in
 * the same transaction as its provider id, before the provider gets its 200. A redelivered id is
 * acknowledged and ignored forever (inbound_message_ids outlives the job). Statuses update the
 * sent message directly: they are idempotent by nature.
 */
export async function acceptInbound(deps: AppDeps, conn: Pick<ConnectionRow, "id" | "channel">, events: InboundEvent[]): Promise<AcceptOutcome> {
  if (!events.length) return { accepted: 0, duplicates: 0, statuses: 0 };
  const now = deps.now();
  return groupCommit(deps.db, async (tx) => {
    const out: AcceptOutcome = { accepted: 0, duplicates: 0, statuses: 0 };
    for (const e of events) {
      if (e.type === "status") {
        const rank = NEW_RANK[e.status] ?? 0;
        const r = await tx.execute({
          sql: `UPDATE messages SET delivery_status = ?, delivery_error = coalesce(?, delivery_error)
            WHERE provider_message_id = ? AND delivery_status IS NOT NULL AND ${STATUS_RANK} < ?`,
          args: [e.status, e.error ?? null, e.providerMessageId, rank],
        });
        out.statuses += r.rowsAffected;
        continue;
      }
      const seen = await tx.execute({
        sql: "INSERT OR IGNORE INTO inbound_message_ids (provider, provider_message_id, received_at) VALUES (?, ?, ?)",
        args: [conn.channel, e.providerMessageId, now],
      });
      if (seen.rowsAffected === 0) {
        out.duplicates++;
        continue;
      }
      const data: InboundJobData = { connectionId: conn.id, message: e };
      await tx.execute({
        sql: `INSERT INTO jobs (id, type, status, data, progress, attempts, max_attempts, run_after, dedupe_key, group_key, created_at)
          VALUES (?, ?, 'pending', ?, 0, 0, 8, ?, NULL, ?, ?)`,
        args: [
          Bun.randomUUIDv7(),
          CHANNEL_INBOUND_JOB,
          JSON.stringify(data),
          e.fromBusiness ? now + ECHO_SETTLE_MS : now,
          conversationGroup(conn.id, e.contactKey),
          now,
        ],
      });
      out.accepted++;
    }
    return out;
  });
}
