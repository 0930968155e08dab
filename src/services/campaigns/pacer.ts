/**
 * The anti-block pacer (issue 16, SPEC §9): a pure function of the settings, what the connection
 * already sent, the campaign's remembered state, the clock and a random source. No I/O, so its
 * rules are tested over simulated weeks and benchmarked (bench/pacer.ts).
 *
 * STUB: the signatures are fixed; the pacer engineer fills the bodies.
 */
import type { CampaignPacerState, CampaignSettings } from "../../schemas/campaigns/settings";

/** What the connection sent, across all its campaigns (read from campaign_sends by the scheduler). */
export type ConnectionLoad = {
  /** Send times (ms) within the last hour, oldest first: the hour cap is a rolling 60 minutes. */
  sentLastHour: number[];
  /** Sends since midnight of `now`'s day in the time zone. */
  sentToday: number;
  /** The connection's last send, for the interval between two sends. */
  lastSentAt: number | null;
};

/** The campaign itself: when it started (warmup day 1 is that day). */
export type CampaignRun = { startedAt: number; state: CampaignPacerState };

export type WaitReason = "interval" | "hour_cap" | "day_cap" | "warmup_cap" | "outside_hours" | "weekend" | "random_pause";

/** send now, or the earliest moment a send may happen and why; `state` is what to remember. */
export type PacerDecision = { kind: "send"; state: CampaignPacerState } | { kind: "wait"; until: number; reason: WaitReason; state: CampaignPacerState };

/** A source of uniform numbers in [0, 1): Math.random in production, a seeded one in tests. */
export type Rng = () => number;

export const initialPacerState = (): CampaignPacerState => ({ nextPauseAt: null, pausedUntil: null, consecutiveFailures: 0 });

/** May the connection send now? If not, until when must it wait (the scheduler sleeps till then). */
export function decideNext(_settings: CampaignSettings, _run: CampaignRun, _load: ConnectionLoad, _now: number, _timeZone: string, _rng: Rng): PacerDecision {
  throw new Error("pacer not built yet");
}

/** The gap after a send: uniform in [minIntervalSeconds, maxIntervalSeconds], in ms. */
export function nextIntervalMs(_settings: CampaignSettings, _rng: Rng): number {
  throw new Error("pacer not built yet");
}

/** The day's cap: maxPerDay, ramped up during warmup (day 1 = the start day). */
export function dailyCap(_settings: CampaignSettings, _startedAt: number, _now: number, _timeZone: string): number {
  throw new Error("pacer not built yet");
}

/**
 * Failure detection: the pt-BR reason to stop ('pausada por falhas') or null. `sent` counts every
 * send attempt that got an answer (success or failure), `failed` those that failed.
 */
export function failureStopReason(_settings: CampaignSettings, _counts: { attempted: number; failed: number; consecutiveFailures: number }): string | null {
  throw new Error("pacer not built yet");
}
