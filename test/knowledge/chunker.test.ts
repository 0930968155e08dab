import { describe, expect, test } from "bun:test";
import { chunkText, sentences } from "../../src/knowledge/chunker";

const longParagraph = (n: number) =>
  Array.from({ length: n }, (_, i) => `A frase número ${i + 1} explica como funciona a entrega no bairro ${i + 1}.`).join(" ");

describe("chunkText", () => {
  test("short text: one chunk, trimmed", () => {
    expect(chunkText("  Abrimos às 8h.  ")).toEqual(["Abrimos às 8h."]);
  });

  test("drops empty and whitespace-only input", () => {
    expect(chunkText("")).toEqual([]);
    expect(chunkText(" \n\n\t \n")).toEqual([]);
    expect(chunkText("# Só um título\n\n")).toEqual([]);
  });

  test("markdown and capitalised headings start sections and prefix their chunks", () => {
    const chunks = chunkText("# Horários\n\nAbrimos às 8h.\n\nFORMAS DE PAGAMENTO\n\nAceitamos Pix e cartão.\n\n## Entrega\nEntregamos em 40 minutos.");
    expect(chunks).toEqual(["Horários\nAbrimos às 8h.", "FORMAS DE PAGAMENTO\nAceitamos Pix e cartão.", "Entrega\nEntregamos em 40 minutos."]);
  });

  test("chunks stay within maxChars and never cut a word", () => {
    const text = `# Entregas\n\n${longParagraph(40)}\n\n${longParagraph(15)}`;
    const words = new Set(text.split(/\s+/));
    const chunks = chunkText(text, { maxChars: 300, overlapChars: 80 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(300);
      expect(c.startsWith("Entregas\n")).toBe(true);
      for (const w of c.slice("Entregas\n".length).split(/\s+/)) expect(words.has(w)).toBe(true);
    }
  });

  test("cuts at sentence ends and overlaps whole sentences", () => {
    const chunks = chunkText(longParagraph(20), { maxChars: 400, overlapChars: 120 });
    for (const c of chunks) {
      expect(c.startsWith("A frase número")).toBe(true);
      expect(c.endsWith(".")).toBe(true);
    }
    const last = (c: string) => c.split(". ").pop() ?? "";
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]?.includes(last(chunks[i - 1] ?? ""))).toBe(true);
  });

  test("no overlap when overlapChars is 0, and every sentence is kept", () => {
    const text = longParagraph(30);
    const chunks = chunkText(text, { maxChars: 500, overlapChars: 0 });
    expect(chunks.join(" ")).toBe(text);
  });

  test("a sentence longer than the budget is cut between words; a giant word stays whole", () => {
    const sentence = Array.from({ length: 120 }, (_, i) => `palavra${i}`).join(" ");
    const chunks = chunkText(sentence, { maxChars: 200, overlapChars: 0 });
    expect(chunks.every((c) => c.length <= 200)).toBe(true);
    expect(chunks.join(" ")).toBe(sentence);
    const giant = "x".repeat(500);
    expect(chunkText(`Início. ${giant} fim.`, { maxChars: 100, overlapChars: 0 })).toContain(giant);
  });
});

describe("sentences (pt-BR punctuation)", () => {
  test("splits on . ! ? … but not after abbreviations or inside numbers", () => {
    expect(sentences("Olá! A Dra. Ana atende na Av. Brasil, 1.200. Custa R$ 1.500,00? Sim… Até logo.")).toEqual([
      "Olá!",
      "A Dra. Ana atende na Av. Brasil, 1.200.",
      "Custa R$ 1.500,00?",
      "Sim…",
      "Até logo.",
    ]);
  });

  test("no split before a lowercase word (etc. e tal)", () => {
    expect(sentences("Pães, bolos etc. e tortas. Fim.")).toEqual(["Pães, bolos etc. e tortas.", "Fim."]);
  });
});
