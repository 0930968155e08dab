/** The streamed reply filter: however the model splits its text, deltas never carry an avoided word and concatenate to the final reply. */
import { describe, expect, test } from "bun:test";
import { createReplyFilter, removeAvoidedWords, stripEmojis } from "../src/runtime/postprocess";

const finalReply = (text: string, avoided: string[], useEmojis: boolean) => {
  const r = removeAvoidedWords(text, avoided);
  return useEmojis ? r : stripEmojis(r);
};

/** Deterministic pseudo-random splits (mulberry32). */
function splits(text: string, seed: number): string[] {
  let t = seed;
  const rand = () => {
    t = (t + 0x6d2b79f5) | 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const n = 1 + Math.floor(rand() * 7);
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

const TEXTS = [
  "O pão é Barato, mais BARATO que o concorrente; o bolo não é muito caro. Barato!",
  "Muito caro? Não! É muito   caro só no sábado 😀 e o concorrente fecha cedo.",
  "Olá 👋 tudo bem? Temos pão francês, baguete e sonho 🍩 hoje.\n\nAté logo!",
  "barato",
  "concorrente muito caro barato",
];

describe("[reply-filter] streaming equals the final reply", () => {
  for (const useEmojis of [true, false]) {
    test(`random splits, useEmojis=${useEmojis}`, () => {
      const avoided = ["barato", "concorrente", "muito caro"];
      for (const text of TEXTS) {
        const expected = finalReply(text, avoided, useEmojis);
        for (let seed = 1; seed <= 40; seed++) {
          const f = createReplyFilter(avoided, useEmojis);
          const deltas = splits(text, seed).map((d) => f.push(d));
          deltas.push(f.flush());
          const joined = deltas.join("");
          expect(joined).toBe(expected);
          for (const d of deltas) expect(d.toLowerCase()).not.toMatch(/barato|concorrente/);
          expect(joined.toLowerCase()).not.toMatch(/barato|concorrente|muito\s+caro/);
        }
      }
    });
  }
});
