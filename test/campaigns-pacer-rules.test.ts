/**
 * The pacer's rules one by one (SPEC §9): decideNext's reasons and earliest instants, the warmup
 * cap, the interval draw, failure detection, the settings schema and the form's duration estimate.
 */
import { describe, expect, test } from "bun:test";
import { estimateCampaignDuration } from "../src/schemas/campaigns/estimate";
import { ANTI_BLOCK_PRESETS, type CampaignSettings, campaignSettingsSchema, DEFAULT_CAMPAIGN_SETTINGS } from "../src/schemas/campaigns/settings";
import { type ConnectionLoad, dailyCap, decideNext, failureStopReason, initialPacerState, nextIntervalMs } from "../src/services/campaigns/pacer";
import { countViolations, DAY, HOUR, MINUTE, MONDAY, seededRng, simulate, TZ } from "./helpers/pacer-sim";

const S = DEFAULT_CAMPAIGN_SETTINGS;
const idle: ConnectionLoad = { sentLastHour: [], sentToday: 0, lastSentAt: null };
const run = { startedAt: MONDAY, state: initialPacerState() };
const at = (day: number, h: number, m = 0, sec = 0) => MONDAY + day * DAY + h * HOUR + m * MINUTE + sec * 1000;
const decide = (now: number, load: ConnectionLoad = idle, settings: CampaignSettings = S, r = run) => decideNext(settings, r, load, now, TZ, seededRng(5));

describe("decideNext", () => {
  test("sends inside business hours on a weekday with nothing sent", () => {
    expect(decide(at(0, 10)).kind).toBe("send");
    expect(decide(at(0, 9)).kind).toBe("send");
  });

  test("before 9h waits for 9h; at 18h waits for the next day's 9h", () => {
    expect(decide(at(0, 3))).toMatchObject({ kind: "wait", until: at(0, 9), reason: "outside_hours" });
    expect(decide(at(0, 18))).toMatchObject({ kind: "wait", until: at(1, 9), reason: "outside_hours" });
  });

  test("Friday evening and the weekend wait for Monday 9h", () => {
    expect(decide(at(4, 18, 30))).toMatchObject({ kind: "wait", until: at(7, 9), reason: "weekend" });
    expect(decide(at(5, 11))).toMatchObject({ kind: "wait", until: at(7, 9), reason: "weekend" });
    expect(decide(at(5, 11), idle, { ...S, skipWeekends: false }).kind).toBe("send");
  });

  test("without business hours any hour of a weekday sends", () => {
    expect(decide(at(1, 3), idle, { ...S, businessHoursEnabled: false }).kind).toBe("send");
  });

  test("the interval waits until lastSentAt + minIntervalSeconds", () => {
    const last = at(0, 10);
    expect(decide(last + 10_000, { sentLastHour: [last], sentToday: 1, lastSentAt: last })).toMatchObject({ kind: "wait", until: last + 25_000, reason: "interval" });
    expect(decide(last + 25_000, { sentLastHour: [last], sentToday: 1, lastSentAt: last }).kind).toBe("send");
  });

  test("an interval wait that lands after 18h moves on to the next opening", () => {
    const last = at(0, 17, 59, 50);
    expect(decide(last + 5000, { sentLastHour: [last], sentToday: 10, lastSentAt: last })).toMatchObject({ kind: "wait", until: at(1, 9), reason: "outside_hours" });
    const friday = at(4, 17, 59, 50);
    expect(decide(friday + 5000, { sentLastHour: [friday], sentToday: 10, lastSentAt: friday })).toMatchObject({ kind: "wait", until: at(7, 9), reason: "weekend" });
  });

  test("the hour cap waits until the oldest surplus send leaves the rolling hour", () => {
    const sends = Array.from({ length: 60 }, (_, i) => at(0, 10) + i * 30_000);
    const now = (sends.at(-1) ?? 0) + 60_000;
    const load = { sentLastHour: sends, sentToday: 60, lastSentAt: sends.at(-1) ?? null };
    expect(decide(now, load)).toMatchObject({ kind: "wait", until: at(0, 11), reason: "hour_cap" });
    // With 65 in the window (another campaign on the connection) the 6th oldest must leave first.
    const more = [at(0, 9, 50), at(0, 9, 51), at(0, 9, 52), at(0, 9, 53), at(0, 9, 54), ...sends];
    expect(decide(now, { ...load, sentLastHour: more, sentToday: 65 })).toMatchObject({ kind: "wait", until: at(0, 10) + HOUR, reason: "hour_cap" });
    expect(decide(now, { ...load, sentLastHour: sends.slice(1) }).kind).toBe("send");
  });

  test("an hour-cap wait past 18h moves to the next day", () => {
    const sends = Array.from({ length: 60 }, (_, i) => at(0, 17, 20) + i * 30_000);
    expect(decide(at(0, 17, 51), { sentLastHour: sends, sentToday: 400, lastSentAt: sends.at(-1) ?? null })).toMatchObject({ kind: "wait", until: at(1, 9), reason: "outside_hours" });
  });

  test("the day cap waits for the next sending day's opening", () => {
    expect(decide(at(0, 14), { sentLastHour: [], sentToday: 500, lastSentAt: at(0, 13) })).toMatchObject({ kind: "wait", until: at(1, 9), reason: "day_cap" });
    expect(decide(at(4, 14), { sentLastHour: [], sentToday: 500, lastSentAt: at(4, 13) })).toMatchObject({ kind: "wait", until: at(7, 9), reason: "day_cap" });
    expect(decide(at(0, 14), { sentLastHour: [], sentToday: 499, lastSentAt: at(0, 13) }).kind).toBe("send");
  });

  test("during warmup the ramped cap binds with its own reason", () => {
    const warm = { ...S, warmupEnabled: true };
    expect(decide(at(0, 14), { sentLastHour: [], sentToday: 100, lastSentAt: at(0, 13) }, warm)).toMatchObject({ kind: "wait", until: at(1, 9), reason: "warmup_cap" });
    expect(decide(at(1, 14), { sentLastHour: [], sentToday: 100, lastSentAt: at(1, 13) }, warm).kind).toBe("send");
  });

  test("a random pause in progress waits; when disabled it is forgotten", () => {
    const paused = { startedAt: MONDAY, state: { nextPauseAt: at(0, 13), pausedUntil: at(0, 11, 20), consecutiveFailures: 0 } };
    const pausing = { ...S, randomPausesEnabled: true };
    expect(decide(at(0, 11), idle, pausing, paused)).toMatchObject({ kind: "wait", until: at(0, 11, 20), reason: "random_pause" });
    const off = decide(at(0, 11), idle, S, paused);
    expect(off).toMatchObject({ kind: "send", state: { nextPauseAt: null, pausedUntil: null } });
  });

  test("random pauses: the first send schedules one; a due one starts a pause of [min, max]", () => {
    const s = { ...S, randomPausesEnabled: true, pauseMinMinutes: 15, pauseMaxMinutes: 30, pauseEveryHours: 2 };
    const first = decide(at(0, 10), idle, s);
    expect(first.kind).toBe("send");
    const next = first.state.nextPauseAt ?? 0;
    expect(next).toBeGreaterThanOrEqual(at(0, 10) + 0.8 * 2 * HOUR);
    expect(next).toBeLessThanOrEqual(at(0, 10) + 1.2 * 2 * HOUR);
    const busy = { sentLastHour: [next - 40_000], sentToday: 100, lastSentAt: next - 40_000 };
    const due = decide(next, busy, s, { startedAt: MONDAY, state: first.state });
    expect(due.kind).toBe("wait");
    if (due.kind !== "wait") return;
    expect(due.reason).toBe("random_pause");
    expect(due.until - next).toBeGreaterThanOrEqual(15 * MINUTE);
    expect(due.until - next).toBeLessThanOrEqual(30 * MINUTE);
    expect(due.state.nextPauseAt ?? 0).toBeGreaterThan(due.until);
  });

  test("a due pause after a quiet gap (the night) counts the gap as the pause", () => {
    const s = { ...S, randomPausesEnabled: true };
    const state = { nextPauseAt: at(0, 19), pausedUntil: null, consecutiveFailures: 0 };
    const d = decide(at(1, 9), { sentLastHour: [], sentToday: 0, lastSentAt: at(0, 17, 59) }, s, { startedAt: MONDAY, state });
    expect(d.kind).toBe("send");
    expect(d.state.nextPauseAt ?? 0).toBeGreaterThan(at(1, 10));
  });
});

describe("time zones", () => {
  test("business hours follow the zone's clock across a daylight-saving change", () => {
    // New York leaves daylight saving on Sunday 2026-11-01 at 2h: 9h local is 14:00 UTC after it.
    const ny = "America/New_York";
    const d = decideNext({ ...S, skipWeekends: false }, run, idle, Date.parse("2026-11-01T07:30:00Z"), ny, seededRng(1));
    expect(d).toMatchObject({ kind: "wait", until: Date.parse("2026-11-01T14:00:00Z"), reason: "outside_hours" });
    const before = decideNext({ ...S, skipWeekends: false }, run, idle, Date.parse("2026-10-31T05:00:00Z"), ny, seededRng(1));
    expect(before).toMatchObject({ kind: "wait", until: Date.parse("2026-10-31T13:00:00Z") });
  });
});

describe("the independent checker", () => {
  test("counts each kind of violation in a crafted log", () => {
    const burst = Array.from({ length: 61 }, (_, i) => at(0, 10) + i * 30_000);
    expect(countViolations(S, burst)).toMatchObject({ hour_cap: 1, interval: 0, weekend: 0, outside_hours: 0, day_cap: 0 });
    expect(countViolations(S, [at(0, 10), at(0, 10, 0, 20)])).toMatchObject({ interval: 1 });
    expect(countViolations(S, [at(5, 10), at(0, 8, 59)].sort((a, b) => a - b))).toMatchObject({ weekend: 1, outside_hours: 1 });
    const tooMany = Array.from({ length: 101 }, (_, i) => at(0, 9) + i * 60_000);
    expect(countViolations({ ...S, warmupEnabled: true }, tooMany)).toMatchObject({ day_cap: 1 });
  });
});

describe("dailyCap and nextIntervalMs", () => {
  test("without warmup the cap is maxPerDay", () => {
    expect(dailyCap(S, MONDAY, at(0, 10), TZ)).toBe(500);
  });

  test("the warmup ramp counts sending days only when weekends are skipped", () => {
    const warm = { ...S, warmupEnabled: true, warmupDays: 5 };
    const friday = at(4, 10);
    expect([0, 1, 2, 3, 4].map((d) => dailyCap(warm, friday, friday + d * DAY, TZ))).toEqual([100, 100, 100, 200, 300]);
    const everyDay = { ...warm, skipWeekends: false };
    expect([0, 1, 2, 3, 4, 5, 30].map((d) => dailyCap(everyDay, friday, friday + d * DAY, TZ))).toEqual([100, 200, 300, 400, 500, 500, 500]);
    expect(dailyCap({ ...warm, maxPerDay: 1 }, friday, friday, TZ)).toBe(1);
  });

  test("the interval is drawn inside [min, max] seconds", () => {
    const rng = seededRng(9);
    const draws = Array.from({ length: 2000 }, () => nextIntervalMs(S, rng));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(25_000);
    expect(Math.max(...draws)).toBeLessThanOrEqual(50_000);
    expect(Math.max(...draws) - Math.min(...draws)).toBeGreaterThan(20_000);
    expect(nextIntervalMs({ ...S, minIntervalSeconds: 30, maxIntervalSeconds: 30 }, rng)).toBe(30_000);
  });
});

describe("failureStopReason", () => {
  test("stops on consecutive failures with the pt-BR reason", () => {
    expect(failureStopReason(S, { attempted: 7, failed: 5, consecutiveFailures: 5 })).toBe("Pausada por falhas: 5 falhas seguidas");
    expect(failureStopReason(S, { attempted: 7, failed: 4, consecutiveFailures: 4 })).toBeNull();
  });

  test("stops on the failure rate only from 10 attempts on", () => {
    expect(failureStopReason(S, { attempted: 20, failed: 5, consecutiveFailures: 1 })).toBe("Pausada por falhas: 25% dos envios falharam (limite 20%)");
    expect(failureStopReason(S, { attempted: 20, failed: 3, consecutiveFailures: 1 })).toBeNull();
    expect(failureStopReason(S, { attempted: 9, failed: 4, consecutiveFailures: 1 })).toBeNull();
  });

  test("never stops with detection off", () => {
    expect(failureStopReason({ ...S, failureDetectionEnabled: false }, { attempted: 50, failed: 50, consecutiveFailures: 50 })).toBeNull();
  });
});

describe("campaignSettingsSchema", () => {
  test("every preset passes", () => {
    for (const preset of Object.values(ANTI_BLOCK_PRESETS)) expect(campaignSettingsSchema.safeParse(preset).success).toBe(true);
  });

  const messages = (v: Partial<CampaignSettings>) => {
    const r = campaignSettingsSchema.safeParse({ ...S, ...v });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  test("refuses out-of-bound values with the pt-BR message", () => {
    expect(messages({ minIntervalSeconds: 9 })).toContain("Intervalo mínimo: mínimo 10");
    expect(messages({ maxIntervalSeconds: 121 })).toContain("Intervalo máximo: máximo 120");
    expect(messages({ maxPerHour: 151 })).toContain("Máximo por hora: máximo 150");
    expect(messages({ maxPerDay: 0 })).toContain("Máximo por dia: mínimo 1");
    expect(messages({ warmupDays: 2 })).toContain("Dias de aquecimento: mínimo 3");
    expect(messages({ pauseEveryHours: 7 })).toContain("Frequência das pausas: máximo 6");
    expect(messages({ maxFailureRate: 51 })).toContain("Taxa máxima de falhas: máximo 50");
    expect(messages({ maxConsecutiveFailures: 2 })).toContain("Falhas consecutivas: mínimo 3");
  });

  test("refuses min above max", () => {
    expect(messages({ minIntervalSeconds: 60, maxIntervalSeconds: 30 })).toContain("O intervalo máximo deve ser maior ou igual ao mínimo");
    expect(messages({ pauseMinMinutes: 40, pauseMaxMinutes: 20 })).toContain("A pausa máxima deve ser maior ou igual à mínima");
  });
});

describe("estimateCampaignDuration", () => {
  test("labels in pt-BR", () => {
    expect(estimateCampaignDuration(S, 1200).label).toBe("~3 dias úteis");
    expect(estimateCampaignDuration({ ...S, skipWeekends: false }, 1200).label).toBe("~3 dias");
    expect(estimateCampaignDuration(S, 500).label).toBe("~1 dia útil");
    expect(estimateCampaignDuration(S, 420).label).toBe("~7 horas");
    expect(estimateCampaignDuration(S, 120).label).toBe("~2 horas");
    expect(estimateCampaignDuration(S, 40).label).toBe("~40 minutos");
    expect(estimateCampaignDuration(S, 0).label).toBe("Nenhum contato");
  });

  test("matches a simulation with decideNext", () => {
    const cases: [CampaignSettings, number][] = [
      [S, 2000],
      [ANTI_BLOCK_PRESETS.conservador, 700],
      [ANTI_BLOCK_PRESETS.agressivo, 2500],
      [{ ...S, warmupEnabled: true }, 1800],
    ];
    for (const [settings, contacts] of cases) {
      const r = simulate({ settings, contacts, durationMs: 28 * DAY });
      expect(r.sends.length).toBe(contacts);
      const sendingDays = new Set(r.sends.map((ms) => new Date(ms - 3 * HOUR).toISOString().slice(0, 10))).size;
      expect(estimateCampaignDuration(settings, contacts).businessDays).toBe(sendingDays);
    }
    // Within a day: the estimated hours against the simulated span (the hour cap's bursts make it rough).
    const r = simulate({ settings: S, contacts: 120 });
    const span = ((r.sends.at(-1) ?? 0) - (r.sends[0] ?? 0)) / HOUR;
    expect(Math.abs(estimateCampaignDuration(S, 120).hours - span)).toBeLessThan(0.5);
  });
});
