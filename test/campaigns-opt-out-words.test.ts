/** The pure opt-out matcher: whole-message words only, case/accents/punctuation-insensitive. */
import { describe, expect, test } from "bun:test";
import { optOutWordOf } from "../src/schemas/campaigns/opt-out";

describe("optOutWordOf", () => {
  test("each word, in any case, with accents or not, trimmed, with punctuation", () => {
    expect(optOutWordOf("SAIR")).toBe("SAIR");
    expect(optOutWordOf("  sair  ")).toBe("SAIR");
    expect(optOutWordOf("Parar!")).toBe("PARAR");
    expect(optOutWordOf("stop.")).toBe("STOP");
    expect(optOutWordOf("Cancelar!!!")).toBe("CANCELAR");
    expect(optOutWordOf("descadastrar")).toBe("DESCADASTRAR");
    expect(optOutWordOf("não quero mais")).toBe("NÃO QUERO MAIS");
    expect(optOutWordOf("NAO QUERO MAIS.")).toBe("NÃO QUERO MAIS");
    expect(optOutWordOf("Não   quero\nmais")).toBe("NÃO QUERO MAIS");
    expect(optOutWordOf("¿sair?")).toBe("SAIR");
  });

  test("a normal message that contains a word is not an opt-out", () => {
    expect(optOutWordOf("vou sair de casa")).toBeNull();
    expect(optOutWordOf("sair de casa")).toBeNull();
    expect(optOutWordOf("como faço para cancelar o pedido?")).toBeNull();
    expect(optOutWordOf("stopped")).toBeNull();
    expect(optOutWordOf("sairá")).toBeNull();
    expect(optOutWordOf("")).toBeNull();
    expect(optOutWordOf(null)).toBeNull();
    expect(optOutWordOf("!!!")).toBeNull();
  });
});
