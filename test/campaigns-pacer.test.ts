/**
 * The anti-block pacer over simulated weeks (SPEC §9): the scheduler loop of test/helpers/pacer-sim.ts
 * drives decideNext from a Monday 00:00 in São Paulo and an independent checker reads the send log.
 */
import { describe, expect, test } from "bun:test";
import { TZDate } from "@date-fns/tz";
import { ANTI_BLOCK_PRESETS, type CampaignSettings, DEFAULT_CAMPAIGN_SETTINGS } from "../src/schemas/campaigns/settings";
import { countViolations, DAY, HOUR, MINUTE, MONDAY, sendsPerDay, simulate, TZ, totalViolations } from "./helpers/pacer-sim";

const local = (ms: number) => new TZDate(ms, TZ);
/** Settings whose hour cap never binds (≈96 sends/h by interval), so only pauses leave long gaps. */
const UNCAPPED: CampaignSettings = { ...DEFAULT_CAMPAIGN_SETTINGS, profile: "personalizado", maxPerHour: 150, maxPerDay: 1000 };

/** Gaps between consecutive sends on the same local day that last at least `min` ms. */
function sameDayGaps(sends: number[], min: number): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (let i = 1; i < sends.length; i++) {
    const a = sends[i - 1] ?? 0;
    const b = sends[i] ?? 0;
    if (b - a >= min && local(a).getDate() === local(b).getDate()) out.push({ from: a, to: b });
  }
  return out;
}

describe("a simulated week with the default (moderado) settings", () => {
  const s = DEFAULT_CAMPAIGN_SETTINGS;
  const r = simulate({ settings: s, contacts: 10_000, seed: 7 });

  test("no send on a weekend or outside 9h–18h São Paulo", () => {
    expect(r.sends.length).toBeGreaterThan(0);
    for (const at of r.sends) {
      const d = local(at);
      expect([0, 6]).not.toContain(d.getDay());
      expect(d.getHours()).toBeGreaterThanOrEqual(9);
      expect(d.getHours()).toBeLessThan(18);
    }
  });

  test("never more than maxPerHour in any rolling hour", () => {
    let busiest = 0;
    for (let i = 0, j = 0; i < r.sends.length; i++) {
      while ((r.sends[i] ?? 0) - (r.sends[j] ?? 0) >= HOUR) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect(busiest).toBe(s.maxPerHour);
  });

  test("the day cap is reached on each weekday and never passed", () => {
    expect(sendsPerDay(r.sends, 7)).toEqual([500, 500, 500, 500, 500, 0, 0]);
  });

  test("two sends are never closer than minIntervalSeconds", () => {
    for (let i = 1; i < r.sends.length; i++) expect((r.sends[i] ?? 0) - (r.sends[i - 1] ?? 0)).toBeGreaterThanOrEqual(s.minIntervalSeconds * 1000);
  });

  test("the independent checker finds no violation, and the waits name their rule", () => {
    expect(totalViolations(countViolations(s, r.sends))).toBe(0);
    const reasons = new Set(r.waits.map((w) => w.reason));
    // Friday's day cap carries to Monday 9h, so the binding reason there is day_cap, not weekend.
    for (const reason of ["outside_hours", "hour_cap", "day_cap"] as const) expect(reasons).toContain(reason);
    expect(reasons).not.toContain("random_pause");
  });
});

describe("warmup", () => {
  test("moderado with a 5-day warmup ramps 100, 200, 300, 400, 500", () => {
    const s = { ...DEFAULT_CAMPAIGN_SETTINGS, warmupEnabled: true };
    const r = simulate({ settings: s, contacts: 10_000 });
    expect(sendsPerDay(r.sends, 7)).toEqual([100, 200, 300, 400, 500, 0, 0]);
    expect(r.waits.some((w) => w.reason === "warmup_cap")).toBe(true);
    expect(totalViolations(countViolations(s, r.sends))).toBe(0);
  });

  test("conservador (7 days) rises every sending day and the weekend does not count as warmup days", () => {
    const s = ANTI_BLOCK_PRESETS.conservador;
    const r = simulate({ settings: s, contacts: 10_000, durationMs: 14 * DAY, seed: 3 });
    const days = sendsPerDay(r.sends, 14);
    const weekdays = days.filter((_, i) => i % 7 < 5);
    for (let i = 1; i < weekdays.length; i++) {
      if (i < s.warmupDays) expect(weekdays[i] ?? 0).toBeGreaterThan(weekdays[i - 1] ?? 0);
      expect(weekdays[i] ?? 0).toBeLessThanOrEqual(s.maxPerDay);
    }
    // Sending day 6 (2nd Monday) is 171 = ⌊200 × 6 / 7⌋; day 7 reaches the full 200.
    expect(weekdays[5]).toBe(171);
    expect(weekdays[6]).toBe(200);
    expect(totalViolations(countViolations(s, r.sends))).toBe(0);
  });
});

describe("random pauses", () => {
  test("with pauses on, gaps of at least pauseMinMinutes come roughly every pauseEveryHours", () => {
    const s: CampaignSettings = { ...UNCAPPED, randomPausesEnabled: true, pauseMinMinutes: 15, pauseMaxMinutes: 30, pauseEveryHours: 2 };
    const r = simulate({ settings: s, contacts: 10_000, seed: 11 });
    const pauses = sameDayGaps(r.sends, s.pauseMinMinutes * MINUTE);
    expect(r.waits.some((w) => w.reason === "random_pause")).toBe(true);
    // 9 open hours with a pause every ~2 h (±20 %): 3 or 4 a day over 5 days.
    expect(pauses.length).toBeGreaterThanOrEqual(12);
    expect(pauses.length).toBeLessThanOrEqual(22);
    for (const p of pauses) expect(p.to - p.from).toBeLessThanOrEqual(s.pauseMaxMinutes * MINUTE + s.maxIntervalSeconds * 1000);
    for (let i = 1; i < pauses.length; i++) {
      const a = pauses[i - 1];
      const b = pauses[i];
      if (a && b && local(a.from).getDate() === local(b.from).getDate()) {
        expect(b.from - a.to).toBeGreaterThanOrEqual(0.8 * s.pauseEveryHours * HOUR - s.maxIntervalSeconds * 1000);
        expect(b.from - a.to).toBeLessThanOrEqual(1.2 * s.pauseEveryHours * HOUR + s.maxIntervalSeconds * 1000);
      }
    }
    expect(totalViolations(countViolations(s, r.sends))).toBe(0);
  });

  test("with pauses off there is no gap of 5 minutes inside an open day", () => {
    const r = simulate({ settings: UNCAPPED, contacts: 10_000, seed: 11 });
    expect(r.sends.length).toBeGreaterThan(3000);
    expect(sameDayGaps(r.sends, 5 * MINUTE)).toEqual([]);
    expect(r.waits.some((w) => w.reason === "random_pause")).toBe(false);
  });
});

describe("failure detection stops the campaign", () => {
  test("on the failure rate, once the sample is reached", () => {
    // Every 4th send fails: 2 of the first 8 (25 %) is below the 10-attempt sample; 2 of 10 is 20 %.
    const r = simulate({ settings: DEFAULT_CAMPAIGN_SETTINGS, contacts: 1000, fails: (i) => i % 4 === 3 });
    expect(r.sends.length).toBe(10);
    expect(r.stopReason).toBe("Pausada por falhas: 20% dos envios falharam (limite 20%)");
  });

  test("on consecutive failures", () => {
    const r = simulate({ settings: { ...DEFAULT_CAMPAIGN_SETTINGS, maxFailureRate: 50 }, contacts: 1000, fails: (i) => i >= 30 });
    expect(r.sends.length).toBe(35);
    expect(r.stopReason).toBe("Pausada por falhas: 5 falhas seguidas");
  });

  test("not when detection is off", () => {
    const r = simulate({ settings: { ...DEFAULT_CAMPAIGN_SETTINGS, failureDetectionEnabled: false }, contacts: 100, fails: () => true });
    expect(r.sends.length).toBe(100);
    expect(r.stopReason).toBeNull();
  });
});

describe("profiles and weekends", () => {
  test("agressivo sends on Saturday; conservador never does over two weeks", () => {
    const saturday = (ms: number) => local(ms).getDay() === 6;
    const aggressive = simulate({ settings: ANTI_BLOCK_PRESETS.agressivo, contacts: 10_000 });
    expect(aggressive.sends.some(saturday)).toBe(true);
    expect(totalViolations(countViolations(ANTI_BLOCK_PRESETS.agressivo, aggressive.sends))).toBe(0);
    const conservative = simulate({ settings: ANTI_BLOCK_PRESETS.conservador, contacts: 10_000, durationMs: 14 * DAY });
    expect(conservative.sends.length).toBeGreaterThan(0);
    expect(conservative.sends.some((ms) => saturday(ms) || local(ms).getDay() === 0)).toBe(false);
  });

  test("a campaign started on Saturday afternoon waits for Monday 9h", () => {
    const r = simulate({ settings: DEFAULT_CAMPAIGN_SETTINGS, start: MONDAY + 5 * DAY + 15 * HOUR, contacts: 5, durationMs: 3 * DAY });
    expect(r.waits[0]?.reason).toBe("weekend");
    expect(r.sends[0]).toBe(MONDAY + 7 * DAY + 9 * HOUR);
  });
});
