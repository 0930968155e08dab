/** Coupons (issue 15): refusals, discounts, the exact use count under concurrent checkouts, admin CRUD. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { checkoutSessions, couponRedemptions, coupons, plans } from "../db/schema";
import { formatCentsBrl } from "../src/schemas/billing/coupons";
import { withTransaction } from "../src/services/context";
import { COUPON_MESSAGES, checkCoupon, redeemCouponFor, releaseCouponFor, reserveCoupon } from "../src/services/billing/coupon-redemptions";
import { type BillingApp, startBillingApp } from "./helpers/billing";
import { type Client, must } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

let b: BillingApp;
let admin: Client;
let user: Client;
let workspaceId: string;
let essencial: { id: string; priceCents: number };
let profissional: { id: string; priceCents: number };
let seq = 0;

beforeAll(async () => {
  b = await startBillingApp();
  ({ client: admin } = await loginAdmin(b.app));
  ({ client: user } = await registerUser(b.app));
  workspaceId = String(must((await user.trpc.workspaces.current.query()).data).id);
  const rows = await b.app.deps.db.select().from(plans);
  essencial = must(rows.find((p) => p.name === "Essencial"), "Essencial");
  profissional = must(rows.find((p) => p.name === "Profissional"), "Profissional");
}, 60_000);
afterAll(() => b.stop());

const db = () => b.app.deps.db;
const now = () => Date.now();

type Fields = Partial<typeof coupons.$inferInsert>;
async function insertCoupon(fields: Fields = {}) {
  const [row] = await db()
    .insert(coupons)
    .values({ code: `TESTE${++seq}X${Date.now().toString(36).toUpperCase()}`, name: "Cupom de teste", discountType: "percent", discountValue: 10, ...fields })
    .returning();
  return must(row, "coupon");
}

const planTarget = (plan: { id: string; priceCents: number }) => ({ workspaceId, kind: "plan" as const, planId: plan.id, packId: null, subtotalCents: plan.priceCents });
const refusal = (p: Promise<unknown>) => p.then(() => "aceito", (e: Error) => e.message);

describe("[coupons] refusals", () => {
  test("each rule refuses with its pt-BR message", async () => {
    const t = planTarget(essencial);
    expect(await refusal(checkCoupon(db(), "NAOEXISTE", t, now()))).toBe("Cupom não encontrado");
    const inactive = await insertCoupon({ isActive: false });
    expect(await refusal(checkCoupon(db(), inactive.code, t, now()))).toBe("Este cupom está inativo");
    const expired = await insertCoupon({ expiresAt: now() - 1000 });
    expect(await refusal(checkCoupon(db(), expired.code, t, now()))).toBe("Este cupom expirou");
    const full = await insertCoupon({ maxUses: 2, usedCount: 2 });
    expect(await refusal(checkCoupon(db(), full.code, t, now()))).toBe("Este cupom atingiu o limite de usos");
    const other = await insertCoupon({ applicablePlans: [profissional.id] });
    expect(await refusal(checkCoupon(db(), other.code, t, now()))).toBe("Este cupom não vale para este plano");
    expect(await refusal(checkCoupon(db(), other.code, { ...t, kind: "pack", planId: null, packId: "p" }, now()))).toBe("Este cupom não vale para pacotes de créditos");
    const min = await insertCoupon({ minimumAmountCents: essencial.priceCents + 1 });
    expect(await refusal(checkCoupon(db(), min.code, t, now()))).toBe(`O valor mínimo para este cupom é ${formatCentsBrl(essencial.priceCents + 1)}`);
    // A 100 % coupon would leave nothing for Stripe to charge: refused (the choice made here).
    const all = await insertCoupon({ discountValue: 100 });
    expect(await refusal(checkCoupon(db(), all.code, t, now()))).toBe(COUPON_MESSAGES.belowStripeMinimum(0));
    const nearly = await insertCoupon({ discountType: "fixed", discountValue: essencial.priceCents - 49 });
    expect(await refusal(checkCoupon(db(), nearly.code, t, now()))).toBe("Com este cupom o total fica em R$ 0,49, abaixo do mínimo de cobrança de R$ 0,50");
    const justEnough = await insertCoupon({ discountType: "fixed", discountValue: essencial.priceCents - 50 });
    expect((await checkCoupon(db(), justEnough.code, t, now())).discountCents).toBe(essencial.priceCents - 50);
  });

  test("the code is matched case-insensitively and the check writes nothing", async () => {
    const c = await insertCoupon({ maxUses: 1 });
    const out = await checkCoupon(db(), c.code.toLowerCase(), planTarget(essencial), now());
    expect(out.couponId).toBe(c.id);
    const [after] = await db().select().from(coupons).where(eq(coupons.id, c.id));
    expect(after?.usedCount).toBe(0);
  });
});

describe("[coupons] discounts", () => {
  test("percent rounds the subtotal's share; fixed is capped by the subtotal; an empty plan list means every plan", async () => {
    const pct = await insertCoupon({ discountType: "percent", discountValue: 15 });
    expect((await checkCoupon(db(), pct.code, { ...planTarget(essencial), subtotalCents: 9990 }, now())).discountCents).toBe(1499);
    expect((await checkCoupon(db(), pct.code, planTarget(profissional), now())).discountCents).toBe(Math.round((profissional.priceCents * 15) / 100));
    const fixed = await insertCoupon({ discountType: "fixed", discountValue: 2500 });
    expect((await checkCoupon(db(), fixed.code, { ...planTarget(essencial), subtotalCents: 9990 }, now())).discountCents).toBe(2500);
    const huge = await insertCoupon({ discountType: "fixed", discountValue: 50_000, appliesToPacks: true });
    const packTarget = { workspaceId, kind: "pack" as const, planId: null, packId: "pack", subtotalCents: 60_000 };
    expect((await checkCoupon(db(), huge.code, packTarget, now())).discountCents).toBe(50_000);
  });
});

describe("[coupons] uses", () => {
  test("20 concurrent reservations of a coupon with 5 uses: exactly 5 reserved, 15 refused, used_count 5", async () => {
    const c = await insertCoupon({ maxUses: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refusal(withTransaction(db(), (tx) => reserveCoupon(tx, c.code, { ...planTarget(essencial), checkoutSessionId: `conc-${c.id}-${i}` }, now()))),
      ),
    );
    expect(results.filter((r) => r === "aceito")).toHaveLength(5);
    expect(results.filter((r) => r === "Este cupom atingiu o limite de usos")).toHaveLength(15);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, c.id));
    expect(row?.usedCount).toBe(5);
    expect(await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, c.id))).toHaveLength(5);
  });

  test("release gives a use back once; redeem is idempotent and a redeemed use is never released", async () => {
    const c = await insertCoupon({ maxUses: 1 });
    const used = async () => (await db().select().from(coupons).where(eq(coupons.id, c.id)))[0]?.usedCount;
    const status = async (cs: string) => (await db().select().from(couponRedemptions).where(eq(couponRedemptions.checkoutSessionId, cs)))[0]?.status;
    const t = planTarget(essencial);
    await withTransaction(db(), (tx) => reserveCoupon(tx, c.code, { ...t, checkoutSessionId: `a-${c.id}` }, now()));
    expect(await refusal(withTransaction(db(), (tx) => reserveCoupon(tx, c.code, { ...t, checkoutSessionId: `b-${c.id}` }, now())))).toBe("Este cupom atingiu o limite de usos");
    await releaseCouponFor(db(), `a-${c.id}`, now());
    await releaseCouponFor(db(), `a-${c.id}`, now());
    expect(await used()).toBe(0);
    expect(await status(`a-${c.id}`)).toBe("released");
    await withTransaction(db(), (tx) => reserveCoupon(tx, c.code, { ...t, checkoutSessionId: `c-${c.id}` }, now()));
    await redeemCouponFor(db(), `c-${c.id}`, now());
    await redeemCouponFor(db(), `c-${c.id}`, now());
    await releaseCouponFor(db(), `c-${c.id}`, now());
    expect(await status(`c-${c.id}`)).toBe("redeemed");
    expect(await used()).toBe(1);
  });
});

describe("[coupons] coupons.check", () => {
  test("a member checks a code against a plan's database price", async () => {
    const c = await insertCoupon({ discountValue: 20 });
    const out = await user.trpc.coupons.check.mutate({ code: c.code.toLowerCase(), planId: profissional.id });
    expect(out.ok).toBe(true);
    expect(out.data).toMatchObject({ couponId: c.id, subtotalCents: profissional.priceCents, discountCents: Math.round(profissional.priceCents * 0.2) });
    const bad = await user.trpc.coupons.check.mutate({ code: "NAOEXISTE", planId: profissional.id });
    expect(bad.error?.message).toBe("Cupom não encontrado");
  });

  test("guessing is limited: after 20 refused codes the field answers 429; accepted codes spend nothing", async () => {
    const { client: guesser } = await registerUser(b.app);
    const good = await insertCoupon();
    for (let i = 0; i < 5; i++) expect((await guesser.trpc.coupons.check.mutate({ code: good.code, planId: essencial.id })).ok).toBe(true);
    for (let i = 0; i < 20; i++) expect((await guesser.trpc.coupons.check.mutate({ code: `CHUTE${i}`, planId: essencial.id })).status).toBe(400);
    const limited = await guesser.trpc.coupons.check.mutate({ code: good.code, planId: essencial.id });
    expect(limited.status).toBe(429);
    expect(limited.error?.message).toBe("Muitas tentativas de cupom. Tente de novo em alguns minutos.");
  });
});

describe("[coupons] admin", () => {
  const fields = () => ({
    code: `admin-${++seq}`,
    name: "Black Friday",
    discountType: "percent" as const,
    discountValue: 30,
    minimumAmountCents: 0,
    maxUses: 10,
    applicablePlans: [profissional.id],
    appliesToPacks: false,
    expiresAt: Date.now() + 86_400_000,
    isActive: true,
  });

  test("a non-admin is refused every admin verb", async () => {
    expect((await user.trpc.coupons.list.query({})).status).toBe(403);
    expect((await user.trpc.coupons.create.mutate(fields())).status).toBe(403);
    expect((await user.trpc.coupons.planOptions.query()).status).toBe(403);
  });

  test("create (code upper-cased), list with search and filters, get, update, redemptions, remove", async () => {
    const f = fields();
    const created = await admin.trpc.coupons.create.mutate(f);
    expect(created.ok).toBe(true);
    const id = must(created.data).id;
    expect(created.data?.code).toBe(f.code.toUpperCase());
    expect((await admin.trpc.coupons.create.mutate(f)).error?.message).toBe("Já existe um cupom com este código");
    expect((await admin.trpc.coupons.create.mutate({ ...f, code: "OUTRO-PCT", discountValue: 101 })).status).toBe(400);
    expect((await admin.trpc.coupons.create.mutate({ ...f, code: "OUTRO-EXP", expiresAt: Date.now() - 1000 })).status).toBe(400);

    const listed = must((await admin.trpc.coupons.list.query({ search: f.code.toLowerCase() })).data);
    expect(listed.items.map((c) => c.id)).toEqual([id]);
    expect(listed.items[0]?.status).toBe("active");
    const inactive = must((await admin.trpc.coupons.list.query({ status: "inactive", pageSize: 100 })).data);
    expect(inactive.items.some((c) => c.id === id)).toBe(false);

    const renamed = await admin.trpc.coupons.update.mutate({ ...f, id, code: `${f.code}-novo`, name: "Black Friday 2026" });
    expect(renamed.data?.code).toBe(`${f.code}-novo`.toUpperCase());
    expect((await admin.trpc.coupons.get.query({ id })).data?.name).toBe("Black Friday 2026");

    // Once used, the code is frozen and the coupon can only be deactivated.
    await withTransaction(db(), (tx) => reserveCoupon(tx, `${f.code}-novo`, { ...planTarget(profissional), checkoutSessionId: `adm-${id}` }, now()));
    const who = must((await admin.trpc.coupons.redemptions.query({ couponId: id })).data);
    expect(who.items).toHaveLength(1);
    expect(who.items[0]).toMatchObject({ workspaceId, status: "reserved" });
    expect((await admin.trpc.coupons.update.mutate({ ...f, id, code: "OUTRO-CODIGO" })).error?.message).toBe("O código não pode mudar depois que o cupom foi usado");
    expect((await admin.trpc.coupons.remove.mutate({ id })).error?.message).toBe("Este cupom já foi usado e não pode ser excluído; desative-o");
    const off = await admin.trpc.coupons.update.mutate({ ...f, id, code: `${f.code}-novo`, isActive: false });
    expect(off.data?.status).toBe("inactive");

    const spare = must((await admin.trpc.coupons.create.mutate({ ...f, code: `${f.code}-b` })).data);
    expect((await admin.trpc.coupons.remove.mutate({ id: spare.id })).ok).toBe(true);
    expect((await admin.trpc.coupons.get.query({ id: spare.id })).status).toBe(404);
  });
});

describe("[coupons] through billing.checkout.create", () => {
  test("20 concurrent checkouts by 20 workspaces for a coupon with 5 uses: 5 sessions get the discount, 15 are refused", async () => {
    const c = await insertCoupon({ maxUses: 5, discountValue: 10 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => registerUser(b.app)));
    const results = await Promise.all(buyers.map(({ client }) => client.trpc.billing.checkout.create.mutate({ planId: profissional.id, couponCode: c.code })));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(5);
    expect(results.filter((r) => r.error?.message === "Este cupom atingiu o limite de usos")).toHaveLength(15);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, c.id));
    expect(row?.usedCount).toBe(5);
    const discounted = await db().select().from(checkoutSessions).where(eq(checkoutSessions.couponId, c.id));
    expect(discounted.map((s) => s.totalCents)).toEqual(Array(5).fill(profissional.priceCents - Math.round(profissional.priceCents * 0.1)));
  }, 60_000);
});
