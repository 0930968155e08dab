/**
 * Free appointment slots (SPEC §3 scheduleConfig, §9 calendar defaults). PURE: no clock, no I/O —
 * the schedule, the time zone, "now" and the calendar's busy intervals (freeBusy) come in, the
 * slots come out. Local wall-clock times are computed in the agent's time zone (@date-fns/tz), so
 * a server in UTC offers 09:00 São Paulo time, not 09:00 UTC.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { ptBR } from "date-fns/locale";
import { type TimeWindow, minutesOf } from "../schemas/google-calendar";

export type BusyInterval = { start: number; end: number };
export type Slot = { start: number; end: number };

export type SlotSchedule = {
  /** Index 0 = Sunday … 6 = Saturday; each day's opening windows in local "HH:MM". */
  days: TimeWindow[][];
  /** Step between candidate starts, minutes. */
  intervalMinutes: number;
  /** Length of one appointment, minutes. */
  durationMinutes: number;
  minAdvanceHours: number;
  maxAdvanceDays: number;
  /** Only starts on a full hour (local time). */
  onlyRoundHours: boolean;
  timezone: string;
};

export type SlotQuery = {
  schedule: SlotSchedule;
  now: number;
  busy: BusyInterval[];
  /** Search only from this instant on (e.g. the day the customer asked for). */
  from?: number;
  /** Search only before this instant. */
  to?: number;
  /** Maximum number of slots returned. */
  limit: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The bounds a booking must respect: [now + min advance, now + max advance]. */
export function bookingBounds(schedule: Pick<SlotSchedule, "minAdvanceHours" | "maxAdvanceDays">, now: number) {
  return { earliest: now + schedule.minAdvanceHours * HOUR, latest: now + schedule.maxAdvanceDays * DAY };
}

const overlaps = (a: Slot, b: BusyInterval) => a.start < b.end && a.end > b.start;

/** The instant of local wall time y-m-d hh:mm in `tz` (handles days past the month's end). */
export function localInstant(tz: string, y: number, m: number, d: number, minutes: number): number {
  return new TZDate(y, m, d, Math.floor(minutes / 60), minutes % 60, tz).getTime();
}

/** Free slots, in order, at most `limit`. */
export function computeFreeSlots(q: SlotQuery): Slot[] {
  const { schedule, now, busy, limit } = q;
  if (limit <= 0 || schedule.intervalMinutes <= 0 || schedule.durationMinutes <= 0) return [];
  const bounds = bookingBounds(schedule, now);
  const earliest = Math.max(bounds.earliest, q.from ?? Number.NEGATIVE_INFINITY);
  const latest = Math.min(bounds.latest, q.to ?? Number.POSITIVE_INFINITY);
  if (earliest > latest) return [];
  const sortedBusy = [...busy].filter((b) => b.end > b.start).sort((a, b) => a.start - b.start);
  const first = new TZDate(earliest, schedule.timezone);
  const y = first.getFullYear();
  const m = first.getMonth();
  const d0 = first.getDate();
  const out: Slot[] = [];
  const totalDays = Math.ceil((latest - earliest) / DAY) + 1;
  for (let i = 0; i <= totalDays && out.length < limit; i++) {
    const dayStart = new TZDate(y, m, d0 + i, 0, 0, schedule.timezone);
    if (dayStart.getTime() > latest) break;
    const windows = [...(schedule.days[dayStart.getDay()] ?? [])].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    for (const w of windows) {
      const endMin = minutesOf(w.end);
      for (let t = minutesOf(w.start); t + schedule.durationMinutes <= endMin; t += schedule.intervalMinutes) {
        if (schedule.onlyRoundHours && t % 60 !== 0) continue;
        const start = localInstant(schedule.timezone, dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate(), t);
        const slot = { start, end: start + schedule.durationMinutes * MINUTE };
        if (start < earliest || start > latest) continue;
        if (sortedBusy.some((b) => overlaps(slot, b))) continue;
        out.push(slot);
        if (out.length >= limit) return out;
      }
    }
  }
  return out;
}

/**
 * Why a requested start cannot be booked (null when it can): the same rules as computeFreeSlots,
 * so the model cannot book what it would never have been offered.
 */
export function slotRefusal(schedule: SlotSchedule, now: number, busy: BusyInterval[], start: number): string | null {
  const { earliest, latest } = bookingBounds(schedule, now);
  if (start < now) return "Esse horário já passou.";
  if (start < earliest) return `Agendamentos precisam de pelo menos ${schedule.minAdvanceHours} h de antecedência.`;
  if (start > latest) return `Agendamentos podem ser feitos com no máximo ${schedule.maxAdvanceDays} dias de antecedência.`;
  const local = new TZDate(start, schedule.timezone);
  const dayStart = localInstant(schedule.timezone, local.getFullYear(), local.getMonth(), local.getDate(), 0);
  const slots = computeFreeSlots({ schedule, now, busy: [], from: dayStart, to: dayStart + DAY, limit: 10_000 });
  if (!slots.some((s) => s.start === start)) return "Esse horário está fora do horário de atendimento.";
  const slot = { start, end: start + schedule.durationMinutes * MINUTE };
  if (busy.some((b) => overlaps(slot, b))) return "Esse horário não está mais livre.";
  return null;
}

/** "2025-01-10T14:00:00-03:00": the instant with the zone's offset (what Google expects). */
export const isoInZone = (ms: number, tz: string) => format(new TZDate(ms, tz), "yyyy-MM-dd'T'HH:mm:ssxxx");
/** "sexta-feira, 10/01 às 14:00" for the model and the customer. */
export const labelInZone = (ms: number, tz: string) => format(new TZDate(ms, tz), "EEEE, dd/MM 'às' HH:mm", { locale: ptBR });
/** The instant of local midnight of "YYYY-MM-DD" in `tz`. */
export function dayStartInZone(date: string, tz: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  return localInstant(tz, Number(m[1]), Number(m[2]) - 1, Number(m[3]), 0);
}
