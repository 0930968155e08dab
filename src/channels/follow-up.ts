import { publishLive } from "../lib/live-events";
import { log } from "../lib/logger";
import type { FollowUpStep } from "../schemas/agents";
import { agentUnavailableReason } from "../services/agent-availability";
import { applyFollowUpStep } from "../services/channel-outbox";
import { replacePendingJob } from "../services/channel-queue";
import { customerWroteAfter } from "../services/channel-store";
import { renderForConversation } from "../services/crm/template-values";
import type { AppDeps } from "../services/context";
import { groupCommit } from "../services/group-commit";
import type { RawTx } from "../services/credit-debit";
import { type Job, notifyJobEnqueued } from "../services/jobs";
import { conversationGroup } from "./accept";
import { loadContext } from "./context";
import { flushOutbox } from "./outbox";
import { TRANSFER_MESSAGE } from "./rules";
import type { ConversationRow } from "./store";
import { FOLLOW_UP_JOB } from "../jobs/job-types";

export { FOLLOW_UP_JOB };

type FollowUpData = { conversationId: string; step: number; cursor: string };

const ordered = (steps: FollowUpStep[]) => [...steps].sort((a, b) => a.order - b.order);

/**
 * Schedules step `index` of the agent's follow-ups `timeout` minutes from now. The job carries the
 * reply cursor it was scheduled at: if the customer writes in the meantime the step is dropped.
 */
export async function scheduleFollowUp(deps: AppDeps, conv: ConversationRow, steps: FollowUpStep[], index: number, cursor: string) {
  const w = followUpWrite(deps, conv, steps, index, cursor);
  if (!w) return;
  await groupCommit(deps.db, w.write);
  w.after();
}

/**
 * scheduleFollowUp as a write of a job's completion (a reply's settle commits its first follow-up
 * with it); null when there is no such step. A newer schedule replaces an older pending one (one
 * follow-up chain per conversation).
 */
export function followUpWrite(deps: AppDeps, conv: ConversationRow, steps: FollowUpStep[], index: number, cursor: string) {
  const step = ordered(steps)[index];
  if (!step) return null;
  const now = deps.now();
  const data: FollowUpData = { conversationId: conv.id, step: index, cursor };
  const job = {
    type: FOLLOW_UP_JOB,
    data,
    dedupeKey: `fu:${conv.id}`,
    groupKey: conversationGroup(conv.connectionId ?? "", conv.contactKey),
    runAfter: now + step.timeout * 60_000,
    maxAttempts: 5,
    workspaceId: conv.workspaceId,
    now,
  };
  return { write: (tx: RawTx) => replacePendingJob(tx, job), after: () => notifyJobEnqueued(deps.db) };
}

/**
 * Worker: one follow-up step, unless the customer answered, a person took over or the service was
 * closed. send_message asks again; transfer_whatsapp hands the customer to a person (and tells
 * that person's WhatsApp when the channel can); close ends the service.
 */
export async function handleFollowUp(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const d = job.data as FollowUpData;
  const ctx = await loadContext(deps, d.conversationId);
  if (!ctx) return { skipped: "conversation gone" };
  const { conv, agent, driver } = ctx;
  const answered = await customerWroteAfter(deps.db, conv.id, d.cursor);
  if (answered || conv.handledBy === "human" || conv.finishedAt !== null || !conv.waitingForUser) return { cancelled: true };
  // A blocked agent (or one whose owner is suspended) writes to nobody, follow-ups included.
  if (await agentUnavailableReason(deps.db, agent.id)) return { cancelled: "agent unavailable" };
  const steps = ordered(agent.conversationSettings.followUpSettings);
  const step = steps[d.step];
  if (!step) return { cancelled: "step removed" };

  const now = deps.now();
  const written = step.message.trim() || (step.action === "transfer_whatsapp" ? TRANSFER_MESSAGE : "");
  // {{nome}} and the other variables: rendered with this conversation's contact at send time.
  const text = await renderForConversation(deps.db, { workspaceId: conv.workspaceId, conversationId: conv.id, agent }, written);
  await groupCommit(deps.db, (tx) =>
    applyFollowUpStep(tx, conv, {
      text,
      senderName: agent.name,
      metadata: { outcome: "follow_up", step: d.step + 1, action: step.action },
      close: step.action === "close",
      transfer: step.action === "transfer_whatsapp",
      now,
    }),
  );
  const sent = await flushOutbox(deps, conv, driver, { paced: false });
  if (step.action === "transfer_whatsapp" && step.transferWhatsappNumber && (ctx.conn.channel === "whatsapp_cloud" || ctx.conn.channel === "whatsapp_uaz")) {
    // Best effort: the person on that number hears of the customer (outside a 24 h window WhatsApp may refuse it).
    const note = `Atendimento transferido pelo agente ${agent.name}: ${conv.clientName ?? "cliente"} (${conv.contactKey}) aguarda resposta.`;
    await driver.send(step.transferWhatsappNumber.replace(/\D/g, ""), { text: note }).catch((err) => log.warn("transfer notice not sent", { error: String(err) }));
  }
  if (step.action === "send_message") await scheduleFollowUp(deps, conv, steps, d.step + 1, d.cursor);
  publishLive({ workspaceId: conv.workspaceId, conversationId: conv.id, kind: "conversation" });
  return { step: d.step + 1, action: step.action, ...sent };
}
