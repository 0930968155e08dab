/**
 * One campaign send: claimed as 'sending' in a committed write before the provider is called, then
 * settled as sent (with the message written into the contact's conversation), failed, or back to
 * pending (a 429). Crash safety: a row still 'sending' when a tick starts was interrupted.
 * UAZAPI sends carry track_id = the send's id, so the row is settled by asking UAZAPI whether
 * that message exists (POST /message/find); the official channel has no such lookup, so an
 * interrupted send there is never resent (failed, with the reason) rather than maybe sent twice.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { campaignContacts, campaignSends, campaigns, conversationContacts, conversations, messages } from "../../../db/schema";
import * as uazapi from "../../adapters/uazapi/client";
import { phoneOfJid } from "../../adapters/uazapi/jid";
import { sendTemplateMessage } from "../../adapters/whatsapp-cloud/templates";
import { configOf } from "../../channels/drivers";
import { uazapiTarget } from "../../channels/targets";
import type { CampaignPacerState } from "../../schemas/campaigns/settings";
import type { ConnectionRow, UazapiStoredConfig, WhatsAppCloudStoredConfig } from "../channel-store";
import { latestConversationOf } from "../channel-store";
import { type AppDeps, withTransaction } from "../context";
import { campaignClockOf } from "./clock";
import { failureStopReason, initialPacerState } from "./pacer";
import { chargeCampaignSend } from "./pricing";
import { type CampaignMember, campaignVariants, memberValues, renderWith } from "./render";

export type CampaignRow = typeof campaigns.$inferSelect;
export type SendRow = typeof campaignSends.$inferSelect;
export type SendOutcome = { kind: "sent" } | { kind: "failed" } | { kind: "retry"; afterRealMs: number } | { kind: "stopped"; reason: string };

export const CAMPAIGN_TRACK_SOURCE = "atenda-campaign";
/** Tries of one send that got no answer (5xx, network) before it counts as failed. */
const MAX_TRIES = 3;
export const OUT_OF_CREDITS = "Pausada: o workspace não tem créditos para o próximo envio. Adicione créditos e retome a campanha.";
export const INTERRUPTED_CLOUD =
  "Envio interrompido por uma queda do servidor. Não foi reenviado porque o WhatsApp oficial não permite confirmar se a mensagem chegou a sair.";

type ProviderError = Error & { status: number | null; retryable: boolean; retryAfterMs: number | null };
const asProviderError = (e: unknown): ProviderError | null => (e instanceof Error && typeof (e as Partial<ProviderError>).retryable === "boolean" ? (e as ProviderError) : null);

/** The next pending send in (priority, id) order → 'sending', attempts+1, its variant: one committed statement. */
export async function claimNextSend(db: Db, campaignId: string, variantCount: number): Promise<SendRow | null> {
  const [row] = await db
    .update(campaignSends)
    .set({
      status: "sending",
      attempts: sql`${campaignSends.attempts} + 1`,
      variant: sql`coalesce(${campaignSends.variant}, (SELECT (sent_count + failed_count) % ${Math.max(1, variantCount)} FROM campaigns WHERE id = ${campaignId}))`,
    })
    .where(
      eq(campaignSends.id, sql`(SELECT id FROM campaign_sends WHERE campaign_id = ${campaignId} AND status = 'pending' ORDER BY priority, id LIMIT 1)`),
    )
    .returning();
  return row ?? null;
}

type Rendered = { text: string; member: CampaignMember };

async function render(deps: AppDeps, c: CampaignRow, send: SendRow, variants: string[]): Promise<Rendered | null> {
  const [member] = await deps.db.select().from(campaignContacts).where(eq(campaignContacts.id, send.campaignContactId)).limit(1);
  if (!member) return null;
  const v = await memberValues(deps.db, member, campaignClockOf(deps).now());
  if (c.template) {
    const params = c.template.bodyParams.map((p) => renderWith(p, v));
    return { text: params.length ? `Modelo ${c.template.name}: ${params.join(" · ")}` : `Modelo ${c.template.name}`, member };
  }
  const variant = variants[c.settings.rotateContent ? (send.variant ?? 0) % Math.max(1, variants.length) : 0] ?? "";
  return { text: renderWith(variant, v), member };
}

/** Sends through the connection → the provider's message id. */
async function deliver(deps: AppDeps, c: CampaignRow, conn: ConnectionRow, send: SendRow, r: Rendered): Promise<string> {
  if (conn.channel === "whatsapp_uaz") {
    const target = uazapiTarget(deps, configOf<UazapiStoredConfig>(conn));
    const track = { source: CAMPAIGN_TRACK_SOURCE, id: send.id };
    if (c.mediaUrl && c.mediaKind)
      return uazapi.sendMedia(target, send.phone, { type: c.mediaKind, file: c.mediaUrl, caption: r.text || null, docName: c.mediaName }, { track });
    return uazapi.sendText(target, send.phone, r.text, { track });
  }
  const cfg = configOf<WhatsAppCloudStoredConfig>(conn);
  const target = { baseUrl: deps.env.WHATSAPP_GRAPH_BASE, version: deps.env.WHATSAPP_GRAPH_VERSION, phoneNumberId: cfg.phoneNumberId, accessToken: deps.secrets.decrypt(cfg.accessToken) };
  if (!c.template) throw Object.assign(new Error("Campanha sem modelo aprovado"), { status: null, retryable: false, retryAfterMs: null });
  const v = await memberValues(deps.db, r.member, campaignClockOf(deps).now());
  return sendTemplateMessage(target, send.phone.replace(/\D/g, ""), {
    name: c.template.name,
    language: c.template.language,
    bodyParams: c.template.bodyParams.map((p) => renderWith(p, v)),
    headerMediaUrl: c.template.headerMediaUrl ?? null,
  });
}

/** sent: the send, the campaign's counter and streak, and the message in the contact's conversation, in one transaction. */
async function recordSent(deps: AppDeps, c: CampaignRow, conn: ConnectionRow, send: SendRow, r: Rendered, providerId: string, state: CampaignPacerState) {
  const contactKey = phoneOfJid(send.phone) ?? send.phone.replace(/\D/g, "");
  const existing = await latestConversationOf(deps.db, conn.id, contactKey);
  const now = deps.now();
  const simNow = campaignClockOf(deps).now();
  const conversationId = existing?.conv.id ?? Bun.randomUUIDv7();
  await withTransaction(deps.db, async (tx) => {
    // Settled once: a send no longer 'sending' (a cancel raced it) is left as it is.
    const [current] = await tx.select({ status: campaignSends.status }).from(campaignSends).where(eq(campaignSends.id, send.id));
    if (current?.status !== "sending") return;
    await tx
      .update(campaigns)
      .set({ sentCount: sql`${campaigns.sentCount} + 1`, pacerState: { ...state, consecutiveFailures: 0 } })
      .where(eq(campaigns.id, c.id));
    if (existing) {
      await tx.update(conversations).set({ campaignId: c.id, lastMessageAt: now, updatedAt: now }).where(eq(conversations.id, conversationId));
    } else {
      await tx.insert(conversations).values({
        id: conversationId,
        workspaceId: c.workspaceId,
        agentId: conn.agentId,
        connectionId: conn.id,
        channel: conn.channel,
        contactKey,
        clientName: r.member.name,
        clientPhone: send.phone,
        campaignId: c.id,
        lastMessageAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (r.member.contactId)
        await tx.insert(conversationContacts).values({ conversationId, workspaceId: c.workspaceId, contactId: r.member.contactId, createdAt: now }).onConflictDoNothing();
    }
    // After the conversation exists: conversation_id references it.
    await tx
      .update(campaignSends)
      .set({ status: "sent", providerMessageId: providerId, sentAt: simNow, conversationId, errorMessage: null })
      .where(eq(campaignSends.id, send.id));
    const media = c.mediaUrl && c.mediaKind && !c.template ? [{ type: c.mediaKind, url: c.mediaUrl, ...(c.mediaName ? { fileName: c.mediaName } : {}) }] : null;
    await tx.insert(messages).values({
      conversationId,
      workspaceId: c.workspaceId,
      senderType: "agent",
      content: r.text,
      messageType: media ? c.mediaKind ?? "text" : "text",
      attachments: media,
      metadata: { campaignId: c.id, campaignSendId: send.id },
      isRead: true,
      sentAt: now,
      providerMessageId: providerId,
      deliveryStatus: "sent",
    });
  });
}

/** failed: the provider's reason, the counter and the streak; failure detection may stop the campaign. */
async function recordFailed(deps: AppDeps, c: CampaignRow, send: SendRow, reason: string, state: CampaignPacerState, streak: boolean): Promise<SendOutcome> {
  const next = { ...state, consecutiveFailures: streak ? state.consecutiveFailures + 1 : state.consecutiveFailures };
  const [row] = await withTransaction(deps.db, async (tx) => {
    await tx
      .update(campaignSends)
      .set({ status: "failed", errorMessage: reason.slice(0, 1000) })
      .where(and(eq(campaignSends.id, send.id), eq(campaignSends.status, "sending")));
    return tx
      .update(campaigns)
      .set({ failedCount: sql`${campaigns.failedCount} + 1`, pacerState: next })
      .where(eq(campaigns.id, c.id))
      .returning({ sent: campaigns.sentCount, failed: campaigns.failedCount });
  });
  const stop = row ? failureStopReason(c.settings, { attempted: row.sent + row.failed, failed: row.failed, consecutiveFailures: next.consecutiveFailures }) : null;
  if (!stop) return { kind: "failed" };
  await deps.db
    .update(campaigns)
    .set({ status: "paused_failures", statusReason: stop, updatedAt: deps.now() })
    .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "running")));
  return { kind: "stopped", reason: stop };
}

const backToPending = (db: Db, id: string) =>
  db
    .update(campaignSends)
    .set({ status: "pending" })
    .where(and(eq(campaignSends.id, id), eq(campaignSends.status, "sending")));

/** Asks UAZAPI whether the send went out (its tracking id): the provider's id, or null. */
async function trackedId(deps: AppDeps, conn: ConnectionRow, sendId: string): Promise<string | null> {
  const found = await uazapi.findTrackedMessages(uazapiTarget(deps, configOf<UazapiStoredConfig>(conn)), { source: CAMPAIGN_TRACK_SOURCE, id: sendId });
  return found[0] ?? null;
}

/** Claims are single, so a 'sending' row at a tick's start was cut short (a crash): settle it first. */
export async function reconcileInterrupted(deps: AppDeps, c: CampaignRow, conn: ConnectionRow): Promise<number> {
  const stuck = await deps.db
    .select()
    .from(campaignSends)
    .where(and(eq(campaignSends.campaignId, c.id), eq(campaignSends.status, "sending")))
    .limit(50);
  if (stuck.length === 0) return 0;
  const variants = await campaignVariants(deps.db, c.id);
  const state = c.pacerState ?? initialPacerState();
  for (const send of stuck) {
    if (conn.channel === "whatsapp_uaz") {
      const providerId = await trackedId(deps, conn, send.id);
      const r = providerId ? await render(deps, c, send, variants) : null;
      if (providerId && r) await recordSent(deps, c, conn, send, r, providerId, state);
      else await backToPending(deps.db, send.id);
    } else {
      await recordFailed(deps, c, send, INTERRUPTED_CLOUD, state, false);
    }
  }
  return stuck.length;
}

/** Renders, sends and settles one claimed send. */
export async function sendOne(deps: AppDeps, c: CampaignRow, conn: ConnectionRow, send: SendRow, variants: string[]): Promise<SendOutcome> {
  const state = c.pacerState ?? initialPacerState();
  const r = await render(deps, c, send, variants);
  if (!r) return recordFailed(deps, c, send, "O contato foi removido da lista", state, false);
  // A retried UAZAPI send may have gone out the first time: look before sending again.
  if (send.attempts > 1 && conn.channel === "whatsapp_uaz") {
    const already = await trackedId(deps, conn, send.id).catch(() => null);
    if (already) {
      await recordSent(deps, c, conn, send, r, already, state);
      return { kind: "sent" };
    }
  }
  // Priced sends are paid before they go out, once per send (its id is the debit's key): a retry
  // or a crash re-run is never charged twice, and an empty wallet pauses instead of sending.
  const charge = await chargeCampaignSend(deps, null, { workspaceId: c.workspaceId, sendId: send.id });
  if (charge.status === "insufficient") {
    await backToPending(deps.db, send.id);
    await deps.db
      .update(campaigns)
      .set({ status: "paused", statusReason: OUT_OF_CREDITS, updatedAt: deps.now() })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "running")));
    return { kind: "stopped", reason: OUT_OF_CREDITS };
  }
  let providerId: string;
  try {
    providerId = await deliver(deps, c, conn, send, r);
  } catch (err) {
    const e = asProviderError(err);
    const message = err instanceof Error ? err.message : String(err);
    // 429: the provider's Retry-After, counted neither as sent nor as failed.
    if (e?.status === 429 || (e?.retryable && e.retryAfterMs !== null)) {
      await deps.db
        .update(campaignSends)
        .set({ status: "pending", attempts: sql`max(0, ${campaignSends.attempts} - 1)` })
        .where(and(eq(campaignSends.id, send.id), eq(campaignSends.status, "sending")));
      return { kind: "retry", afterRealMs: e?.retryAfterMs ?? 60_000 };
    }
    // No answer from the official channel: it may have gone out, and it cannot be checked.
    if (e && e.status === null && e.retryable && conn.channel === "whatsapp_cloud") return recordFailed(deps, c, send, `${INTERRUPTED_CLOUD} (${message})`, state, true);
    if (e?.retryable && send.attempts < MAX_TRIES) {
      await backToPending(deps.db, send.id);
      return { kind: "retry", afterRealMs: 30_000 * send.attempts };
    }
    return recordFailed(deps, c, send, message, state, true);
  }
  await recordSent(deps, c, conn, send, r, providerId, state);
  return { kind: "sent" };
}
