/**
 * A reply never carries an avoided word: each occurrence (case- and accent-insensitive, whole word)
 * is removed and the spacing tidied. Emojis are stripped when the agent must not use them.
 */
const stripAccents = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function removeAvoidedWords(text: string, avoided: string[], opts: { trim?: boolean } = {}): string {
  let out = text.normalize("NFC");
  for (const word of avoided.map((w) => w.trim()).filter(Boolean)) {
    const target = stripAccents(word.toLowerCase());
    // Walk the accent-stripped copy to find spans, then cut the same spans from the original.
    const folded = stripAccents(out.toLowerCase());
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])(${escapeRegExp(target)})(?=$|[^\\p{L}\\p{N}])`, "gu");
    const spans: [number, number][] = [];
    for (const m of folded.matchAll(re)) {
      const start = (m.index ?? 0) + (m[1]?.length ?? 0);
      spans.push([start, start + (m[2]?.length ?? 0)]);
    }
    for (const [s, e] of spans.reverse()) out = out.slice(0, s) + out.slice(e);
  }
  const tidy = out.replace(/[ \t]{2,}/g, " ").replace(/ +([,.!?;:])/g, "$1");
  // A removed leading word can leave "…: resto"; drop the orphaned punctuation at the start.
  return opts.trim === false ? tidy : tidy.trim().replace(/^[,.;:!?\-–]+\s*/, "");
}

const EMOJI = /(\p{Extended_Pictographic}|\p{Emoji_Presentation})(\uFE0F|\u200D(\p{Extended_Pictographic}|\p{Emoji_Presentation}))*/gu;

export const stripEmojis = (text: string) => text.replace(EMOJI, "").replace(/[ \t]{2,}/g, " ").trim();

/**
 * The same rules applied to a stream: text is released only up to the last whitespace, so a word
 * split across two deltas is judged whole. `flush` releases the tail at the end.
 */
export function createReplyFilter(avoided: string[], useEmojis: boolean) {
  let pending = "";
  const clean = (s: string) => {
    const noWords = avoided.length ? removeAvoidedWords(s, avoided, { trim: false }) : s;
    return useEmojis ? noWords : noWords.replace(EMOJI, "");
  };
  return {
    push(delta: string): string {
      pending += delta;
      const cut = Math.max(pending.lastIndexOf(" "), pending.lastIndexOf("\n"));
      if (cut < 0) return "";
      const ready = pending.slice(0, cut + 1);
      pending = pending.slice(cut + 1);
      return clean(ready);
    },
    flush(): string {
      const rest = clean(pending);
      pending = "";
      return rest;
    },
  };
}
