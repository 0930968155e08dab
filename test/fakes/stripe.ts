/**
 * A loopback Stripe API (protocols.md §9) that the real `stripe` library talks to
 * (`new Stripe(key, { host, port, protocol: "http" })`): account, customers, products, prices,
 * coupons, Checkout Sessions (with a hosted page that "pays"), the billing portal, subscriptions,
 * invoices, refunds. Bodies are form-encoded with bracket notation, errors use Stripe's envelope,
 * a wrong key is 401. Events are signed with the library's test-header helper and POSTed to the
 * webhook URL the test sets (automatically, or held back with `autoDeliver = false`).
 */
import { int, list, obj, parseStripeForm, str } from "./stripe/form";
import { type Obj, type StripeEvent, StripeState, nowS, subscriptionItem } from "./stripe/state";

export type { StripeEvent } from "./stripe/state";
export type StripeRequest = { method: string; path: string; form: Record<string, unknown>; idempotencyKey: string | null };
export const FAKE_STRIPE_KEY = "sk_test_fake_atenda_123";
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_fake_atenda_123";

type Failure = { status: number; body?: unknown };
const err = (status: number, message: string, type = "invalid_request_error", extra: Record<string, unknown> = {}) =>
  Response.json({ error: { type, message, ...extra } }, { status });
const missing = (what: string, id: string) => err(404, `No such ${what}: '${id}'`, "invalid_request_error", { code: "resource_missing" });

export async function startFakeStripe(opts: { secretKey?: string; port?: number } = {}) {
  const requests: StripeRequest[] = [];
  const failures: Failure[] = [];
  const deliveries: { eventId: string; type: string; status: number }[] = [];
  const settings = { secretKey: opts.secretKey ?? FAKE_STRIPE_KEY, webhook: null as { url: string; secret: string } | null, autoDeliver: true };
  let base = "";
  const state = new StripeState(() => base);

  /** POSTs events to the webhook, one by one in order, signed like Stripe does. */
  async function deliver(events: StripeEvent[], o: { secret?: string; timestamp?: number } = {}) {
    const target = settings.webhook;
    if (!target) return [];
    const out: number[] = [];
    for (const e of events) {
      const payload = JSON.stringify(e);
      const res = await fetch(target.url, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": await state.signature(payload, o.secret ?? target.secret, o.timestamp) }, body: payload });
      await res.arrayBuffer();
      deliveries.push({ eventId: e.id, type: e.type, status: res.status });
      out.push(res.status);
    }
    return out;
  }
  const emit = async (events: StripeEvent[]) => {
    if (settings.autoDeliver) await deliver(events);
    return events;
  };

  function createSession(f: Record<string, unknown>) {
    const item = obj(list(f.line_items)[0]);
    let price: Obj | undefined;
    if (str(item.price)) price = state.prices.get(String(item.price));
    else if (item.price_data) price = createPrice({ ...obj(item.price_data) });
    if (!price) return missing("price", String(item.price));
    const mode = str(f.mode) ?? "payment";
    if (mode === "subscription" && !price.recurring) return err(400, "You must provide at least one recurring price in `subscription` mode when using prices.", "invalid_request_error", { param: "line_items[0][price]" });
    if (!str(f.success_url)) return err(400, "Missing required param: success_url.", "invalid_request_error", { param: "success_url" });
    const quantity = int(item.quantity) ?? 1;
    const subtotal = state.priceAmount(price) * quantity;
    const couponId = str(obj(list(f.discounts)[0]).coupon);
    const coupon = couponId ? state.coupons.get(couponId) : undefined;
    if (couponId && !coupon) return missing("coupon", couponId);
    const discount = !coupon ? 0 : coupon.percent_off ? Math.round((subtotal * Number(coupon.percent_off)) / 100) : Math.min(subtotal, Number(coupon.amount_off ?? 0));
    const id = state.newId("cs_test");
    const session: Obj = {
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      url: `${base}/c/pay/${id}`,
      success_url: f.success_url,
      cancel_url: f.cancel_url ?? null,
      customer: str(f.customer) ?? null,
      customer_email: str(f.customer_email) ?? null,
      client_reference_id: str(f.client_reference_id) ?? null,
      metadata: obj(f.metadata),
      currency: String(price.currency ?? "brl"),
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      discounts: coupon ? [{ coupon: coupon.id }] : [],
      payment_method_types: list(f.payment_method_types).length ? list(f.payment_method_types) : ["card"],
      locale: str(f.locale) ?? null,
      subscription: null,
      payment_intent: null,
      invoice: null,
      created: nowS(),
      expires_at: int(f.expires_at) ?? nowS() + 86_400,
      price_id: price.id,
    };
    state.sessions.set(id, session);
    return Response.json(session);
  }

  function createPrice(f: Record<string, unknown>): Obj {
    let product = str(f.product);
    if (!product) {
      const p: Obj = { id: state.newId("prod"), object: "product", active: true, ...obj(f.product_data) };
      state.products.set(p.id, p);
      product = p.id;
    }
    const recurring = f.recurring ? { interval: str(obj(f.recurring).interval) ?? "month", interval_count: int(obj(f.recurring).interval_count) ?? 1 } : null;
    const price: Obj = { id: state.newId("price"), object: "price", active: true, currency: str(f.currency) ?? "brl", unit_amount: int(f.unit_amount) ?? 0, product, recurring, nickname: str(f.nickname) ?? null, metadata: obj(f.metadata), type: recurring ? "recurring" : "one_time" };
    state.prices.set(price.id, price);
    return price;
  }

  /** /v1/checkout/sessions, /v1/checkout/sessions/:id and /v1/checkout/sessions/:id/expire. */
  async function checkoutSessions(m: string, sid: string | undefined, action: string | undefined, f: Record<string, unknown>) {
    if (!sid) return m === "POST" ? createSession(f) : err(404, "Unrecognized request URL");
    const s = state.sessions.get(sid);
    if (!s) return missing("checkout.session", sid);
    if (m === "GET" && !action) return Response.json(s);
    if (m === "POST" && action === "expire") {
      if (s.status !== "open") return err(400, "Only Checkout Sessions with a status of `open` can be expired.");
      s.status = "expired";
      await emit([state.event("checkout.session.expired", s)]);
      return Response.json(s);
    }
    return err(404, "Unrecognized request URL");
  }

  const listOf = (data: Obj[]) => Response.json({ object: "list", data, has_more: false, url: "" });

  async function api(req: Request, path: string, f: Record<string, unknown>, q: URLSearchParams): Promise<Response> {
    const m = req.method;
    const parts = path.split("/").filter(Boolean).slice(1); // after "v1"
    if (parts[0] === "checkout" && parts[1] === "sessions") return checkoutSessions(m, parts[2], parts[3], f);
    const [resource, id, action] = parts;
    switch (`${m} ${resource}${id ? "/:id" : ""}${action ? `/${action}` : ""}`) {
      case "GET account":
        return Response.json({ id: "acct_fake_atenda", object: "account", country: "BR", default_currency: "brl", charges_enabled: true, business_profile: { name: "Loja Fake" }, settings: { dashboard: { display_name: "Loja Fake" } } });
      case "POST customers":
        return Response.json(state.createCustomer({ email: str(f.email) ?? null, name: str(f.name) ?? null, metadata: obj(f.metadata) }));
      case "GET customers/:id":
        return state.customers.has(String(id)) ? Response.json(state.customers.get(String(id))) : missing("customer", String(id));
      case "POST products": {
        const p: Obj = { id: state.newId("prod"), object: "product", active: f.active !== "false", name: str(f.name), description: str(f.description) ?? null, metadata: obj(f.metadata) };
        state.products.set(p.id, p);
        return Response.json(p);
      }
      case "POST products/:id": {
        const p = state.products.get(String(id));
        if (!p) return missing("product", String(id));
        Object.assign(p, { ...(str(f.name) ? { name: f.name } : {}), ...(f.description !== undefined ? { description: f.description || null } : {}), ...(f.active !== undefined ? { active: f.active === "true" } : {}) });
        return Response.json(p);
      }
      case "POST prices":
        return Response.json(createPrice(f));
      case "GET prices/:id":
      case "POST prices/:id": {
        const p = state.prices.get(String(id));
        if (!p) return missing("price", String(id));
        if (m === "POST" && f.active !== undefined) p.active = f.active === "true";
        return Response.json(p);
      }
      case "POST coupons": {
        const c: Obj = { id: str(f.id) ?? state.newId("co"), object: "coupon", name: str(f.name) ?? null, percent_off: f.percent_off ? Number(f.percent_off) : null, amount_off: int(f.amount_off) ?? null, currency: str(f.currency) ?? null, duration: str(f.duration) ?? "once", valid: true };
        if (state.coupons.has(c.id)) return err(400, "Coupon already exists.", "invalid_request_error", { code: "resource_already_exists" });
        state.coupons.set(c.id, c);
        return Response.json(c);
      }
      case "GET coupons/:id":
        return state.coupons.has(String(id)) ? Response.json(state.coupons.get(String(id))) : missing("coupon", String(id));
      case "POST billing_portal/:id": {
        const s = { id: state.newId("bps"), object: "billing_portal.session", customer: str(f.customer), return_url: str(f.return_url) ?? null, url: "" };
        s.url = `${base}/p/session/${s.id}?return=${encodeURIComponent(s.return_url ?? "")}`;
        return Response.json(s);
      }
      case "GET subscriptions/:id":
      case "POST subscriptions/:id":
      case "DELETE subscriptions/:id": {
        const sub = state.subscriptions.get(String(id));
        if (!sub) return missing("subscription", String(id));
        if (m === "DELETE") return Response.json((await emit(state.end(sub.id)))[0]?.data.object ?? sub);
        if (m === "POST") {
          const before: Record<string, unknown> = {};
          if (f.cancel_at_period_end !== undefined) {
            before.cancel_at_period_end = sub.cancel_at_period_end;
            sub.cancel_at_period_end = f.cancel_at_period_end === "true";
          }
          const newPrice = str(obj(list(f.items)[0]).price);
          if (newPrice) {
            const price = state.prices.get(newPrice);
            if (!price) return missing("price", newPrice);
            const item = subscriptionItem(sub);
            before.items = { data: [{ price: item.price }] };
            item.price = price;
          }
          if (Object.keys(before).length) await emit([state.event("customer.subscription.updated", sub, before)]);
        }
        return Response.json(sub);
      }
      case "GET invoices":
        return listOf([...state.invoices.values()].filter((i) => !q.get("customer") || i.customer === q.get("customer")).reverse().slice(0, Number(q.get("limit") ?? 10)));
      case "GET invoices/:id":
        return state.invoices.has(String(id)) ? Response.json(state.invoices.get(String(id))) : missing("invoice", String(id));
      case "GET invoice_payments": {
        // By payment intent (payment[payment_intent]=pi_…): the invoice a refunded charge paid.
        const byIntent = q.get("payment[payment_intent]");
        if (byIntent) return listOf([...state.invoices.values()].flatMap((i) => ((i.payments as { data: Obj[] }).data ?? []).filter((p) => (p.payment as Obj).payment_intent === byIntent).map((p) => ({ ...p, invoice: i.id }))));
        const inv = state.invoices.get(q.get("invoice") ?? "");
        return listOf(inv ? ((inv.payments as { data: Obj[] }).data ?? []) : []);
      }
      case "GET payment_intents/:id":
        return state.paymentIntents.has(String(id)) ? Response.json(state.paymentIntents.get(String(id))) : missing("payment_intent", String(id));
      case "POST refunds": {
        const pi = str(f.payment_intent);
        if (!pi || !state.paymentIntents.has(pi)) return missing("payment_intent", String(pi));
        const { refund, events } = state.refund(pi, int(f.amount));
        await emit(events);
        return Response.json(refund);
      }
    }
    return err(404, `Unrecognized request URL (${m}: ${path}).`);
  }

  /** The hosted pages a browser is sent to: the checkout ("Pagar" completes it), the portal, an invoice. */
  async function hosted(req: Request, url: URL): Promise<Response> {
    const [, kind, id, pdf] = url.pathname.split("/");
    if (kind === "c" && id === "pay") {
      const sid = pdf ?? "";
      const s = state.sessions.get(sid);
      if (!s) return new Response("Sessão não encontrada", { status: 404 });
      if (req.method === "POST") {
        await emit(state.pay(sid));
        return Response.redirect(String(s.success_url).replace("{CHECKOUT_SESSION_ID}", sid), 303);
      }
      const total = (Number(s.amount_total) / 100).toFixed(2).replace(".", ",");
      const cancel = s.cancel_url ? `<a href="${String(s.cancel_url)}">Voltar</a>` : "";
      return new Response(
        `<!doctype html><html lang="pt-BR"><head><title>Stripe (fake) checkout</title></head><body><main><h1>Pagamento de teste</h1><p>Total: R$ ${total}</p><form method="post"><button type="submit">Pagar</button></form>${cancel}</main></body></html>`,
        { headers: { "content-type": "text/html; charset=utf-8" } },
      );
    }
    if (kind === "p") {
      const back = url.searchParams.get("return") ?? "";
      return new Response(`<!doctype html><html lang="pt-BR"><head><title>Portal (fake)</title></head><body><main><h1>Portal de cobrança de teste</h1><a href="${back}">Voltar</a></main></body></html>`, { headers: { "content-type": "text/html; charset=utf-8" } });
    }
    if (kind === "i" && id) return new Response(pdf ? "%PDF-1.4 fake invoice" : `<html><body>Fatura ${id}</body></html>`, { headers: { "content-type": pdf ? "application/pdf" : "text/html" } });
    return new Response("not found", { status: 404 });
  }

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: opts.port ?? 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (!url.pathname.startsWith("/v1/")) return hosted(req, url);
      const body = req.method === "GET" || req.method === "DELETE" ? "" : await req.text();
      const form = parseStripeForm(body || url.search.slice(1));
      requests.push({ method: req.method, path: url.pathname, form, idempotencyKey: req.headers.get("idempotency-key") });
      if (req.headers.get("authorization") !== `Bearer ${settings.secretKey}`) return err(401, "Invalid API Key provided.", "invalid_request_error");
      const failure = failures.shift();
      if (failure) return Response.json(failure.body ?? { error: { type: "api_error", message: "Fake failure" } }, { status: failure.status });
      return api(req, url.pathname, form, url.searchParams);
    },
  });
  base = `http://127.0.0.1:${server.port}`;

  return {
    url: base,
    host: "127.0.0.1",
    port: Number(server.port),
    state,
    requests,
    deliveries,
    settings,
    /** Where events go, with which signing secret. */
    setWebhook(url: string, secret = FAKE_STRIPE_WEBHOOK_SECRET) {
      settings.webhook = { url, secret };
    },
    failNext(status: number, body?: unknown) {
      failures.push({ status, body });
    },
    deliver,
    /** The buyer pays on the hosted page (events delivered when autoDeliver is on). */
    pay: (sessionId: string) => emit(state.pay(sessionId)),
    renew: (subId: string, outcome: "paid" | "failed" = "paid") => emit(state.renew(subId, outcome)),
    end: (subId: string) => emit(state.end(subId)),
    stop: () => server.stop(true),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
