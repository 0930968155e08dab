import { isAllowedByRobots, safeFetch } from "../lib/safe-fetch";
import { ExtractionError, extractDocument, extractHtml, parseSitemap } from "./extract";
import { fetchVideoTranscript } from "./video";

/**
 * Text of one training source, split into the parts that get cited separately (a website's pages
 * each cite their own URL). Network access goes through safe-fetch only.
 */
export type SourcePart = { source: string; text: string };

const HTML_TYPES = ["text/html", "application/xhtml+xml"];
export const CRAWLER_AGENT = "AtendaBot";
const MAX_PAGES = 50;

export async function fetchPage(url: string): Promise<{ url: string; title: string; text: string; links: string[] }> {
  if (!(await isAllowedByRobots(url, CRAWLER_AGENT))) {
    throw new ExtractionError(`O arquivo robots.txt do site não permite ler ${url}.`);
  }
  const res = await safeFetch(url, { allowedContentTypes: [...HTML_TYPES, "text/plain"], maxBytes: 5 * 1024 * 1024, userAgent: CRAWLER_AGENT });
  const { title, text, links } = extractHtml(res.text(), res.url);
  return { url: res.url, title, text, links };
}

/** The site's page plus the chosen subpages; one failing subpage does not fail the whole source. */
export async function websiteParts(url: string, subpages: string[], onPage?: (done: number, total: number) => void): Promise<SourcePart[]> {
  const pages = [url, ...subpages.filter((p) => p !== url)].slice(0, MAX_PAGES);
  const parts: SourcePart[] = [];
  let firstError: unknown = null;
  for (const [i, page] of pages.entries()) {
    try {
      const { title, text } = await fetchPage(page);
      if (text.trim()) parts.push({ source: page, text: title ? `# ${title}\n${text}` : text });
    } catch (err) {
      if (i === 0) firstError = err;
    }
    onPage?.(i + 1, pages.length);
  }
  if (parts.length === 0) throw firstError ?? new ExtractionError("Nenhum texto encontrado no site.");
  return parts;
}

/**
 * Subpages an owner can tick: the sitemap's URLs (sitemap.xml, one level of sitemap index) or, when
 * there is none, the same-origin links of the page.
 */
export async function discoverSubpages(url: string): Promise<string[]> {
  const origin = new URL(url).origin;
  const sameOrigin = (u: string) => {
    try {
      return new URL(u).origin === origin;
    } catch {
      return false;
    }
  };
  const found = new Set<string>();
  try {
    const sm = await safeFetch(`${origin}/sitemap.xml`, { maxBytes: 2 * 1024 * 1024, userAgent: CRAWLER_AGENT });
    if (sm.status < 400) {
      for (const loc of parseSitemap(sm.text())) {
        if (loc.endsWith(".xml") && sameOrigin(loc)) {
          const child = await safeFetch(loc, { maxBytes: 2 * 1024 * 1024, userAgent: CRAWLER_AGENT }).catch(() => null);
          for (const l of child && child.status < 400 ? parseSitemap(child.text()) : []) if (sameOrigin(l)) found.add(l);
        } else if (sameOrigin(loc)) found.add(loc);
      }
    }
  } catch {
    // no sitemap: fall back to links
  }
  if (found.size === 0) {
    const page = await fetchPage(url);
    for (const link of page.links) if (sameOrigin(link)) found.add(link);
  }
  found.delete(url);
  return [...found].filter((u) => !/\.(png|jpe?g|gif|svg|webp|css|js|ico|zip|mp4)(\?|$)/i.test(u)).slice(0, 500);
}

export async function documentParts(fileName: string, bytes: Uint8Array): Promise<SourcePart[]> {
  return [{ source: fileName, text: await extractDocument(fileName, bytes) }];
}

export async function videoParts(title: string, url: string, transcript: string | null): Promise<{ parts: SourcePart[]; transcript: string }> {
  const text = transcript?.trim() ? transcript : await fetchVideoTranscript(url);
  return { parts: [{ source: url, text: `# ${title}\n${text}` }], transcript: text };
}
