import { publishLive } from "../lib/live-events";
import { log } from "../lib/logger";
import { type OutboxRow, outboxOf, recordSent, setDelivery } from "../services/channel-store";
import type { AppDeps } from "../services/context";
import type { ChannelDriver } from "./drivers";
import type { ConversationRow } from "./store";
import type { OutboundPart } from "./types";

export const OUTSIDE_WINDOW = "Fora da janela de atendimento do canal (24 horas após a última mensagem do cliente): só um modelo aprovado pode ser enviado. Mensagem não enviada.";

/** A pause between the parts of one reply, as a person typing the next one (only when the agent is paced). */
export const pauseBetweenParts = (nextText: string) => Math.min(2500, 500 + nextText.length * 12);

const partOf = (row: OutboxRow): OutboundPart => {
  const file = row.attachments?.find((a) => a.url);
  return file
    ? { text: row.content, media: { kind: file.type as "image" | "audio" | "video" | "document", url: file.url ?? "", caption: row.content || null } }
    : { text: row.content };
};

/**
 * Sends every pending outbound message of a conversation, oldest first, and records each provider
 * id as soon as it is known: a retry (or another job after a crash) resumes at the first unsent
 * part, so nothing is sent twice and nothing overtakes. A refused message (not retryable) is marked
 * failed and the rest goes on; a retryable failure stops here and the job is retried. `through`
 * (a sent_at bound) sends one turn's reply only: a later turn's parts wait for their own time.
 * `paced` stops before a typing pause and says how long it is (resumeInMs): the caller queues the
 * rest for then (run_after), so no lane ever sleeps.
 */
export async function flushOutbox(
  deps: AppDeps,
  conv: ConversationRow,
  driver: ChannelDriver,
  opts: { paced: boolean; through?: number | null } = { paced: false },
): Promise<{ sent: number; failed: number; skipped: number; resumeInMs?: number }> {
  const through = opts.through ?? null;
  const pending = (await outboxOf(deps.db, conv.id)).filter((row) => through === null || row.sentAt <= through);
  const out = { sent: 0, failed: 0, skipped: 0 };
  for (const [i, row] of pending.entries()) {
    const lastCustomer = conv.lastCustomerMessageAt ?? 0;
    const human = row.senderType === "human";
    const windowMs = human ? (driver.humanWindowMs ?? driver.replyWindowMs) : driver.replyWindowMs;
    if (windowMs !== null && deps.now() - lastCustomer > windowMs) {
      // Outside the customer-service window the provider would refuse (WhatsApp 131047) and keep
      // refusing: skipped and logged rather than retried.
      await setDelivery(deps.db, row.id, { deliveryStatus: "skipped", deliveryError: OUTSIDE_WINDOW });
      log.info("outbound message skipped: outside the 24h window", { conversationId: conv.id, messageId: row.id });
      out.skipped++;
      continue;
    }
    if (opts.paced && i > 0) return { ...out, resumeInMs: pauseBetweenParts(row.content) };
    try {
      const providerId = await driver.send(conv.contactKey, partOf(row), { human });
      await recordSent(deps.db, row.id, providerId);
      out.sent++;
    } catch (err) {
      if ((err as { retryable?: boolean }).retryable !== false) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      await setDelivery(deps.db, row.id, { deliveryStatus: "failed", deliveryError: reason });
      log.warn("outbound message refused by the channel", { conversationId: conv.id, messageId: row.id, reason });
      out.failed++;
    }
    publishLive({ workspaceId: conv.workspaceId, conversationId: conv.id, kind: "status" });
  }
  return out;
}
