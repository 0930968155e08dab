/** Members and invitations over tRPC, plan maxMembers, and cross-workspace refusal (DESIGN §7). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, workspaceInvitations } from "../db/schema";
import { sha256Hex } from "../src/lib/crypto";
import { setSessionWorkspace } from "../src/services/sessions";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { type PublicUser, mailedToken, outbox, registerUser, uniqueEmail } from "./helpers/factories";
import { inviteMember } from "./helpers/training";


const NO_FLAGS = { canCreateAgents: false, canEditAgents: false, canDeleteAgents: false, canManageMembers: false, canManageSettings: false };

let app: TestApp;
let owner: { client: Client; user: PublicUser };
beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app, { firstName: "Ana", lastName: "Souza" });
});
afterAll(() => app.stop());

const me = async (c: Client) => (await c.get<PublicUser>("/api/v1/auth/user")).data;

/** Points a session at a workspace directly in the db, as a stale or tampered session would. */
async function forceSessionWorkspace(c: Client, workspaceId: string) {
  const token = c.cookie("atenda_session")?.value ?? "";
  const [row] = await app.deps.db.select().from(sessions).where(eq(sessions.sid, sha256Hex(token)));
  if (!row) throw new Error("no session row");
  // Through the sessions service, which also drops the server's cached copy of the session.
  await setSessionWorkspace(app.deps.db, row.sid, row.sess, workspaceId);
}

describe("[members] invitation flow", () => {
  const inviteeEmail = uniqueEmail("convidado");
  let token = "";
  let invitee: { client: Client; user: PublicUser };

  test("the owner invites an email with a role and flags; a mail carries /convite?token=", async () => {
    const res = await owner.client.trpc.workspaces.members.invite.mutate({
      email: inviteeEmail.toUpperCase(),
      role: "member",
      permissions: { canCreateAgents: true, canEditAgents: true },
    });
    expect(res.ok).toBe(true);
    expect(typeof res.data.invitationId).toBe("string");
    expect(res.data.expiresAt).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const [mail] = await outbox(app, inviteeEmail);
    expect(mail?.subject).toContain("Workspace de Ana");
    expect(mail?.text).toContain("Ana Souza");
    token = await mailedToken(app, inviteeEmail, "/convite");

    const pending = await owner.client.trpc.workspaces.invitations.list.query();
    expect(pending.data.map((i) => [i.email, i.role])).toEqual([[inviteeEmail, "member"]]);
  });

  test("anyone with the link can preview it (workspace name, inviter, email)", async () => {
    const res = await new Client(app.base).trpc.invitations.preview.query({ token });
    expect(res.data).toEqual({
      workspaceName: "Workspace de Ana",
      invitedByName: "Ana Souza",
      email: inviteeEmail,
      role: "member",
      expired: false,
      accepted: false,
    });
    const bogus = await new Client(app.base).trpc.invitations.preview.query({ token: "nao-existe" });
    expect(bogus.error?.code).toBe("NOT_FOUND");
  });

  test("a different logged-in user cannot accept it (403 naming the invited email)", async () => {
    const intruder = await registerUser(app);
    const res = await intruder.client.trpc.invitations.accept.mutate({ token });
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe("FORBIDDEN");
    expect(res.error?.message).toContain(inviteeEmail);
    expect((await me(intruder.client)).currentWorkspaceId).toBe(intruder.user.currentWorkspaceId);
    const members = await owner.client.trpc.workspaces.members.list.query();
    expect(members.data.map((m) => m.email)).not.toContain(intruder.user.email);
  });

  test("anonymous accept is UNAUTHORIZED", async () => {
    const res = await (await new Client(app.base).warmUp()).trpc.invitations.accept.mutate({ token });
    expect(res.error?.code).toBe("UNAUTHORIZED");
  });

  test("the invited user registers, accepts, joins with the role and flags, and the session switches", async () => {
    invitee = await registerUser(app, { email: inviteeEmail, firstName: "Bruno" });
    const res = await invitee.client.trpc.invitations.accept.mutate({ token });
    expect(res.ok).toBe(true);
    expect(res.data.workspaceId).toBe(String(owner.user.currentWorkspaceId));
    expect((await me(invitee.client)).currentWorkspaceId).toBe(owner.user.currentWorkspaceId);

    const members = await invitee.client.trpc.workspaces.members.list.query();
    const joined = members.data.find((m) => m.email === inviteeEmail);
    expect(joined).toMatchObject({
      role: "member",
      isOwner: false,
      permissions: { ...NO_FLAGS, canCreateAgents: true, canEditAgents: true },
    });
    expect(members.data.find((m) => m.isOwner)?.userId).toBe(owner.user.id);

    const list = await invitee.client.get<{ id: string; isCurrent: boolean; role: string }[]>("/api/v1/workspaces");
    expect(list.data.find((w) => w.id === owner.user.currentWorkspaceId)).toMatchObject({ isCurrent: true, role: "member" });
    const dash = await invitee.client.get(`/api/v1/workspaces/${owner.user.currentWorkspaceId}/dashboard`);
    expect(dash.status).toBe(200);
  });

  test("the token cannot be reused; the preview shows it accepted", async () => {
    const again = await invitee.client.trpc.invitations.accept.mutate({ token });
    expect(again.error?.code).toBe("NOT_FOUND");
    const preview = await new Client(app.base).trpc.invitations.preview.query({ token });
    expect(preview.data.accepted).toBe(true);
    const pending = await owner.client.trpc.workspaces.invitations.list.query();
    expect(pending.data).toEqual([]);
  });

  test("a member without canManageMembers cannot invite or see invitations", async () => {
    const res = await invitee.client.trpc.workspaces.members.invite.mutate({ email: uniqueEmail("amigo"), role: "viewer" });
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe("FORBIDDEN");
    expect(res.error?.message).toBe("Você não tem permissão para gerenciar membros deste workspace");
    expect((await invitee.client.trpc.workspaces.invitations.list.query()).error?.code).toBe("FORBIDDEN");
  });

  test("inviting someone who is already a member is CONFLICT", async () => {
    const res = await owner.client.trpc.workspaces.members.invite.mutate({ email: inviteeEmail });
    expect(res.error?.code).toBe("CONFLICT");
  });

  test("free plan maxMembers = 3 counts pending invitations; re-inviting a pending email still works", async () => {
    const third = uniqueEmail("terceiro");
    const ok = await owner.client.trpc.workspaces.members.invite.mutate({ email: third, role: "viewer" });
    expect(ok.ok).toBe(true); // owner + member + 1 pending = 3
    const fourth = await owner.client.trpc.workspaces.members.invite.mutate({ email: uniqueEmail("quarto") });
    expect(fourth.status).toBe(403);
    expect(fourth.error?.message).toBe(
      "Seu plano Gratuito permite até 3 membros neste workspace (convites pendentes incluídos). Atualize seu plano para convidar mais.",
    );
    const resend = await owner.client.trpc.workspaces.members.invite.mutate({ email: third, role: "admin" });
    expect(resend.ok).toBe(true);
    const pending = await owner.client.trpc.workspaces.invitations.list.query();
    expect(pending.data.map((i) => [i.email, i.role])).toEqual([[third, "admin"]]);

    // revoking frees the seat and kills the link
    const firstLink = await mailedToken(app, third, "/convite");
    const revoked = await owner.client.trpc.workspaces.invitations.revoke.mutate({ id: must(pending.data[0]).id });
    expect(revoked.ok).toBe(true);
    expect((await new Client(app.base).trpc.invitations.preview.query({ token: firstLink })).error?.code).toBe("NOT_FOUND");
    expect((await owner.client.trpc.workspaces.members.invite.mutate({ email: uniqueEmail("quinto") })).ok).toBe(true);
  });

  test("an expired invitation shows as expired and cannot be accepted", async () => {
    const email = uniqueEmail("atrasado");
    const { client: other } = await registerUser(app);
    const { client: late } = await registerUser(app, { email });
    await other.trpc.workspaces.members.invite.mutate({ email });
    const link = await mailedToken(app, email, "/convite");
    await app.deps.db
      .update(workspaceInvitations)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(workspaceInvitations.token, sha256Hex(link)));
    expect((await new Client(app.base).trpc.invitations.preview.query({ token: link })).data.expired).toBe(true);
    const res = await late.trpc.invitations.accept.mutate({ token: link });
    expect(res.error).toMatchObject({ code: "PRECONDITION_FAILED", message: "Este convite expirou. Peça um novo convite." });
  });

  test("invite input is validated in pt-BR", async () => {
    const res = await owner.client.trpc.workspaces.members.invite.mutate({ email: "sem-arroba", role: "member" });
    expect(res.error).toMatchObject({ code: "BAD_REQUEST", message: "Email inválido" });
    const role = await owner.client.mutate("workspaces.members.invite", { email: uniqueEmail("x"), role: "dono" });
    expect(role.error).toMatchObject({ code: "BAD_REQUEST", message: "Função deve ser admin, member ou viewer" });
  });
});

describe("[members] a manager cannot grant more than they hold", () => {
  test("a member with only canManageMembers cannot invite with other flags (403), but can with their own", async () => {
    const boss = await registerUser(app);
    const manager = await inviteMember(app, boss.client, { ...NO_FLAGS, canManageMembers: true });
    const escalate = await manager.client.trpc.workspaces.members.invite.mutate({
      email: uniqueEmail("cumplice"),
      role: "admin",
      permissions: { ...NO_FLAGS, canDeleteAgents: true },
    });
    expect(escalate.status).toBe(403);
    expect(escalate.error?.message).toBe("Você não pode conceder permissões que você não possui neste workspace");
    const same = await manager.client.trpc.workspaces.members.invite.mutate({ email: uniqueEmail("colega"), permissions: { ...NO_FLAGS, canManageMembers: true } });
    expect(same.ok).toBe(true);
  });
});

describe("[members] another workspace is out of reach", () => {
  test("a member of A gets NOT_FOUND/FORBIDDEN for everything of B", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const wsB = String(b.user.currentWorkspaceId);
    const refused = (code: string | undefined) => expect(["NOT_FOUND", "FORBIDDEN"]).toContain(String(code));

    refused((await a.client.trpc.dashboard.get.query({ workspaceId: wsB })).error?.code);
    expect((await a.client.get(`/api/v1/workspaces/${wsB}/dashboard`)).status).toBe(404);
    expect((await a.client.post(`/api/v1/workspaces/${wsB}/switch`)).status).toBe(404);

    // even if the session were pointed at B, membership is re-checked on every call
    await forceSessionWorkspace(a.client, wsB);
    refused((await a.client.trpc.workspaces.members.list.query()).error?.code);
    refused((await a.client.trpc.workspaces.invitations.list.query()).error?.code);
    refused((await a.client.trpc.workspaces.members.invite.mutate({ email: uniqueEmail("invasor") })).error?.code);
    refused((await a.client.trpc.credits.usageHistory.query({ period: 7 })).error?.code);
    expect((await a.client.get("/api/v1/credit-usage/history?period=7")).status).toBe(404);
    const list = await a.client.get<{ id: string; isCurrent: boolean }[]>("/api/v1/workspaces");
    expect(list.data.map((w) => w.id)).not.toContain(wsB);
    expect(list.data.some((w) => w.isCurrent)).toBe(false);

    const bInvites = await b.client.trpc.workspaces.invitations.list.query();
    expect(bInvites.data).toEqual([]);
  });

  test("an invitation of B cannot be revoked from A", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    await b.client.trpc.workspaces.members.invite.mutate({ email: uniqueEmail("alvo") });
    const [inv] = (await b.client.trpc.workspaces.invitations.list.query()).data;
    const res = await a.client.trpc.workspaces.invitations.revoke.mutate({ id: must(inv).id });
    expect(res.error?.code).toBe("NOT_FOUND");
    expect((await b.client.trpc.workspaces.invitations.list.query()).data).toHaveLength(1);
  });
});
