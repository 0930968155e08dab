import { isAllowedByRobots, safeFetch } from "../lib/safe-fetch";
import type { ExtractRequest } from "./extract-child";
import { ExtractionError, LimitError } from "./extract-errors";
import { type IsolatedOptions, extractIsolated } from "./extract-isolated";
import { extractHtml, parseSitemap } from "./extract";
import { type TrainingLimits, limitMessages } from "./limits";
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
  const { title, text, links } = await extractHtml(res.text(), res.url);
  return { url: res.url, title, text, links };
}

/**
 * The site's page plus the chosen subpages; one failing subpage does not fail the whole source.
 * The pages' text together is bounded by the per-source character cap.
 */
export async function websiteParts(
  url: string,
  subpages: string[],
  onPage?: (done: number, total: number) => void,
  limits?: TrainingLimits,
): Promise<SourcePart[]> {
  const pages = [url, ...subpages.filter((p) => p !== url)].slice(0, MAX_PAGES);
  const parts: SourcePart[] = [];
  let firstError: unknown = null;
  let chars = 0;
  for (const [i, page] of pages.entries()) {
    try {
      const { title, text } = await fetchPage(page);
      if (text.trim()) {
        const part = { source: page, text: title ? `# ${title}\n${text}` : text };
        parts.push(part);
        chars += part.text.length;
      }
    } catch (err) {
      if (i === 0) firstError = err;
    }
    if (limits && chars > limits.maxChars) throw new LimitError(limitMessages.chars(limits));
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

/** An uploaded document, read in the bounded extraction subprocess. */
export async function documentParts(req: ExtractRequest, opts: IsolatedOptions): Promise<SourcePart[]> {
  return [{ source: req.fileName, text: await extractIsolated(req, opts) }];
}

export async function videoParts(title: string, url: string, transcript: string | null): Promise<{ parts: SourcePart[]; transcript: string }> {
  const text = transcript?.trim() ? transcript : await fetchVideoTranscript(url);
  return { parts: [{ source: url, text: `# ${title}\n${text}` }], transcript: text };
}
