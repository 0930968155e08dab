/**
 * A simulated scheduler for the pacer (src/services/campaigns/pacer.ts): a simulated clock, a
 * seeded random source, an in-memory send log and the scheduler's loop "decide → send or jump to
 * `until` → after a send add nextIntervalMs". Shared by test/campaigns-pacer*.test.ts and
 * bench/pacer.ts, with an independent checker that re-derives every §9 rule from the log alone.
 */
import { TZDate } from "@date-fns/tz";
import { startOfDay } from "date-fns";
import { type CampaignRun, type ConnectionLoad, decideNext, failureStopReason, initialPacerState, nextIntervalMs, type Rng, type WaitReason } from "../../src/services/campaigns/pacer";
import type { CampaignSettings } from "../../src/schemas/campaigns/settings";

export const TZ = "America/Sao_Paulo";
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Monday 2026-11-30 00:00 in São Paulo (UTC−3, no daylight saving since 2019). */
export const MONDAY = Date.parse("2026-11-30T00:00:00-03:00");

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SimOptions = {
  settings: CampaignSettings;
  start?: number;
  /** Simulated time the loop may run (default 7 days). */
  durationMs?: number;
  contacts: number;
  seed?: number;
  /** Whether send number i (0-based) fails at the provider. */
  fails?: (i: number) => boolean;
};

export type SimResult = {
  sends: number[];
  waits: { at: number; until: number; reason: WaitReason }[];
  stopReason: string | null;
  decideCalls: number;
};

const localMidnight = (ms: number) => startOfDay(new TZDate(ms, TZ)).getTime();

/** First index of the sorted `xs` whose value is > bound (binary search: the log grows to thousands). */
function firstAfter(xs: number[], bound: number, from: number): number {
  let lo = from;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] ?? 0) > bound) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function simulate(o: SimOptions): SimResult {
  const start = o.start ?? MONDAY;
  const end = start + (o.durationMs ?? 7 * DAY);
  const rng = seededRng(o.seed ?? 1);
  const sends: number[] = [];
  const waits: SimResult["waits"] = [];
  let run: CampaignRun = { startedAt: start, state: initialPacerState() };
  let now = start;
  let hourLo = 0;
  let failed = 0;
  let decideCalls = 0;
  while (now < end && sends.length < o.contacts) {
    hourLo = firstAfter(sends, now - HOUR, hourLo);
    const midnight = localMidnight(now);
    const load: ConnectionLoad = {
      sentLastHour: sends.slice(hourLo),
      sentToday: sends.length - firstAfter(sends, midnight - 1, 0),
      lastSentAt: sends.at(-1) ?? null,
    };
    const d = decideNext(o.settings, run, load, now, TZ, rng);
    decideCalls++;
    run = { ...run, state: d.state };
    if (d.kind === "wait") {
      if (d.until <= now) throw new Error(`pacer asked to wait until a past instant at ${new Date(now).toISOString()}`);
      waits.push({ at: now, until: d.until, reason: d.reason });
      now = d.until;
      continue;
    }
    const i = sends.length;
    sends.push(now);
    const ok = !o.fails?.(i);
    if (!ok) failed++;
    run = { ...run, state: { ...run.state, consecutiveFailures: ok ? 0 : run.state.consecutiveFailures + 1 } };
    const stop = failureStopReason(o.settings, { attempted: sends.length, failed, consecutiveFailures: run.state.consecutiveFailures });
    if (stop) return { sends, waits, stopReason: stop, decideCalls };
    now += nextIntervalMs(o.settings, rng);
  }
  return { sends, waits, stopReason: null, decideCalls };
}

export type LocalDay = { key: string; weekday: number; index: number };

/** The local calendar day of a send, with its index from the start's day. */
export function localDay(ms: number, start = MONDAY): LocalDay {
  const d = new TZDate(ms, TZ);
  const s = new TZDate(start, TZ);
  const index = Math.round((Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) - Date.UTC(s.getFullYear(), s.getMonth(), s.getDate())) / DAY);
  return { key: `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`, weekday: d.getDay(), index };
}

/** Sends per local day index (0 = the start's day). */
export function sendsPerDay(sends: number[], days: number, start = MONDAY): number[] {
  const out = new Array<number>(days).fill(0);
  for (const s of sends) {
    const i = localDay(s, start).index;
    if (i < days) out[i] = (out[i] ?? 0) + 1;
  }
  return out;
}

/**
 * Counts rule violations in a send log, from the settings alone (not from the pacer's code): a
 * send on a weekend or outside [start, end), more than maxPerHour in any rolling hour, two sends
 * closer than minIntervalSeconds, a day above its cap (the warmup ramp recomputed here).
 */
export function countViolations(s: CampaignSettings, sends: number[], start = MONDAY): Record<string, number> {
  const v = { weekend: 0, outside_hours: 0, hour_cap: 0, interval: 0, day_cap: 0 };
  const perDay = new Map<number, number>();
  for (let i = 0; i < sends.length; i++) {
    const at = sends[i] ?? 0;
    const d = new TZDate(at, TZ);
    const weekend = d.getDay() === 0 || d.getDay() === 6;
    if (s.skipWeekends && weekend) v.weekend++;
    if (s.businessHoursEnabled && (d.getHours() < s.businessHoursStart || d.getHours() >= s.businessHoursEnd)) v.outside_hours++;
    const later = sends[i + s.maxPerHour];
    if (later !== undefined && later - at < HOUR) v.hour_cap++;
    const next = sends[i + 1];
    if (next !== undefined && next - at < s.minIntervalSeconds * 1000) v.interval++;
    const day = localDay(at, start).index;
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  for (const [day, count] of perDay) {
    let sendingDay = day + 1;
    if (s.skipWeekends) {
      sendingDay = 0;
      for (let k = 0; k <= day; k++) {
        const wd = localDay(start + k * DAY + 12 * HOUR, start).weekday;
        if (wd !== 0 && wd !== 6) sendingDay++;
      }
    }
    const cap = !s.warmupEnabled || sendingDay >= s.warmupDays ? s.maxPerDay : Math.max(1, Math.floor((s.maxPerDay * sendingDay) / s.warmupDays));
    if (count > cap) v.day_cap += count - cap;
  }
  return v;
}

export const totalViolations = (v: Record<string, number>) => Object.values(v).reduce((a, b) => a + b, 0);
