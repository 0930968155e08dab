/**
 * Which web origins may use an agent's public chat (the widget), from the agent's allowedDomains.
 * Entries are what src/schemas/agents.ts accepts: `[*.]host[:port]`, lower-case, no scheme.
 *
 * Rule (README "Widget do site"):
 * - empty list: any site may embed the agent;
 * - `loja.com.br`: that host and any subdomain of it (`www.loja.com.br`, `blog.loja.com.br`);
 * - `*.loja.com.br`: subdomains only, not `loja.com.br` itself (what a wildcard says);
 * - `www.loja.com.br`: also the bare `loja.com.br` (people paste the www form of a site that answers on both);
 * - an IP address matches only itself; with `:port` the origin's port must be that one, without it any port.
 * The scheme is not part of the rule: http and https of a listed host are the same site to its owner.
 */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** hostname + effective port of an Origin header value; null for "null", file:, garbage. */
function parseOrigin(origin: string): { host: string; port: string } | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!host) return null;
  return { host, port: url.port || (url.protocol === "https:" ? "443" : "80") };
}

function entryMatches(entry: string, o: { host: string; port: string }) {
  const m = /^(\*\.)?([^:]+)(?::(\d{1,5}))?$/.exec(entry.trim().toLowerCase());
  if (!m?.[2]) return false;
  const [, wildcard, name, port] = m;
  if (port && port !== o.port) return false;
  if (IPV4.test(name)) return !wildcard && o.host === name;
  const subdomain = o.host.endsWith(`.${name}`);
  if (wildcard) return subdomain;
  return o.host === name || subdomain || (name.startsWith("www.") && o.host === name.slice(4));
}

/** True when a page on `origin` may embed an agent with these allowedDomains. */
export function embedOriginAllowed(origin: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const o = parseOrigin(origin);
  return o !== null && allowedDomains.some((entry) => entryMatches(entry, o));
}

/** The product's own pages (the /chat/{id} page, the editor's preview) are never a foreign site. */
export function isOwnOrigin(origin: string, appUrl: string, requestUrl: string): boolean {
  const host = (u: string) => {
    try {
      return new URL(u).host.toLowerCase();
    } catch {
      return null;
    }
  };
  const o = host(origin);
  return o !== null && (o === host(appUrl) || o === host(requestUrl));
}

/**
 * The same rule as CSP `frame-ancestors` sources, for the /chat/{id} page framed on a listed site:
 * both schemes, any port unless the entry names one; an empty list lets any site frame it. Entries
 * that are not plain host names are skipped, so nothing from the list can add a directive.
 */
export function embedFrameAncestors(allowedDomains: readonly string[]): string[] {
  if (allowedDomains.length === 0) return ["*"];
  const sources = new Set<string>(["'self'"]);
  for (const entry of allowedDomains) {
    const m = /^(\*\.)?([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry.trim().toLowerCase());
    if (!m?.[2]) continue;
    const [, wildcard, name, port = "*"] = m;
    let hosts: string[];
    if (IPV4.test(name)) hosts = wildcard ? [] : [name];
    else if (wildcard) hosts = [`*.${name}`];
    else hosts = [name, `*.${name}`, ...(name.startsWith("www.") ? [name.slice(4)] : [])];
    for (const host of hosts) for (const scheme of ["https", "http"]) sources.add(`${scheme}://${host}:${port}`);
  }
  return [...sources];
}
