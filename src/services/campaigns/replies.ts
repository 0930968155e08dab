/**
 * A customer wrote on a WhatsApp connection: if a campaign reached that phone, the newest send
 * (last 30 days) counts as responded (once) and the conversation is tagged with its campaign. A
 * message that is only an opt-out word ('SAIR', 'PARAR'…) stops every campaign to the number and
 * gets one fixed confirmation instead of the agent's reply.
 */
import { OPT_OUT_CONFIRMATION, type OptOutWord, optOutWordOf } from "../../schemas/campaigns/opt-out";
import { insertOutboxParts } from "../channel-outbox";
import type { AppDeps } from "../context";
import { groupCommit } from "../group-commit";
import { CAMPAIGN_ATTRIBUTION_MS, latestSentTo, phoneVariants } from "./hooks";

export type CampaignReplyOutcome = { campaignId: string | null; responded: boolean; optedOut: OptOutWord | null };

type Conv = { id: string; workspaceId: string; agentId: string | null; contactKey: string; campaignId: string | null };

/**
 * Runs for a customer message just stored (handleChannelInbound). Opt-out applies only to a phone
 * a campaign has reached (any time): elsewhere "parar" is an ordinary answer the agent handles.
 * On opt-out the reply cursor moves past the message, so the agent never answers it; the caller
 * schedules the outbox that sends the confirmation.
 */
export async function onCampaignReply(deps: AppDeps, conv: Conv, message: { id: string; text: string }): Promise<CampaignReplyOutcome> {
  const none: CampaignReplyOutcome = { campaignId: null, responded: false, optedOut: null };
  if (phoneVariants(conv.contactKey).length === 0) return none;
  const now = deps.now();
  const send = await latestSentTo(deps.db, conv.workspaceId, conv.contactKey);
  if (!send) return none;
  const recent = (send.sentAt ?? 0) >= now - CAMPAIGN_ATTRIBUTION_MS;
  const word = optOutWordOf(message.text);
  if (!recent && !word) return none;
  return groupCommit(deps.db, async (tx) => {
    let responded = false;
    if (recent) {
      const up = await tx.execute({
        sql: "UPDATE campaign_sends SET responded_at = ?, conversation_id = coalesce(conversation_id, ?) WHERE id = ? AND responded_at IS NULL",
        args: [now, conv.id, send.id],
      });
      responded = up.rowsAffected > 0;
      if (responded) await tx.execute({ sql: "UPDATE campaigns SET responded_count = responded_count + 1 WHERE id = ?", args: [send.campaignId] });
      // The inbox tag: the campaign that brought the conversation, kept once set.
      await tx.execute({ sql: "UPDATE conversations SET campaign_id = ? WHERE id = ? AND campaign_id IS NULL", args: [send.campaignId, conv.id] });
    }
    if (!word) return { campaignId: send.campaignId, responded, optedOut: null };
    const phones = [...new Set([send.phone, ...phoneVariants(conv.contactKey)])];
    for (const phone of phones) {
      await tx.execute({
        sql: "INSERT INTO campaign_opt_outs (workspace_id, phone, reason, campaign_id, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        args: [conv.workspaceId, phone, word, send.campaignId, now],
      });
      await tx.execute({
        sql: "UPDATE campaign_sends SET status = 'skipped', error_message = ? WHERE workspace_id = ? AND phone = ? AND status = 'pending'",
        args: [`Descadastrado pelo contato (${word})`, conv.workspaceId, phone],
      });
    }
    const agent = conv.agentId ? await tx.execute({ sql: "SELECT name FROM agents WHERE id = ?", args: [conv.agentId] }) : null;
    const senderName = typeof agent?.rows[0]?.name === "string" ? agent.rows[0].name : "Atendimento";
    await insertOutboxParts(tx, conv, { senderName, parts: [{ text: OPT_OUT_CONFIRMATION }], now, metadata: { outcome: "campaign_opt_out", inReplyTo: message.id } });
    await tx.execute({ sql: "UPDATE conversations SET reply_cursor = ? WHERE id = ?", args: [message.id, conv.id] });
    return { campaignId: send.campaignId, responded, optedOut: word };
  });
}
