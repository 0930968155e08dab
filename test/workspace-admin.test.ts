/**
 * Workspace administration over tRPC (issue 17): rename and settings (canManageSettings), members'
 * role and flags and removal (canManageMembers; a removed member is locked out on their very next
 * call), ownership transfer (owner only), the usage dashboard, bad input per SPEC §5, audit lines.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq, sql } from "drizzle-orm";
import { sessions, userActivityLogs, workspaces } from "../db/schema";
import { sha256Hex } from "../src/lib/crypto";
import { setSessionWorkspace } from "../src/services/sessions";
import { workspaceTimezone } from "../src/services/workspace-settings";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { type PublicUser, insertAgent, insertConversation, registerUser } from "./helpers/factories";
import { inviteMember } from "./helpers/training";

const ALL = { canCreateAgents: true, canEditAgents: true, canDeleteAgents: true, canManageMembers: true, canManageSettings: true };
const NONE = { canCreateAgents: false, canEditAgents: false, canDeleteAgents: false, canManageMembers: false, canManageSettings: false };

let app: TestApp;
let owner: { client: Client; user: PublicUser };
let wsId: string;
beforeAll(async () => {
  app = await startTestApp();
  await app.deps.db.run(sql`UPDATE plans SET max_members = 20`);
  owner = await registerUser(app, { firstName: "Olga", lastName: "Prado" });
  wsId = String(owner.user.currentWorkspaceId);
}, 30_000);
afterAll(() => app.stop());

async function lastLine(action: string) {
  const [row] = await app.deps.db
    .select()
    .from(userActivityLogs)
    .where(and(eq(userActivityLogs.action, action), eq(userActivityLogs.workspaceId, wsId)))
    .orderBy(desc(userActivityLogs.createdAt))
    .limit(1);
  return row;
}

describe("[workspace-admin] rename and settings", () => {
  test("any member reads the details; only canManageSettings renames (viewer and plain member refused)", async () => {
    const plain = await inviteMember(app, owner.client, { canEditAgents: true });
    const details = await plain.client.trpc.workspaces.details.query();
    expect(details.data).toMatchObject({ id: wsId, name: "Workspace de Olga", settings: { timezone: "America/Sao_Paulo", allowPublicJoin: false } });
    expect(details.data.planMaxAgents).toBe(1);
    const refused = await plain.client.trpc.workspaces.update.mutate({ name: "Tomado", description: "" });
    expect(refused.status).toBe(403);
    const refusedSettings = await plain.client.trpc.workspaces.updateSettings.mutate({ allowPublicJoin: true, defaultAgentModel: null, maxAgents: null, timezone: "America/Manaus" });
    expect(refusedSettings.status).toBe(403);
    expect((await owner.client.trpc.workspaces.details.query()).data.name).toBe("Workspace de Olga");
  });

  test("bad names are refused with the SPEC §5 messages", async () => {
    const short = await owner.client.trpc.workspaces.update.mutate({ name: " a ", description: "" });
    expect(short.status).toBe(400);
    expect(short.error?.message).toBe("Nome deve ter pelo menos 2 caracteres");
    const long = await owner.client.trpc.workspaces.update.mutate({ name: "x".repeat(101), description: "" });
    expect(long.error?.message).toBe("Nome deve ter no máximo 100 caracteres");
    const desc = await owner.client.trpc.workspaces.update.mutate({ name: "Loja", description: "d".repeat(501) });
    expect(desc.error?.message).toBe("Descrição deve ter no máximo 500 caracteres");
  });

  test("a member with canManageSettings renames; the line keeps old and new; the list shows the new name at once", async () => {
    const manager = await inviteMember(app, owner.client, { canManageSettings: true });
    const res = await manager.client.trpc.workspaces.update.mutate({ name: "  Loja da Olga  ", description: "Atendimento da loja" });
    expect(res.ok).toBe(true);
    expect(res.data.name).toBe("Loja da Olga");
    const list = await owner.client.trpc.workspaces.list.query();
    expect(list.data.find((w) => w.id === wsId)?.name).toBe("Loja da Olga");
    const line = await lastLine("workspace.update");
    expect(line?.userId).toBe(manager.user.id);
    expect(line?.oldValues).toEqual({ name: "Workspace de Olga", description: "Workspace pessoal" });
    expect(line?.newValues).toEqual({ name: "Loja da Olga", description: "Atendimento da loja" });
    expect(line?.description).toContain("renomeado");
  });

  test("settings: time zone, maxAgents within the plan, models the admin enabled; saved and read by workspaceTimezone", async () => {
    const base = { allowPublicJoin: true, defaultAgentModel: null, maxAgents: null, timezone: "America/Manaus" };
    const badZone = await owner.client.trpc.workspaces.updateSettings.mutate({ ...base, timezone: "Marte/Olympus" });
    expect(badZone.status).toBe(400);
    expect(badZone.error?.message).toBe("Fuso horário inválido");
    const overPlan = await owner.client.trpc.workspaces.updateSettings.mutate({ ...base, maxAgents: 2 });
    expect(overPlan.status).toBe(400);
    expect(overPlan.error?.message).toBe("Seu plano Gratuito permite até 1 agente.");
    const zero = await owner.client.trpc.workspaces.updateSettings.mutate({ ...base, maxAgents: 0 });
    expect(zero.error?.message).toBe("Mínimo 1 agente");
    const model = await owner.client.trpc.workspaces.updateSettings.mutate({ ...base, defaultAgentModel: "gpt-inexistente" });
    expect(model.status).toBe(400);
    expect(model.error?.message).toBe("Modelo não habilitado pelo administrador");

    const ok = await owner.client.trpc.workspaces.updateSettings.mutate({ ...base, maxAgents: 1 });
    expect(ok.ok).toBe(true);
    expect(await workspaceTimezone(app.deps.db, wsId)).toBe("America/Manaus");
    const details = await owner.client.trpc.workspaces.details.query();
    expect(details.data.settings).toEqual({ allowPublicJoin: true, defaultAgentModel: null, maxAgents: 1, timezone: "America/Manaus" });
    const line = await lastLine("workspace.settings");
    expect(line?.oldValues).toEqual({ allowPublicJoin: false, maxAgents: null, timezone: "America/Sao_Paulo" });
    expect(line?.newValues).toEqual({ allowPublicJoin: true, maxAgents: 1, timezone: "America/Manaus" });
  });
});

describe("[workspace-admin] the workspace's own agent cap", () => {
  test("maxAgents under the plan's limit is enforced when creating agents", async () => {
    const u = await registerUser(app);
    const ws = String(u.user.currentWorkspaceId);
    // An admin's override lifts the plan's limit to 3; the workspace caps itself at 1.
    await app.deps.db.update(workspaces).set({ limitOverrides: { maxAgents: 3 } }).where(eq(workspaces.id, ws));
    const set = await u.client.trpc.workspaces.updateSettings.mutate({ allowPublicJoin: false, defaultAgentModel: null, maxAgents: 1, timezone: "America/Sao_Paulo" });
    expect(set.ok).toBe(true);
    expect((await u.client.trpc.agents.create.mutate({ name: "Primeiro", activity: "Vendas" })).ok).toBe(true);
    const second = await u.client.trpc.agents.create.mutate({ name: "Segundo", activity: "Vendas" });
    expect(second.status).toBe(403);
    expect(second.error?.message).toBe("Este workspace está configurado para até 1 agente. Altere o limite em Workspace › Configurações.");
    const over = await u.client.trpc.workspaces.updateSettings.mutate({ allowPublicJoin: false, defaultAgentModel: null, maxAgents: 4, timezone: "America/Sao_Paulo" });
    expect(over.error?.message).toBe("Seu plano Gratuito permite até 3 agentes.");
    expect((await u.client.trpc.workspaces.updateSettings.mutate({ allowPublicJoin: false, defaultAgentModel: null, maxAgents: null, timezone: "America/Sao_Paulo" })).ok).toBe(true);
    expect((await u.client.trpc.agents.create.mutate({ name: "Segundo", activity: "Vendas" })).ok).toBe(true);
  });
});

describe("[workspace-admin] members", () => {
  test("canManageMembers edits a member's role and flags; the member's next call uses them", async () => {
    const manager = await inviteMember(app, owner.client, { canManageMembers: true });
    const target = await inviteMember(app, owner.client, {});
    expect((await target.client.trpc.workspaces.update.mutate({ name: "Nome novo", description: "" })).status).toBe(403);

    const res = await manager.client.trpc.workspaces.members.update.mutate({ userId: target.user.id, role: "admin", permissions: { ...NONE, canManageSettings: true } });
    expect(res.ok).toBe(true);
    const members = await owner.client.trpc.workspaces.members.list.query();
    expect(members.data.find((m) => m.userId === target.user.id)).toMatchObject({ role: "admin", permissions: { ...NONE, canManageSettings: true } });
    // No cache in the way: the very next request has the new flag.
    expect((await target.client.trpc.workspaces.update.mutate({ name: "Loja da Olga", description: "Atendimento da loja" })).ok).toBe(true);
    const line = await lastLine("member.update");
    expect(line?.resourceId).toBe(target.user.id);
    expect(line?.oldValues).toMatchObject({ role: "member" });
    expect(line?.newValues).toMatchObject({ role: "admin" });
  });

  test("refusals: no flag, the owner, oneself, a stranger, a bad role", async () => {
    const plain = await inviteMember(app, owner.client, { canEditAgents: true });
    const manager = await inviteMember(app, owner.client, { canManageMembers: true });
    const noFlag = await plain.client.trpc.workspaces.members.remove.mutate({ userId: manager.user.id });
    expect(noFlag.status).toBe(403);
    const theOwner = await manager.client.trpc.workspaces.members.remove.mutate({ userId: owner.user.id });
    expect(theOwner.status).toBe(403);
    expect(theOwner.error?.message).toBe("O proprietário não pode ser removido. Transfira a propriedade antes.");
    const ownerRole = await manager.client.trpc.workspaces.members.update.mutate({ userId: owner.user.id, role: "viewer", permissions: NONE });
    expect(ownerRole.error?.message).toBe("A função do proprietário não pode ser alterada");
    const self = await manager.client.trpc.workspaces.members.update.mutate({ userId: manager.user.id, role: "admin", permissions: ALL });
    expect(self.status).toBe(403);
    const stranger = await registerUser(app);
    const notMember = await manager.client.trpc.workspaces.members.remove.mutate({ userId: stranger.user.id });
    expect(notMember.status).toBe(404);
    expect(notMember.error?.message).toBe("Membro não encontrado");
    const badId = await manager.client.mutate("workspaces.members.remove", { userId: "nao-e-uuid" });
    expect(badId.status).toBe(400);
    expect(badId.error?.message).toBe("ID inválido");
    const badRole = await manager.client.mutate("workspaces.members.update", { userId: plain.user.id, role: "dono", permissions: NONE });
    expect(badRole.error?.message).toBe("Função deve ser admin, member ou viewer");
  });

  test("a removed member is locked out at once: the open session no longer reaches the workspace", async () => {
    const member = await inviteMember(app, owner.client, { canEditAgents: true, canCreateAgents: true });
    expect((await member.client.trpc.workspaces.current.query()).data?.id).toBe(wsId);
    expect((await member.client.trpc.agents.list.query()).ok).toBe(true);

    const res = await owner.client.trpc.workspaces.members.remove.mutate({ userId: member.user.id });
    expect(res.ok).toBe(true);

    // Next call, same session: their own workspace, not this one.
    const current = await member.client.trpc.workspaces.current.query();
    expect(current.data?.id).toBe(String(member.user.currentWorkspaceId));
    expect(current.data?.id).not.toBe(wsId);
    const list = await member.client.trpc.workspaces.list.query();
    expect(list.data.map((w) => w.id)).not.toContain(wsId);
    expect((await member.client.trpc.workspaces.switch.mutate({ id: wsId })).error?.code).toBe("NOT_FOUND");
    // Even a session forced back to it (a stale tab, a tampered row) is refused.
    const [row] = await app.deps.db.select().from(sessions).where(eq(sessions.sid, sha256Hex(member.client.cookie("atenda_session")?.value ?? "")));
    if (!row) throw new Error("no session row");
    await setSessionWorkspace(app.deps.db, row.sid, row.sess, wsId);
    const forced = await member.client.trpc.agents.list.query();
    expect(forced.error?.code).toBe("NOT_FOUND");
    const dash = await member.client.get(`/api/v1/workspaces/${wsId}/dashboard`);
    expect([403, 404]).toContain(dash.status);

    const line = await lastLine("member.remove");
    expect(line?.userId).toBe(owner.user.id);
    expect(line?.resourceId).toBe(member.user.id);
    expect(line?.description).toContain("removido");
  });
});

describe("[workspace-admin] ownership transfer", () => {
  test("only the owner transfers, to an existing member; the old owner stays admin with every flag", async () => {
    const manager = await inviteMember(app, owner.client, ALL);
    const heir = await inviteMember(app, owner.client, {});
    const byManager = await manager.client.trpc.workspaces.transferOwnership.mutate({ userId: heir.user.id });
    expect(byManager.status).toBe(403);
    expect(byManager.error?.message).toBe("Apenas o proprietário do workspace pode fazer isso");
    const stranger = await registerUser(app);
    const toStranger = await owner.client.trpc.workspaces.transferOwnership.mutate({ userId: stranger.user.id });
    expect(toStranger.status).toBe(404);

    const res = await owner.client.trpc.workspaces.transferOwnership.mutate({ userId: heir.user.id });
    expect(res.ok).toBe(true);
    const members = await heir.client.trpc.workspaces.members.list.query();
    expect(members.data.find((m) => m.isOwner)?.userId).toBe(heir.user.id);
    expect(members.data.find((m) => m.userId === owner.user.id)).toMatchObject({ isOwner: false, role: "admin", permissions: ALL });
    // Others keep what they had.
    expect(members.data.find((m) => m.userId === manager.user.id)).toMatchObject({ role: "member", permissions: ALL });
    expect((await heir.client.trpc.workspaces.current.query()).data?.role).toBe("owner");
    const back = await owner.client.trpc.workspaces.transferOwnership.mutate({ userId: owner.user.id });
    expect(back.error?.message).toBe("Apenas o proprietário do workspace pode fazer isso");
    const line = await lastLine("workspace.transfer");
    expect(line?.oldValues).toEqual({ ownerId: owner.user.id });
    expect(line?.newValues).toEqual({ ownerId: heir.user.id });
  });
});

describe("[workspace-admin] usage dashboard", () => {
  test("agents, conversations per day in the workspace's zone, credits per agent, members' activity", async () => {
    const other = await registerUser(app, { firstName: "Rui" });
    const ws = String(other.user.currentWorkspaceId);
    const a1 = await insertAgent(app, ws, other.user.id, "Vendas");
    const a2 = await insertAgent(app, ws, other.user.id, "Suporte", false);
    const now = Date.now();
    await insertConversation(app, ws, "c1", now);
    await insertConversation(app, ws, "c2", now);
    await insertConversation(app, ws, "c3", now - 3 * 86_400_000);
    await insertConversation(app, ws, "old", now - 40 * 86_400_000);
    const debit = (agentId: string, milli: number) =>
      app.deps.db.run(sql`INSERT INTO credit_transactions (id, workspace_id, agent_id, credits_consumed, regular_credits_used, model_used, provider, created_at) VALUES (${crypto.randomUUID()}, ${ws}, ${agentId}, ${milli}, ${milli}, 'gpt-4o-mini', 'openai', ${now})`);
    await debit(a1.id, 5000);
    await debit(a2.id, 2500);
    await debit(a1.id, 1000);

    const res = await other.client.trpc.workspaces.usage.query({ period: 7 });
    expect(res.ok).toBe(true);
    expect(res.data.agents).toMatchObject({ total: 2, active: 1 });
    expect(res.data.conversations.total).toBe(3);
    expect(res.data.conversations.perDay).toHaveLength(7);
    expect(res.data.conversations.perDay.at(-1)?.count).toBe(2);
    expect(res.data.creditsPerAgent).toEqual([
      { agentId: a1.id, name: "Vendas", credits: 6 },
      { agentId: a2.id, name: "Suporte", credits: 2.5 },
    ]);
    expect(res.data.membersActivity.find((m) => m.userId === other.user.id)?.actions).toBeGreaterThan(0);
    expect(res.data.timezone).toBe("America/Sao_Paulo");

    const bad = await other.client.query("workspaces.usage", { period: 10 });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("Período deve ser 7, 15 ou 30 dias");
  });
});
