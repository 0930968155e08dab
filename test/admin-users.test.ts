/**
 * adminUsers.* (issue 17, /admin/usuarios): refused to non-admins on the server, inputs checked,
 * every action audited with the admin's id; a suspension ends the user's open sessions on their very
 * next call and refuses their login with a clear message until an admin reactivates them; role
 * changes never leave the platform without an admin; verification and reset links reach the outbox.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { userActivityLogs, users } from "../db/schema";
import { ADMIN_USER_MSG, setUserRole } from "../src/services/admin/users/actions";
import { AGENT_UNAVAILABLE, agentUnavailableReason } from "../src/services/agent-availability";
import { ADMIN_ONLY } from "../src/services/access";
import { MSG } from "../src/services/auth";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { type PublicUser, insertAgent, loginAdmin, loginAs, mailedToken, outbox, registerUser } from "./helpers/factories";

type ListResult = {
  items: { id: string; email: string; role: string; status: string; emailVerified: boolean; plans: string[] }[];
  total: number;
  page: number;
};
type Detail = {
  user: { id: string; email: string; status: string; suspensionReason: string | null; role: string };
  workspaces: { id: string; role: string; plan: string | null; remainingCredits: number; agents: number }[];
  credits: { remaining: number };
  activity: { action: string }[];
  openSessions: number;
};

let app: TestApp;
let admin: Client;
let adminUser: PublicUser;
beforeAll(async () => {
  app = await startTestApp();
  ({ client: admin, user: adminUser } = await loginAdmin(app));
});
afterAll(() => app.stop());

const MISSING = "00000000-0000-4000-8000-000000000000";

async function auditLines(action: string, resourceId: string) {
  return app.deps.db
    .select()
    .from(userActivityLogs)
    .where(and(eq(userActivityLogs.action, action), eq(userActivityLogs.resourceId, resourceId)));
}

describe("[admin users] access and input", () => {
  test("anonymous is refused with 401 and a normal user with 403, on reads and on writes", async () => {
    const { client, user } = await registerUser(app);
    const anon = await new Client(app.base).warmUp();
    expect((await anon.query("adminUsers.list", {})).error?.code).toBe("UNAUTHORIZED");
    for (const [path, input, kind] of [
      ["adminUsers.list", {}, "query"],
      ["adminUsers.get", { userId: user.id }, "query"],
      ["adminUsers.suspend", { userId: adminUser.id, reason: "Tentativa de golpe" }, "mutation"],
      ["adminUsers.setRole", { userId: user.id, role: "admin" }, "mutation"],
      ["adminUsers.sendPasswordReset", { userId: adminUser.id }, "mutation"],
    ] as const) {
      const res = kind === "query" ? await client.query(path, input) : await client.mutate(path, input);
      expect(res.status).toBe(403);
      expect(res.error?.message).toBe(ADMIN_ONLY);
    }
    const [row] = await app.deps.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe("user");
  });

  test("bad input is refused with its pt-BR message", async () => {
    const cases: [string, unknown, string][] = [
      ["adminUsers.suspend", { userId: "nao-e-uuid", reason: "Spam em massa" }, "ID inválido"],
      ["adminUsers.suspend", { userId: MISSING, reason: "spam" }, "O motivo precisa de pelo menos 5 caracteres"],
      ["adminUsers.suspend", { userId: MISSING, reason: "x".repeat(501) }, "O motivo pode ter no máximo 500 caracteres"],
      ["adminUsers.setRole", { userId: MISSING, role: "owner" }, "Papel inválido"],
    ];
    for (const [path, input, message] of cases) {
      const res = await admin.mutate(path, input);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe(message);
    }
    const list = await admin.query("adminUsers.list", { search: "x".repeat(101) });
    expect(list.error?.message).toBe("A busca pode ter no máximo 100 caracteres");
    const unknown = await admin.query("adminUsers.get", { userId: MISSING });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe("Usuário não encontrado");
  });
});

describe("[admin users] list and detail", () => {
  test("search by email or name, filters by role, status, verified and plan, pages newest first", async () => {
    const tag = `busca${Date.now().toString(36)}`;
    const a = await registerUser(app, { firstName: "Joana", lastName: `Pesquisa ${tag}` });
    const b = await registerUser(app, { email: `${tag}@exemplo.com.br` });
    const byTag = must((await admin.query<ListResult>("adminUsers.list", { search: tag })).data);
    expect(byTag.items.map((i) => i.id).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(byTag.total).toBe(2);
    // Newest first: b registered after a.
    expect(byTag.items[0]?.id).toBe(b.user.id);
    expect(byTag.items[0]?.plans).toEqual(["Gratuito"]);

    const admins = must((await admin.query<ListResult>("adminUsers.list", { role: "admin" })).data);
    expect(admins.items.every((i) => i.role === "admin")).toBe(true);
    expect(admins.items.some((i) => i.id === adminUser.id)).toBe(true);
    const verified = must((await admin.query<ListResult>("adminUsers.list", { search: tag, verified: true })).data);
    expect(verified.items).toHaveLength(0);

    const plansRes = must((await admin.query<{ id: string; name: string }[]>("adminUsers.planOptions")).data);
    const free = must(plansRes.find((p) => p.name === "Gratuito"));
    const onFree = must((await admin.query<ListResult>("adminUsers.list", { search: tag, planId: free.id })).data);
    expect(onFree.total).toBe(2);
    const onOther = must((await admin.query<ListResult>("adminUsers.list", { search: tag, planId: MISSING })).data);
    expect(onOther.total).toBe(0);

    const page1 = must((await admin.query<ListResult>("adminUsers.list", { search: tag, pageSize: 1, page: 1 })).data);
    const page2 = must((await admin.query<ListResult>("adminUsers.list", { search: tag, pageSize: 1, page: 2 })).data);
    expect([page1.items[0]?.id, page2.items[0]?.id]).toEqual([b.user.id, a.user.id]);
  });

  test("the detail shows the workspaces with role, plan and credits, the activity and the open sessions", async () => {
    const { user } = await registerUser(app);
    const d = must((await admin.query<Detail>("adminUsers.get", { userId: user.id })).data);
    expect(d.user).toMatchObject({ id: user.id, email: user.email, status: "active", role: "user" });
    expect(d.user).not.toHaveProperty("passwordHash");
    expect(d.workspaces).toHaveLength(1);
    expect(d.workspaces[0]).toMatchObject({ id: user.currentWorkspaceId, role: "owner", plan: "Gratuito", agents: 0 });
    expect(d.credits.remaining).toBe(d.workspaces[0]?.remainingCredits ?? -1);
    expect(d.activity.map((a) => a.action)).toContain("auth.register");
    expect(d.openSessions).toBe(1);
  });
});

describe("[admin users] suspension", () => {
  test("a suspended user's open sessions are refused on their next call, login says the account is suspended, agents stop", async () => {
    const { client, user, email, password } = await registerUser(app);
    const second = await loginAs(app, email, password);
    expect((await client.query("workspaces.current")).ok).toBe(true);
    const agentId = (await insertAgent(app, must(user.currentWorkspaceId), user.id, "Agente da loja")).id;
    expect(await agentUnavailableReason(app.deps.db, agentId)).toBeNull();

    const res = await admin.mutate<{ status: string }>("adminUsers.suspend", { userId: user.id, reason: "Envio de spam pelos canais" });
    expect(res.ok).toBe(true);
    expect(res.data.status).toBe("suspended");

    // Mid-session: both tabs are signed out on their very next request.
    expect((await client.query("workspaces.current")).error?.code).toBe("UNAUTHORIZED");
    expect((await second.client.get("/api/v1/auth/user")).status).toBe(401);
    const login = await new Client(app.base).warmUp();
    const refused = await login.post("/api/v1/auth/login", { email, password, rememberMe: false });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MSG.accountSuspended);
    // A wrong password still reads as wrong credentials: the suspension is not revealed to a guesser.
    const guess = await login.post("/api/v1/auth/login", { email, password: "senha-errada-1", rememberMe: false });
    expect(guess.status).toBe(401);
    expect(await agentUnavailableReason(app.deps.db, agentId)).toBe(AGENT_UNAVAILABLE.ownerSuspended);

    const mails = await outbox(app, email);
    expect(mails[0]).toMatchObject({ template: "account-suspended" });
    expect(mails[0]?.text).toContain("Envio de spam pelos canais");
    const [line] = await auditLines("admin.user.suspended", user.id);
    expect(line).toMatchObject({ userId: adminUser.id, category: "admin", resourceType: "user" });
    expect(line?.newValues).toMatchObject({ status: "suspended", suspensionReason: "Envio de spam pelos canais" });
    const generic = await app.deps.db
      .select()
      .from(userActivityLogs)
      .where(and(eq(userActivityLogs.action, "admin.adminUsers.suspend"), eq(userActivityLogs.userId, adminUser.id)));
    expect(generic.length).toBeGreaterThan(0);

    const detail = must((await admin.query<Detail>("adminUsers.get", { userId: user.id })).data);
    expect(detail.user).toMatchObject({ status: "suspended", suspensionReason: "Envio de spam pelos canais" });
    expect(detail.openSessions).toBe(0);
    const suspendedList = must((await admin.query<ListResult>("adminUsers.list", { status: "suspended", search: email })).data);
    expect(suspendedList.items.map((i) => i.id)).toEqual([user.id]);

    // Twice is a conflict; so are links to a suspended account.
    expect((await admin.mutate("adminUsers.suspend", { userId: user.id, reason: "De novo, por engano" })).error?.message).toBe(ADMIN_USER_MSG.alreadySuspended);
    expect((await admin.mutate("adminUsers.sendPasswordReset", { userId: user.id })).error?.message).toBe(ADMIN_USER_MSG.suspendedNoMail);

    const back = await admin.mutate<{ status: string }>("adminUsers.reactivate", { userId: user.id });
    expect(back.data.status).toBe("active");
    expect((await outbox(app, email))[0]).toMatchObject({ template: "account-reactivated" });
    expect(await auditLines("admin.user.reactivated", user.id)).toHaveLength(1);
    expect(await agentUnavailableReason(app.deps.db, agentId)).toBeNull();
    const again = await loginAs(app, email, password);
    expect((await again.client.query("workspaces.current")).ok).toBe(true);
    expect((await admin.mutate("adminUsers.reactivate", { userId: user.id })).error?.message).toBe(ADMIN_USER_MSG.notSuspended);
  });

  test("an admin cannot suspend themselves nor another admin", async () => {
    const self = await admin.mutate("adminUsers.suspend", { userId: adminUser.id, reason: "Teste de segurança" });
    expect(self.status).toBe(403);
    expect(self.error?.message).toBe(ADMIN_USER_MSG.selfSuspend);
    const other = await registerUser(app);
    expect((await admin.mutate("adminUsers.setRole", { userId: other.user.id, role: "admin" })).ok).toBe(true);
    const res = await admin.mutate("adminUsers.suspend", { userId: other.user.id, reason: "Teste de segurança" });
    expect(res.error?.message).toBe(ADMIN_USER_MSG.suspendAdmin);
    expect((await admin.mutate("adminUsers.setRole", { userId: other.user.id, role: "user" })).ok).toBe(true);
  });
});

describe("[admin users] roles", () => {
  test("promotion opens the admin area on the user's next call, demotion closes it; both audited", async () => {
    const { client, user } = await registerUser(app);
    expect((await client.query("adminUsers.list", {})).status).toBe(403);
    const up = await admin.mutate<{ role: string; changed: boolean }>("adminUsers.setRole", { userId: user.id, role: "admin" });
    expect(up.data).toMatchObject({ role: "admin", changed: true });
    expect((await client.query("adminUsers.list", {})).ok).toBe(true);
    const [line] = await auditLines("admin.user.role_changed", user.id);
    expect(line).toMatchObject({ userId: adminUser.id, oldValues: { role: "user" }, newValues: { role: "admin" } });

    expect((await admin.mutate("adminUsers.setRole", { userId: user.id, role: "user" })).ok).toBe(true);
    expect((await client.query("adminUsers.list", {})).status).toBe(403);
    expect(await auditLines("admin.user.role_changed", user.id)).toHaveLength(2);
  });

  test("an admin cannot change their own role, and the last admin is never demoted", async () => {
    const self = await admin.mutate("adminUsers.setRole", { userId: adminUser.id, role: "user" });
    expect(self.status).toBe(403);
    expect(self.error?.message).toBe(ADMIN_USER_MSG.selfRole);

    // The seeded admin is the only one: a demotion by anyone else (e.g. a second admin demoted a
    // moment before, racing) must fail in the same statement that checks.
    const admins = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(admins.map((a) => a.id)).toEqual([adminUser.id]);
    const meta = { ipAddress: null, userAgent: null, requestId: "teste" };
    const racing = setUserRole(app.deps, meta, { adminId: MISSING, sessionId: null }, { userId: adminUser.id, role: "user" });
    await expect(racing).rejects.toThrow(ADMIN_USER_MSG.lastAdmin);
    const [still] = await app.deps.db.select({ role: users.role }).from(users).where(eq(users.id, adminUser.id));
    expect(still?.role).toBe("admin");
  });

  test("two admins demoting each other at once: one wins, an admin always remains", async () => {
    const other = await registerUser(app);
    expect((await admin.mutate("adminUsers.setRole", { userId: other.user.id, role: "admin" })).ok).toBe(true);
    const [a, b] = await Promise.all([
      admin.mutate("adminUsers.setRole", { userId: other.user.id, role: "user" }),
      other.client.mutate("adminUsers.setRole", { userId: adminUser.id, role: "user" }),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    const left = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(left).toHaveLength(1);
    // Whoever won, put the seeded admin back for the tests after this one.
    if (!a.ok) {
      expect((await other.client.mutate("adminUsers.setRole", { userId: adminUser.id, role: "admin" })).ok).toBe(true);
      expect((await other.client.mutate("adminUsers.setRole", { userId: other.user.id, role: "user" })).error?.message).toBe(ADMIN_USER_MSG.selfRole);
      await app.deps.db.update(users).set({ role: "user" }).where(eq(users.id, other.user.id));
    }
    const final = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(final.map((r) => r.id)).toEqual([adminUser.id]);
  });
});

describe("[admin users] links", () => {
  test("resend verification mails a working link; a verified email is a conflict", async () => {
    const { email, user } = await registerUser(app);
    const res = await admin.mutate<{ mail: string }>("adminUsers.resendVerification", { userId: user.id });
    expect(res.ok).toBe(true);
    expect((await outbox(app, email))[0]).toMatchObject({ template: "verify-email" });
    const token = await mailedToken(app, email, "/verify-email");
    expect((await new Client(app.base).warmUp().then((c) => c.post("/api/v1/auth/verify-email", { token }))).status).toBe(200);
    const again = await admin.mutate("adminUsers.resendVerification", { userId: user.id });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(ADMIN_USER_MSG.alreadyVerified);
    expect(await auditLines("admin.user.verification_sent", user.id)).toHaveLength(1);
  });

  test("send password reset mails a link that sets a new password", async () => {
    const { email, user } = await registerUser(app);
    const res = await admin.mutate("adminUsers.sendPasswordReset", { userId: user.id });
    expect(res.ok).toBe(true);
    expect((await outbox(app, email))[0]).toMatchObject({ template: "reset-password" });
    const token = await mailedToken(app, email, "/reset-password");
    const anon = await new Client(app.base).warmUp();
    expect((await anon.post("/api/v1/auth/reset-password", { token, password: "nova-senha-123" })).status).toBe(200);
    await loginAs(app, email, "nova-senha-123");
    const [line] = await auditLines("admin.user.reset_link_sent", user.id);
    expect(line).toMatchObject({ userId: adminUser.id });
  });
});
