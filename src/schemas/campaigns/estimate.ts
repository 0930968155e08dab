import type { CampaignSettings } from "./settings";

/**
 * The campaign form's duration estimate ("~3 dias úteis") and the warmup ramp it shares with the
 * pacer (src/services/campaigns/pacer.ts). Browser-safe: imports nothing from src/services.
 */

/**
 * Day `day` (1-based) of a warmup of `warmupDays` days: a linear ramp maxPerDay × day / warmupDays,
 * at least 1 and never above maxPerDay; from day warmupDays on the full maxPerDay.
 */
export function warmupCap(maxPerDay: number, day: number, warmupDays: number): number {
  if (day >= warmupDays) return maxPerDay;
  return Math.max(1, Math.min(maxPerDay, Math.floor((maxPerDay * Math.max(1, day)) / warmupDays)));
}

export type CampaignDurationEstimate = {
  /** Sending days needed (weekdays when skipWeekends is on). */
  businessDays: number;
  /** Hours of actual sending, summed over those days. */
  hours: number;
  label: string;
};

/** Hours a day the pacer may send. */
export function openHoursPerDay(s: CampaignSettings): number {
  return s.businessHoursEnabled ? s.businessHoursEnd - s.businessHoursStart : 24;
}

/**
 * Sends per open hour: the hour cap or what the mean interval allows, whichever is lower, less the
 * share of time spent in random pauses (a pause of the mean length after every pauseEveryHours).
 */
export function sendsPerOpenHour(s: CampaignSettings): number {
  const meanIntervalSeconds = (s.minIntervalSeconds + s.maxIntervalSeconds) / 2;
  const rate = Math.min(s.maxPerHour, 3600 / meanIntervalSeconds);
  if (!s.randomPausesEnabled) return rate;
  const meanPauseMinutes = (s.pauseMinMinutes + s.pauseMaxMinutes) / 2;
  return rate * ((s.pauseEveryHours * 60) / (s.pauseEveryHours * 60 + meanPauseMinutes));
}

const plural = (n: number, one: string, many: string) => `~${n} ${n === 1 ? one : many}`;

/**
 * Closed form, day by day: each sending day sends min(day cap with the warmup ramp, sends per open
 * hour × open hours); the last day only as long as its remainder takes.
 */
export function estimateCampaignDuration(settings: CampaignSettings, contactCount: number): CampaignDurationEstimate {
  if (contactCount <= 0) return { businessDays: 0, hours: 0, label: "Nenhum contato" };
  const perHour = sendsPerOpenHour(settings);
  const openHours = openHoursPerDay(settings);
  const perDayByRate = perHour * openHours;
  let remaining = contactCount;
  let days = 0;
  let hours = 0;
  // Bounded: from the day warmup ends every day sends at least min(maxPerDay, perDayByRate) ≥ 1.
  while (remaining > 0 && days < 100_000) {
    days++;
    const cap = settings.warmupEnabled ? warmupCap(settings.maxPerDay, days, settings.warmupDays) : settings.maxPerDay;
    const today = Math.min(remaining, Math.max(1, Math.floor(Math.min(cap, perDayByRate))));
    hours += today / perHour;
    remaining -= today;
  }
  const [oneDay, manyDays] = settings.skipWeekends ? (["dia útil", "dias úteis"] as const) : (["dia", "dias"] as const);
  let label: string;
  if (days > 1) label = plural(days, oneDay, manyDays);
  else if (hours >= openHours * 0.9) label = plural(1, oneDay, manyDays);
  else if (hours >= 1) label = plural(Math.round(hours), "hora", "horas");
  else label = plural(Math.max(1, Math.round(hours * 60)), "minuto", "minutos");
  return { businessDays: days, hours, label };
}
