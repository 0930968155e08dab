import { parseBrlToCents } from "../../../../../src/schemas/crm/money";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
/** Centavos → "R$ 1.234,56". */
export const formatCents = (cents: number) => brl.format(cents / 100);
/** Centavos → "1234,56", how the price box shows it for editing. */
export const centsToInput = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
/** What the admin typed → centavos; NaN when it is not money (the schema then reports it). */
export const inputToCents = (raw: string) => parseBrlToCents(raw) ?? Number.NaN;
