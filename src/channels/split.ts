import type { OutboundPart } from "./types";

/** A part this long or shorter reads like one chat message; longer paragraphs become their own part. */
const SOFT_TARGET = 350;

const IMAGE_MARKDOWN = /!\[([^\]]*)\]\((https?:\/\/[^\s)]+)\)/g;

/** Cuts one text to at most `limit` characters per piece: at sentence ends, then spaces, then hard. */
function hardWrap(text: string, limit: number): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const cut = Math.max(window.lastIndexOf(". "), window.lastIndexOf("! "), window.lastIndexOf("? "), window.lastIndexOf("\n"));
    const at = cut > limit * 0.5 ? cut + 1 : window.lastIndexOf(" ") > limit * 0.5 ? window.lastIndexOf(" ") : limit;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * A reply as the messages a person would send: images written as markdown become media parts (in
 * place), and with `natural` the text is split at paragraphs, short ones kept together. Every part
 * fits the channel's limit whatever the setting.
 */
export function splitReply(reply: string, opts: { limit: number; natural: boolean }): OutboundPart[] {
  const parts: OutboundPart[] = [];
  const pushText = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    if (!opts.natural) {
      for (const piece of hardWrap(trimmed, opts.limit)) parts.push({ text: piece });
      return;
    }
    let current = "";
    for (const paragraph of trimmed.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) {
      if (current && current.length + paragraph.length + 2 > SOFT_TARGET) {
        parts.push(...hardWrap(current, opts.limit).map((t) => ({ text: t })));
        current = "";
      }
      current = current ? `${current}\n\n${paragraph}` : paragraph;
    }
    if (current) parts.push(...hardWrap(current, opts.limit).map((t) => ({ text: t })));
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
