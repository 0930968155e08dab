/**
 * The pure slot function of the Google Calendar integration (SPEC §3 scheduleConfig, §9 defaults):
 * business days and hours in America/Sao_Paulo (no DST since 2019), busy overlaps, minimum and
 * maximum advance, round hours, the limit, and the same rules when a requested start is checked.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_CALENDAR_SETTINGS, DEFAULT_DAYS, calendarSettingsInput, scheduleConfigSchema } from "../src/schemas/google-calendar";
import { parseStart, scheduleOf } from "../src/services/google-calendar-actions";
import { type SlotSchedule, computeFreeSlots, dayStartInZone, isoInZone, labelInZone, slotRefusal } from "../src/services/google-calendar-slots";

const TZ = "America/Sao_Paulo";
/** São Paulo is UTC-3 all year: local hh:mm on a date → instant. */
const sp = (date: string, hhmm = "00:00") => Date.parse(`${date}T${hhmm}:00-03:00`);
const iso = (ms: number) => isoInZone(ms, TZ);
const base: SlotSchedule = scheduleOf(DEFAULT_CALENDAR_SETTINGS);
const slots = (over: Partial<Parameters<typeof computeFreeSlots>[0]> & { now: number }) =>
  computeFreeSlots({ schedule: base, busy: [], limit: 5, ...over }).map((s) => iso(s.start));

describe("[calendar slots] defaults (SPEC §9)", () => {
  test("defaults: Mon–Fri 09:00–18:00, 30 min, 2 h min, 30 days max, 5 suggestions, São Paulo", () => {
    const s = DEFAULT_CALENDAR_SETTINGS;
    expect(s.scheduleConfig).toMatchObject({ enabled: true, intervalMinutes: 30, maxAdvanceDays: 30, minAdvanceHours: 2 });
    expect(s.scheduleConfig.days).toEqual(DEFAULT_DAYS);
    expect(DEFAULT_DAYS[0]).toEqual([]);
    expect(DEFAULT_DAYS[6]).toEqual([]);
    expect(DEFAULT_DAYS[3]).toEqual([{ start: "09:00", end: "18:00" }]);
    expect(s).toMatchObject({ defaultDuration: 30, maxTimeSuggestions: 5, timezone: TZ, defaultSubject: "Agendamento", scheduleOnlyRoundHours: false });
  });

  test("Monday 07:00 local: the first slots start at 09:00 (2 h advance already met), every 30 min", () => {
    // 2025-01-06 is a Monday.
    expect(slots({ now: sp("2025-01-06", "07:00") })).toEqual([
      "2025-01-06T09:00:00-03:00",
      "2025-01-06T09:30:00-03:00",
      "2025-01-06T10:00:00-03:00",
      "2025-01-06T10:30:00-03:00",
      "2025-01-06T11:00:00-03:00",
    ]);
  });

  test("minimum advance: at 10:10 the first slot is 12:30 (not 12:00, which is < 2 h away)", () => {
    expect(slots({ now: sp("2025-01-06", "10:10"), limit: 2 })).toEqual(["2025-01-06T12:30:00-03:00", "2025-01-06T13:00:00-03:00"]);
  });

  test("the last slot of the day ends at 18:00; Friday evening jumps over the weekend to Monday", () => {
    // Friday 2025-01-10 15:00 → 17:00 and 17:30 left, then Monday 13th.
    expect(slots({ now: sp("2025-01-10", "15:00"), limit: 4 })).toEqual([
      "2025-01-10T17:00:00-03:00",
      "2025-01-10T17:30:00-03:00",
      "2025-01-13T09:00:00-03:00",
      "2025-01-13T09:30:00-03:00",
    ]);
  });

  test("weekends give nothing by default", () => {
    const sat = sp("2025-01-11");
    const out = computeFreeSlots({ schedule: base, now: sat - 86_400_000 * 3, busy: [], from: sat, to: sat + 2 * 86_400_000, limit: 50 });
    expect(out).toEqual([]);
  });

  test("the server's own time zone does not matter: instants are São Paulo wall time (UTC-3, no DST)", () => {
    // July (would be DST in the old rules) and January give the same local hours.
    expect(slots({ now: sp("2025-07-07", "06:00"), limit: 1 })).toEqual(["2025-07-07T09:00:00-03:00"]);
    expect(slots({ now: sp("2025-01-06", "06:00"), limit: 1 })).toEqual(["2025-01-06T09:00:00-03:00"]);
    expect(new Date(sp("2025-07-07", "09:00")).toISOString()).toBe("2025-07-07T12:00:00.000Z");
  });
});

describe("[calendar slots] busy intervals", () => {
  const now = sp("2025-01-06", "06:00");
  test("a busy block removes every overlapping slot; touching edges do not overlap", () => {
    const busy = [{ start: sp("2025-01-06", "09:30"), end: sp("2025-01-06", "10:30") }];
    expect(slots({ now, busy, limit: 3 })).toEqual(["2025-01-06T09:00:00-03:00", "2025-01-06T10:30:00-03:00", "2025-01-06T11:00:00-03:00"]);
  });

  test("a busy block that only partly covers a slot still removes it (09:10–09:20 blocks 09:00)", () => {
    const busy = [{ start: sp("2025-01-06", "09:10"), end: sp("2025-01-06", "09:20") }];
    expect(slots({ now, busy, limit: 1 })).toEqual(["2025-01-06T09:30:00-03:00"]);
  });

  test("unordered and empty/inverted intervals are tolerated; a whole busy day moves to the next", () => {
    const busy = [
      { start: sp("2025-01-06", "12:00"), end: sp("2025-01-06", "18:00") },
      { start: sp("2025-01-06", "08:00"), end: sp("2025-01-06", "12:00") },
      { start: sp("2025-01-07", "11:00"), end: sp("2025-01-07", "10:00") },
    ];
    expect(slots({ now, busy, limit: 2 })).toEqual(["2025-01-07T09:00:00-03:00", "2025-01-07T09:30:00-03:00"]);
  });

  test("a 60-min duration on a 30-min grid needs both halves free", () => {
    const schedule = { ...base, durationMinutes: 60 };
    const busy = [{ start: sp("2025-01-06", "10:00"), end: sp("2025-01-06", "10:30") }];
    const out = computeFreeSlots({ schedule, now, busy, limit: 3 }).map((s) => iso(s.start));
    expect(out).toEqual(["2025-01-06T09:00:00-03:00", "2025-01-06T10:30:00-03:00", "2025-01-06T11:00:00-03:00"]);
    // The last start of the day is 17:00 (ends 18:00).
    const late = computeFreeSlots({ schedule, now: sp("2025-01-06", "14:00"), busy: [], limit: 10 }).map((s) => iso(s.start));
    expect(late.at(-1)).not.toBe("2025-01-06T17:30:00-03:00");
    expect(late).toContain("2025-01-06T17:00:00-03:00");
  });
});

describe("[calendar slots] options", () => {
  test("round hours only", () => {
    const schedule = { ...base, onlyRoundHours: true };
    const out = computeFreeSlots({ schedule, now: sp("2025-01-06", "06:00"), busy: [], limit: 3 }).map((s) => iso(s.start));
    expect(out).toEqual(["2025-01-06T09:00:00-03:00", "2025-01-06T10:00:00-03:00", "2025-01-06T11:00:00-03:00"]);
  });

  test("maximum advance: nothing after now + maxAdvanceDays", () => {
    const schedule = { ...base, maxAdvanceDays: 1 };
    const now = sp("2025-01-06", "12:00");
    const out = computeFreeSlots({ schedule, now, busy: [], limit: 100 });
    expect(out.length).toBeGreaterThan(0);
    expect(Math.max(...out.map((s) => s.start))).toBeLessThanOrEqual(now + 86_400_000);
    expect(iso(out.at(-1)?.start ?? 0)).toBe("2025-01-07T12:00:00-03:00");
  });

  test("the limit caps the list; 0 gives nothing", () => {
    expect(slots({ now: sp("2025-01-06", "06:00"), limit: 7 })).toHaveLength(7);
    expect(slots({ now: sp("2025-01-06", "06:00"), limit: 0 })).toEqual([]);
  });

  test("from/to restrict the search to one asked day; several windows per day (lunch break)", () => {
    const days = DEFAULT_DAYS.map((d) => (d.length ? [{ start: "08:00", end: "12:00" }, { start: "14:00", end: "15:00" }] : []));
    const schedule = { ...base, days, intervalMinutes: 60, durationMinutes: 60 };
    const day = dayStartInZone("2025-01-08", TZ) ?? 0;
    const out = computeFreeSlots({ schedule, now: sp("2025-01-06", "06:00"), busy: [], from: day, to: day + 86_400_000, limit: 10 }).map((s) => iso(s.start));
    expect(out).toEqual(["2025-01-08T08:00:00-03:00", "2025-01-08T09:00:00-03:00", "2025-01-08T10:00:00-03:00", "2025-01-08T11:00:00-03:00", "2025-01-08T14:00:00-03:00"]);
  });

  test("a Saturday window opens Saturdays", () => {
    const days = DEFAULT_DAYS.map((d, i) => (i === 6 ? [{ start: "10:00", end: "11:00" }] : d));
    const out = computeFreeSlots({ schedule: { ...base, days }, now: sp("2025-01-10", "18:00"), busy: [], limit: 3 }).map((s) => iso(s.start));
    expect(out).toEqual(["2025-01-11T10:00:00-03:00", "2025-01-11T10:30:00-03:00", "2025-01-13T09:00:00-03:00"]);
  });

  test("another time zone (Manaus, UTC-4)", () => {
    const schedule = { ...base, timezone: "America/Manaus" };
    const out = computeFreeSlots({ schedule, now: Date.parse("2025-01-06T06:00:00-04:00"), busy: [], limit: 1 });
    expect(isoInZone(out[0]?.start ?? 0, "America/Manaus")).toBe("2025-01-06T09:00:00-04:00");
    expect(new Date(out[0]?.start ?? 0).toISOString()).toBe("2025-01-06T13:00:00.000Z");
  });
});

describe("[calendar slots] checking a requested start", () => {
  const now = sp("2025-01-06", "08:00");
  test("accepted, or refused with the reason", () => {
    expect(slotRefusal(base, now, [], sp("2025-01-06", "10:00"))).toBeNull();
    expect(slotRefusal(base, now, [], sp("2025-01-06", "07:00"))).toBe("Esse horário já passou.");
    expect(slotRefusal(base, now, [], sp("2025-01-06", "09:30"))).toContain("2 h de antecedência");
    expect(slotRefusal(base, now, [], sp("2025-03-06", "10:00"))).toContain("30 dias");
    expect(slotRefusal(base, now, [], sp("2025-01-11", "10:00"))).toBe("Esse horário está fora do horário de atendimento.");
    expect(slotRefusal(base, now, [], sp("2025-01-06", "10:15"))).toBe("Esse horário está fora do horário de atendimento.");
    expect(slotRefusal(base, now, [], sp("2025-01-06", "17:45"))).toBe("Esse horário está fora do horário de atendimento.");
    expect(slotRefusal({ ...base, onlyRoundHours: true }, now, [], sp("2025-01-06", "10:30"))).toBe("Esse horário está fora do horário de atendimento.");
    const busy = [{ start: sp("2025-01-06", "10:00"), end: sp("2025-01-06", "11:00") }];
    expect(slotRefusal(base, now, busy, sp("2025-01-06", "10:30"))).toBe("Esse horário não está mais livre.");
  });

  test("parseStart: with offset, Z, or local time in the agent's zone; garbage is null", () => {
    expect(parseStart("2025-01-06T10:00:00-03:00", TZ)).toBe(sp("2025-01-06", "10:00"));
    expect(parseStart("2025-01-06T13:00:00Z", TZ)).toBe(sp("2025-01-06", "10:00"));
    expect(parseStart("2025-01-06T10:00", TZ)).toBe(sp("2025-01-06", "10:00"));
    expect(parseStart("amanhã às 10", TZ)).toBeNull();
    expect(parseStart(42, TZ)).toBeNull();
  });

  test("labels in pt-BR", () => {
    expect(labelInZone(sp("2025-01-06", "14:00"), TZ)).toBe("segunda-feira, 06/01 às 14:00");
  });
});

describe("[calendar slots] contract messages", () => {
  const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  test("pt-BR validation of the schedule and settings", () => {
    expect(issue(scheduleConfigSchema.safeParse({ intervalMinutes: 2 }))).toBe("O intervalo deve ser de pelo menos 5 minutos");
    expect(issue(scheduleConfigSchema.safeParse({ maxAdvanceDays: 0 }))).toBe("A antecedência máxima deve ser de pelo menos 1 dia");
    expect(issue(scheduleConfigSchema.safeParse({ minAdvanceHours: -1 }))).toBe("A antecedência mínima não pode ser negativa");
    expect(issue(scheduleConfigSchema.safeParse({ days: [[]] }))).toBe("Informe os 7 dias da semana");
    const bad = DEFAULT_DAYS.map((d, i) => (i === 1 ? [{ start: "18:00", end: "09:00" }] : d));
    expect(issue(scheduleConfigSchema.safeParse({ days: bad }))).toBe("O fim deve ser depois do início");
    const wrong = DEFAULT_DAYS.map((d, i) => (i === 1 ? [{ start: "9h", end: "18:00" }] : d));
    expect(issue(scheduleConfigSchema.safeParse({ days: wrong }))).toBe("Horário inválido (use HH:MM)");
    const overlap = DEFAULT_DAYS.map((d, i) => (i === 1 ? [{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }] : d));
    expect(issue(scheduleConfigSchema.safeParse({ days: overlap }))).toBe("As faixas de horário de um mesmo dia não podem se sobrepor");
    expect(issue(calendarSettingsInput.safeParse({ timezone: "Lua/Base" }))).toBe("Fuso horário inválido");
    expect(issue(calendarSettingsInput.safeParse({ defaultDuration: 1 }))).toBe("A duração deve ser de pelo menos 5 minutos");
    expect(issue(calendarSettingsInput.safeParse({ maxTimeSuggestions: 0 }))).toBe("Ofereça pelo menos 1 sugestão");
    expect(issue(calendarSettingsInput.safeParse({ defaultSubject: "a" }))).toBe("Assunto deve ter pelo menos 2 caracteres");
  });
});
