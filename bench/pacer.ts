/**
 * The anti-block pacer's benchmark (issue 16): 10,000 contacts over a simulated week from a Monday
 * 00:00 São Paulo with DEFAULT_CAMPAIGN_SETTINGS, through the scheduler loop of
 * test/helpers/pacer-sim.ts. Prints JSON only:
 *   sendsAchieved, sendsAllowed (per open day min(day cap, maxPerHour × open hours), summed),
 *   shareAchieved (target ≥ 0.95), violations (independent checker, target 0),
 *   cpuMsPer1000Sends (process.cpuUsage of the scheduler loop alone).
 * Run: node_modules/.bin/bun bench/pacer.ts  (BENCH_PACER_CONTACTS, BENCH_PACER_SEEDS to vary).
 */
import { TZDate } from "@date-fns/tz";
import { warmupCap } from "../src/schemas/campaigns/estimate";
import { type CampaignSettings, DEFAULT_CAMPAIGN_SETTINGS } from "../src/schemas/campaigns/settings";
import { countViolations, DAY, HOUR, MONDAY, simulate, TZ, totalViolations } from "../test/helpers/pacer-sim";

const CONTACTS = Number(process.env.BENCH_PACER_CONTACTS ?? 10_000);
const SEEDS = Number(process.env.BENCH_PACER_SEEDS ?? 3);
const DAYS = 7;

/** What the rules allow in the week, from the settings alone. */
function allowedSends(s: CampaignSettings): number {
  const openHours = s.businessHoursEnabled ? s.businessHoursEnd - s.businessHoursStart : 24;
  let total = 0;
  let sendingDay = 0;
  for (let day = 0; day < DAYS; day++) {
    const weekday = new TZDate(MONDAY + day * DAY + 12 * HOUR, TZ).getDay();
    if (s.skipWeekends && (weekday === 0 || weekday === 6)) continue;
    sendingDay++;
    const cap = s.warmupEnabled ? warmupCap(s.maxPerDay, sendingDay, s.warmupDays) : s.maxPerDay;
    total += Math.min(cap, s.maxPerHour * openHours);
  }
  return Math.min(total, CONTACTS);
}

const settings = DEFAULT_CAMPAIGN_SETTINGS;
const allowed = allowedSends(settings);
// One unmeasured run first, so the figures are the JIT-warm scheduler's, not the compiler's.
simulate({ settings, contacts: CONTACTS, durationMs: DAYS * DAY, seed: 0 });
const runs: { seed: number; sends: number; share: number; violations: number; cpuMsPer1000Sends: number; decideCalls: number }[] = [];
for (let seed = 1; seed <= SEEDS; seed++) {
  const before = process.cpuUsage();
  const r = simulate({ settings, contacts: CONTACTS, durationMs: DAYS * DAY, seed });
  const cpu = process.cpuUsage(before);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  runs.push({
    seed,
    sends: r.sends.length,
    share: Number((r.sends.length / allowed).toFixed(4)),
    violations: totalViolations(countViolations(settings, r.sends)),
    cpuMsPer1000Sends: Number(((cpuMs * 1000) / Math.max(1, r.sends.length)).toFixed(1)),
    decideCalls: r.decideCalls,
  });
}

const worst = runs.reduce((a, b) => (b.share < a.share ? b : a));
console.log(
  JSON.stringify(
    {
      bench: "pacer",
      contacts: CONTACTS,
      simulatedDays: DAYS,
      settings: settings.profile,
      sendsAllowed: allowed,
      sendsAchieved: worst.sends,
      shareAchieved: worst.share,
      violations: runs.reduce((a, r) => a + r.violations, 0),
      cpuMsPer1000Sends: Math.max(...runs.map((r) => r.cpuMsPer1000Sends)),
      runs,
    },
    null,
    2,
  ),
);
