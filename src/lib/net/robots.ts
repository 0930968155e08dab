/**
 * robots.txt parsing and matching after RFC 9309: groups of User-agent lines with Allow/Disallow
 * rules, `*` and `$` wildcards, the longest matching rule wins and Allow wins a tie. Pure: fetching
 * and caching live in safe-fetch.ts.
 */
type Rule = { allow: boolean; length: number; re: RegExp };
type Group = { agents: string[]; rules: Rule[] };
export type RobotsRules = { groups: Group[] };

/** Same percent-encoding on both sides: non-ASCII encoded, %xx upper-cased. */
function normalisePath(path: string): string {
  const encoded = path.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
  return encoded.replace(/%[0-9a-fA-F]{2}/g, (m) => m.toUpperCase());
}

function compileRule(allow: boolean, raw: string): Rule | null {
  let path = raw.trim();
  if (!path) return null; // "Disallow:" with no path allows everything
  if (!path.startsWith("/") && !path.startsWith("*")) path = `/${path}`;
  path = normalisePath(path);
  const anchored = path.endsWith("$");
  const body = anchored ? path.slice(0, -1) : path;
  const pattern = body
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return { allow, length: path.length, re: new RegExp(`^${pattern}${anchored ? "$" : ""}`) };
}

/** The product token a group line or a crawler name stands for: "AtendaBot/1.0" → "atendabot". */
const productToken = (ua: string) => ua.trim().split(/[/\s]/)[0]?.toLowerCase() ?? "";

export function parseRobots(text: string): RobotsRules {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent") {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value === "*" ? "*" : productToken(value));
      lastWasAgent = true;
    } else if (key === "allow" || key === "disallow") {
      lastWasAgent = false;
      const rule = compileRule(key === "allow", value);
      if (current && rule) current.rules.push(rule);
    } else {
      // Sitemap, Crawl-delay and unknown keys neither end nor start a group.
    }
  }
  return { groups };
}

/** Whether `userAgent` may fetch `pathAndQuery` (e.g. "/a/b?x=1") under these rules. */
export function robotsAllows(rules: RobotsRules, userAgent: string, pathAndQuery: string): boolean {
  if (pathAndQuery === "/robots.txt") return true;
  const token = productToken(userAgent);
  let applicable = rules.groups.filter((g) => g.agents.includes(token));
  if (applicable.length === 0) applicable = rules.groups.filter((g) => g.agents.includes("*"));
  const path = normalisePath(pathAndQuery || "/");
  let best: Rule | null = null;
  for (const rule of applicable.flatMap((g) => g.rules)) {
    if (!rule.re.test(path)) continue;
    if (!best || rule.length > best.length || (rule.length === best.length && rule.allow)) best = rule;
  }
  return best ? best.allow : true;
}

export const ALLOW_ALL: RobotsRules = { groups: [] };
export const DISALLOW_ALL: RobotsRules = parseRobots("User-agent: *\nDisallow: /");
