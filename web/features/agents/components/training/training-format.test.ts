import { describe, expect, test } from "bun:test";
import { cacheHitsLabel, checkDocumentFile, chunkLabel, formatBrl, formatBytes, frequencyLabel, isBusy } from "./training-format";

const MB = 1024 * 1024;

describe("training-format", () => {
  test("document pre-check: type, cap, empty and name, with the server's words", () => {
    expect(checkDocumentFile({ name: "catalogo.pdf", size: 3 * MB })).toBeNull();
    expect(checkDocumentFile({ name: "NOTAS.MD", size: 10 })).toBeNull();
    expect(checkDocumentFile({ name: "planilha.xlsx", size: 10 })).toBe("Formato não suportado. Envie PDF, DOCX, TXT, Markdown ou CSV.");
    expect(checkDocumentFile({ name: "sem-extensao", size: 10 })).toBe("Formato não suportado. Envie PDF, DOCX, TXT, Markdown ou CSV.");
    expect(checkDocumentFile({ name: "grande.pdf", size: 20 * MB + 1 })).toBe("O arquivo excede o tamanho máximo de 20 MB.");
    expect(checkDocumentFile({ name: "limite.pdf", size: 20 * MB })).toBeNull();
    expect(checkDocumentFile({ name: "vazio.txt", size: 0 })).toBe("O arquivo está vazio.");
    expect(checkDocumentFile({ name: " ", size: 10 })).toBe("Nome do arquivo é obrigatório");
  });

  test("sizes, money and counts in pt-BR", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(1.5 * MB)).toBe("1,5 MB");
    expect(formatBrl(1234.5)).toBe("R$ 1.234,50");
    expect(formatBrl(0)).toBe("R$ 0,00");
    expect(chunkLabel(1)).toBe("1 trecho");
    expect(chunkLabel(12)).toBe("12 trechos");
    expect(cacheHitsLabel(1)).toBe("1 resposta servida do cache");
    expect(cacheHitsLabel(1200)).toBe("1.200 respostas servidas do cache");
    expect(frequencyLabel("weekly")).toBe("Semanalmente");
  });

  test("a source is busy while pending or processing", () => {
    expect(isBusy({ status: "pending" })).toBe(true);
    expect(isBusy({ status: "processing" })).toBe(true);
    expect(isBusy({ status: "ready" })).toBe(false);
    expect(isBusy({ status: "failed" })).toBe(false);
  });
});
