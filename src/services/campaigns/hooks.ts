/**
 * What happens to a campaign send after it went out, from the channel side: delivery receipts move
 * it forward (sent → delivered → read, or failed), and a deal opened for the person marks it
 * converted. Counters on campaigns move with the rows, in the same transaction, each once.
 */
import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { campaignSends, campaigns, contacts, conversations } from "../../../db/schema";
import type { RawTx } from "../credit-debit";

/** A reply or a deal counts for a send this long after it went out. */
export const CAMPAIGN_ATTRIBUTION_MS = 30 * 24 * 60 * 60_000;

const SEND_RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

/**
 * A receipt for a campaign send (in the webhook's transaction) → rows changed (0 or 1).
 * Statuses never move backwards. delivered_count counts sends with delivered_at set: a "read" that
 * arrives before its "delivered" sets both (read implies delivered), and the late "delivered" is a
 * no-op. A "failed" only applies to a send still at "sent" (the provider gave up on delivery); it
 * counts in failed_count and keeps its place in sent_count (it did leave).
 */
export async function advanceCampaignSend(
  tx: RawTx,
  e: { providerMessageId: string; status: string; error?: string | null; timestamp?: number | null },
  now = Date.now(),
): Promise<number> {
  const rs = await tx.execute({
    sql: "SELECT id, campaign_id, status, delivered_at, read_at FROM campaign_sends WHERE provider_message_id = ? LIMIT 1",
    args: [e.providerMessageId],
  });
  const row = rs.rows[0];
  if (!row) return 0;
  const sendId = String(row.id);
  const campaignId = String(row.campaign_id);
  const current = String(row.status);
  const currentRank = SEND_RANK[current];
  // pending/sending (no receipt can precede the send's own write), failed and skipped are final here.
  if (currentRank === undefined) return 0;
  const at = e.timestamp ?? now;
  if (e.status === "failed") {
    if (current !== "sent") return 0;
    const up = await tx.execute({
      sql: "UPDATE campaign_sends SET status = 'failed', error_message = ? WHERE id = ? AND status = 'sent'",
      args: [e.error || "Falha na entrega informada pelo WhatsApp", sendId],
    });
    if (up.rowsAffected > 0) await tx.execute({ sql: "UPDATE campaigns SET failed_count = failed_count + 1 WHERE id = ?", args: [campaignId] });
    return up.rowsAffected;
  }
  const nextRank = SEND_RANK[e.status];
  if (nextRank === undefined || nextRank <= currentRank) return 0;
  const newlyDelivered = row.delivered_at === null ? 1 : 0;
  const newlyRead = e.status === "read" && row.read_at === null ? 1 : 0;
  const up = await tx.execute({
    sql: `UPDATE campaign_sends SET status = ?, delivered_at = coalesce(delivered_at, ?),
      read_at = CASE WHEN ? = 'read' THEN coalesce(read_at, ?) ELSE read_at END WHERE id = ? AND status = ?`,
    args: [e.status, at, e.status, at, sendId, current],
  });
  if (up.rowsAffected > 0 && newlyDelivered + newlyRead > 0) {
    await tx.execute({
      sql: "UPDATE campaigns SET delivered_count = delivered_count + ?, read_count = read_count + ? WHERE id = ?",
      args: [newlyDelivered, newlyRead, campaignId],
    });
  }
  return up.rowsAffected;
}

/**
 * The forms a Brazilian mobile may take: WhatsApp ids of some numbers lack the 9th digit
 * (protocols.md §1.4), so "+55 11 8765-4321" and "+55 11 98765-4321" are the same person.
 */
export function phoneVariants(phone: string): string[] {
  const digits = phone.replace(/\D/g, "");
  if (!digits) return [];
  const out = [`+${digits}`];
  if (digits.startsWith("55") && digits.length === 12) out.push(`+${digits.slice(0, 4)}9${digits.slice(4)}`);
  if (digits.startsWith("55") && digits.length === 13 && digits[4] === "9") out.push(`+${digits.slice(0, 4)}${digits.slice(5)}`);
  return out;
}

/** The newest campaign send that went out to any form of the phone (since `since`), read off campaign_sends_phone_idx. */
export async function latestSentTo(tx: DbOrTx, workspaceId: string, phone: string, since = 0) {
  let best: typeof campaignSends.$inferSelect | null = null;
  for (const p of phoneVariants(phone)) {
    const [row] = await tx
      .select()
      .from(campaignSends)
      .where(and(eq(campaignSends.workspaceId, workspaceId), eq(campaignSends.phone, p), isNotNull(campaignSends.sentAt), gte(campaignSends.sentAt, since)))
      .orderBy(desc(campaignSends.sentAt))
      .limit(1);
    if (row && (!best || (row.sentAt ?? 0) > (best.sentAt ?? 0))) best = row;
  }
  return best;
}

/**
 * A deal was opened (openDeal, same transaction): the newest send that went out to the contact's
 * phone in the last 30 days, not yet converted, becomes converted, once. No phone → nothing.
 */
export async function markCampaignConversion(tx: DbOrTx, d: { workspaceId: string; contactId?: string | null; conversationId?: string | null }, now: number): Promise<string | null> {
  let phone: string | null = null;
  if (d.contactId) {
    const [c] = await tx.select({ phone: contacts.phone }).from(contacts).where(and(eq(contacts.id, d.contactId), eq(contacts.workspaceId, d.workspaceId))).limit(1);
    phone = c?.phone ?? null;
  }
  if (!phone && d.conversationId) {
    const [c] = await tx
      .select({ phone: conversations.clientPhone })
      .from(conversations)
      .where(and(eq(conversations.id, d.conversationId), eq(conversations.workspaceId, d.workspaceId)))
      .limit(1);
    phone = c?.phone ?? null;
  }
  if (!phone) return null;
  const send = await latestSentTo(tx, d.workspaceId, phone, now - CAMPAIGN_ATTRIBUTION_MS);
  if (!send || send.convertedAt !== null) return null;
  const marked = await tx
    .update(campaignSends)
    .set({ convertedAt: now })
    .where(and(eq(campaignSends.id, send.id), sql`${campaignSends.convertedAt} IS NULL`))
    .returning({ id: campaignSends.id });
  if (marked.length === 0) return null;
  await tx
    .update(campaigns)
    .set({ convertedCount: sql`${campaigns.convertedCount} + 1` })
    .where(eq(campaigns.id, send.campaignId));
  return send.campaignId;
}
