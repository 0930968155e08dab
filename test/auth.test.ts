/** Register, login, session, logout, heartbeat and the audit trail (SPEC §5, §7, §8 Login/Register). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { onlineUsers, userActivityLogs } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import {
  PASSWORD,
  type PublicUser,
  loginAs,
  mailCount,
  mailedToken,
  registerBody,
  registerUser,
  uniqueEmail,
  userRow,
} from "./helpers/factories";

const BAD_CREDENTIALS = "Email ou senha incorretos. Verifique suas credenciais e tente novamente.";
const TOO_MANY_LOGINS = "Muitas tentativas de login. Aguarde alguns minutos antes de tentar novamente.";
const DAY = 86_400_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const anon = () => new Client(app.base).warmUp();

describe("[auth] register", () => {
  test("creates the account, signs in, and gives a personal free workspace with 100 credits", async () => {
    const body = registerBody({ email: uniqueEmail("Joana").toUpperCase(), firstName: "Joana", lastName: "Pereira" });
    const client = await anon();
    const res = await client.post<{ user: PublicUser; authenticated: boolean }>("/api/v1/auth/register", body);
    expect(res.status).toBe(201);
    expect(res.data.authenticated).toBe(true);
    const user = res.data.user;
    expect(user).toMatchObject({
      email: String(body.email).toLowerCase(),
      firstName: "Joana",
      lastName: "Pereira",
      phoneNumber: "+5511987654321",
      role: "user",
      emailVerified: false,
      profileImageUrl: null,
    });
    expect(typeof user.id).toBe("string");
    expect(typeof user.currentWorkspaceId).toBe("string");
    expect(user).not.toHaveProperty("passwordHash");

    const session = res.setCookies.find((s) => s.startsWith("atenda_session="));
    expect(session).toBeDefined();
    expect(session).toContain("HttpOnly");
    expect(session).toContain("SameSite=Lax");

    const me = await client.get<PublicUser>("/api/v1/auth/user");
    expect(me.status).toBe(200);
    expect(me.data.id).toBe(user.id);
    expect(me.data.currentWorkspaceId).toBe(user.currentWorkspaceId);

    const list = await client.get<{ id: string; name: string; isCurrent: boolean; plan: { name: string } }[]>("/api/v1/workspaces");
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: user.currentWorkspaceId, name: "Workspace de Joana", isCurrent: true, plan: { name: "Gratuito" } });

    const dash = await client.get<{ credits: Record<string, number> }>(`/api/v1/workspaces/${user.currentWorkspaceId}/dashboard`);
    expect(dash.data.credits).toEqual({ totalCredits: 100, usedCredits: 0, remainingCredits: 100, remainingBonusCredits: 0 });

    const token = await mailedToken(app, user.email, "/verify-email");
    expect(token.length).toBeGreaterThan(20);
  });

  test("a taken email (any case) is 409 with 'já existe' and creates nothing", async () => {
    const { email } = await registerUser(app);
    const before = await mailCount(app, email);
    const res = await (await anon()).post("/api/v1/auth/register", registerBody({ email: email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("CONFLICT");
    expect(res.body.error.message).toContain("já existe");
    expect(res.setCookies.some((s) => s.startsWith("atenda_session="))).toBe(false);
    expect(await mailCount(app, email)).toBe(before);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["bad email", { email: "nao-e-um-email" }, "Email inválido"],
    ["missing email", { email: undefined }, "Email inválido"],
    ["phone under 10 digits", { phoneNumber: "+55 (11) 9876" }, "Telefone deve ter pelo menos 10 dígitos"],
    ["first name under 2", { firstName: "A" }, "Nome deve ter pelo menos 2 caracteres"],
    ["first name blank after trim", { firstName: "   " }, "Nome deve ter pelo menos 2 caracteres"],
    ["last name under 2", { lastName: "B" }, "Sobrenome deve ter pelo menos 2 caracteres"],
    ["password under 6", { password: "12345" }, "Senha deve ter pelo menos 6 caracteres"],
  ];
  for (const [label, override, message] of invalid) {
    test(`validation: ${label} → 400 '${message}' and nothing written`, async () => {
      const body = registerBody(override);
      const res = await (await anon()).post("/api/v1/auth/register", body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "VALIDATION", message });
      expect(res.setCookies.some((s) => s.startsWith("atenda_session="))).toBe(false);
      if (typeof body.email === "string" && body.email.includes("@")) {
        expect(await userRow(app, body.email)).toBeUndefined();
        expect(await mailCount(app, body.email)).toBe(0);
      }
    });
  }

  test("malformed JSON, an empty body and a non-object body are 400, never 500", async () => {
    const c = await anon();
    for (const path of ["/api/v1/auth/register", "/api/v1/auth/login", "/api/v1/auth/forgot-password", "/api/v1/auth/reset-password"]) {
      const broken = await c.request("POST", path, { raw: '{"email": "x@y.com",' });
      expect(broken.status).toBe(400);
      expect(broken.body.error.code).toBe("VALIDATION");
      expect(broken.body.error.message).toBe("Corpo da requisição inválido (JSON malformado)");
      const empty = await c.request("POST", path, { raw: "" });
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe("VALIDATION");
      const nul = await c.request("POST", path, { raw: "null" });
      expect(nul.status).toBe(400);
    }
  });
});

describe("[auth] login", () => {
  let email: string;
  beforeAll(async () => {
    ({ email } = await registerUser(app));
  });

  test("without remember-me the session cookie has no expiry (ends with the browser)", async () => {
    const { res, user } = await loginAs(app, email, PASSWORD, false);
    expect(user.email).toBe(email);
    expect(typeof user.currentWorkspaceId).toBe("string");
    const cookie = res.setCookies.find((s) => s.startsWith("atenda_session="));
    expect(cookie).toBeDefined();
    expect(cookie).toContain("HttpOnly");
    expect(cookie).not.toMatch(/expires=|max-age=/i);
  });

  test("remember-me gives a persistent cookie that expires in about 30 days", async () => {
    const { client } = await loginAs(app, email, PASSWORD, true);
    const expires = client.cookie("atenda_session")?.expires?.getTime() ?? 0;
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(5 * 60_000);
    expect((await client.get("/api/v1/auth/user")).status).toBe(200);
  });

  test("behind https (X-Forwarded-Proto from a trusted proxy) the session cookie is Secure", async () => {
    const c = await anon();
    const res = await c.post("/api/v1/auth/login", { email, password: PASSWORD }, { headers: { "x-forwarded-proto": "https" } });
    expect(res.status).toBe(200);
    expect(res.setCookies.find((s) => s.startsWith("atenda_session="))).toContain("Secure");
    const plain = await (await anon()).post("/api/v1/auth/login", { email, password: PASSWORD });
    expect(plain.setCookies.find((s) => s.startsWith("atenda_session="))).not.toContain("Secure");
  });

  test("email is matched case-insensitively", async () => {
    const res = await (await anon()).post("/api/v1/auth/login", { email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
  });

  test("wrong password and unknown email get the same 401 message and no session", async () => {
    const wrong = await (await anon()).post("/api/v1/auth/login", { email, password: "senha-errada" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({ code: "UNAUTHORIZED", message: BAD_CREDENTIALS });
    expect(wrong.setCookies.some((s) => s.startsWith("atenda_session="))).toBe(false);
    const unknown = await (await anon()).post("/api/v1/auth/login", { email: uniqueEmail("ninguem"), password: PASSWORD });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toEqual({ code: "UNAUTHORIZED", message: BAD_CREDENTIALS });
  });

  test("missing password is 400 'Senha é obrigatória'", async () => {
    const res = await (await anon()).post("/api/v1/auth/login", { email, password: "" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Senha é obrigatória");
  });

  test("the 6th attempt after 5 failures within 5 minutes is 429, even with the right password", async () => {
    const victim = (await registerUser(app)).email;
    const c = await anon();
    for (let i = 0; i < 5; i++) {
      const res = await c.post("/api/v1/auth/login", { email: victim, password: `errada-${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await (await anon()).post("/api/v1/auth/login", { email: victim, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({ code: "RATE_LIMITED", message: TOO_MANY_LOGINS });
    expect(blocked.setCookies.some((s) => s.startsWith("atenda_session="))).toBe(false);
    // other accounts are unaffected
    expect((await (await anon()).post("/api/v1/auth/login", { email, password: PASSWORD })).status).toBe(200);
  });
});

describe("[auth] session", () => {
  test("GET /api/v1/auth/user without a cookie is 401", async () => {
    const res = await new Client(app.base).get("/api/v1/auth/user");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
  });

  test("a forged session cookie is 401", async () => {
    const c = new Client(app.base);
    const res = await c.get("/api/v1/auth/user", { headers: { cookie: "atenda_session=forjado" } });
    expect(res.status).toBe(401);
  });

  for (const path of ["/api/v1/auth/logout", "/api/logout"]) {
    test(`POST ${path} ends the session on the server and clears the cookie`, async () => {
      const { client, email } = await registerUser(app);
      const other = await loginAs(app, email, PASSWORD);
      const token = client.cookie("atenda_session")?.value;
      const res = await client.post(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { ok: true } });
      expect(client.cookie("atenda_session")).toBeUndefined();
      expect((await client.get("/api/v1/auth/user")).status).toBe(401);
      // replaying the old cookie does not revive it
      const replay = await new Client(app.base).get("/api/v1/auth/user", { headers: { cookie: `atenda_session=${token}` } });
      expect(replay.status).toBe(401);
      // only this session ended
      expect((await other.client.get("/api/v1/auth/user")).status).toBe(200);
    });
  }

  test("logout without a session is still ok", async () => {
    const res = await (await anon()).post("/api/v1/auth/logout");
    expect(res.status).toBe(200);
  });

  test("heartbeat records presence in online_users; anonymous heartbeat is 401", async () => {
    const { client, user } = await registerUser(app);
    const res = await client.post("/api/v1/auth/heartbeat", {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    const [row] = await app.deps.db.select().from(onlineUsers).where(eq(onlineUsers.userId, user.id));
    expect(row).toBeDefined();
    expect(Math.abs((row?.lastSeen ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(row?.ipAddress).toBe(client.ip);
    expect((await (await anon()).post("/api/v1/auth/heartbeat", {})).status).toBe(401);
  });

  test("tRPC auth.me returns the user with a session and null without", async () => {
    const { client, user } = await registerUser(app);
    const me = await client.trpc.auth.me.query();
    expect(me.ok).toBe(true);
    expect(me.data?.id).toBe(user.id);
    const none = await new Client(app.base).trpc.auth.me.query();
    expect(none.ok).toBe(true);
    expect(none.data).toBeNull();
  });
});

describe("[auth] audit trail", () => {
  test("register, login, failed login and logout land in user_activity_logs", async () => {
    const { user, email, client } = await registerUser(app);
    await (await anon()).post("/api/v1/auth/login", { email, password: "errada-123" });
    const second = await loginAs(app, email, PASSWORD);
    await client.post("/api/v1/auth/logout");
    const rows = await app.deps.db
      .select()
      .from(userActivityLogs)
      .where(and(eq(userActivityLogs.userId, user.id), eq(userActivityLogs.category, "auth")));
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.register", "auth.login.failed", "auth.login", "auth.logout"]));
    const login = rows.find((r) => r.action === "auth.login");
    expect(login?.ipAddress).toBe(second.client.ip);
  });
});
