/**
 * The audit sweep (issue 17 item 2): the verbs that change an agent, its training, its integrations
 * and the team write one line each through logActivity, with old and new values where something
 * was edited and never a secret. Read back through logs.get, as /logs shows them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeTelegram } from "./fakes/telegram";
import { type AgentRow, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { uniqueEmail } from "./helpers/factories";

let app: TestApp;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
const BOT_TOKEN = "909090:logs-sweep";
let owner: { client: Client; agent: AgentRow; userId: string; workspaceId: string };

type Line = {
  id: string;
  action: string;
  category: string;
  description: string | null;
  agentId: string | null;
  userId: string | null;
  workspaceId: string | null;
  resourceId: string | null;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
};

/** The newest line of a verb in the workspace, whole (logs.get). */
async function latest(action: string): Promise<Line> {
  const page = await owner.client.query<{ items: { id: string; action: string }[] }>("logs.list", { filter: { scope: "workspace", search: action }, limit: 100 });
  const hit = page.data.items.find((i) => i.action === action);
  if (!hit) throw new Error(`no ${action} line among ${page.data.items.map((i) => i.action).join(", ")}`);
  const full = await owner.client.query<Line>("logs.get", { id: hit.id });
  expect(full.ok).toBe(true);
  return full.data;
}

const count = async (action: string) =>
  (await owner.client.query<{ items: { action: string }[] }>("logs.list", { filter: { scope: "workspace", search: action }, limit: 100 })).data.items.filter((i) => i.action === action).length;

beforeAll(async () => {
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 909090, username: "loja_logs_bot" } } });
  app = await startTestApp({ TELEGRAM_API_BASE: tg.url });
  const o = await ownerWithAgent(app);
  owner = { client: o.client, agent: o.agent, userId: o.user.id, workspaceId: o.workspaceId };
}, 60_000);

afterAll(async () => {
  await app.stop();
  await tg.stop();
});

describe("audit sweep", () => {
  test("an agent edit writes the changed fields before and after, and only those", async () => {
    const res = await owner.client.trpc.agents.update.mutate({ id: owner.agent.id, patch: { name: "Ana Vendas", activity: "Atendimento ao cliente" } });
    expect(res.ok).toBe(true);
    const line = await latest("agent.update");
    expect(line).toMatchObject({
      category: "agent",
      agentId: owner.agent.id,
      userId: owner.userId,
      workspaceId: owner.workspaceId,
      description: "Agente editado: Ana Vendas",
      oldValues: { name: "Ana Atendente" },
      newValues: { name: "Ana Vendas" },
    });
    // "activity" was sent unchanged: not part of the line.
    expect(Object.keys(line.newValues ?? {})).toEqual(["name"]);
  });

  test("turning an agent off and on writes the status before and after", async () => {
    const id = owner.agent.id;
    expect((await owner.client.trpc.agents.toggle.mutate({ id, isActive: false })).ok).toBe(true);
    expect(await latest("agent.deactivate")).toMatchObject({ agentId: id, oldValues: { isActive: true }, newValues: { isActive: false } });
    expect((await owner.client.trpc.agents.toggle.mutate({ id, isActive: true })).ok).toBe(true);
    expect((await latest("agent.activate")).newValues).toEqual({ isActive: true });
  });

  test("adding and removing training writes training.add and training.remove", async () => {
    const added = await owner.client.trpc.training.addText.mutate({ agentId: owner.agent.id, body: { content: "Entregamos em todo o Brasil em até 5 dias úteis." } });
    expect(added.ok).toBe(true);
    const add = await latest("training.add");
    expect(add).toMatchObject({ category: "training", agentId: owner.agent.id, resourceId: added.data.id, newValues: { sourceType: "text" } });
    const removed = await owner.client.trpc.training.delete.mutate({ agentId: owner.agent.id, sourceId: added.data.id });
    expect(removed.ok).toBe(true);
    expect(await latest("training.remove")).toMatchObject({ resourceId: added.data.id, oldValues: { sourceType: "text" } });
  });

  test("an integration save keeps its secret out of the line; removing it is logged", async () => {
    const saved = await owner.client.trpc.webSearch.save.mutate({ agentId: owner.agent.id, config: { apiKey: "tvly-segredo-da-loja" } });
    expect(saved.ok).toBe(true);
    const line = await latest("integration.save");
    expect(line).toMatchObject({ category: "integration", agentId: owner.agent.id, description: "Integração salva: Busca na web" });
    expect(JSON.stringify(line)).not.toContain("tvly-segredo-da-loja");
    expect(line.newValues).toMatchObject({ apiKey: "••••" });
    expect((await owner.client.trpc.webSearch.remove.mutate({ agentId: owner.agent.id })).ok).toBe(true);
    expect(await latest("integration.remove")).toMatchObject({ category: "integration", oldValues: { kind: "web_search" } });
    // Removing again (nothing left) changes nothing and writes nothing.
    const before = await count("integration.remove");
    await owner.client.trpc.webSearch.remove.mutate({ agentId: owner.agent.id });
    expect(await count("integration.remove")).toBe(before);
  });

  test("connecting and disconnecting a channel write channel lines without its token", async () => {
    const connected = await owner.client.trpc.channels.connectTelegram.mutate({ agentId: owner.agent.id, botToken: BOT_TOKEN });
    expect(connected.ok).toBe(true);
    const line = await latest("channel.connect");
    expect(line).toMatchObject({ category: "channel", agentId: owner.agent.id, resourceId: connected.data.id, description: "Canal conectado: Telegram", newValues: { channel: "telegram" } });
    expect(JSON.stringify(line)).not.toContain("logs-sweep");
    expect((await owner.client.trpc.channels.disconnect.mutate({ id: connected.data.id })).ok).toBe(true);
    expect(await latest("channel.disconnect")).toMatchObject({ resourceId: connected.data.id, description: "Canal desconectado: Telegram", oldValues: { channel: "telegram" } });
  });

  test("inviting and revoking a member are member lines", async () => {
    const email = uniqueEmail("convite");
    expect((await owner.client.trpc.workspaces.members.invite.mutate({ email, role: "member", permissions: {} })).ok).toBe(true);
    expect(await latest("workspace.invite")).toMatchObject({ category: "member", description: `Convite enviado para ${email}`, newValues: { email, role: "member" } });
    const pending = await owner.client.trpc.workspaces.invitations.list.query();
    const invitation = pending.data.find((i: { email: string }) => i.email === email);
    expect(invitation).toBeDefined();
    expect((await owner.client.trpc.workspaces.invitations.revoke.mutate({ id: String(invitation?.id) })).ok).toBe(true);
    expect(await latest("member.revoke")).toMatchObject({ category: "member", resourceId: invitation?.id, oldValues: { email } });
  });

  test("creating and deleting an agent write its name (the last test: the agent goes)", async () => {
    expect(await latest("agent.create")).toMatchObject({ agentId: owner.agent.id, description: "Agente criado: Ana Atendente", newValues: { name: "Ana Atendente" } });
    expect((await owner.client.trpc.agents.delete.mutate({ id: owner.agent.id })).ok).toBe(true);
    expect(await latest("agent.delete")).toMatchObject({ resourceId: owner.agent.id, description: "Agente excluído: Ana Vendas", oldValues: { name: "Ana Vendas" } });
  });
});
