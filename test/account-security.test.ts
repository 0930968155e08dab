/** /account security (issue 17): password change ends the other sessions, email change by link, the sessions list. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { sessions, userActivityLogs } from "../db/schema";
import { sha256Hex } from "../src/lib/crypto";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { PASSWORD, type PublicUser, loginAs, outbox, registerUser, uniqueEmail, userRow } from "./helpers/factories";

// Every login and password check is an argon2 hash: slow on the shared 2-core machine.
setDefaultTimeout(30_000);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 30_000);
afterAll(() => app.stop());

const actions = async (userId: string) =>
  (
    await app.deps.db
      .select({ action: userActivityLogs.action, description: userActivityLogs.description })
      .from(userActivityLogs)
      .where(and(eq(userActivityLogs.userId, userId), eq(userActivityLogs.category, "account")))
      .orderBy(desc(userActivityLogs.createdAt))
  ).map((r) => r.action);

const signedIn = async (c: Client) => (await c.get<PublicUser>("/api/v1/auth/user")).status === 200;

/** The token of the newest email-change link mailed to `to`. */
async function emailChangeToken(to: string) {
  for (const m of await outbox(app, to)) {
    const match = m.text.match(/\/verify-email\?type=email-change&token=([A-Za-z0-9_-]+)/);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no email-change link mailed to ${to}`);
}

describe("[account] password change", () => {
  test("a wrong current password is refused in pt-BR and changes nothing", async () => {
    const u = await registerUser(app);
    const res = await u.client.trpc.account.changePassword.mutate({ currentPassword: "nao-e-essa", newPassword: "nova-senha-1" });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe("Senha atual incorreta.");
    const same = await u.client.trpc.account.changePassword.mutate({ currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.error?.message).toBe("A nova senha deve ser diferente da atual");
    const short = await u.client.trpc.account.changePassword.mutate({ currentPassword: PASSWORD, newPassword: "123" });
    expect(short.error?.message).toBe("Senha deve ter pelo menos 6 caracteres");
    await loginAs(app, u.email, PASSWORD);
  });

  test("the new password works, every other session ends at once, this one stays, a mail and an audit line say so", async () => {
    const u = await registerUser(app);
    const other = await loginAs(app, u.email, PASSWORD);
    expect(await signedIn(other.client)).toBe(true);
    const res = await u.client.trpc.account.changePassword.mutate({ currentPassword: PASSWORD, newPassword: "nova-senha-1" });
    expect(res.ok).toBe(true);
    expect(res.data.endedSessions).toBe(1);
    expect(await signedIn(other.client)).toBe(false);
    expect(await signedIn(u.client)).toBe(true);
    const [mail] = await outbox(app, u.email);
    expect(mail?.template).toBe("password-changed");
    expect(await actions(u.user.id)).toContain("account.password_changed");
    expect((await new Client(app.base).warmUp().then((c) => c.post("/api/v1/auth/login", { email: u.email, password: PASSWORD }))).status).toBe(401);
    await loginAs(app, u.email, "nova-senha-1");
  });

  test("repeated wrong guesses are rate limited", async () => {
    const u = await registerUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await u.client.trpc.account.changePassword.mutate({ currentPassword: `errada-${i}`, newPassword: "nova-senha-1" })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe("[account] email change", () => {
  test("a link goes to the new address; following it (without a session) changes the email, once", async () => {
    const u = await registerUser(app);
    const newEmail = uniqueEmail("novo");
    const res = await u.client.trpc.account.requestEmailChange.mutate({ newEmail: newEmail.toUpperCase(), currentPassword: PASSWORD });
    expect(res.ok).toBe(true);
    expect(res.data.pendingEmail).toBe(newEmail);
    expect((await u.client.trpc.account.get.query()).data.pendingEmail).toBe(newEmail);
    // Nothing changes before the link is followed.
    expect((await u.client.get<PublicUser>("/api/v1/auth/user")).data.email).toBe(u.email);
    const token = await emailChangeToken(newEmail);
    expect(must(await userRow(app, u.email)).pendingEmailToken).toBe(sha256Hex(token));

    const confirm = await (await new Client(app.base).warmUp()).trpc.account.confirmEmailChange.mutate({ token });
    expect(confirm.ok).toBe(true);
    const me = await u.client.get<PublicUser>("/api/v1/auth/user");
    expect(me.data.email).toBe(newEmail);
    expect(me.data.emailVerified).toBe(true);
    await loginAs(app, newEmail, PASSWORD);
    expect((await new Client(app.base).warmUp().then((c) => c.post("/api/v1/auth/login", { email: u.email, password: PASSWORD }))).status).toBe(401);

    const again = await new Client(app.base).trpc.account.confirmEmailChange.mutate({ token });
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe("Link de confirmação inválido ou expirado.");
    expect(await actions(u.user.id)).toEqual(expect.arrayContaining(["account.email_change_requested", "account.email_changed"]));
  });

  test("the current address is told of the request, and a new password cancels the pending change", async () => {
    const u = await registerUser(app);
    const newEmail = uniqueEmail("intruso");
    await u.client.trpc.account.requestEmailChange.mutate({ newEmail, currentPassword: PASSWORD });
    const notice = (await outbox(app, u.email)).find((m) => m.template === "email-change-requested");
    expect(notice?.text).toContain(newEmail);
    const token = await emailChangeToken(newEmail);
    const changed = await u.client.trpc.account.changePassword.mutate({ currentPassword: PASSWORD, newPassword: "outra-senha-123" });
    expect(changed.ok).toBe(true);
    expect(must(await userRow(app, u.email)).pendingEmail).toBeNull();
    const late = await new Client(app.base).trpc.account.confirmEmailChange.mutate({ token });
    expect(late.status).toBe(400);
    expect((await u.client.get<PublicUser>("/api/v1/auth/user")).data.email).toBe(u.email);
  });

  test("a taken address, the same address, a wrong password and a malformed one are refused in pt-BR", async () => {
    const u = await registerUser(app);
    const taken = await registerUser(app);
    const inUse = await u.client.trpc.account.requestEmailChange.mutate({ newEmail: taken.email, currentPassword: PASSWORD });
    expect(inUse.status).toBe(409);
    expect(inUse.error?.message).toBe("Este email já está em uso por outra conta.");
    const same = await u.client.trpc.account.requestEmailChange.mutate({ newEmail: u.email, currentPassword: PASSWORD });
    expect(same.error?.message).toBe("Este já é o email da sua conta.");
    const wrong = await u.client.trpc.account.requestEmailChange.mutate({ newEmail: uniqueEmail(), currentPassword: "errada" });
    expect(wrong.error?.message).toBe("Senha atual incorreta.");
    const bad = await u.client.trpc.account.requestEmailChange.mutate({ newEmail: "não-é-email", currentPassword: PASSWORD });
    expect(bad.error?.message).toBe("Email inválido");
  });

  test("an address taken between the request and the link is refused; cancelling drops the pending change", async () => {
    const u = await registerUser(app);
    const wanted = uniqueEmail("disputado");
    await u.client.trpc.account.requestEmailChange.mutate({ newEmail: wanted, currentPassword: PASSWORD });
    const token = await emailChangeToken(wanted);
    await registerUser(app, { email: wanted });
    const late = await new Client(app.base).trpc.account.confirmEmailChange.mutate({ token });
    expect(late.status).toBe(409);
    expect((await u.client.get<PublicUser>("/api/v1/auth/user")).data.email).toBe(u.email);

    await u.client.trpc.account.cancelEmailChange.mutate();
    expect((await u.client.trpc.account.get.query()).data.pendingEmail).toBeNull();
  });
});

describe("[account] active sessions", () => {
  test("lists each session with device, IP and last seen; the heartbeat updates last seen", async () => {
    const u = await registerUser(app);
    const phone = await new Client(app.base).warmUp();
    const ua = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
    expect((await phone.post("/api/v1/auth/login", { email: u.email, password: PASSWORD }, { headers: { "user-agent": ua } })).status).toBe(200);
    const before = await u.client.trpc.account.sessions.list.query();
    expect(before.data).toHaveLength(2);
    const android = must(before.data.find((s) => !s.current));
    expect(android.device).toBe("Chrome no Android");
    expect(android.ipAddress).toBe(phone.ip);
    expect(android.id).toMatch(/^[a-f0-9]{32}$/);
    // The sid itself never leaves the server.
    const sid = sha256Hex(must(phone.cookie("atenda_session")).value);
    expect(JSON.stringify(before.data)).not.toContain(sid);

    expect((await phone.post("/api/v1/auth/heartbeat", {})).status).toBe(200);
    const [row] = await app.deps.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.sid, sid));
    expect(row?.lastSeenAt).toBeNumber();
    const after = await u.client.trpc.account.sessions.list.query();
    expect(must(after.data.find((s) => s.id === android.id)).lastSeenAt).toBe(must(row?.lastSeenAt));
  });

  test("ending one session logs that browser out; the current one cannot be ended here; 'end others' ends the rest", async () => {
    const u = await registerUser(app);
    const b = await loginAs(app, u.email, PASSWORD);
    const c = await loginAs(app, u.email, PASSWORD);
    const list = (await u.client.trpc.account.sessions.list.query()).data;
    const current = must(list.find((s) => s.current));
    const own = await u.client.trpc.account.sessions.end.mutate({ id: current.id });
    expect(own.status).toBe(400);
    expect(own.error?.message).toBe("Esta é a sessão que você está usando. Para encerrá-la, use 'Sair'.");

    const bId = must((await b.client.trpc.account.sessions.list.query()).data.find((s) => s.current)).id;
    expect((await u.client.trpc.account.sessions.end.mutate({ id: bId })).ok).toBe(true);
    expect(await signedIn(b.client)).toBe(false);
    expect(await signedIn(c.client)).toBe(true);
    const gone = await u.client.trpc.account.sessions.end.mutate({ id: bId });
    expect(gone.status).toBe(404);
    expect(gone.error?.message).toBe("Sessão não encontrada ou já encerrada.");

    // Another user cannot end my session by its id.
    const stranger = await registerUser(app);
    const cId = must((await c.client.trpc.account.sessions.list.query()).data.find((s) => s.current)).id;
    expect((await stranger.client.trpc.account.sessions.end.mutate({ id: cId })).status).toBe(404);
    expect(await signedIn(c.client)).toBe(true);

    const others = await u.client.trpc.account.sessions.endOthers.mutate();
    expect(others.data.endedSessions).toBe(1);
    expect(await signedIn(c.client)).toBe(false);
    expect(await signedIn(u.client)).toBe(true);
    expect(await actions(u.user.id)).toEqual(expect.arrayContaining(["account.session_ended", "account.sessions_ended"]));
  });
});
