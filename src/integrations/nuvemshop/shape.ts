/**
 * What the model gets back from the Nuvemshop: products (name, prices, stock, link) and orders
 * reduced to what the customer may hear — status, payment, shipping, tracking, items and total.
 * Names, addresses, CPF/CNPJ, e-mails and phones of the order never leave this module.
 */
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, SHIPPING_STATUS_LABELS } from "../../schemas/nuvemshop";
import { localized } from "../../adapters/nuvemshop/client";

export type NuvemshopVariant = {
  price?: string | number | null;
  promotional_price?: string | number | null;
  stock?: number | null;
  stock_management?: boolean;
  values?: unknown[];
};
export type NuvemshopProduct = { id?: number; name?: unknown; canonical_url?: string; handle?: unknown; published?: boolean; variants?: NuvemshopVariant[] };

export type NuvemshopOrder = {
  id?: number;
  number?: number | string;
  contact_email?: string | null;
  contact_phone?: string | null;
  customer?: { email?: string | null; phone?: string | null } | null;
  products?: { name?: unknown; quantity?: number | string; price?: string | number }[];
  subtotal?: string | number;
  total?: string | number;
  currency?: string;
  status?: string;
  payment_status?: string;
  shipping_status?: string;
  shipping_tracking_number?: string | null;
  shipping_tracking_url?: string | null;
  created_at?: string;
};

const num = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** "R$ 79,90" (or the order's currency). */
export function money(v: unknown, currency = "BRL"): string | null {
  const n = num(v);
  if (n === null) return null;
  try {
    return new Intl.NumberFormat("pt-BR", { style: "currency", currency }).format(n).replace(/\u00a0/g, " ");
  } catch {
    return n.toFixed(2);
  }
}

/** A variant's units: null stock (or no stock management) means unlimited. */
const stockOf = (v: NuvemshopVariant): number | null => (v.stock_management === false || v.stock === null || v.stock === undefined ? null : Math.max(0, Number(v.stock) || 0));

/** A promotional price counts only when it is lower than the regular one. */
function promo(v: NuvemshopVariant): number | null {
  const p = num(v.promotional_price);
  const r = num(v.price);
  return p !== null && p > 0 && (r === null || p < r) ? p : null;
}

export function shapeProduct(p: NuvemshopProduct) {
  const variants = (p.variants ?? []).filter((v) => v && typeof v === "object");
  const stocks = variants.map(stockOf);
  const unlimited = variants.length === 0 || stocks.some((s) => s === null);
  const total = stocks.reduce<number>((sum, s) => sum + (s ?? 0), 0);
  // The cheapest variant's price stands for the product ("a partir de").
  const cheapest = [...variants].sort((a, b) => (promo(a) ?? num(a.price) ?? Infinity) - (promo(b) ?? num(b.price) ?? Infinity))[0];
  const promotional = cheapest ? promo(cheapest) : null;
  return {
    nome: localized(p.name),
    preco: cheapest ? money(cheapest.price) : null,
    preco_promocional: promotional !== null ? money(promotional) : null,
    estoque: unlimited ? "ilimitado" : total,
    disponivel: unlimited || total > 0,
    url: p.canonical_url ?? null,
    ...(variants.length > 1
      ? {
          variacoes: variants.slice(0, 10).map((v) => ({
            opcao: (v.values ?? []).map(localized).filter(Boolean).join(" / ") || null,
            preco: money(v.price),
            preco_promocional: promo(v) !== null ? money(promo(v)) : null,
            estoque: stockOf(v) ?? "ilimitado",
          })),
        }
      : {}),
  };
}

const label = (labels: Record<string, string>, v: string | undefined) => (v ? (labels[v] ?? v) : null);

function dateBr(iso: string | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });
}

/** Only what the customer may hear about their order: no name, address, document, e-mail or phone. */
export function shapeOrder(o: NuvemshopOrder) {
  const currency = o.currency || "BRL";
  return {
    numero: o.number !== undefined ? String(o.number) : null,
    data: dateBr(o.created_at),
    status: label(ORDER_STATUS_LABELS, o.status),
    pagamento: label(PAYMENT_STATUS_LABELS, o.payment_status),
    envio: label(SHIPPING_STATUS_LABELS, o.shipping_status),
    codigo_rastreio: o.shipping_tracking_number || null,
    url_rastreio: o.shipping_tracking_url || null,
    itens: (o.products ?? []).slice(0, 30).map((i) => ({ nome: localized(i.name), quantidade: num(i.quantity) ?? 1, preco: money(i.price, currency) })),
    total: money(o.total, currency),
  };
}

export const digits = (s: string | null | undefined) => (s ?? "").replace(/\D/g, "");
const normEmail = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();

/** Same phone when the last 8–11 digits agree (with or without +55 and area code). */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = digits(a);
  const y = digits(b);
  const k = Math.min(x.length, y.length, 11);
  return k >= 8 && x.slice(-k) === y.slice(-k);
}

export const sameEmail = (a: string | null | undefined, b: string | null | undefined) => normEmail(a) !== "" && normEmail(a) === normEmail(b);

/** Whether one of the customer's own e-mails/phones is the order's contact. */
export function orderBelongsTo(o: NuvemshopOrder, who: { emails: string[]; phones: string[] }): boolean {
  const emails = [o.contact_email, o.customer?.email];
  const phones = [o.contact_phone, o.customer?.phone];
  return who.emails.some((e) => emails.some((x) => sameEmail(e, x))) || who.phones.some((p) => phones.some((x) => samePhone(p, x)));
}
