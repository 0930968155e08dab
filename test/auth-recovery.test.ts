/** Forgot/reset password, email verification, and the REQUIRE_EMAIL_VERIFICATION mode (SPEC §8 Forgot password). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox, userActivityLogs, users } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { PASSWORD, type PublicUser, loginAs, mailCount, mailedToken, outbox, registerBody, registerUser, uniqueEmail } from "./helpers/factories";

const NOT_REGISTERED = "Este email não está cadastrado em nossa plataforma.";
const BAD_RESET = "Link de redefinição inválido ou expirado.";
const BAD_VERIFY = "Link de verificação inválido ou expirado.";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const anon = () => new Client(app.base).warmUp();

describe("[auth] forgot and reset password", () => {
  test("an unknown email is 404 with the pt-BR message and no mail", async () => {
    const email = uniqueEmail("desconhecido");
    const res = await (await anon()).post("/api/v1/auth/forgot-password", { email });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: "NOT_FOUND", message: NOT_REGISTERED });
    expect(await mailCount(app, email)).toBe(0);
  });

  test("an invalid email is 400 'Email inválido'", async () => {
    const res = await (await anon()).post("/api/v1/auth/forgot-password", { email: "sem-arroba" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Email inválido");
  });

  test("a known email gets a reset link that works once, changes the password and ends every session", async () => {
    const { email, client: firstSession } = await registerUser(app);
    const second = await loginAs(app, email, PASSWORD, true);

    const res = await (await anon()).post("/api/v1/auth/forgot-password", { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    const [mail] = await outbox(app, email);
    expect(mail?.template).toBe("reset-password");
    expect(mail?.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]+/);
    const token = await mailedToken(app, email, "/reset-password");

    const short = await (await anon()).post("/api/v1/auth/reset-password", { token, password: "12345" });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe("Senha deve ter pelo menos 6 caracteres");

    const newPassword = "nova-senha-456";
    const ok = await (await anon()).post("/api/v1/auth/reset-password", { token, password: newPassword });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { ok: true } });

    const again = await (await anon()).post("/api/v1/auth/reset-password", { token, password: "outra-senha-789" });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: "VALIDATION", message: BAD_RESET });

    expect((await firstSession.get("/api/v1/auth/user")).status).toBe(401);
    expect((await second.client.get("/api/v1/auth/user")).status).toBe(401);

    const old = await (await anon()).post("/api/v1/auth/login", { email, password: PASSWORD });
    expect(old.status).toBe(401);
    expect((await loginAs(app, email, newPassword)).user.email).toBe(email);
  });

  test("the stored mail does not hold the raw reset token (encrypted at rest); the link still works", async () => {
    const { email } = await registerUser(app);
    expect((await (await anon()).post("/api/v1/auth/forgot-password", { email })).status).toBe(200);
    const token = await mailedToken(app, email, "/reset-password");
    const rows = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email.toLowerCase()));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.text).not.toContain(token);
      expect(r.text).not.toContain("token=");
    }
    const reset = await (await anon()).post("/api/v1/auth/reset-password", { token, password: "outra-senha-9" });
    expect(reset.status).toBe(200);
  });

  test("a made-up reset token is 400", async () => {
    const res = await (await anon()).post("/api/v1/auth/reset-password", { token: "token-inventado", password: "qualquer-123" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(BAD_RESET);
  });

  test("requesting resets for one email too often is 429", async () => {
    const { email } = await registerUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await (await anon()).post("/api/v1/auth/forgot-password", { email })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    const res = await (await anon()).post("/api/v1/auth/forgot-password", { email });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("RATE_LIMITED");
    expect(res.body.error.message).toContain("Aguarde alguns minutos");
    expect(await mailCount(app, email)).toBe(1 + 5); // verification + the 5 accepted requests
  });
});

describe("[auth] email verification", () => {
  test("the mailed token flips emailVerified and is single use", async () => {
    const { client, email } = await registerUser(app);
    const token = await mailedToken(app, email, "/verify-email");
    const res = await (await anon()).post("/api/v1/auth/verify-email", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    const me = await client.get<PublicUser>("/api/v1/auth/user");
    expect(me.data.emailVerified).toBe(true);
    const again = await (await anon()).post("/api/v1/auth/verify-email", { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: "VALIDATION", message: BAD_VERIFY });
  });

  test("resend-verification mails a fresh link that works; anonymous is 401", async () => {
    const { client, email } = await registerUser(app);
    const first = await mailedToken(app, email, "/verify-email");
    const res = await client.post("/api/v1/auth/resend-verification");
    expect(res.status).toBe(200);
    expect(await mailCount(app, email)).toBe(2);
    const fresh = await mailedToken(app, email, "/verify-email");
    expect(fresh).not.toBe(first);
    expect((await (await anon()).post("/api/v1/auth/verify-email", { token: fresh })).status).toBe(200);
    expect((await (await anon()).post("/api/v1/auth/resend-verification")).status).toBe(401);
  });

  test("verification lands in the audit trail", async () => {
    const { email, user } = await registerUser(app);
    await (await anon()).post("/api/v1/auth/verify-email", { token: await mailedToken(app, email, "/verify-email") });
    const rows = await app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.userId, user.id));
    expect(rows.map((r) => r.action)).toContain("auth.verify_email");
  });
});

describe("[auth] REQUIRE_EMAIL_VERIFICATION=true", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({ REQUIRE_EMAIL_VERIFICATION: "true" });
  });
  afterAll(() => strict.stop());

  test("register does not sign in, login is refused until the email is verified", async () => {
    const config = await new Client(strict.base).get<{ requireEmailVerification: boolean }>("/api/v1/config/public");
    expect(config.data.requireEmailVerification).toBe(true);

    const body = registerBody();
    const c = await new Client(strict.base).warmUp();
    const reg = await c.post<{ authenticated: boolean; user: PublicUser }>("/api/v1/auth/register", body);
    expect(reg.status).toBe(201);
    expect(reg.data.authenticated).toBe(false);
    expect(reg.data.user.emailVerified).toBe(false);
    expect(c.cookie("atenda_session")).toBeUndefined();
    expect((await c.get("/api/v1/auth/user")).status).toBe(401);

    const login = await (await new Client(strict.base).warmUp()).post("/api/v1/auth/login", { email: body.email, password: body.password });
    expect(login.status).toBe(403);
    expect(login.body.error.message).toContain("Email não verificado");
    expect(login.setCookies.some((s) => s.startsWith("atenda_session="))).toBe(false);

    const token = await mailedToken(strict, String(body.email), "/verify-email");
    expect((await (await new Client(strict.base).warmUp()).post("/api/v1/auth/verify-email", { token })).status).toBe(200);
    const after = await loginAs(strict, String(body.email), String(body.password));
    expect(after.user.emailVerified).toBe(true);
  });

  test("once the mailed link has expired, a correct login mails a fresh one (resend needs a session it cannot get)", async () => {
    const body = registerBody();
    const email = String(body.email);
    await (await new Client(strict.base).warmUp()).post("/api/v1/auth/register", body);
    const stale = await mailedToken(strict, email, "/verify-email");
    // a still-valid link is not re-sent on every attempt
    await (await new Client(strict.base).warmUp()).post("/api/v1/auth/login", { email, password: body.password });
    expect(await mailCount(strict, email)).toBe(1);

    await strict.deps.db.update(users).set({ emailVerificationExpiry: Date.now() - 1000 }).where(eq(users.email, email));
    expect((await (await new Client(strict.base).warmUp()).post("/api/v1/auth/verify-email", { token: stale })).status).toBe(400);
    const login = await (await new Client(strict.base).warmUp()).post("/api/v1/auth/login", { email, password: body.password });
    expect(login.status).toBe(403);
    expect(await mailCount(strict, email)).toBe(2);
    const fresh = await mailedToken(strict, email, "/verify-email");
    expect((await (await new Client(strict.base).warmUp()).post("/api/v1/auth/verify-email", { token: fresh })).status).toBe(200);
    expect((await loginAs(strict, email, String(body.password))).user.emailVerified).toBe(true);
  });

  test("a wrong password is still the plain 401, not a hint that the account exists", async () => {
    const body = registerBody();
    await (await new Client(strict.base).warmUp()).post("/api/v1/auth/register", body);
    const res = await (await new Client(strict.base).warmUp()).post("/api/v1/auth/login", { email: body.email, password: "errada-999" });
    expect(res.status).toBe(401);
  });
});
