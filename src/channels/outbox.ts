import { eq } from "drizzle-orm";
import { messages } from "../../db/schema";
import { publishLive } from "../lib/live-events";
import { log } from "../lib/logger";
import type { AppDeps } from "../services/context";
import type { ChannelDriver } from "./drivers";
import { type ConversationRow, outboxOf } from "./store";
import type { OutboundPart } from "./types";

export const OUTSIDE_WINDOW = "Fora da janela de atendimento do canal (24 horas após a última mensagem do cliente): só um modelo aprovado pode ser enviado. Mensagem não enviada.";

/** A pause between the parts of one reply, as a person typing the next one (only when the agent is paced). */
export const pauseBetweenParts = (nextText: string) => Math.min(2500, 500 + nextText.length * 12);

const partOf = (row: typeof messages.$inferSelect): OutboundPart => {
  const file = row.attachments?.find((a) => a.url);
  return file
    ? { text: row.content, media: { kind: file.type as "image" | "audio" | "video" | "document", url: file.url ?? "", caption: row.content || null } }
    : { text: row.content };
};

/**
 * Sends every pending outbound message of a conversation, oldest first, and records each provider
 * id as soon as it is known: a retry (or another job after a crash) resumes at the first unsent
 * part, so nothing is sent twice and nothing overtakes. A refused message (not retryable) is marked
 * failed and the rest goes on; a retryable failure stops here and the job is retried.
 */
export async function flushOutbox(
  deps: AppDeps,
  conv: ConversationRow,
  driver: ChannelDriver,
  opts: { paced: boolean; sleep?: (ms: number) => Promise<unknown> } = { paced: false },
): Promise<{ sent: number; failed: number; skipped: number }> {
  const sleep = opts.sleep ?? Bun.sleep;
  const pending = await outboxOf(deps, conv.id);
  const out = { sent: 0, failed: 0, skipped: 0 };
  for (const [i, row] of pending.entries()) {
    const lastCustomer = conv.lastCustomerMessageAt ?? 0;
    const human = row.senderType === "human";
    const windowMs = human ? (driver.humanWindowMs ?? driver.replyWindowMs) : driver.replyWindowMs;
    if (windowMs !== null && deps.now() - lastCustomer > windowMs) {
      // Outside the customer-service window the provider would refuse (WhatsApp 131047) and keep
      // refusing: skipped and logged rather than retried.
      await deps.db.update(messages).set({ deliveryStatus: "skipped", deliveryError: OUTSIDE_WINDOW }).where(eq(messages.id, row.id));
      log.info("outbound message skipped: outside the 24h window", { conversationId: conv.id, messageId: row.id });
      out.skipped++;
      continue;
    }
    if (opts.paced && i > 0) await sleep(pauseBetweenParts(row.content));
    try {
      const providerId = await driver.send(conv.contactKey, partOf(row), { human });
      await deps.db.update(messages).set({ deliveryStatus: "sent", providerMessageId: providerId, deliveryError: null }).where(eq(messages.id, row.id));
      out.sent++;
    } catch (err) {
      if ((err as { retryable?: boolean }).retryable !== false) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      await deps.db.update(messages).set({ deliveryStatus: "failed", deliveryError: reason }).where(eq(messages.id, row.id));
      log.warn("outbound message refused by the channel", { conversationId: conv.id, messageId: row.id, reason });
      out.failed++;
    }
    publishLive({ workspaceId: conv.workspaceId, conversationId: conv.id, kind: "status" });
  }
  return out;
}
