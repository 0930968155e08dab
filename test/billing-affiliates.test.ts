import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { affiliateClicks, affiliateCommissions, affiliateReferrals, affiliates, payments } from "../db/schema";
import { cancelCommissionForPayment, recordCommissionForPayment } from "../src/services/billing/affiliate-hooks";
import { startTestApp, type TestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { loginAdmin, registerBody, registerUser } from "./helpers/factories";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 60_000);
afterAll(() => app.stop());

type Me = { id: string; code: string; link: string; clicks: number; signups: number; pendingCents: number; approvedCents: number; paidCents: number; availableCents: number; conversions: number };
type Page<T> = { rows: T[]; total: number };
type Commission = { id: string; status: string; amountCents: number; rate: number };

async function affiliate() {
  const a = await registerUser(app);
  const me = await a.client.query<Me>("affiliates.me");
  expect(me.ok).toBe(true);
  return { ...a, me: me.data };
}

/** A visitor follows the link and signs up in the same browser. */
async function referredSignUp(code: string) {
  const browser = await new Client(app.base).warmUp();
  await browser.get(`/register?ref=${code}`);
  const body = registerBody();
  const res = await browser.post<{ user: { id: string; currentWorkspaceId: string } }>("/api/v1/auth/register", body);
  expect(res.status).toBe(201);
  return { client: browser, user: res.data.user, email: body.email as string };
}

async function paid(workspaceId: string, userId: string, amountCents: number) {
  const [p] = await app.deps.db.insert(payments).values({ workspaceId, userId, kind: "subscription", description: "Profissional", amountCents, status: "paid", paidAt: Date.now() }).returning();
  return must(p);
}

const commissionsOf = (paymentId: string) => app.deps.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paymentId));

describe("[affiliates] referral link, click and sign-up", () => {
  test("?ref=CODE sets a 30-day HttpOnly Lax cookie and counts one click per visitor per day", async () => {
    const { me } = await affiliate();
    expect(me.link).toEndWith(`/register?ref=${me.code}`);
    const visitor = await new Client(app.base).warmUp();
    const first = await visitor.get(`/login?ref=${me.code}`);
    const cookie = first.setCookies.find((c) => c.startsWith("atenda_ref="));
    expect(cookie).toBeDefined();
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain(`Max-Age=${30 * 86_400}`);
    await visitor.get(`/register?ref=${me.code}`);
    const other = await new Client(app.base).warmUp();
    await other.get(`/?ref=${me.code.toLowerCase()}`);
    const clicks = await app.deps.db.select().from(affiliateClicks).where(eq(affiliateClicks.affiliateId, me.id));
    expect(clicks).toHaveLength(2);
    // An unknown code sets nothing.
    const stray = await new Client(app.base).warmUp();
    const res = await stray.get("/register?ref=NAOEXISTE");
    expect(res.setCookies.some((c) => c.startsWith("atenda_ref="))).toBe(false);
  });

  test("registering with the cookie creates the referral (and the figures show it); without it, none", async () => {
    const { me, client } = await affiliate();
    const referred = await referredSignUp(me.code);
    const rows = await app.deps.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.referredUserId, referred.user.id));
    expect(rows.map((r) => r.affiliateId)).toEqual([me.id]);
    const plain = await registerUser(app);
    expect(await app.deps.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.referredUserId, plain.user.id))).toHaveLength(0);
    const after = await client.query<Me>("affiliates.me");
    expect(after.data.signups).toBe(1);
    expect(after.data.clicks).toBe(1);
  });
});

describe("[affiliates] commissions on payments", () => {
  test("a paid payment of a referred owner earns 10 % once; a non-referred workspace earns nothing", async () => {
    const { me } = await affiliate();
    const referred = await referredSignUp(me.code);
    const p = await paid(referred.user.currentWorkspaceId, referred.user.id, 19_990);
    await recordCommissionForPayment(app.deps.db, { id: p.id, workspaceId: p.workspaceId, userId: p.userId, amountCents: 19_990 }, Date.now());
    await recordCommissionForPayment(app.deps.db, { id: p.id, workspaceId: p.workspaceId, userId: p.userId, amountCents: 19_990 }, Date.now());
    const rows = await commissionsOf(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ affiliateId: me.id, status: "pending", baseCents: 19_990, rate: 0.1, amountCents: 1999 });

    const plain = await registerUser(app);
    const q = await paid(must(plain.user.currentWorkspaceId), plain.user.id, 10_000);
    await recordCommissionForPayment(app.deps.db, { id: q.id, workspaceId: q.workspaceId, userId: q.userId, amountCents: 10_000 }, Date.now());
    expect(await commissionsOf(q.id)).toHaveLength(0);
  });

  test("a refund cancels a pending commission; the admin's custom rate applies to the next payment", async () => {
    const { me } = await affiliate();
    const referred = await referredSignUp(me.code);
    const ws = referred.user.currentWorkspaceId;
    const p = await paid(ws, referred.user.id, 10_000);
    await recordCommissionForPayment(app.deps.db, { id: p.id, workspaceId: ws, userId: referred.user.id, amountCents: 10_000 }, Date.now());
    await cancelCommissionForPayment(app.deps.db, p.id, Date.now());
    expect((await commissionsOf(p.id))[0]?.status).toBe("canceled");

    const admin = await loginAdmin(app);
    expect((await admin.client.mutate("affiliates.admin.setRate", { affiliateId: me.id, rate: 0.25 })).ok).toBe(true);
    expect((await admin.client.mutate("affiliates.admin.setRate", { affiliateId: me.id, rate: 0.6 })).ok).toBe(false);
    const q = await paid(ws, referred.user.id, 10_000);
    await recordCommissionForPayment(app.deps.db, { id: q.id, workspaceId: ws, userId: referred.user.id, amountCents: 10_000 }, Date.now());
    expect((await commissionsOf(q.id))[0]).toMatchObject({ rate: 0.25, amountCents: 2500 });
  });

  test("an affiliate cannot refer an account with the same e-mail (no self-referral)", async () => {
    const { me, email } = await affiliate();
    // The affiliate's own row exists; a sign-up attempt with the same e-mail is refused outright.
    const browser = await new Client(app.base).warmUp();
    await browser.get(`/register?ref=${me.code}`);
    const res = await browser.post("/api/v1/auth/register", registerBody({ email }));
    expect(res.status).toBe(409);
    expect(await app.deps.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.affiliateId, me.id))).toHaveLength(0);
  });
});

describe("[affiliates] payouts and access", () => {
  test("payout: refused below R$ 50,00; request → reject releases → request → mark paid", async () => {
    const { me, client } = await affiliate();
    const referred = await referredSignUp(me.code);
    const ws = referred.user.currentWorkspaceId;
    const admin = await loginAdmin(app);
    const p = await paid(ws, referred.user.id, 30_000);
    await recordCommissionForPayment(app.deps.db, { id: p.id, workspaceId: ws, userId: referred.user.id, amountCents: 30_000 }, Date.now());
    const [c1] = await commissionsOf(p.id);
    expect((await client.mutate("affiliates.setPixKey", { pixKey: "123" })).ok).toBe(false);
    expect((await client.mutate("affiliates.setPixKey", { pixKey: "+5511987654321" })).ok).toBe(true);
    // Pending only: nothing available yet.
    const early = await client.mutate("affiliates.requestPayout");
    expect(early.ok).toBe(false);
    expect(early.error?.message).toMatch(/R\$\s50,00/);
    expect((await admin.client.mutate("affiliates.admin.approve", { id: must(c1).id })).ok).toBe(true);
    expect((await admin.client.mutate("affiliates.admin.approve", { id: must(c1).id })).ok).toBe(false);
    // 10 % of R$ 300,00 = R$ 30,00: still below the minimum.
    expect((await client.mutate("affiliates.requestPayout")).ok).toBe(false);
    const q = await paid(ws, referred.user.id, 30_000);
    await recordCommissionForPayment(app.deps.db, { id: q.id, workspaceId: ws, userId: referred.user.id, amountCents: 30_000 }, Date.now());
    const [c2] = await commissionsOf(q.id);
    await admin.client.mutate("affiliates.admin.approve", { id: must(c2).id });

    const first = await client.mutate<{ id: string; amountCents: number }>("affiliates.requestPayout");
    expect(first.ok).toBe(true);
    expect(first.data.amountCents).toBe(6000);
    expect((await client.query<Me>("affiliates.me")).data.availableCents).toBe(0);
    expect((await admin.client.mutate("affiliates.admin.reject", { id: first.data.id, note: "Chave errada" })).ok).toBe(true);
    expect((await client.query<Me>("affiliates.me")).data.availableCents).toBe(6000);

    const second = await client.mutate<{ id: string }>("affiliates.requestPayout");
    expect(second.ok).toBe(true);
    expect((await admin.client.mutate("affiliates.admin.markPaid", { id: second.data.id, note: "" })).ok).toBe(true);
    expect((await admin.client.mutate("affiliates.admin.markPaid", { id: second.data.id, note: "" })).ok).toBe(false);
    const after = (await client.query<Me>("affiliates.me")).data;
    expect(after).toMatchObject({ paidCents: 6000, approvedCents: 0, availableCents: 0, conversions: 2 });
    // A refund after the payout leaves the commission paid (reported in the activity log).
    await cancelCommissionForPayment(app.deps.db, p.id, Date.now());
    expect((await commissionsOf(p.id))[0]?.status).toBe("paid");
  });

  test("a non-admin is refused on admin procedures; another user cannot see my commissions", async () => {
    const { me, client } = await affiliate();
    const referred = await referredSignUp(me.code);
    const p = await paid(referred.user.currentWorkspaceId, referred.user.id, 10_000);
    await recordCommissionForPayment(app.deps.db, { id: p.id, workspaceId: p.workspaceId, userId: referred.user.id, amountCents: 10_000 }, Date.now());
    for (const [path, input] of [
      ["affiliates.admin.list", { page: 1, pageSize: 20, search: "" }],
      ["affiliates.admin.commissions", { page: 1, pageSize: 20 }],
      ["affiliates.admin.payouts", { page: 1, pageSize: 20 }],
    ] as const) {
      const r = await client.query(path, input);
      expect(r.ok).toBe(false);
      expect(r.status).toBe(403);
    }
    expect((await client.mutate("affiliates.admin.setRate", { affiliateId: me.id, rate: 0.5 })).status).toBe(403);
    const mine = await client.query<Page<Commission>>("affiliates.commissions", { page: 1, pageSize: 20 });
    expect(mine.data.total).toBe(1);
    const stranger = await registerUser(app);
    const theirs = await stranger.client.query<Page<Commission>>("affiliates.commissions", { page: 1, pageSize: 20 });
    expect(theirs.ok).toBe(true);
    expect(theirs.data.total).toBe(0);
    const [row] = await app.deps.db.select().from(affiliates).where(eq(affiliates.id, me.id));
    expect(row?.commissionRate).toBe(0.1);
  });
});
