import type { RuleCondition } from "../../schemas/orchestration";
import { scoreSentiment } from "../insights/lexicon";
import { foldText, matchesKeywords } from "./match";

/**
 * The conditions of an orchestration rule, judged against one customer message. What costs a read
 * (the workspace's time zone, the contact's values) is loaded lazily and only once per turn.
 * An intent condition is "pending" while the router's model has yet to judge it (online, at the
 * entry agent); everywhere else its keywords judge it.
 */
export type RuleRow = {
  id: string;
  toAgentId: string;
  priority: number;
  conditions: RuleCondition[];
  conditionMode: "all" | "any";
};

export type ConditionContext = {
  text: string;
  folded: string;
  now: number;
  timezone: () => Promise<string>;
  /** The conversation's contact as variables (nome, email, telefone, cidade…, custom ones). */
  customer: () => Promise<Record<string, string>>;
};

/** true / false, or "pending" (an intent the model judges). */
export type Verdict = boolean | "pending";

/** Minutes since midnight and weekday (0 = domingo) in a time zone. */
function localClock(now: number, timeZone: string): { minutes: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hour12: false, weekday: "short", hour: "2-digit", minute: "2-digit" }).formatToParts(new Date(now));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { minutes: (Number(get("hour")) % 24) * 60 + Number(get("minute")), day };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A window may cross midnight (22:00–06:00); from = to is the whole day. */
export function inWindow(minutes: number, from: string, to: string): boolean {
  const a = toMinutes(from);
  const b = toMinutes(to);
  if (a === b) return true;
  return a <= b ? minutes >= a && minutes < b : minutes >= a || minutes < b;
}

async function judge(c: RuleCondition, ctx: ConditionContext, intent: (topic: string, keywords: string[]) => Verdict): Promise<Verdict> {
  switch (c.type) {
    case "keyword":
      return matchesKeywords(ctx.folded, c.keywords, c.match);
    case "intent":
      return intent(c.topic, c.keywords);
    case "time_of_day": {
      const clock = localClock(ctx.now, await ctx.timezone());
      if (c.days.length && !c.days.includes(clock.day)) return false;
      return inWindow(clock.minutes, c.from, c.to);
    }
    case "customer_data": {
      const values = await ctx.customer();
      const value = (values[c.field] ?? values[c.field.toLowerCase()] ?? "").trim();
      if (c.operator === "exists") return value.length > 0;
      if (c.operator === "not_exists") return value.length === 0;
      if (c.operator === "equals") return foldText(value) === foldText(c.value);
      return foldText(c.value).length > 0 && ` ${foldText(value)} `.includes(foldText(c.value));
    }
    case "sentiment": {
      const s = scoreSentiment(ctx.text);
      return s.sentiment === c.sentiment && s.intensity >= c.minIntensity;
    }
  }
}

/** all: every condition holds; any: one does. A rule with no condition never fires. */
export async function ruleVerdict(rule: RuleRow, ctx: ConditionContext, intent: (topic: string, keywords: string[]) => Verdict): Promise<Verdict> {
  if (!rule.conditions.length) return false;
  let pending = false;
  for (const c of rule.conditions) {
    const v = await judge(c, ctx, intent);
    if (rule.conditionMode === "all" && v === false) return false;
    if (rule.conditionMode === "any" && v === true) return true;
    if (v === "pending") pending = true;
  }
  if (pending) return "pending";
  return rule.conditionMode === "all";
}

/** The intent topics of a set of rules (what the router's model is asked to recognise). */
export function intentTopics(rules: RuleRow[]): string[] {
  const topics = new Set<string>();
  for (const r of rules) for (const c of r.conditions) if (c.type === "intent") topics.add(c.topic);
  return [...topics];
}
