/**
 * A loopback Nuvemshop API (protocols.md §10) under /v1/{store_id}: GET /store, GET /products?q=,
 * GET /orders?q=. Checks `Authentication: bearer <token>` (401 otherwise) and the required
 * User-Agent (400 without one), answers an empty listing with 404 "Last page is 0" like the real
 * API, records every request and injects errors (failNext(429, { "x-rate-limit-reset": "100" })).
 * Orders carry the buyer's personal data (name, address, CPF) so tests can prove it never leaks.
 */
export type NuvemshopRequest = { method: string; path: string; query: Record<string, string>; headers: Record<string, string> };

export const FAKE_STORE_ID = "123456";
export const FAKE_TOKEN = "tok-nuvem-123";

export function fakeProducts() {
  return [
    {
      id: 1,
      name: { pt: "Camiseta Básica", es: "Camiseta Básica ES" },
      canonical_url: "https://loja-exemplo.lojavirtualnuvem.com.br/produtos/camiseta-basica/",
      published: true,
      variants: [
        { id: 11, price: "79.90", promotional_price: "69.90", stock: 4, stock_management: true, values: [{ pt: "P" }] },
        { id: 12, price: "79.90", promotional_price: "69.90", stock: 0, stock_management: true, values: [{ pt: "M" }] },
      ],
    },
    {
      id: 2,
      name: { pt: "Caneca Azul" },
      canonical_url: "https://loja-exemplo.lojavirtualnuvem.com.br/produtos/caneca-azul/",
      published: true,
      variants: [{ id: 21, price: "35.00", promotional_price: null, stock: null, stock_management: false, values: [] }],
    },
  ];
}

const personal = (name: string, cpf: string) => ({
  contact_name: name,
  contact_identification: cpf,
  billing_name: name,
  billing_address: "Rua das Flores",
  billing_number: "123",
  billing_city: "São Paulo",
  shipping_address: { name, address: "Rua das Flores", number: "123", city: "São Paulo", zipcode: "01000-000" },
});

export function fakeOrders() {
  return [
    {
      id: 9001,
      number: 1234,
      contact_email: "ana@exemplo.com.br",
      contact_phone: "+55 11 98765-4321",
      customer: { id: 1, name: "Ana Souza", email: "ana@exemplo.com.br", phone: "+5511987654321", identification: "123.456.789-00" },
      ...personal("Ana Souza", "123.456.789-00"),
      products: [{ product_id: 1, variant_id: 11, name: "Camiseta Básica (P)", price: "69.90", quantity: 1, sku: "CAM-P" }],
      subtotal: "69.90",
      total: "89.90",
      currency: "BRL",
      status: "open",
      payment_status: "paid",
      shipping_status: "shipped",
      shipping_tracking_number: "BR123456789BR",
      shipping_tracking_url: "https://rastreamento.correios.com.br/?objeto=BR123456789BR",
      created_at: "2025-06-01T12:00:00+0000",
    },
    {
      id: 9002,
      number: 1300,
      contact_email: "ana@exemplo.com.br",
      contact_phone: "+55 11 98765-4321",
      customer: { id: 1, name: "Ana Souza", email: "ana@exemplo.com.br", phone: "+5511987654321", identification: "123.456.789-00" },
      ...personal("Ana Souza", "123.456.789-00"),
      products: [{ product_id: 2, variant_id: 21, name: "Caneca Azul", price: "35.00", quantity: 2, sku: "CAN" }],
      subtotal: "70.00",
      total: "70.00",
      currency: "BRL",
      status: "open",
      payment_status: "pending",
      shipping_status: "unpacked",
      shipping_tracking_number: null,
      shipping_tracking_url: null,
      created_at: "2025-07-01T12:00:00+0000",
    },
    {
      id: 9003,
      number: 1400,
      contact_email: "bruno@exemplo.com.br",
      contact_phone: "+55 21 91234-5678",
      customer: { id: 2, name: "Bruno Lima", email: "bruno@exemplo.com.br", phone: "+5521912345678", identification: "987.654.321-00" },
      ...personal("Bruno Lima", "987.654.321-00"),
      products: [{ product_id: 2, variant_id: 21, name: "Caneca Azul", price: "35.00", quantity: 1, sku: "CAN" }],
      subtotal: "35.00",
      total: "50.00",
      currency: "BRL",
      status: "closed",
      payment_status: "paid",
      shipping_status: "delivered",
      shipping_tracking_number: "BR999",
      shipping_tracking_url: null,
      created_at: "2025-05-01T12:00:00+0000",
    },
  ];
}

type Failure = { status: number; headers?: Record<string, string>; body?: unknown };

/** port: 0 picks a free one (bun tests); the e2e support process passes its fixed port. */
export async function startFakeNuvemshop(opts: { port?: number } = {}) {
  const requests: NuvemshopRequest[] = [];
  const failures: Failure[] = [];
  const settings = { storeId: FAKE_STORE_ID, token: FAKE_TOKEN, storeName: "Loja Exemplo", delayMs: 0 };
  const notFound = (description: string) => Response.json({ code: 404, message: "Not Found", description }, { status: 404 });

  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const query = Object.fromEntries(url.searchParams);
      requests.push({ method: req.method, path: url.pathname, query, headers: Object.fromEntries(req.headers.entries()) });
      if (settings.delayMs) await Bun.sleep(settings.delayMs);
      const failure = failures.shift();
      if (failure) {
        const body = failure.body ?? { code: failure.status, message: failure.status === 429 ? "Too Many Requests" : "Error", description: "falha simulada" };
        return Response.json(body, { status: failure.status, headers: failure.headers });
      }
      if (!req.headers.get("user-agent")) return Response.json({ code: 400, message: "Bad Request", description: "User-Agent header is required" }, { status: 400 });
      const m = /^\/v1\/([^/]+)(\/.*)$/.exec(url.pathname);
      if (!m) return notFound("Route not found");
      if (req.headers.get("authentication") !== `bearer ${settings.token}`) {
        return Response.json({ code: 401, message: "Unauthorized", description: "Invalid access token" }, { status: 401 });
      }
      if (m[1] !== settings.storeId) return notFound("Store not found");
      const path = m[2];
      const q = (query.q ?? "").toLowerCase();
      if (path === "/store") {
        return Response.json({ id: Number(settings.storeId), name: { pt: settings.storeName }, original_domain: "loja-exemplo.lojavirtualnuvem.com.br", url_with_protocol: "https://loja-exemplo.lojavirtualnuvem.com.br", main_currency: "BRL" });
      }
      if (path === "/products") {
        const found = fakeProducts().filter((p) => !q || p.name.pt.toLowerCase().includes(q));
        return found.length ? Response.json(found) : notFound("Last page is 0");
      }
      if (path === "/orders") {
        const found = fakeOrders().filter((o) => !q || String(o.number) === q || o.contact_email === q || o.contact_name.toLowerCase().includes(q));
        return found.length ? Response.json(found) : notFound("Last page is 0");
      }
      return notFound("Route not found");
    },
  });

  const host = `127.0.0.1:${server.port}`;
  return {
    host,
    /** What NUVEMSHOP_API_BASE points at. */
    base: `http://${host}/v1`,
    requests,
    settings,
    failNext: (...f: Failure[]) => failures.push(...f),
    reset: () => {
      requests.length = 0;
      failures.length = 0;
    },
    stop: () => server.stop(true),
  };
}
