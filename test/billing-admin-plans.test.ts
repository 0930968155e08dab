/** adminBilling.plans.* and adminBilling.packs.*: the catalogue, synced to Stripe (the fake) when configured, locally otherwise. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { plans, userSubscriptions } from "../db/schema";
import { type BillingApp, configureStripe, startBillingApp } from "./helpers/billing";
import { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

let b: BillingApp;
let admin: Client;
beforeAll(async () => {
  // Stripe not configured at first: the catalogue must work without it.
  b = await startBillingApp({}, { configure: false });
  ({ client: admin } = await loginAdmin(b.app));
}, 60_000);
afterAll(() => b.stop());

type Plan = typeof plans.$inferSelect & { subscribers: number; stripeSync: "synced" | "pending" | "not_needed" };
type Saved = { plan: Plan; sync: { state: string; error: string | null } };

const planInput = (over: Record<string, unknown> = {}) => ({
  name: "Plano Teste",
  priceCents: 4990,
  billingPeriod: "monthly",
  creditsIncluded: 2500,
  features: ["2 agentes", "Suporte por email"],
  isActive: true,
  isPopular: false,
  maxAgents: 2,
  maxWorkspaces: 2,
  maxMembers: 4,
  validityDays: 30,
  sortOrder: 10,
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const r = await admin.mutate<Saved>("adminBilling.plans.create", planInput(over));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data;
};
const update = (id: string, over: Record<string, unknown>) => admin.mutate<Saved>("adminBilling.plans.update", { id, ...planInput(over) });
const pricesOf = (productId: string | null) => [...b.stripe.state.prices.values()].filter((p) => p.product === productId);

describe("[billing-admin] plans", () => {
  test("without Stripe a paid plan saves locally and stays pending; the sync action refuses with a clear message", async () => {
    const { plan, sync } = await create({ name: "Sem Stripe" });
    expect(sync.state).toBe("pending");
    expect(plan).toMatchObject({ name: "Sem Stripe", priceCents: 4990, stripeProductId: null, stripePriceId: null, stripeSync: "pending", subscribers: 0 });
    expect(b.stripe.state.products.size).toBe(0);
    const synced = await admin.mutate("adminBilling.plans.syncStripe", { id: plan.id });
    expect(synced.error?.code).toBe("PRECONDITION_FAILED");
    const list = await admin.query<Plan[]>("adminBilling.plans.list");
    expect(list.data.find((p) => p.id === plan.id)?.stripeSync).toBe("pending");
    // The seeded free plan needs no Stripe.
    expect(list.data.find((p) => p.billingPeriod === "free")?.stripeSync).toBe("not_needed");
  });

  test("once Stripe is configured, 'Sincronizar' creates the product and the price", async () => {
    const { plan } = await create({ name: "Sincronizar Depois" });
    await configureStripe(b.app);
    const r = await admin.mutate<Saved>("adminBilling.plans.syncStripe", { id: plan.id });
    expect(r.ok).toBe(true);
    expect(r.data.plan.stripeSync).toBe("synced");
    const product = b.stripe.state.products.get(String(r.data.plan.stripeProductId));
    expect(product).toMatchObject({ name: "Sincronizar Depois", description: "2 agentes · Suporte por email" });
    expect(b.stripe.state.prices.get(String(r.data.plan.stripePriceId))).toMatchObject({ unit_amount: 4990, currency: "brl", recurring: { interval: "month", interval_count: 1 }, active: true });
  });

  test("creating a paid plan creates its Stripe product and a recurring price of the period", async () => {
    const { plan, sync } = await create({ name: "Trimestral", priceCents: 25_000, billingPeriod: "quarterly", features: ["Tudo"] });
    expect(sync).toEqual({ state: "synced", error: null });
    expect(b.stripe.state.products.get(String(plan.stripeProductId))).toMatchObject({ name: "Trimestral", description: "Tudo", active: true });
    expect(b.stripe.state.prices.get(String(plan.stripePriceId))).toMatchObject({ unit_amount: 25_000, recurring: { interval: "month", interval_count: 3 } });
  });

  test("a new price or period creates a new Stripe price and deactivates the old one; other edits keep the price", async () => {
    const { plan } = await create({ name: "Mutável" });
    const firstPrice = String(plan.stripePriceId);
    const renamed = await update(plan.id, { name: "Mutável Plus", features: ["Novo recurso"] });
    expect(renamed.data.plan.stripePriceId).toBe(firstPrice);
    expect(b.stripe.state.products.get(String(plan.stripeProductId))).toMatchObject({ name: "Mutável Plus", description: "Novo recurso" });

    const repriced = await update(plan.id, { name: "Mutável Plus", priceCents: 5990 });
    expect(repriced.data.sync.state).toBe("synced");
    const secondPrice = String(repriced.data.plan.stripePriceId);
    expect(secondPrice).not.toBe(firstPrice);
    expect(b.stripe.state.prices.get(firstPrice)?.active).toBe(false);
    expect(b.stripe.state.prices.get(secondPrice)).toMatchObject({ unit_amount: 5990, active: true, product: plan.stripeProductId });

    const yearly = await update(plan.id, { name: "Mutável Plus", priceCents: 5990, billingPeriod: "yearly" });
    expect(b.stripe.state.prices.get(String(yearly.data.plan.stripePriceId))).toMatchObject({ unit_amount: 5990, recurring: { interval: "year", interval_count: 1 } });
    expect(b.stripe.state.prices.get(secondPrice)?.active).toBe(false);
    // One product for the plan, one active price.
    expect(pricesOf(plan.stripeProductId).filter((p) => p.active)).toHaveLength(1);
    const [row] = await b.app.deps.db.select().from(plans).where(eq(plans.id, plan.id));
    expect(row).toMatchObject({ priceCents: 5990, billingPeriod: "yearly", name: "Mutável Plus" });
  });

  test("a Stripe failure keeps the local save and reports pending with Stripe's reason", async () => {
    const { plan } = await create({ name: "Falha Stripe" });
    b.stripe.failNext(400, { error: { type: "invalid_request_error", message: "Recusado pelo teste" } });
    const r = await update(plan.id, { name: "Falha Stripe", priceCents: 7777 });
    expect(r.ok).toBe(true);
    expect(r.data.sync.state).toBe("pending");
    expect(r.data.sync.error).toContain("Recusado pelo teste");
    expect(r.data.plan).toMatchObject({ priceCents: 7777, stripeSync: "pending" });
    const again = await admin.mutate<Saved>("adminBilling.plans.syncStripe", { id: plan.id });
    expect(again.data.plan.stripeSync).toBe("synced");
    expect(b.stripe.state.prices.get(String(again.data.plan.stripePriceId))?.unit_amount).toBe(7777);
  });

  test("the free plan cannot be deactivated, deleted or made paid; a plan with subscribers cannot be deleted", async () => {
    const list = await admin.query<Plan[]>("adminBilling.plans.list");
    const free = list.data.find((p) => p.billingPeriod === "free");
    expect(free).toBeDefined();
    const off = await admin.mutate("adminBilling.plans.setActive", { id: free?.id, isActive: false });
    expect(off.error?.message).toBe("O plano gratuito não pode ser desativado.");
    expect((await admin.mutate("adminBilling.plans.remove", { id: free?.id })).error?.message).toBe("O plano gratuito não pode ser excluído.");
    expect((await admin.mutate("adminBilling.plans.create", planInput({ billingPeriod: "free", priceCents: 0 }))).error?.code).toBe("CONFLICT");

    const { plan } = await create({ name: "Com Assinante" });
    const owner = await registerUser(b.app);
    await b.app.deps.db.insert(userSubscriptions).values({ userId: owner.user.id, workspaceId: String(owner.user.currentWorkspaceId), planId: plan.id, status: "active", startDate: Date.now() });
    const got = await admin.query<Plan>("adminBilling.plans.get", { id: plan.id });
    expect(got.data.subscribers).toBe(1);
    const removed = await admin.mutate("adminBilling.plans.remove", { id: plan.id });
    expect(removed.error?.code).toBe("CONFLICT");
    const deactivated = await admin.mutate<Saved>("adminBilling.plans.setActive", { id: plan.id, isActive: false });
    expect(deactivated.data.plan.isActive).toBe(false);
    // Deactivating archives the Stripe product too.
    expect(b.stripe.state.products.get(String(plan.stripeProductId))?.active).toBe(false);

    const { plan: unused } = await create({ name: "Engano" });
    expect((await admin.mutate("adminBilling.plans.remove", { id: unused.id })).ok).toBe(true);
    expect(await b.app.deps.db.select().from(plans).where(eq(plans.id, unused.id))).toHaveLength(0);
  });

  test("every field is validated by the shared schema", async () => {
    const bad = async (over: Record<string, unknown>) => (await admin.mutate("adminBilling.plans.create", planInput(over))).error?.code;
    expect(await bad({ name: "A" })).toBe("BAD_REQUEST");
    expect(await bad({ name: "x".repeat(61) })).toBe("BAD_REQUEST");
    expect(await bad({ priceCents: -1 })).toBe("BAD_REQUEST");
    expect(await bad({ priceCents: 10 })).toBe("BAD_REQUEST");
    expect(await bad({ billingPeriod: "weekly" })).toBe("BAD_REQUEST");
    expect(await bad({ creditsIncluded: 10_000_001 })).toBe("BAD_REQUEST");
    expect(await bad({ features: Array.from({ length: 21 }, (_, i) => `Recurso ${i}`) })).toBe("BAD_REQUEST");
    expect(await bad({ features: ["x".repeat(101)] })).toBe("BAD_REQUEST");
    expect(await bad({ maxAgents: 0 })).toBe("BAD_REQUEST");
    expect(await bad({ maxMembers: 0 })).toBe("BAD_REQUEST");
  });

  test("a normal user and an anonymous caller are refused", async () => {
    const user = await registerUser(b.app);
    const anon = await new Client(b.app.base).warmUp();
    for (const c of [user.client, anon]) {
      expect((await c.query("adminBilling.plans.list")).ok).toBe(false);
      expect((await c.mutate("adminBilling.plans.create", planInput())).ok).toBe(false);
      expect((await c.mutate("adminBilling.packs.create", { name: "Pacote", credits: 10, priceCents: 100, expiresInDays: null })).ok).toBe(false);
    }
    expect((await user.client.query("adminBilling.plans.list")).error?.code).toBe("FORBIDDEN");
    expect((await anon.query("adminBilling.plans.list")).error?.code).toBe("UNAUTHORIZED");
  });
});

describe("[billing-admin] credit packs", () => {
  const pack = (over: Record<string, unknown> = {}) => ({ name: "Pacote 1.000", credits: 1000, priceCents: 4900, expiresInDays: null, isActive: true, sortOrder: 1, ...over });
  test("create, list, update, deactivate and remove", async () => {
    const created = await admin.mutate<{ id: string }>("adminBilling.packs.create", pack());
    expect(created.ok).toBe(true);
    const id = created.data.id;
    const updated = await admin.mutate<{ credits: number; expiresInDays: number | null }>("adminBilling.packs.update", { id, ...pack({ credits: 5000, expiresInDays: 90 }) });
    expect(updated.data).toMatchObject({ credits: 5000, expiresInDays: 90 });
    const off = await admin.mutate<{ isActive: boolean }>("adminBilling.packs.setActive", { id, isActive: false });
    expect(off.data.isActive).toBe(false);
    const list = await admin.query<{ id: string; isActive: boolean }[]>("adminBilling.packs.list");
    expect(list.data.find((p) => p.id === id)).toMatchObject({ isActive: false });
    expect((await admin.mutate("adminBilling.packs.remove", { id })).ok).toBe(true);
    expect((await admin.query<{ id: string }[]>("adminBilling.packs.list")).data.some((p) => p.id === id)).toBe(false);
  });

  test("limits: credits 1–100.000, price at least R$ 0,50, expiry 1–3650 days or never", async () => {
    const bad = async (over: Record<string, unknown>) => (await admin.mutate("adminBilling.packs.create", pack(over))).error?.code;
    expect(await bad({ credits: 100_001 })).toBe("BAD_REQUEST");
    expect(await bad({ credits: 0 })).toBe("BAD_REQUEST");
    expect(await bad({ priceCents: 49 })).toBe("BAD_REQUEST");
    expect(await bad({ expiresInDays: 0 })).toBe("BAD_REQUEST");
    expect(await bad({ expiresInDays: 3651 })).toBe("BAD_REQUEST");
    expect(await bad({ name: "P" })).toBe("BAD_REQUEST");
    expect((await admin.mutate("adminBilling.packs.create", pack({ credits: 100_000, expiresInDays: 3650 }))).ok).toBe(true);
  });
});
