import { claimProviderMessageId, insertGroupJob, recordDeliveryStatus } from "../services/channel-queue";
import type { AppDeps } from "../services/context";
import { groupCommit } from "../services/group-commit";
import { notifyJobEnqueued } from "../services/jobs";
import type { ConnectionRow } from "./drivers";
import type { InboundEvent, InboundMessage } from "./types";
import { CHANNEL_INBOUND_JOB } from "../jobs/job-types";

export { CHANNEL_INBOUND_JOB };

/**
 * A message from the business side may be the echo of one the outbox is sending right now, whose
 * provider id is recorded only when the send returns. Looked at a little later, an echo is
 * recognised by that id instead of being taken for a person answering from the phone.
 */
const ECHO_SETTLE_MS = 5000;

export type InboundJobData = { connectionId: string; message: InboundMessage };

/** One conversation's jobs share this key: they run one at a time, in order (src/services/jobs.ts). */
export const conversationGroup = (connectionId: string, contactKey: string) => `conv:${connectionId}:${contactKey}`;

/** The rank a receipt moves a message to: statuses only move forward, a late "delivered" never overwrites "read". */
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
  const outcome = await groupCommit(deps.db, async (tx) => {
    const out: AcceptOutcome = { accepted: 0, duplicates: 0, statuses: 0 };
    for (const e of events) {
      if (e.type === "status") {
        out.statuses += await recordDeliveryStatus(tx, e, NEW_RANK[e.status] ?? 0);
        continue;
      }
      if (!(await claimProviderMessageId(tx, conn.channel, e.providerMessageId, now))) {
        out.duplicates++;
        continue;
      }
      const data: InboundJobData = { connectionId: conn.id, message: e };
      await insertGroupJob(tx, {
        type: CHANNEL_INBOUND_JOB,
        data,
        runAfter: e.fromBusiness ? now + ECHO_SETTLE_MS : now,
        groupKey: conversationGroup(conn.id, e.contactKey),
        now,
      });
      out.accepted++;
    }
    return out;
  });
  // Committed: the job runner takes the new jobs now, not at its next poll.
  if (outcome.accepted > 0) notifyJobEnqueued(deps.db);
  return outcome;
}
