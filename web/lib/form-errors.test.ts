import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { createAgentInput } from "../../src/schemas/agents";
import { fieldErrors } from "./form-errors";

describe("fieldErrors", () => {
  test("keeps the contract's pt-BR messages by field", () => {
    const r = createAgentInput.safeParse({ name: " a ", activity: "", avatarUrl: "ftp://x" });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(fieldErrors(r.error)).toEqual({
      name: "Nome deve ter pelo menos 2 caracteres",
      activity: "Atividade deve ter pelo menos 2 caracteres",
      avatarUrl: "URL inválida",
    });
  });

  test("nested paths are dotted and zod's English defaults become pt-BR", () => {
    const r = z.object({ a: z.array(z.object({ n: z.number() })) }).safeParse({ a: [{ n: Number.NaN }] });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(fieldErrors(r.error)).toEqual({ "a.0.n": "Valor inválido" });
  });
});
