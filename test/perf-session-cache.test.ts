/**
 * Issue 12 #6: sessions and memberships are kept in memory for a burst of requests, and the turn's
 * hot queries are prepared once. A revocation must still be seen by the very next request, and a
 * prepared query must never hand one workspace's rows to another.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { users, workspaceMembers } from "../db/schema";
import { BurstCache } from "../src/lib/burst-cache";
import { forgetMemberships } from "../src/services/access";
import { forgetUserSessions } from "../src/services/sessions";
import { startFakeOpenAi } from "./fakes/openai";
import { chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { PASSWORD, loginAs, mailedToken, registerUser } from "./helpers/factories";
import { offered, turnRequests } from "./helpers/tool-turns";
import { inviteMember } from "./helpers/training";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
});
afterAll(async () => {
  await app.stop();
  fake.stop();
});

/** A second client holding the same session cookie (another tab, or a stolen cookie). */
function sameSession(c: Client) {
  const copy = new Client(app.base);
  for (const [name, cookie] of c.jar) copy.jar.set(name, cookie);
  return copy;
}

const me = (c: Client) => c.get<{ email: string; emailVerified: boolean }>("/api/v1/auth/user");

/** A few requests, so the session (and membership) is surely in the server's burst cache. */
async function warm(c: Client) {
  for (let i = 0; i < 3; i++) expect((await c.trpc.workspaces.current.query()).ok).toBe(true);
}

describe("[perf] the session cache never outlives a revocation", () => {
  test("a logged-out session is refused on the very next request, from every tab", async () => {
    const { client } = await registerUser(app);
    const otherTab = sameSession(client);
    await warm(otherTab);
    expect((await me(otherTab)).status).toBe(200);
    expect((await client.post("/api/v1/auth/logout")).status).toBe(200);
    expect((await me(otherTab)).status).toBe(401);
    expect((await otherTab.trpc.workspaces.current.query()).error?.code).toBe("UNAUTHORIZED");
  });

  test("a password reset ends every session of the user on the next request", async () => {
    const { client, email } = await registerUser(app);
    const laptop = (await loginAs(app, email, PASSWORD)).client;
    await warm(client);
    await warm(laptop);
    expect((await new Client(app.base).post("/api/v1/auth/forgot-password", { email })).status).toBe(200);
    const token = await mailedToken(app, email, "/reset-password");
    expect((await new Client(app.base).post("/api/v1/auth/reset-password", { token, password: "outra-senha-9" })).status).toBe(200);
    expect((await me(client)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    expect((await (await loginAs(app, email, "outra-senha-9")).client.get("/api/v1/auth/user")).status).toBe(200);
  });

  test("a user disabled (users row written, sessions forgotten) is refused on the next request", async () => {
    const { client, user } = await registerUser(app);
    await warm(client);
    await app.deps.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    forgetUserSessions(user.id);
    expect((await me(client)).status).toBe(401);
  });

  test("a verified email shows on the next request of a signed-in tab", async () => {
    const { client, email } = await registerUser(app);
    expect((await me(client)).data.emailVerified).toBe(false);
    const token = await mailedToken(app, email, "/verify-email");
    expect((await new Client(app.base).post("/api/v1/auth/verify-email", { token })).status).toBe(200);
    expect((await me(client)).data.emailVerified).toBe(true);
  });

  test("switching workspace is seen by the next request", async () => {
    const owner = await registerUser(app);
    const first = String(owner.user.currentWorkspaceId);
    const created = await owner.client.trpc.workspaces.create.mutate({ name: "Filial Centro", description: "Criado pelo usuário" });
    expect(created.ok).toBe(true);
    await owner.client.trpc.workspaces.switch.mutate({ id: first });
    await warm(owner.client);
    const second = (await owner.client.trpc.workspaces.list.query()).data.find((w) => w.id !== first)?.id;
    expect((await owner.client.trpc.workspaces.switch.mutate({ id: String(second) })).ok).toBe(true);
    expect((await owner.client.trpc.workspaces.current.query()).data.id).toBe(String(second));
  });
});

describe("[perf] the membership cache never outlives a change", () => {
  /** An owner's agent and a member of that workspace with canEditAgents, their session switched to it. */
  async function memberWithEditRights() {
    const o = await ownerWithAgent(app);
    const member = await inviteMember(app, o.client, { canEditAgents: true });
    expect((await member.client.trpc.workspaces.switch.mutate({ id: o.workspaceId })).ok).toBe(true);
    await warm(member.client);
    return { o, member };
  }
  const rename = (c: Client, agentId: string, name: string) => c.request("PATCH", `/api/v1/agents/${agentId}`, { body: { name } });

  test("a member removed from the workspace is refused on the very next request", async () => {
    const { o, member } = await memberWithEditRights();
    expect((await rename(member.client, o.agent.id, "Ana 2")).status).toBe(200);
    const where = and(eq(workspaceMembers.workspaceId, o.workspaceId), eq(workspaceMembers.userId, member.user.id));
    await app.deps.db.delete(workspaceMembers).where(where);
    forgetMemberships({ workspaceId: o.workspaceId, userId: member.user.id });
    expect((await member.client.trpc.workspaces.current.query()).error?.code).toBe("NOT_FOUND");
    expect((await rename(member.client, o.agent.id, "Ana 3")).status).toBe(404);
    // The owner's own cached membership is untouched.
    expect((await o.client.trpc.workspaces.current.query()).data.id).toBe(o.workspaceId);
  });

  test("a permission flag revoked takes effect on the very next request", async () => {
    const { o, member } = await memberWithEditRights();
    expect((await rename(member.client, o.agent.id, "Ana 2")).status).toBe(200);
    const [row] = await app.deps.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, member.user.id));
    const permissions = { ...(row?.permissions ?? {}), canEditAgents: false } as NonNullable<typeof row>["permissions"];
    await app.deps.db.update(workspaceMembers).set({ permissions }).where(eq(workspaceMembers.userId, member.user.id));
    forgetMemberships({ workspaceId: o.workspaceId });
    const refused = await rename(member.client, o.agent.id, "Ana 3");
    expect(refused.status).toBe(403);
  });

  test("a read that raced an invalidation is not kept (it may predate the write)", async () => {
    const cache = new BurstCache<string>(60_000, 10);
    let finish: (v: string) => void = () => {};
    const inFlight = cache.get("sessão", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.delete("sessão");
    finish("antes da revogação");
    expect(await inFlight).toBe("antes da revogação");
    expect(await cache.get("sessão", async () => "depois da revogação")).toBe("depois da revogação");
  });
});

describe("[perf] prepared queries keep tenants apart", () => {
  test("each agent's turn offers only its own intents and integrations", async () => {
    const a = await ownerWithAgent(app);
    const b = await ownerWithAgent(app);
    for (const [o, name] of [
      [a, "Pedido Loja A"],
      [b, "Pedido Loja B"],
    ] as const) {
      await setWallet(app, o.workspaceId, { regular: 100_000 });
      const intent = { name, description: `Quando o cliente pede: ${name}`, examples: [`quero ${name}`], action: { type: "simple_response" as const, simpleResponse: "ok" } };
      expect((await o.client.trpc.agents.intents.create.mutate({ agentId: o.agent.id, intent })).ok).toBe(true);
      expect((await o.client.trpc.webSearch.setEnabled.mutate({ agentId: o.agent.id, enabled: true })).ok).toBe(true);
    }
    // Only A has a key for web search (no admin key): only A's turn may offer it.
    expect((await a.client.trpc.webSearch.save.mutate({ agentId: a.agent.id, config: { apiKey: "tvly-loja-a" } })).ok).toBe(true);
    fake.settings.reply = () => ({ content: "Certo." });
    const toolsOf = async (agentId: string) => {
      const requests = turnRequests(fake);
      // Mid-conversation, so the semantic cache (first questions only) never answers instead of the model.
      const chatHistory = [{ role: "user", content: "Oi" }, { role: "assistant", content: "Olá!" }];
      expect((await chat(app, agentId, { message: "Quero saber do meu pedido", chatHistory })).status).toBe(200);
      return offered(requests()[0]).map((t) => t.name);
    };
    for (let round = 0; round < 2; round++) {
      expect((await toolsOf(a.agent.id)).sort()).toEqual(["Pedido_Loja_A", "buscar_na_web"]);
      expect(await toolsOf(b.agent.id)).toEqual(["Pedido_Loja_B"]);
    }
  });

  test("workspaces.list and the session's user belong to the caller only", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    for (let round = 0; round < 2; round++) {
      expect((await me(a.client)).data.email).toBe(a.email);
      expect((await me(b.client)).data.email).toBe(b.email);
      expect((await a.client.trpc.workspaces.list.query()).data.map((w) => w.id)).toEqual([String(a.user.currentWorkspaceId)]);
      expect((await b.client.trpc.workspaces.list.query()).data.map((w) => w.id)).toEqual([String(b.user.currentWorkspaceId)]);
    }
  });
});
