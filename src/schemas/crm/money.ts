/**
 * BRL amounts typed by a person → integer centavos. pt-BR: dots group thousands and the comma is
 * the decimal separator; a lone dot followed by 1–2 digits ("10.5") is read as decimal too.
 * "1.500,50", "1500.5", "R$ 10" → centavos; "" → 0; null when it is not an amount of money.
 */
export function parseBrlToCents(raw: string): number | null {
  const s = raw.replace(/R\$|\s/g, "");
  if (!s) return 0;
  const normalised = s.includes(",") ? s.replace(/\./g, "").replace(",", ".") : /^\d+\.\d{1,2}$/.test(s) ? s : s.replace(/\./g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}
