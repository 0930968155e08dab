import { and, eq, ne } from "drizzle-orm";
import { users, workspaceMembers, workspaces } from "../../../db/schema";
import { driverFor } from "../../channels/drivers";
import { publishLive } from "../../lib/live-events";
import { log } from "../../lib/logger";
import { HANDOFF_REASON_LABEL, type HandoffReason } from "../../schemas/orchestration";
import { connectionById } from "../channels";
import type { AppDeps } from "../context";
import { sendTemplatedMail } from "../mail-templates/send";
import type { HandoffSettings } from "./settings";

export type HandoffNotice = {
  workspaceId: string;
  conversationId: string;
  handoffId: string;
  reason: HandoffReason;
  clientName: string | null;
  notes: string | null;
  lastCustomerMessage: string | null;
};

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The people who can answer conversations: the owner and every member but the read-only ones. */
async function answerers(deps: AppDeps, workspaceId: string) {
  const [owner] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  const members = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.role, "viewer")))
    .limit(500);
  const all = owner ? [owner, ...members] : members;
  return all.filter((u, i) => all.findIndex((o) => o.id === u.id) === i);
}

/**
 * Tells the workspace a customer waits for a person: the inbox (live event), optionally each
 * answering member by e-mail and a chosen number on WhatsApp. Best effort: a failed notice is
 * logged, never failing the handoff.
 */
export async function notifyHandoff(deps: AppDeps, settings: HandoffSettings, n: HandoffNotice): Promise<void> {
  publishLive({ workspaceId: n.workspaceId, conversationId: n.conversationId, kind: "handoff" });
  const client = n.clientName?.trim() || "Um cliente";
  const reason = HANDOFF_REASON_LABEL[n.reason];
  const url = `${deps.appUrl}/conversations?c=${encodeURIComponent(n.conversationId)}`;
  if (settings.notifyEmail) {
    try {
      for (const u of await answerers(deps, n.workspaceId)) {
        await sendTemplatedMail(deps, "handoff-requested", u.email, {
          firstName: u.firstName ?? "",
          clientName: client,
          reason,
          notes: n.notes ?? "",
          lastMessage: n.lastCustomerMessage ?? "",
          conversationUrl: url,
        }).catch((err: unknown) => log.warn("handoff mail not sent", { handoffId: n.handoffId, error: errText(err) }));
      }
    } catch (err) {
      log.warn("handoff mail recipients not read", { handoffId: n.handoffId, error: errText(err) });
    }
  }
  if (settings.notifyWhatsappNumber && settings.notifyConnectionId) {
    try {
      const conn = await connectionById(deps, settings.notifyConnectionId);
      if (!conn || conn.workspaceId !== n.workspaceId || !(conn.channel === "whatsapp_cloud" || conn.channel === "whatsapp_uaz")) return;
      const to = settings.notifyWhatsappNumber.replace(/\D/g, "");
      const text = `${client} pediu um atendente (${reason}).${n.notes ? ` ${n.notes}.` : ""} Aceite em: ${url}`;
      await driverFor(deps, conn).send(to, { text });
    } catch (err) {
      log.warn("handoff WhatsApp notice not sent", { handoffId: n.handoffId, error: errText(err) });
    }
  }
}
