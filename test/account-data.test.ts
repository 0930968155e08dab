/** /account data (issue 17): the LGPD download without secrets, and deleting the account. */
import { existsSync } from "node:fs";
import { absoluteFilePath, findStoredFile } from "../src/services/files/store";

import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agents, sessions, storedFiles, userActivityLogs, users, workspaceMembers, workspaces } from "../db/schema";
import { forgetMemberships } from "../src/services/access";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { PASSWORD, type PublicUser, insertAgent, loginAs, registerUser, userRow } from "./helpers/factories";
import { inviteMember } from "./helpers/training";

/** A 2×1 PNG, a support request's screenshot. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwnwEIGAEAJdUCAP+1zwQAAAAASUVORK5CYII="), (c) => c.charCodeAt(0));


// Every login and password check is an argon2 hash: slow on the shared 2-core machine.
setDefaultTimeout(30_000);

let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app, { firstName: "Olga", lastName: "Dias" });
}, 30_000);
afterAll(() => app.stop());

type Export = {
  profile: { id: string; email: string; firstName: string };
  memberships: { workspaceId: string; workspaceName: string; role: string }[];
  ownedWorkspaces: { id: string; name: string; agents: number; members: number }[];
  sessions: { device: string; ipAddress: string | null }[];
  activity: { action: string; category: string }[];
};

/** Hands the member's personal workspace to the owner, as a transfer of ownership would. */
async function giveAwayOwnWorkspace(userId: string, to: string) {
  await app.deps.db.update(workspaces).set({ ownerId: to }).where(eq(workspaces.ownerId, userId));
  forgetMemberships({ userId });
}

describe("[account] LGPD export", () => {
  test("a JSON download with profile, memberships, owned workspaces, sessions and activity, and no secret", async () => {
    await insertAgent(app, must(owner.user.currentWorkspaceId), owner.user.id, "Agente Olga");
    const member = await inviteMember(app, owner.client, {});
    const res = await member.client.fetchWithJar(`${app.base}/api/v1/account/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="atenda-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    const raw = await res.text();
    const data = JSON.parse(raw) as Export;
    expect(data.profile.email).toBe(member.email);
    expect(data.memberships.map((m) => [m.workspaceName, m.role]).sort()).toEqual([
      ["Workspace de Maria", "owner"],
      ["Workspace de Olga", "member"],
    ]);
    expect(data.ownedWorkspaces).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.activity.map((a) => a.action)).toEqual(expect.arrayContaining(["auth.register"]));

    const row = must(await userRow(app, member.email));
    const sid = must((await app.deps.db.select().from(sessions).where(eq(sessions.userId, member.user.id)))[0]).sid;
    for (const secret of [row.passwordHash, sid, "passwordHash", "argon2", "resetToken", "emailVerificationToken"]) {
      expect(raw).not.toContain(secret);
    }
    const [line] = await app.deps.db
      .select()
      .from(userActivityLogs)
      .where(and(eq(userActivityLogs.userId, member.user.id), eq(userActivityLogs.action, "account.data_exported")));
    expect(line?.category).toBe("account");

    // The owner's summary counts the agents and members of the workspaces they own.
    const mine = JSON.parse(await (await owner.client.fetchWithJar(`${app.base}/api/v1/account/export`)).text()) as Export;
    expect(mine.ownedWorkspaces.map((w) => [w.name, w.agents, w.members])).toEqual([["Workspace de Olga", 1, 2]]);
    expect((await new Client(app.base).get("/api/v1/account/export")).status).toBe(401);
  });
});

describe("[account] deletion", () => {
  test("refused while the user owns workspaces, naming them; a wrong confirmation or password is refused too", async () => {
    const res = await owner.client.trpc.account.delete.mutate({ currentPassword: PASSWORD, confirmation: "EXCLUIR" });
    expect(res.status).toBe(412);
    expect(res.error?.message).toBe(
      'Você é dono do workspace "Workspace de Olga". Transfira a propriedade para outro membro ou exclua esses workspaces (em Workspace) antes de excluir sua conta.',
    );
    const typo = await owner.client.trpc.account.delete.mutate({ currentPassword: PASSWORD, confirmation: "excluir" });
    expect(typo.status).toBe(400);
    expect(typo.error?.message).toBe("Digite EXCLUIR para confirmar");
    const wrong = await owner.client.trpc.account.delete.mutate({ currentPassword: "errada-1", confirmation: "EXCLUIR" });
    expect(wrong.error?.message).toBe("Senha atual incorreta.");
    expect(await userRow(app, owner.email)).toBeDefined();
  });

  test("a member without workspaces of their own is deleted: sessions end, memberships go, their agents stay with the owner", async () => {
    const member = await inviteMember(app, owner.client, { canCreateAgents: true });
    const other = await loginAs(app, member.email, PASSWORD);
    await giveAwayOwnWorkspace(member.user.id, owner.user.id);
    const wsId = must(owner.user.currentWorkspaceId);
    const made = await insertAgent(app, wsId, member.user.id, "Agente do membro");
    // A support request with a screenshot: the file is the user's own and must not outlive the account.
    const body = new FormData();
    body.set("type", "question");
    body.set("description", "Como troco o número do WhatsApp?");
    body.append("attachments", new File([PNG], "tela.png", { type: "image/png" }));
    const opened = await member.client.fetchWithJar(`${app.base}/api/v1/support/requests`, { method: "POST", body });
    expect(opened.status).toBe(201);
    const [file] = await app.deps.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, member.user.id));
    const filePath = file ? absoluteFilePath(app.deps.env, file) : "";
    expect(existsSync(filePath)).toBe(true);

    const res = await member.client.trpc.account.delete.mutate({ currentPassword: PASSWORD, confirmation: "EXCLUIR" });
    expect(res.ok).toBe(true);
    expect(existsSync(filePath)).toBe(false);
    expect(file ? await findStoredFile(app.deps.db, file.id) : "sem arquivo").toBeNull();
    expect(await userRow(app, member.email)).toBeUndefined();
    for (const c of [member.client, other.client]) expect((await c.get<PublicUser>("/api/v1/auth/user")).status).toBe(401);
    expect(await app.deps.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, member.user.id))).toEqual([]);
    const [kept] = await app.deps.db.select({ userId: agents.userId }).from(agents).where(eq(agents.id, made.id));
    expect(kept?.userId).toBe(owner.user.id);
    expect((await new Client(app.base).warmUp().then((c) => c.post("/api/v1/auth/login", { email: member.email, password: PASSWORD }))).status).toBe(401);
    // The owner's member list no longer shows them; the audit line keeps only the id.
    const list = await owner.client.trpc.workspaces.members.list.query();
    expect(JSON.stringify(list.data)).not.toContain(member.user.id);
    const [line] = await app.deps.db.select().from(userActivityLogs).where(and(eq(userActivityLogs.action, "account.deleted"), eq(userActivityLogs.resourceId, member.user.id)));
    expect(line?.userId).toBeNull();
    expect(await app.deps.db.select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
  });
});
