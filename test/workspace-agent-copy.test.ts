/**
 * Copying an agent to another workspace of the same user (issue 17, SPEC §5 Workspace copy
 * target): configuration and intents copied, webhook header values and channel/integration
 * secrets NOT copied, training sources re-indexed in the target through the training queue.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agentIntents, channelConnections, embeddingSources, embeddings, jobs, userActivityLogs } from "../db/schema";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { startFakeTelegram } from "./fakes/telegram";
import { type TestApp, startTestApp } from "./helpers/app";
import { must } from "./helpers/client";
import { insertAgent, registerUser } from "./helpers/factories";
import { type Actor, type Fixture, botTokens, nextBotToken, settled, workspaceWithEverything } from "./helpers/guard-fixtures";
import { startBlackHole } from "./helpers/guard-http";
import { eventually, inviteMember } from "./helpers/training";

let app: TestApp;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let hole: ReturnType<typeof startBlackHole>;
let A: { owner: Actor; fixture: Fixture };
let targetId: string;
// Registered before the fake starts: it reads the accepted tokens once.
const botToken = nextBotToken();

beforeAll(async () => {
  tg = await startFakeTelegram({ tokens: botTokens });
  hole = startBlackHole();
  app = await startTestApp({ ...hole.env, TELEGRAM_API_BASE: tg.url });
  A = await workspaceWithEverything(app, botToken);
  await settled(app, A.owner, A.fixture);
  // A webhook intent whose header value is a secret.
  const intent = await A.owner.client.trpc.agents.intents.create.mutate({
    agentId: A.fixture.agentId,
    intent: {
      name: "pedido",
      description: "Quando o cliente pergunta sobre o pedido",
      examples: ["onde está meu pedido"],
      action: { type: "webhook", webhook: { url: "https://loja.exemplo.com.br/hook", headers: { Authorization: "Bearer segredo-do-webhook" } } },
    },
  });
  if (!intent.ok) throw new Error(JSON.stringify(intent.error));
  const created = await A.owner.client.trpc.workspaces.create.mutate({ name: "Filial", description: "" });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  targetId = created.data.id;
}, 90_000);

afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  await app.stop();
  tg.stop();
  hole.stop();
});

describe("[workspace-agent-copy] agents.copyToWorkspace", () => {
  test("bad input per SPEC §5: target id hex and hyphen only, ≤100; new name 2–100", async () => {
    const c = A.owner.client;
    const base = { agentId: A.fixture.agentId, targetWorkspaceId: targetId, newName: "Cópia" };
    for (const targetWorkspaceId of ["zz-não-hex", "", "a".repeat(101)]) {
      const res = await c.mutate("agents.copyToWorkspace", { ...base, targetWorkspaceId });
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe("ID do workspace deve ser um UUID válido");
    }
    expect((await c.mutate("agents.copyToWorkspace", { ...base, newName: "a" })).error?.message).toBe("Nome deve ter pelo menos 2 caracteres");
    expect((await c.mutate("agents.copyToWorkspace", { ...base, newName: "a".repeat(101) })).error?.message).toBe("Nome deve ter no máximo 100 caracteres");
    // Hex but not a workspace of the caller: not found, nothing said about whether it exists.
    const unknown = await c.mutate("agents.copyToWorkspace", { ...base, targetWorkspaceId: "abcdef" });
    expect(unknown.status).toBe(404);
  });

  test("a workspace the caller is not in is refused; a member without canEditAgents cannot copy out", async () => {
    const stranger = await registerUser(app);
    const res = await A.owner.client.trpc.agents.copyToWorkspace.mutate({ agentId: A.fixture.agentId, targetWorkspaceId: String(stranger.user.currentWorkspaceId), newName: "Intrusa" });
    expect(res.status).toBe(404);
    // A member of A without canEditAgents cannot copy out of A.
    const reader = await inviteMember(app, A.owner.client, {});
    const out = await reader.client.trpc.agents.copyToWorkspace.mutate({ agentId: A.fixture.agentId, targetWorkspaceId: String(reader.user.currentWorkspaceId), newName: "Minha" });
    expect(out.status).toBe(403);
  });

  test("the copy carries config, intents and training (re-indexed in the target), never secrets", async () => {
    const res = await A.owner.client.trpc.agents.copyToWorkspace.mutate({ agentId: A.fixture.agentId, targetWorkspaceId: targetId, newName: "Ana da Filial" });
    expect(res.ok).toBe(true);
    const copyId = res.data.id;
    expect(res.data).toMatchObject({ workspaceId: targetId, name: "Ana da Filial", sourcesQueued: 1, intentsCopied: 2 });

    const [original] = (await A.owner.client.trpc.agents.list.query()).data.filter((a) => a.id === A.fixture.agentId);
    await A.owner.client.trpc.workspaces.switch.mutate({ id: targetId });
    const copy = (await A.owner.client.trpc.agents.get.query({ id: copyId })).data;
    expect(copy.activity).toBe(original?.activity ?? "");
    expect(copy.workspaceId).toBe(targetId);

    // Channels and integrations stay behind.
    expect(await app.deps.db.select().from(channelConnections).where(eq(channelConnections.agentId, copyId))).toEqual([]);
    // Intents come along, a webhook's header values do not.
    const intents = await app.deps.db.select().from(agentIntents).where(eq(agentIntents.agentId, copyId));
    expect(intents.map((i) => i.name).sort()).toEqual(["horário", "pedido"]);
    const hook = intents.find((i) => i.name === "pedido");
    expect(JSON.stringify(hook?.action)).not.toContain("segredo");
    expect((must(hook, "webhook intent").action as { webhook: { headers: Record<string, unknown> } }).webhook.headers).toEqual({});

    // Training: a training job in the target, and chunks of the target once it ran.
    const [job] = await app.deps.db.select().from(jobs).where(and(eq(jobs.agentId, copyId), eq(jobs.type, "train-source")));
    expect(job?.workspaceId).toBe(targetId);
    await eventually(async () => {
      const [s] = await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.agentId, copyId));
      return s?.status === "ready";
    });
    const chunks = await app.deps.db.select({ w: embeddings.workspaceId }).from(embeddings).where(eq(embeddings.agentId, copyId));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => c.w === targetId)).toBe(true);

    const [line] = await app.deps.db.select().from(userActivityLogs).where(and(eq(userActivityLogs.action, "agent.copy"), eq(userActivityLogs.agentId, copyId)));
    expect(line?.workspaceId).toBe(targetId);
    expect(line?.userId).toBe(A.owner.userId);
    expect(JSON.stringify(line)).not.toContain("segredo");
    await A.owner.client.trpc.workspaces.switch.mutate({ id: A.fixture.workspaceId });
  });

  test("the target's plan limit applies (free plan: one agent)", async () => {
    await insertAgent(app, targetId, A.owner.userId, "Mais um");
    const res = await A.owner.client.trpc.agents.copyToWorkspace.mutate({ agentId: A.fixture.agentId, targetWorkspaceId: targetId, newName: "Excedente" });
    expect(res.status).toBe(403);
    expect(res.error?.message).toContain("permite até 1 agente");
  });
});
