import { describe, expect, test } from "bun:test";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { readImportRow } from "../src/schemas/crm/import-rows";
import { decodeCsvBytes, exportContactsSearch, guessImportField, parseExportQuery } from "../src/schemas/crm/imports";
import { normalizePhone } from "../src/schemas/crm/normalize";

/** The pure pieces of the import: row reading, header guesses, file decoding, and the phone fast path. */

/** normalizePhone as it was before the fast path: libphonenumber for every input. */
function viaParser(raw: string): string | null {
  const digits = raw.replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15) return null;
  const candidate = raw.trim().startsWith("+") || (digits.startsWith("55") && digits.length >= 12) ? `+${digits}` : digits;
  const parsed = parsePhoneNumberFromString(candidate, "BR");
  return parsed?.isPossible() ? parsed.number : null;
}

describe("normalizePhone's Brazilian fast path", () => {
  test("gives exactly what libphonenumber gives, for every shape people type", () => {
    let seed = 7;
    const digit = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return String(seed % 10);
    };
    const mismatches: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      const len = 8 + (n % 8);
      let d = Array.from({ length: len }, digit).join("");
      if (n % 5 === 0) d = `55${d.slice(2)}`;
      for (const raw of [d, `+${d}`, `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`, ` ${d.slice(0, 4)}.${d.slice(4)} `, `0${d}`]) {
        if (normalizePhone(raw) !== viaParser(raw)) mismatches.push(raw);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });
});

describe("reading a row", () => {
  const mapping = { "0": "name", "1": "status", "2": "birthDate", "3": "website", "4": "tags", "5": "custom:Plano" } as const;
  test("people's spellings become the stored forms", () => {
    expect(readImportRow(["  Ana   Souza ", "Cliente", "5/3/1990", "loja.com.br", "vip; atacado | vip", "Ouro"], mapping)).toEqual({
      ok: true,
      values: { name: "Ana Souza", status: "customer", birthDate: "1990-03-05", website: "https://loja.com.br", tags: ["vip", "atacado"], customFields: { Plano: "Ouro" } },
    });
  });
  test("each refusal names what is wrong in pt-BR", () => {
    expect(readImportRow(["Ana", "Comprador", "", "", "", ""], mapping)).toEqual({ ok: false, message: "Status inválido" });
    expect(readImportRow(["Ana", "", "", "notaurl:::", "", ""], mapping)).toEqual({ ok: false, message: "Site: URL inválida" });
    expect(readImportRow(["Ana", "", "", "", "", "x".repeat(1001)], mapping)).toEqual({ ok: false, message: 'Campo personalizado "Plano" deve ter no máximo 1000 caracteres' });
    expect(readImportRow(["Ana", "", "", "", Array.from({ length: 31 }, (_, i) => `t${i}`).join(","), ""], mapping)).toEqual({ ok: false, message: "No máximo 30 etiquetas" });
  });
  test("empty cells say nothing (an update never blanks a field)", () => {
    expect(readImportRow(["", "", "", "", "", ""], mapping)).toEqual({ ok: true, values: {} });
  });
});

describe("files and headers", () => {
  test("headers are guessed whatever their accents and case", () => {
    expect(["E-mail", "WhatsApp", "Telefone celular", "Razão social", "Observações", "UF", "Data de nascimento", "Etiquetas", "Qualquer"].map(guessImportField)).toEqual([
      "email",
      "phone",
      "phone",
      "companyName",
      "notes",
      "state",
      "birthDate",
      "tags",
      null,
    ]);
  });
  test("Excel's Windows-1252 and UTF-8 with BOM both read as text; a binary file does not", () => {
    expect(decodeCsvBytes(new Uint8Array([0x4e, 0x6f, 0x6d, 0x65, 0x3b, 0x43, 0x6f, 0x6e, 0x63, 0x65, 0x69, 0xe7, 0xe3, 0x6f]))).toBe("Nome;Conceição");
    expect(decodeCsvBytes(new TextEncoder().encode("\uFEFFNome;São Paulo"))).toBe("Nome;São Paulo");
    expect(decodeCsvBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeNull();
  });
  test("the export link's query string reads back as the same filter, without sort or page", () => {
    const filter = { search: "ana", status: "customer" as const, tags: ["vip", "atacado"], validWhatsApp: false };
    const qs = exportContactsSearch({ ...filter, ...{ sort: "name", limit: 50 } });
    expect(qs).toBe("?search=ana&status=customer&tags=vip%2Catacado&validWhatsApp=false");
    expect(parseExportQuery(Object.fromEntries(new URLSearchParams(qs)))).toEqual(filter);
  });
});
