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

// Long replies are cut behind what was released and only the rest is cleaned again (linear time):
// these texts put avoided words, phrases, runs of spaces, emojis and punctuation right at the
// places where such cuts fall, and check the stream still joins to exactly the final reply.
const EDGE_TEXTS = [
  "Temos pão-de-queijo quentinho e o PÃO-DE-QUEIJO   mineiro. Promoção: promocao , barato!",
  "ok muito\n\ncaro ok muito\tcaro. Legal😀 ok 😀 ok, muito caro, muito caro; fim",
  "Produto barato\n  barato  ,barato. Garantia de 1 ano 👍🏽 e frete grátis 🚚 para todo o Brasil.",
  "xbarato baratox barato-x x-barato concorrentes concorrente. 123 barato 456",
];
const LONG = Array.from({ length: 12 }, (_, i) => `${TEXTS[i % TEXTS.length]} ${EDGE_TEXTS[i % EDGE_TEXTS.length]}`).join("  \n");
/** An avoided item still there as a whole word (the rule removeAvoidedWords applies). */
const wholeWord = (item: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${item.replace(/ /g, "\\s+")}(?=$|[^\\p{L}\\p{N}])`, "iu");

describe("[reply-filter] long replies and the places the stream is cut", () => {
  for (const useEmojis of [true, false]) {
    test(`edge texts and a ${LONG.length}-character reply, useEmojis=${useEmojis}`, () => {
      const avoided = ["barato", "concorrente", "muito caro", "pão-de-queijo", "promoção"];
      for (const text of [...EDGE_TEXTS, LONG]) {
        const expected = finalReply(text, avoided, useEmojis);
        for (let seed = 1; seed <= 25; seed++) {
          const f = createReplyFilter(avoided, useEmojis);
          const deltas = splits(text, seed).map((d) => f.push(d));
          deltas.push(f.flush());
          expect(deltas.join("")).toBe(expected);
          for (const item of ["barato", "concorrente", "muito caro", "pão-de-queijo", "promoção", "promocao"]) expect(deltas.join("")).not.toMatch(wholeWord(item));
        }
      }
    });
  }

  test("characters whose accent-free form has another length (が, a stray combining mark, İ) cut the same spans", () => {
    const cases: [string, string[], string][] = [
      ["が foo bar", ["foo"], "が bar"],
      ["x\u0301 y foo bar", ["foo"], "x\u0301 y bar"],
      ["İstanbul é BARATO, não? Barató", ["barato"], "İstanbul é, não?"],
    ];
    for (const [text, avoided, expected] of cases) {
      expect(finalReply(text, avoided, true)).toBe(expected);
      for (let seed = 1; seed <= 25; seed++) {
        const f = createReplyFilter(avoided, true);
        const deltas = splits(text, seed).map((d) => f.push(d));
        deltas.push(f.flush());
        expect(deltas.join("")).toBe(expected);
      }
    }
  });

  test("with nothing to remove, a long reply streams back unchanged, as it arrives", () => {
    const text = "Nosso horário é de segunda a sexta, das 9h às 18h. ".repeat(80).trim();
    const f = createReplyFilter([], true);
    let sent = "";
    for (let i = 0; i < text.length; i += 5) {
      sent += f.push(text.slice(i, i + 5));
      // Only the word still being written (and the space before it) is held back.
      expect(Math.min(text.length, i + 5) - sent.length).toBeLessThanOrEqual(12);
    }
    expect(sent + f.flush()).toBe(text);
  });
});
