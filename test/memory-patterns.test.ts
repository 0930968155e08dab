/** The offline pt-BR memory patterns (issue 18): durable facts in the third person, nothing from questions or one-off requests. */
import { describe, expect, test } from "bun:test";
import { extractFactsOffline, foldFact } from "../src/services/memory/patterns";
import { recallText } from "../src/services/memory/recall";

const facts = (text: string) => extractFactsOffline(text).map((f) => f.fact);

describe("extractFactsOffline", () => {
  test.each([
    ["tenho dois cachorros", ["tem dois cachorros"]],
    ["prefiro entrega à tarde", ["prefere entrega à tarde"]],
    ["Sou alérgico a camarão", ["é alérgico a camarão"]],
    ["sou alérgica ao leite", ["é alérgica ao leite"]],
    ["Eu moro em Campinas", ["mora em Campinas"]],
    ["meu aniversário é 12 de março", ["faz aniversário em 12 de março"]],
    ["meu aniversário é dia 3 de junho", ["faz aniversário dia 3 de junho"]],
    ["trabalho com marketing digital", ["trabalha com marketing digital"]],
    ["Não gosto de coentro", ["não gosta de coentro"]],
    ["sou vegetariano", ["é vegetariano"]],
    ["Oi! Tenho dois cachorros e prefiro entrega à tarde.", ["tem dois cachorros", "prefere entrega à tarde"]],
    ["Bom dia, eu moro em Recife, trabalho como enfermeira", ["mora em Recife", "trabalha como enfermeira"]],
  ])("%p → %p", (text, expected) => {
    expect(facts(text)).toEqual(expected);
  });

  test.each(["tenho uma dúvida sobre o frete", "Prefiro entrega à tarde?", "Vocês entregam em Campinas?", "Quero um bolo para amanhã", "tenho que sair agora", ""])("nothing from %p", (text) => {
    expect(facts(text)).toEqual([]);
  });

  test("categories and the offline confidence", () => {
    expect(extractFactsOffline("sou alérgico a amendoim e moro no Centro")).toEqual([
      { fact: "é alérgico a amendoim", category: "saude", confidence: 0.7 },
      { fact: "mora no Centro", category: "localizacao", confidence: 0.7 },
    ]);
  });

  test("the same fact twice in one message is kept once", () => {
    expect(facts("Tenho dois cachorros. TENHO DOIS CACHORROS!")).toEqual(["tem dois cachorros"]);
  });
});

describe("foldFact and recallText", () => {
  test("folding ignores case, accents, punctuation and spaces", () => {
    expect(foldFact("  Prefere   entrega à TARDE! ")).toBe("prefere entrega a tarde");
    expect(foldFact("É alérgico a camarão.")).toBe(foldFact("e alergico a camarao"));
  });

  test("recall text: facts within the cap, then the last summary with channel and São Paulo date", () => {
    const text = recallText(["tem dois cachorros", "prefere entrega à tarde"], { summary: "Pediu o frete.", createdAt: Date.UTC(2026, 2, 1, 1, 0), channel: "telegram" });
    expect(text).toBe("O que já sabemos deste cliente: tem dois cachorros; prefere entrega à tarde.\nResumo do último atendimento (Telegram, 28/02/2026): Pediu o frete.");
    const many = recallText(Array.from({ length: 40 }, (_, i) => `fato número ${i} ${"x".repeat(60)}`), null) ?? "";
    expect(many.length).toBeLessThanOrEqual(1600);
    expect(recallText([], null)).toBeNull();
  });
});
