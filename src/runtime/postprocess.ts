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
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])(${escapeRegExp(target).replace(/\s+/g, "\\s+")})(?=$|[^\\p{L}\\p{N}])`, "gu");
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

/** Where the text that may still grow into an avoided item starts: the last `k` words (the last may be partial). */
function holdBackStart(s: string, k: number) {
  let i = s.length;
  for (let n = 0; n < k; n++) {
    while (i > 0 && !/\s/.test(s[i - 1] ?? "")) i--;
    if (n < k - 1) while (i > 0 && /\s/.test(s[i - 1] ?? "")) i--;
  }
  return i;
}

/**
 * The same rules applied to a stream. Text is released only once the words after it are known, so
 * an avoided word (or phrase of k words) split across deltas is judged whole; the released prefix
 * is cleaned exactly as the final reply is, so the deltas concatenate to the final reply.
 * `flush` releases the tail at the end.
 */
export function createReplyFilter(avoided: string[], useEmojis: boolean) {
  const phraseWords = Math.max(1, ...avoided.map((w) => w.trim().split(/\s+/).filter(Boolean).length));
  const clean = (s: string) => {
    const noWords = removeAvoidedWords(s, avoided);
    return useEmojis ? noWords : stripEmojis(noWords);
  };
  let raw = "";
  let released = 0;
  let emitted = "";
  /** Releases raw[0, upTo) once cleaning it agrees with cleaning everything known so far (raw[0, knownEnd)). */
  const emit = (upTo: number, knownEnd: number) => {
    if (upTo <= released) return "";
    const cleaned = clean(raw.slice(0, upTo));
    // An avoided phrase that starts before upTo and ends after it: wait until it is released whole.
    if (knownEnd > upTo && !clean(raw.slice(0, knownEnd)).startsWith(cleaned)) return "";
    // Tidying can only reach back over whitespace; if it rewrote what was already sent, wait for more.
    if (!cleaned.startsWith(emitted)) return "";
    released = upTo;
    const out = cleaned.slice(emitted.length);
    emitted = cleaned;
    return out;
  };
  return {
    push(delta: string): string {
      raw += delta;
      return emit(holdBackStart(raw, phraseWords), holdBackStart(raw, 1));
    },
    flush(): string {
      return emit(raw.length, raw.length);
    },
  };
}
