/**
 * The anti-block pacer (issue 16, SPEC §9): a pure function of the settings, what the connection
 * already sent, the campaign's remembered state, the clock and a random source. No I/O, so its
 * rules are tested over simulated weeks and benchmarked (bench/pacer.ts).
 *
 * decideNext composes every rule as a lower bound on the send instant and loops until none moves
 * it, so a wait that lands at night or on a weekend moves on to the next opening.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, isWeekend, startOfDay } from "date-fns";
import { warmupCap } from "../../schemas/campaigns/estimate";
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The next random pause begins pauseEveryHours from `from`, ±20 % so pauses do not look scheduled. */
function pauseGapMs(settings: CampaignSettings, rng: Rng): number {
  return Math.round(settings.pauseEveryHours * HOUR * (0.8 + 0.4 * rng()));
}

function pauseLengthMs(settings: CampaignSettings, rng: Rng): number {
  return Math.round((settings.pauseMinMinutes + rng() * (settings.pauseMaxMinutes - settings.pauseMinMinutes)) * MINUTE);
}

/** A day number of a local calendar day, for comparing and counting days (not for time math). */
const dayNumberOf = (d: TZDate) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000;
const localDayNumber = (ms: number, timeZone: string) => dayNumberOf(new TZDate(ms, timeZone));

/** The earliest instant ≥ t inside business hours on a sending day, and what kept it closed. */
export function nextOpening(settings: CampaignSettings, t: number, timeZone: string): { at: number; reason: "outside_hours" | "weekend" | null } {
  return openingFrom(settings, new TZDate(t, timeZone));
}

/** nextOpening from a local date already built (a TZDate costs ~20 µs: the pacer reuses them). */
function openingFrom(settings: CampaignSettings, from: TZDate): { at: number; reason: "outside_hours" | "weekend" | null; local: TZDate } {
  let d = from;
  let reason: "outside_hours" | "weekend" | null = null;
  // A week and a bit always reaches a weekday: the loop is bounded for safety only.
  for (let i = 0; i < 16; i++) {
    if (settings.skipWeekends && isWeekend(d)) {
      d = startOfDay(addDays(d, 1));
      reason = "weekend";
      continue;
    }
    if (settings.businessHoursEnabled) {
      const h = d.getHours();
      if (h >= settings.businessHoursEnd) {
        d = startOfDay(addDays(d, 1));
        reason ??= "outside_hours";
        continue;
      }
      if (h < settings.businessHoursStart) {
        d = new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), settings.businessHoursStart, 0, 0, 0, d.timeZone);
        reason ??= "outside_hours";
      }
    }
    break;
  }
  return { at: d.getTime(), reason, local: d };
}

/**
 * The earliest instant ≥ from at which every rule but the random-pause trigger allows a send. The
 * reason is the rule that pushed the instant furthest (the one that really binds).
 */
function earliestSend(settings: CampaignSettings, run: CampaignRun, state: CampaignPacerState, load: ConnectionLoad, now: number, from: number, timeZone: string) {
  let t = from;
  let reason: WaitReason | null = null;
  let biggest = 0;
  let moved = true;
  const push = (to: number, why: WaitReason) => {
    if (to <= t) return;
    if (to - t > biggest) {
      biggest = to - t;
      reason = why;
    }
    t = to;
    moved = true;
  };
  let local = new TZDate(from, timeZone);
  const today = from === now ? dayNumberOf(local) : localDayNumber(now, timeZone);
  const startDay = settings.warmupEnabled ? localDayNumber(run.startedAt, timeZone) : 0;
  for (let i = 0; i < 64 && moved; i++) {
    moved = false;
    if (state.pausedUntil !== null) push(state.pausedUntil, "random_pause");
    if (load.lastSentAt !== null) push(load.lastSentAt + settings.minIntervalSeconds * 1000, "interval");
    // Rolling hour: the sends in (t − 1 h, t]; a send may go once the oldest surplus one leaves it.
    const inWindow = load.sentLastHour.filter((s) => s > t - HOUR);
    const surplusIndex = inWindow.length - settings.maxPerHour;
    if (surplusIndex >= 0) push((inWindow[surplusIndex] ?? t) + HOUR, "hour_cap");
    if (local.getTime() !== t) local = new TZDate(t, timeZone);
    const open = openingFrom(settings, local);
    if (open.reason) push(open.at, open.reason);
    local = open.local;
    // sentToday counts now's local day; a later day has sent nothing yet (this is the next send).
    const day = dayNumberOf(local);
    const sent = day === today ? load.sentToday : 0;
    const cap = settings.warmupEnabled ? warmupCap(settings.maxPerDay, warmupDayOf(settings, startDay, day), settings.warmupDays) : settings.maxPerDay;
    if (sent >= cap) {
      const next = openingFrom(settings, startOfDay(addDays(local, 1)));
      push(next.at, cap < settings.maxPerDay ? "warmup_cap" : "day_cap");
      local = next.local;
    }
  }
  return { at: t, reason: reason ?? ("interval" as WaitReason) };
}

/** May the connection send now? If not, until when must it wait (the scheduler sleeps till then). */
export function decideNext(settings: CampaignSettings, run: CampaignRun, load: ConnectionLoad, now: number, timeZone: string, rng: Rng): PacerDecision {
  const state: CampaignPacerState = { ...run.state };
  if (!settings.randomPausesEnabled) {
    state.nextPauseAt = null;
    state.pausedUntil = null;
  } else if (state.pausedUntil !== null && state.pausedUntil <= now) state.pausedUntil = null;

  const first = earliestSend(settings, run, state, load, now, now, timeZone);
  if (first.at > now) return { kind: "wait", until: first.at, reason: first.reason, state };

  if (settings.randomPausesEnabled) {
    if (state.nextPauseAt === null) state.nextPauseAt = now + pauseGapMs(settings, rng);
    else if (now >= state.nextPauseAt) {
      // A quiet gap at least as long as the shortest pause (the night, a weekend, a cap) already
      // rested the number: count it as the pause instead of stopping again right after it.
      const idle = load.lastSentAt === null ? Number.POSITIVE_INFINITY : now - load.lastSentAt;
      if (idle >= settings.pauseMinMinutes * MINUTE) state.nextPauseAt = now + pauseGapMs(settings, rng);
      else {
        state.pausedUntil = now + pauseLengthMs(settings, rng);
        state.nextPauseAt = state.pausedUntil + pauseGapMs(settings, rng);
        const after = earliestSend(settings, run, state, load, now, now, timeZone);
        return { kind: "wait", until: after.at, reason: after.reason, state };
      }
    }
  }
  return { kind: "send", state };
}

/** The gap after a send: uniform in [minIntervalSeconds, maxIntervalSeconds], in ms. */
export function nextIntervalMs(settings: CampaignSettings, rng: Rng): number {
  return Math.round((settings.minIntervalSeconds + rng() * (settings.maxIntervalSeconds - settings.minIntervalSeconds)) * 1000);
}

/**
 * Warmup day of `now` (1-based): day 1 is the start's local day. With skipWeekends only sending
 * days count (a campaign started on Friday is on day 2 on Monday), so a weekend ramps nothing up.
 */
export function warmupDay(settings: CampaignSettings, startedAt: number, now: number, timeZone: string): number {
  return warmupDayOf(settings, localDayNumber(startedAt, timeZone), localDayNumber(now, timeZone));
}

function warmupDayOf(settings: CampaignSettings, first: number, today: number): number {
  const days = today - first;
  if (days < 0) return 1;
  if (!settings.skipWeekends) return days + 1;
  // Past two calendar weeks per warmup week the ramp is surely over: skip the counting.
  if (days > settings.warmupDays * 2 + 7) return settings.warmupDays;
  let count = 0;
  // Day numbers count from Thursday 1970-01-01, so (n + 4) % 7 is the weekday (0 = Sunday).
  for (let n = first; n <= today; n++) if ((n + 4) % 7 !== 0 && (n + 4) % 7 !== 6) count++;
  return Math.max(1, count);
}

/** The day's cap: maxPerDay, ramped up during warmup (day 1 = the start day). */
export function dailyCap(settings: CampaignSettings, startedAt: number, now: number, timeZone: string): number {
  if (!settings.warmupEnabled) return settings.maxPerDay;
  return warmupCap(settings.maxPerDay, warmupDay(settings, startedAt, now, timeZone), settings.warmupDays);
}

/**
 * A failure rate on fewer answers than this is noise (2 of 5 is 40 %): the rate rule waits for
 * this sample, and the consecutive-failures rule covers an early burst.
 */
export const FAILURE_RATE_MIN_SAMPLE = 10;

/**
 * Failure detection: the pt-BR reason to stop ('pausada por falhas') or null. `sent` counts every
 * send attempt that got an answer (success or failure), `failed` those that failed.
 */
export function failureStopReason(settings: CampaignSettings, counts: { attempted: number; failed: number; consecutiveFailures: number }): string | null {
  if (!settings.failureDetectionEnabled) return null;
  if (counts.consecutiveFailures >= settings.maxConsecutiveFailures) return `Pausada por falhas: ${counts.consecutiveFailures} falhas seguidas`;
  if (counts.attempted >= FAILURE_RATE_MIN_SAMPLE && counts.failed * 100 >= settings.maxFailureRate * counts.attempted) {
    const pct = Math.round((counts.failed * 100) / counts.attempted);
    return `Pausada por falhas: ${pct}% dos envios falharam (limite ${settings.maxFailureRate}%)`;
  }
  return null;
}
