/**
 * Issue 11 #13: free credits cannot be farmed. Registration is limited per address, and the free
 * plan's credits are granted once per user (to the first workspace), never per workspace; with SMTP
 * configured, only once the email is verified.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { userCredits } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { type PublicUser, mailedToken, registerBody, registerUser } from "./helpers/factories";
import { startFakeSmtp } from "./fakes/smtp";

const smtp = await startFakeSmtp();
let app: TestApp;
let mailing: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  mailing = await startTestApp({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_FROM: "Atenda <no-reply@atenda.test>" });
}, 30_000);
afterAll(async () => {
  await app.stop();
  await mailing.stop();
  smtp.stop();
});

/** Whole credits in each wallet of the user's workspaces, by workspace id. */
async function walletsOf(a: TestApp, userId: string) {
  const rows = await a.deps.db.select().from(userCredits).where(eq(userCredits.userId, userId));
  return new Map(rows.map((r) => [r.workspaceId, r.remainingCredits / 1000]));
}
const total = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);

describe("[hardening] free credits once per user", () => {
  test("the first workspace gets the free credits; a second workspace of the same user starts with 0", async () => {
    const { client, user } = await registerUser(app);
    const second = await client.post<{ id: string }>("/api/v1/workspaces", { name: "Segunda Loja", description: "Criado pelo usuário" });
    expect(second.status).toBe(201);
    const dash = await client.get<{ credits: { totalCredits: number; remainingCredits: number } }>(`/api/v1/workspaces/${second.data.id}/dashboard`);
    expect(dash.data.credits).toMatchObject({ totalCredits: 0, remainingCredits: 0 });
    const wallets = await walletsOf(app, user.id);
    expect(wallets.get(user.currentWorkspaceId ?? "")).toBe(100);
    expect(wallets.get(second.data.id)).toBe(0);
  });

  test("concurrent workspace creates grant nothing twice and stay within the plan's workspace limit", async () => {
    const { client, user } = await registerUser(app);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post<{ id: string }>("/api/v1/workspaces", { name: `Loja ${i + 1}`, description: "Criado pelo usuário" })),
    );
    // The free plan allows 2 workspaces: the personal one and exactly one more.
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 403)).toHaveLength(5);
    const wallets = await walletsOf(app, user.id);
    expect(wallets.size).toBe(2);
    expect(total(wallets)).toBe(100);
  });
});

describe("[hardening] with SMTP configured the free credits wait for the verified email", () => {
  test("register gives an empty wallet; verifying the email grants 100 credits to the first workspace, once", async () => {
    const body = registerBody();
    const reg = await (await new Client(mailing.base).warmUp()).post<{ user: PublicUser }>("/api/v1/auth/register", body);
    expect(reg.status).toBe(201);
    const user = reg.data.user;
    expect(total(await walletsOf(mailing, user.id))).toBe(0);
    const token = await mailedToken(mailing, body.email as string, "/verify-email");
    // The link clicked twice at once, while the user also creates a workspace: one grant in all.
    const anon = new Client(mailing.base);
    const owner = await new Client(mailing.base).warmUp();
    await owner.post("/api/v1/auth/login", { email: body.email, password: body.password, rememberMe: false });
    const [v1, v2] = await Promise.all([
      anon.post("/api/v1/auth/verify-email", { token }),
      anon.post("/api/v1/auth/verify-email", { token }),
      owner.post("/api/v1/workspaces", { name: "Filial", description: "Criado pelo usuário" }),
    ]);
    expect([v1?.status, v2?.status].sort()).toEqual([200, 400]);
    const wallets = await walletsOf(mailing, user.id);
    expect(wallets.get(user.currentWorkspaceId ?? "")).toBe(100);
    expect(total(wallets)).toBe(100);
  });
});

describe("[hardening] registration is limited per address", () => {
  test("the 6th registration from one address within an hour is 429 in pt-BR; another address still registers", async () => {
    const ip = "10.213.7.1";
    for (let i = 0; i < 5; i++) {
      const res = await (await new Client(app.base, { ip }).warmUp()).post("/api/v1/auth/register", registerBody());
      expect(res.status).toBe(201);
    }
    const body = registerBody();
    const sixth = await (await new Client(app.base, { ip }).warmUp()).post("/api/v1/auth/register", body);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toEqual({ code: "RATE_LIMITED", message: "Muitos cadastros a partir deste endereço. Aguarde uma hora e tente novamente." });
    // Nothing was created for the refused attempt.
    const again = await (await new Client(app.base).warmUp()).post("/api/v1/auth/register", body);
    expect(again.status).toBe(201);
  }, 30_000);
});

test("[hardening] a burst of 10 concurrent registrations from one address creates exactly 5 accounts", async () => {
  const ip = "10.213.8.1";
  const clients = await Promise.all(Array.from({ length: 10 }, () => new Client(app.base, { ip }).warmUp()));
  const results = await Promise.all(clients.map((c) => c.post("/api/v1/auth/register", registerBody())));
  expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
}, 60_000);
