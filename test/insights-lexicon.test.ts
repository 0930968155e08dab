import { describe, expect, test } from "bun:test";
import { foldText, scoreSentiment } from "../src/services/insights/lexicon";

describe("pt-BR sentiment lexicon", () => {
  test("folds accents and punctuation", () => {
    expect(foldText("Não GOSTEI!!  Péssimo.")).toBe("nao gostei pessimo");
  });

  test("positive messages", () => {
    const r = scoreSentiment("Adorei o atendimento, muito obrigado! 😍");
    expect(r.sentiment).toBe("positive");
    expect(r.score).toBeGreaterThan(0.5);
    expect(r.emotions).toContain("gratidao");
    expect(r.emotions).toContain("alegria");
  });

  test("negative messages, accent-insensitive", () => {
    const r = scoreSentiment("Pessimo servico, estou muito irritado 😡");
    expect(r.sentiment).toBe("negative");
    expect(r.score).toBeLessThan(-0.5);
    expect(r.emotions).toContain("raiva");
    expect(scoreSentiment("Péssimo serviço").sentiment).toBe("negative");
  });

  test("negation flips a positive word", () => {
    expect(scoreSentiment("gostei").sentiment).toBe("positive");
    const r = scoreSentiment("Não gostei do produto");
    expect(r.sentiment).toBe("negative");
    expect(scoreSentiment("nada bom esse pedido").sentiment).toBe("negative");
    // A negative phrase that already carries the "não" stays negative.
    expect(scoreSentiment("o app não funciona").sentiment).toBe("negative");
  });

  test("intensifiers raise the score", () => {
    expect(scoreSentiment("muito bom").score).toBeGreaterThan(scoreSentiment("bom").score);
    expect(scoreSentiment("super ruim").score).toBeLessThan(scoreSentiment("ruim").score);
  });

  test("urgency words", () => {
    expect(scoreSentiment("Preciso disso URGENTE").urgency).toBe("high");
    expect(scoreSentiment("resolve imediatamente").urgency).toBe("high");
    expect(scoreSentiment("pode ser agora?").urgency).toBe("medium");
    expect(scoreSentiment("qual o horário de funcionamento?").urgency).toBe("low");
  });

  test("neutral questions have low confidence and no satisfaction", () => {
    const r = scoreSentiment("Qual o preço do plano anual?");
    expect(r.sentiment).toBe("neutral");
    expect(r.satisfaction).toBeNull();
    expect(r.confidence).toBeLessThan(0.5);
  });

  test("satisfaction follows explicit statements", () => {
    expect(scoreSentiment("estou satisfeito").satisfaction).toBe(1);
    expect(scoreSentiment("estou insatisfeito").satisfaction).toBe(0);
    expect(scoreSentiment("não estou satisfeito").satisfaction).toBe(0);
  });
});
