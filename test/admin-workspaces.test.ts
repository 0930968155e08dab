/**
 * Admin workspaces and agents (issue 17): adminWorkspaces.* refusals and bad input, the plan and
 * limit changes with their audit lines, limits enforced on agent create and invite, and an agent
 * blocked by an admin (or whose owner is suspended) answering nobody on the public chat and on a
 * channel, spending nothing, while its owner cannot turn it back on.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq, like } from "drizzle-orm";
import { agents, creditTransactions, jobs, plans, userActivityLogs, users } from "../db/schema";
import { AGENT_UNAVAILABLE, agentUnavailableReason } from "../src/services/agent-availability";
import { AGENT_BLOCKED_TOGGLE } from "../src/services/agents";
import { lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { type AgentRow, answerAtOnce, chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot, telegramCustomer } from "./helpers/channels";
import { type Client, must } from "./helpers/client";
import { loginAdmin, outbox, registerUser, uniqueEmail } from "./helpers/factories";
import { eventually } from "./helpers/training";

const BOT_TOKEN = "515151:admin-block-token";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let app: TestApp;
let admin: Client;
let adminId: string;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.settings.reply = (b) => ({ content: `Eco: ${lastUserText(b)}` });
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 515151, username: "bloqueio_bot" } } });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, TELEGRAM_API_BASE: tg.url });
  const a = await loginAdmin(app);
  admin = a.client;
  adminId = a.user.id;
}, 60_000);
afterAll(async () => {
  await app.stop();
  openai.stop();
  tg.stop();
});

const db = () => app.deps.db;
const planNamed = async (name: string) => must((await db().select().from(plans).where(eq(plans.name, name)))[0], name);
const auditLines = (action: string, resourceId: string) =>
  db()
    .select()
    .from(userActivityLogs)
    .where(and(eq(userActivityLogs.action, action), eq(userActivityLogs.resourceId, resourceId)))
    .orderBy(desc(userActivityLogs.createdAt));

describe("[admin-workspaces] access and input", () => {
  test("a signed-in user who is not an admin is refused on every read and write; anonymous too", async () => {
    const { client } = await registerUser(app);
    const list = await client.trpc.adminWorkspaces.list.query({ search: "", planId: "", page: 1, pageSize: 20 });
    expect(list.error?.code).toBe("FORBIDDEN");
    const block = await client.trpc.adminWorkspaces.blockAgent.mutate({ agentId: "00000000-0000-4000-8000-000000000000", reason: "Uso abusivo" });
    expect(block.error?.code).toBe("FORBIDDEN");
    const res = await fetch(`${app.base}/trpc/adminWorkspaces.agents?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`);
    expect(res.status).toBe(401);
  });

  test("bad input is refused with the pt-BR message of the field", async () => {
    const owner = await ownerWithAgent(app);
    const shortReason = await admin.trpc.adminWorkspaces.blockAgent.mutate({ agentId: owner.agent.id, reason: "ruim" });
    expect(shortReason.error?.message).toBe("Motivo deve ter pelo menos 5 caracteres");
    const zero = await admin.trpc.adminWorkspaces.setLimits.mutate({ workspaceId: owner.workspaceId, maxAgents: 0, maxMembers: null });
    expect(zero.error?.message).toBe("Limite de agentes deve ser pelo menos 1");
    const fraction = await admin.trpc.adminWorkspaces.setLimits.mutate({ workspaceId: owner.workspaceId, maxAgents: null, maxMembers: 2.5 });
    expect(fraction.error?.message).toBe("Limite de membros deve ser um número inteiro");
    const badPlan = await admin.trpc.adminWorkspaces.setPlan.mutate({ workspaceId: owner.workspaceId, planId: "gratis" });
    expect(badPlan.error?.message).toBe("Selecione um plano");
    const badPage = await admin.trpc.adminWorkspaces.agents.query({ search: "", status: "all", channel: "all", page: 1, pageSize: 1000 });
    expect(badPage.error?.message).toBe("Tamanho de página inválido");
    const missing = await admin.trpc.adminWorkspaces.get.query({ id: "00000000-0000-4000-8000-000000000000" });
    expect(missing.error?.code).toBe("NOT_FOUND");
    expect(missing.error?.message).toBe("Workspace não encontrado");
  });
});

describe("[admin-workspaces] workspaces list, plan and limits", () => {
  test("the list finds a workspace by its owner's email, with plan, credits, agents and members; the plan filter narrows it", async () => {
    const owner = await ownerWithAgent(app);
    await setWallet(app, owner.workspaceId, { regular: 250 });
    const found = must((await admin.trpc.adminWorkspaces.list.query({ search: owner.email, planId: "", page: 1, pageSize: 20 })).data);
    expect(found.total).toBe(1);
    const row = must(found.items[0]);
    expect(row.id).toBe(owner.workspaceId);
    expect(row.owner.email).toBe(owner.email);
    expect(row.plan?.name).toBe("Gratuito");
    expect(row.credits).toBe(250);
    expect(row.agents).toBe(1);
    expect(row.members).toBe(1);
    const essencial = await planNamed("Essencial");
    const other = must((await admin.trpc.adminWorkspaces.list.query({ search: owner.email, planId: essencial.id, page: 1, pageSize: 20 })).data);
    expect(other.total).toBe(0);
  });

  test("an admin assigns a plan by hand: the workspace is on it, audited with the admin's id; the same plan again is refused", async () => {
    const owner = await ownerWithAgent(app);
    const essencial = await planNamed("Essencial");
    const res = await admin.trpc.adminWorkspaces.setPlan.mutate({ workspaceId: owner.workspaceId, planId: essencial.id });
    expect(res.error).toBeNull();
    const detail = must((await admin.trpc.adminWorkspaces.get.query({ id: owner.workspaceId })).data);
    expect(detail.plan.name).toBe("Essencial");
    expect(detail.limits.maxAgents).toBe(essencial.maxAgents);
    const onPlan = must((await admin.trpc.adminWorkspaces.list.query({ search: owner.email, planId: essencial.id, page: 1, pageSize: 20 })).data);
    expect(onPlan.items.map((w) => w.id)).toEqual([owner.workspaceId]);
    const [line] = await auditLines("admin.workspace.plan", owner.workspaceId);
    expect(line?.userId).toBe(adminId);
    expect(line?.workspaceId).toBe(owner.workspaceId);
    expect(line?.oldValues).toEqual({ plan: "Gratuito" });
    expect(line?.newValues).toEqual({ plan: "Essencial" });
    const generic = await db().select().from(userActivityLogs).where(and(eq(userActivityLogs.action, "admin.adminWorkspaces.setPlan"), eq(userActivityLogs.userId, adminId)));
    expect(generic.length).toBeGreaterThan(0);
    const again = await admin.trpc.adminWorkspaces.setPlan.mutate({ workspaceId: owner.workspaceId, planId: essencial.id });
    expect(again.error?.message).toBe("Este já é o plano atual do workspace");
  });

  test("a limit override is what agent creation and invitations enforce, and lowering it pauses the newest agent", async () => {
    const owner = await ownerWithAgent(app);
    // Gratuito allows one agent: the second is refused before the override.
    const before = await owner.client.trpc.agents.create.mutate({ name: "Segundo Agente", activity: "Vendas" });
    expect(before.error?.code).toBe("FORBIDDEN");
    const set = await admin.trpc.adminWorkspaces.setLimits.mutate({ workspaceId: owner.workspaceId, maxAgents: 2, maxMembers: 1 });
    expect(set.error).toBeNull();
    const second = await owner.client.trpc.agents.create.mutate({ name: "Segundo Agente", activity: "Vendas" });
    expect(second.error).toBeNull();
    const third = await owner.client.trpc.agents.create.mutate({ name: "Terceiro Agente", activity: "Suporte" });
    expect(third.error?.message).toBe("Este workspace permite até 2 agentes (limite definido pela administração da plataforma).");
    const invite = await owner.client.trpc.workspaces.members.invite.mutate({ email: uniqueEmail("convite"), role: "member" });
    expect(invite.error?.message).toBe("Este workspace permite até 1 membro neste workspace (convites pendentes incluídos) (limite definido pela administração da plataforma).");
    const [line] = await auditLines("admin.workspace.limits", owner.workspaceId);
    expect(line?.userId).toBe(adminId);
    expect(line?.oldValues).toEqual({ maxAgents: null, maxMembers: null });
    expect(line?.newValues).toEqual({ maxAgents: 2, maxMembers: 1 });

    const lowered = must((await admin.trpc.adminWorkspaces.setLimits.mutate({ workspaceId: owner.workspaceId, maxAgents: 1, maxMembers: null })).data);
    expect(lowered.paused).toBe(1);
    const rows = await db().select().from(agents).where(eq(agents.workspaceId, owner.workspaceId));
    expect(rows.find((a) => a.name === "Segundo Agente")?.isActive).toBe(false);
    expect(rows.find((a) => a.id === owner.agent.id)?.isActive).toBe(true);
    // Back to the plan's (3 members on Gratuito): the invitation goes out.
    const invited = await owner.client.trpc.workspaces.members.invite.mutate({ email: uniqueEmail("convite"), role: "member" });
    expect(invited.error).toBeNull();
  });
});

/** The webhook's job for this workspace finished, with this result (the worker ran it). */
const jobResult = (workspaceId: string, text: string) =>
  eventually(async () => {
    const rows = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.workspaceId, workspaceId), eq(jobs.status, "completed"), like(jobs.result, `%${text}%`)))
      .limit(1);
    return rows[0] ?? null;
  });

describe("[admin-workspaces] blocking an agent", () => {
  let owner: Awaited<ReturnType<typeof ownerWithAgent>>;
  let agent: AgentRow;
  let bot: { connectionId: string; secret: string };

  beforeAll(async () => {
    owner = await ownerWithAgent(app);
    agent = owner.agent;
    await setWallet(app, owner.workspaceId, { regular: 100_000 });
    await answerAtOnce(app, agent.id);
    bot = await connectTelegramBot(app, owner.client, agent.id, BOT_TOKEN);
  }, 60_000);

  test("before the block the agent answers (the checks below can fail)", async () => {
    const res = await chat(app, agent.id, { message: "Olá antes" });
    expect(res.status).toBe(200);
    expect(res.body.response).toBe("Eco: Olá antes");
  });

  test("a blocked agent answers nobody: the public chat says why, a channel message gets no reply, no credit is spent", async () => {
    const blocked = await admin.trpc.adminWorkspaces.blockAgent.mutate({ agentId: agent.id, reason: "Envio de spam em massa" });
    expect(blocked.error).toBeNull();
    const calls = openai.chatRequests().length;
    const debits = (await db().select().from(creditTransactions).where(eq(creditTransactions.agentId, agent.id))).length;

    const res = await chat(app, agent.id, { message: "Olá depois" });
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe(AGENT_UNAVAILABLE.blocked);
    const page = await fetch(`${app.base}/api/v1/public/agents/${agent.id}`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { data: { unavailableReason: string } }).data.unavailableReason).toBe(AGENT_UNAVAILABLE.blocked);

    const customer = telegramCustomer(app, tg, bot);
    await customer.say("Tem alguém aí?");
    await jobResult(owner.workspaceId, "agent unavailable");
    expect(customer.received()).toEqual([]);
    expect(openai.chatRequests().length).toBe(calls);
    expect((await db().select().from(creditTransactions).where(eq(creditTransactions.agentId, agent.id))).length).toBe(debits);

    const [line] = await auditLines("admin.agent.block", agent.id);
    expect(line?.userId).toBe(adminId);
    expect(line?.agentId).toBe(agent.id);
    expect(line?.workspaceId).toBe(owner.workspaceId);
    expect(line?.description).toContain("Envio de spam em massa");
    const mail = await eventually(async () => (await outbox(app, owner.email)).find((m) => m.template === "agent-blocked"));
    expect(mail.text).toContain("Motivo: Envio de spam em massa");
  }, 20_000);

  test("the admin list shows it blocked with its reason; its owner cannot turn it back on", async () => {
    const list = must((await admin.trpc.adminWorkspaces.agents.query({ search: owner.email, status: "blocked", channel: "telegram", page: 1, pageSize: 20 })).data);
    expect(list.items.map((a) => a.id)).toEqual([agent.id]);
    expect(list.items[0]?.blockedReason).toBe("Envio de spam em massa");
    expect(list.items[0]?.channels).toEqual(["telegram"]);
    expect(list.items[0]?.creditsSpent).toBeGreaterThan(0);
    const toggle = await owner.client.trpc.agents.toggle.mutate({ id: agent.id, isActive: true });
    expect(toggle.error?.code).toBe("FORBIDDEN");
    expect(toggle.error?.message).toBe(AGENT_BLOCKED_TOGGLE);
    const again = await admin.trpc.adminWorkspaces.blockAgent.mutate({ agentId: agent.id, reason: "Envio de spam em massa" });
    expect(again.error?.message).toBe("Este agente já está desativado pela administração");
  });

  test("unblocked, it answers the public chat and the channel again", async () => {
    const res = await admin.trpc.adminWorkspaces.unblockAgent.mutate({ agentId: agent.id });
    expect(must(res.data).isActive).toBe(true);
    const [line] = await auditLines("admin.agent.unblock", agent.id);
    expect(line?.userId).toBe(adminId);
    const answered = await chat(app, agent.id, { message: "Voltou?" });
    expect(answered.body.response).toBe("Eco: Voltou?");
    const customer = telegramCustomer(app, tg, bot);
    await customer.say("Agora sim");
    expect(await eventually(async () => (customer.received().length ? customer.received() : null))).toEqual(["Eco: Agora sim"]);
  }, 20_000);

  test("an agent whose workspace owner is suspended answers nobody either", async () => {
    await db().update(users).set({ status: "suspended" }).where(eq(users.id, owner.user.id));
    try {
      expect(await agentUnavailableReason(db(), agent.id)).toBe(AGENT_UNAVAILABLE.ownerSuspended);
      const res = await chat(app, agent.id, { message: "Olá suspenso" });
      expect(res.status).toBe(403);
      expect(res.body.error?.message).toBe(AGENT_UNAVAILABLE.ownerSuspended);
    } finally {
      await db().update(users).set({ status: "active" }).where(eq(users.id, owner.user.id));
    }
    expect(await agentUnavailableReason(db(), agent.id)).toBeNull();
  });
});
