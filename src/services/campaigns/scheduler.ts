/**
 * The campaign scheduler: one chain of "campaign-tick" jobs per campaign. A tick re-reads the
 * campaign (pause/cancel take effect here, before the next send), asks the pacer, and either
 * sends one message or sleeps until the pacer's moment by enqueueing the next tick for then.
 * Ticks of every campaign of one connection share a job group, so a connection never sends two
 * messages at once; the dedupe key makes a double enqueue one job.
 */
import { TZDate } from "@date-fns/tz";
import { startOfDay } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { campaigns, channelConnections } from "../../../db/schema";
import { log } from "../../lib/logger";
import { CAMPAIGN_TIME_ZONE, type CampaignPacerState } from "../../schemas/campaigns/settings";
import type { AppDeps } from "../context";
import { type JobInput, enqueueJob } from "../jobs";
import { campaignClockOf } from "./clock";
import { type ConnectionLoad, decideNext, initialPacerState, nextIntervalMs } from "./pacer";
import { campaignVariants } from "./render";
import { type CampaignRow, claimNextSend, reconcileInterrupted, sendOne } from "./send";
import { CAMPAIGN_TICK_JOB } from "../../jobs/job-types";

export { CAMPAIGN_TICK_JOB };

const HOUR_MS = 60 * 60_000;

/** The tick job of a campaign: grouped by connection, deduplicated by campaign. */
export const tickJobInput = (campaignId: string, workspaceId: string, connectionId: string): JobInput & { data: Record<string, unknown> } => ({
  type: CAMPAIGN_TICK_JOB,
  data: { campaignId },
  workspaceId,
  dedupeKey: `campaign-tick:${campaignId}`,
  groupKey: `campaign-conn:${connectionId}`,
  // A tick that throws is retried by the runner; the campaign itself never depends on one job.
  maxAttempts: 20,
});

/** What the connection sent across all its campaigns, read off campaign_sends_connection_sent_idx. */
export async function connectionLoad(db: Db, connectionId: string, now: number, timeZone = CAMPAIGN_TIME_ZONE): Promise<ConnectionLoad> {
  const midnight = startOfDay(new TZDate(now, timeZone)).getTime();
  const from = Math.min(midnight, now - HOUR_MS);
  const rows = await db.all<{ sent_at: number }>(
    sql`SELECT sent_at FROM campaign_sends WHERE connection_id = ${connectionId} AND sent_at >= ${from} AND sent_at <= ${now} ORDER BY sent_at`,
  );
  const [last] = await db.all<{ sent_at: number | null }>(sql`SELECT max(sent_at) AS sent_at FROM campaign_sends WHERE connection_id = ${connectionId}`);
  return {
    sentLastHour: rows.map((r) => r.sent_at).filter((t) => t > now - HOUR_MS),
    sentToday: rows.filter((r) => r.sent_at >= midnight).length,
    lastSentAt: last?.sent_at ?? null,
  };
}

/** The next tick after `delay` of campaign time (or real time: a provider's Retry-After is real). */
async function enqueueTick(deps: AppDeps, c: Pick<CampaignRow, "id" | "workspaceId">, connectionId: string, delay: { simulatedMs: number } | { realMs: number }) {
  const now = deps.now();
  const realMs = "realMs" in delay ? delay.realMs : campaignClockOf(deps).toRealDelay(delay.simulatedMs);
  await enqueueJob(deps.db, { ...tickJobInput(c.id, c.workspaceId, connectionId), runAfter: now + realMs }, now);
}

const saveState = (db: Db, id: string, state: CampaignPacerState) => db.update(campaigns).set({ pacerState: state }).where(eq(campaigns.id, id));

/** Ends a running campaign whose sends are all settled. */
async function completeIfDone(deps: AppDeps, id: string, simNow: number): Promise<boolean> {
  const rows = await deps.db.all<{ id: string }>(sql`UPDATE campaigns SET status = 'completed', completed_at = ${simNow}, updated_at = ${deps.now()}
    WHERE id = ${id} AND status = 'running'
      AND NOT EXISTS (SELECT 1 FROM campaign_sends s WHERE s.campaign_id = ${id} AND s.status IN ('pending', 'sending'))
    RETURNING id`);
  return rows.length > 0;
}

/** One tick of one campaign (the job handler). */
export async function runCampaignTick(deps: AppDeps, campaignId: string): Promise<Record<string, unknown>> {
  const clock = campaignClockOf(deps);
  const [c] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
  if (!c) return { campaignId, stopped: "missing" };
  let simNow = clock.now();
  if (c.status === "scheduled") {
    if (c.startAt !== null && c.startAt > simNow) {
      if (c.connectionId) await enqueueTick(deps, c, c.connectionId, { simulatedMs: c.startAt - simNow });
      return { campaignId, waiting: "scheduled" };
    }
    const started = await deps.db
      .update(campaigns)
      .set({ status: "running", startedAt: c.startedAt ?? simNow, updatedAt: deps.now() })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "scheduled")))
      .returning({ id: campaigns.id });
    if (started.length === 0) return { campaignId, stopped: "changed" };
    c.status = "running";
    c.startedAt = c.startedAt ?? simNow;
  }
  if (c.status !== "running") return { campaignId, stopped: c.status };
  const [conn] = c.connectionId ? await deps.db.select().from(channelConnections).where(eq(channelConnections.id, c.connectionId)).limit(1) : [];
  if (!conn) {
    await deps.db
      .update(campaigns)
      .set({ status: "paused", statusReason: "A conexão de envio foi removida. Escolha outra conexão e retome a campanha.", updatedAt: deps.now() })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "running")));
    return { campaignId, stopped: "no-connection" };
  }
  // A send left 'sending' by a crash is settled before anything new goes out.
  const reconciled = await reconcileInterrupted(deps, c, conn);
  if (await completeIfDone(deps, c.id, clock.now())) return { campaignId, completed: true, reconciled };

  simNow = clock.now();
  const state = c.pacerState ?? initialPacerState();
  const load = await connectionLoad(deps.db, conn.id, simNow);
  const decision = decideNext(c.settings, { startedAt: c.startedAt ?? simNow, state }, load, simNow, CAMPAIGN_TIME_ZONE, Math.random);
  if (decision.kind === "wait") {
    await saveState(deps.db, c.id, decision.state);
    await enqueueTick(deps, c, conn.id, { simulatedMs: Math.max(0, decision.until - simNow) });
    return { campaignId, waiting: decision.reason, until: decision.until };
  }
  const variants = c.template ? [] : await campaignVariants(deps.db, c.id);
  const send = await claimNextSend(deps.db, c.id, c.settings.rotateContent ? variants.length : 1);
  if (!send) {
    await completeIfDone(deps, c.id, simNow);
    return { campaignId, completed: true };
  }
  const outcome = await sendOne(deps, { ...c, pacerState: decision.state }, conn, send, variants);
  log.debug("campaign send", { campaignId, sendId: send.id, outcome: outcome.kind });
  if (outcome.kind === "stopped") return { campaignId, stopped: outcome.reason };
  if (await completeIfDone(deps, c.id, clock.now())) return { campaignId, completed: true };
  await enqueueTick(deps, c, conn.id, outcome.kind === "retry" ? { realMs: outcome.afterRealMs } : { simulatedMs: nextIntervalMs(c.settings, Math.random) });
  return { campaignId, sent: outcome.kind === "sent", outcome: outcome.kind };
}
