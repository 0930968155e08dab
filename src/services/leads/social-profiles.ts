/**
 * Instagram and LinkedIn leads from web-search results (pure): site-restricted queries find public
 * profile pages; each result's URL, title and snippet give the business name, handle, site, phone
 * and e-mail. Results that are not a profile (a post, a search page, another site) are dropped.
 */
import type { LeadCandidate } from "./lead-write";

export type WebResult = { titulo: string; url: string; conteudo: string };
export type SocialSource = "instagram" | "linkedin";

/** `site:instagram.com pet shop Campinas`. */
export function socialQuery(source: SocialSource, term: string, location: string): string {
  const site = source === "instagram" ? "instagram.com" : "linkedin.com/company";
  return `site:${site} ${term}${location ? ` ${location}` : ""}`.trim();
}

const INSTAGRAM_RESERVED = new Set(["p", "reel", "reels", "explore", "stories", "accounts", "tv", "direct", "about", "developer", "legal", "web"]);

/** The profile a URL points at: instagram.com/<handle>, linkedin.com/company|in/<slug>; null for anything else. */
export function profileOf(source: SocialSource, url: string): { handle: string; url: string } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.toLowerCase().replace(/^(www\.|m\.|br\.|pt\.)/, "");
  const parts = u.pathname.split("/").filter(Boolean);
  if (source === "instagram") {
    if (host !== "instagram.com") return null;
    const handle = parts[0]?.toLowerCase();
    if (!handle || parts.length > 1 || INSTAGRAM_RESERVED.has(handle) || !/^[a-z0-9._]{1,30}$/.test(handle)) return null;
    return { handle, url: `https://www.instagram.com/${handle}/` };
  }
  if (host !== "linkedin.com") return null;
  const [kind, slug] = parts;
  if ((kind !== "company" && kind !== "in") || !slug || !/^[\w%-]{2,100}$/.test(slug)) return null;
  const clean = decodeURIComponent(slug).toLowerCase();
  return { handle: clean, url: `https://www.linkedin.com/${kind}/${encodeURIComponent(clean)}/` };
}

const PHONE_RE = /(?:\+?55[\s.-]?)?\(?\b[1-9]{2}\)?[\s.-]?(?:9[\s.]?)?\d{4}[\s.-]?\d{4}\b/;
const EMAIL_RE = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const SITE_RE = /\b((?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com\.br|com|net\.br|net|br|store|shop|site|online)(?:\/[^\s,;)"]*)?)/i;
const SOCIAL_HOSTS = /(instagram|linkedin|facebook|wa\.me|whatsapp|linktr\.ee|tiktok|youtube|twitter|x\.com)/i;

/** The name before the handle or the site's suffix: "Pet Amigo (@petamigo) • Instagram photos…" → "Pet Amigo". */
export function nameFromTitle(source: SocialSource, title: string, handle: string): string {
  let t = title.replace(/\s+/g, " ").trim();
  if (source === "instagram") {
    t = t.split(/\s[•|·]\s|\s-\s*Instagram|Instagram photos|fotos e vídeos do Instagram/i)[0] ?? t;
    t = t.replace(/\(@[\w.]+\)/, "").replace(/@[\w.]+/, "");
  } else {
    t = t.split(/\s\|\s*LinkedIn|\s-\s*LinkedIn|\s[|·]\s/i)[0] ?? t;
  }
  t = t.replace(/\s+/g, " ").trim();
  return t.length >= 2 ? t : handle;
}

/** One result → a lead candidate, or null when it is not a profile page. */
export function parseSocialResult(source: SocialSource, r: WebResult): LeadCandidate | null {
  const profile = profileOf(source, r.url);
  if (!profile) return null;
  const text = `${r.titulo}\n${r.conteudo}`;
  const phone = text.match(PHONE_RE)?.[0] ?? null;
  const email = text.match(EMAIL_RE)?.[0]?.replace(/\.$/, "") ?? null;
  // A site in the bio that is neither the e-mail's domain text nor another social network.
  const withoutEmail = email ? text.replace(email, " ") : text;
  const site = [...withoutEmail.matchAll(new RegExp(SITE_RE, "gi"))].map((m) => m[1] ?? "").find((s) => s && !SOCIAL_HOSTS.test(s)) ?? null;
  return {
    businessName: nameFromTitle(source, r.titulo, profile.handle),
    phone,
    email,
    website: site,
    placeId: `${source}:${profile.handle}`,
    socialProfiles: { [source]: profile.url },
  };
}

/** Every profile among the results, the first of each handle kept. */
export function parseSocialResults(source: SocialSource, results: WebResult[]): LeadCandidate[] {
  const seen = new Set<string>();
  const out: LeadCandidate[] = [];
  for (const r of results) {
    const c = parseSocialResult(source, r);
    if (!c?.placeId || seen.has(c.placeId)) continue;
    seen.add(c.placeId);
    out.push(c);
  }
  return out;
}
