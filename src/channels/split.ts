import type { OutboundPart } from "./types";

/** A part this long or shorter reads like one chat message; longer paragraphs become their own part. */
const SOFT_TARGET = 350;

const IMAGE_MARKDOWN = /!\[([^\]]*)\]\((https?:\/\/[^\s)]+)\)/g;

/** How a channel counts a message's length: characters by default; Instagram counts UTF-8 bytes. */
export type Measure = (text: string) => number;
const chars: Measure = (t) => t.length;
const encoder = new TextEncoder();
export const utf8Bytes: Measure = (t) => encoder.encode(t).byteLength;

/** Longest prefix (in UTF-16 units, never ending inside a surrogate pair) whose measure fits `limit`. */
function fittingPrefix(text: string, limit: number, measure: Measure): number {
  let lo = 0;
  let hi = text.length;
  // Both measures grow with the prefix, so a binary search finds the cut.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(text.slice(0, mid)) <= limit) lo = mid;
    else hi = mid - 1;
  }
  const code = text.charCodeAt(lo - 1);
  if (lo > 0 && code >= 0xd800 && code <= 0xdbff) lo--;
  // A limit below one character would loop forever: one code point goes alone.
  return lo > 0 ? lo : (text.codePointAt(0) ?? 0) > 0xffff ? 2 : 1;
}

/** Cuts one text to pieces of at most `limit` (by `measure`): at sentence ends, then spaces, then hard. */
export function hardWrap(text: string, limit: number, measure: Measure = chars): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (measure(rest) > limit) {
    const size = fittingPrefix(rest, limit, measure);
    const window = rest.slice(0, size);
    const cut = Math.max(window.lastIndexOf(". "), window.lastIndexOf("! "), window.lastIndexOf("? "), window.lastIndexOf("\n"));
    const space = window.lastIndexOf(" ");
    const at = cut > size * 0.5 ? cut + 1 : space > size * 0.5 ? space : size;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * A reply as the messages a person would send: images written as markdown become media parts (in
 * place), and with `natural` the text is split at paragraphs, short ones kept together. Every part
 * fits the channel's limit whatever the setting, counted with the channel's `measure` (characters
 * unless given: Instagram passes UTF-8 bytes).
 */
export function splitReply(reply: string, opts: { limit: number; natural: boolean; measure?: Measure }): OutboundPart[] {
  const parts: OutboundPart[] = [];
  const wrap = (text: string) => hardWrap(text, opts.limit, opts.measure);
  const pushText = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    if (!opts.natural) {
      for (const piece of wrap(trimmed)) parts.push({ text: piece });
      return;
    }
    let current = "";
    for (const paragraph of trimmed.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) {
      if (current && current.length + paragraph.length + 2 > SOFT_TARGET) {
        parts.push(...wrap(current).map((t) => ({ text: t })));
        current = "";
      }
      current = current ? `${current}\n\n${paragraph}` : paragraph;
    }
    if (current) parts.push(...wrap(current).map((t) => ({ text: t })));
  };
  let last = 0;
  for (const m of reply.matchAll(IMAGE_MARKDOWN)) {
    pushText(reply.slice(last, m.index));
    parts.push({ text: m[1]?.trim() ?? "", media: { kind: "image", url: m[2] ?? "", caption: m[1]?.trim() || null } });
    last = (m.index ?? 0) + m[0].length;
  }
  pushText(reply.slice(last));
  return parts.length ? parts : [{ text: reply.trim() || "…" }];
}
