/**
 * The campaign clock: the real one in production; a simulated one when CAMPAIGN_CLOCK is set
 * ("2026-11-23T10:00:00-03:00@60": starts at that instant, runs 60× faster), so a browser test
 * watches a campaign cross hours and days in seconds. The pacer reads simulated time; the job
 * queue waits in real time (toRealDelay).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AppDeps } from "../context";

export type CampaignClock = {
  now(): number;
  /** Real milliseconds to wait for `simulatedMs` of campaign time. */
  toRealDelay(simulatedMs: number): number;
};

export const realCampaignClock = (now: () => number = Date.now): CampaignClock => ({ now, toRealDelay: (ms) => Math.max(0, ms) });

/** Parses "ISO@speed"; null when the value does not parse. */
export function parseCampaignClock(value: string): { start: number; speed: number } | null {
  const at = value.lastIndexOf("@");
  const start = Date.parse(value.slice(0, at));
  const speed = Number(value.slice(at + 1));
  if (at <= 0 || !Number.isFinite(start) || !Number.isFinite(speed) || speed <= 0) return null;
  return { start, speed };
}

/**
 * The simulated clock is anchored on a real instant kept in the data dir: a restart (or the job
 * Worker, which builds its own deps) continues the same simulated timeline instead of going back
 * to the start instant, so sends recorded before a crash stay in the past.
 */
export function campaignClockFromEnv(value: string | undefined, dataDir: string): CampaignClock | undefined {
  if (!value) return undefined;
  const parsed = parseCampaignClock(value);
  if (!parsed) throw new Error(`CAMPAIGN_CLOCK inválido: ${value}`);
  const file = join(dataDir, "campaign-clock-anchor");
  let anchor = Date.now();
  const stored = existsSync(file) ? Number(readFileSync(file, "utf8").trim()) : Number.NaN;
  if (Number.isFinite(stored)) anchor = stored;
  else writeFileSync(file, String(anchor));
  return simulatedClock(parsed.start, parsed.speed, anchor);
}

export function simulatedClock(start: number, speed: number, anchor: number, realNow: () => number = Date.now): CampaignClock {
  return {
    now: () => start + Math.round((realNow() - anchor) * speed),
    toRealDelay: (ms) => Math.max(0, Math.ceil(ms / speed)),
  };
}

export const campaignClockOf = (deps: Pick<AppDeps, "now" | "campaignClock">): CampaignClock => deps.campaignClock ?? realCampaignClock(deps.now);
