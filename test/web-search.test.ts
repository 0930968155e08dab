/**
 * Web search (issue 6): the admin's Tavily provider (key encrypted, Testar, admin-only), the
 * agent's status, switch (conversationSettings.webSearch) and optional own key, and the tool
 * `buscar_na_web` of the real chat turn against a loopback Tavily (TAVILY_API_BASE).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { platformSettings } from "../db/schema";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { webSearchGlobalInput } from "../src/schemas/web-search";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeTavily } from "./fakes/tavily";
import { chat } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { fundedOwner, modelCalls, offered, toolMessages, turnRequests } from "./helpers/tool-turns";
import { loginAdmin } from "./helpers/factories";
import { joinAs } from "./helpers/inbox";
import type { Client } from "./helpers/client";


// Several users, workspaces and chat turns per test: room for a loaded machine.
setDefaultTimeout(30_000);
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tavily: Awaited<ReturnType<typeof startFakeTavily>>;
let app: TestApp;
let admin: Client;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  tavily = await startFakeTavily({ apiKey: "tvly-admin" });
  setSafeFetchTestAllowlist([tavily.host]);
  process.env.TAVILY_API_BASE = tavily.url;
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  admin = (await loginAdmin(app)).client;
});
afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  delete process.env.TAVILY_API_BASE;
  await app.stop();
  fake.stop();
  tavily.stop();
});


describe("[web search] admin provider", () => {
  test("contract messages; save encrypts the key, never returns it, keeps it when blank; Testar with typed and stored keys", async () => {
    const issue = (v: unknown) => webSearchGlobalInput.safeParse(v).error?.issues[0]?.message;
    expect(issue({ maxResults: 11 })).toBe("No máximo 10 resultados");
    expect(issue({ provider: "google" })).toBe("Provedor de busca inválido");

    const bad = await admin.trpc.webSearch.global.test.mutate({ apiKey: "tvly-errada" });
    expect(bad.data).toMatchObject({ ok: false, error: "Chave de API da Tavily inválida ou recusada" });
    const typed = await admin.trpc.webSearch.global.test.mutate({ apiKey: "tvly-admin" });
    expect(typed.data).toMatchObject({ ok: true, results: 3, error: null });
    const req = tavily.requests.at(-1);
    expect(req?.path).toBe("/search");
    expect(req?.headers.authorization).toBe("Bearer tvly-admin");
    expect(req?.body).toMatchObject({ search_depth: "basic", topic: "general", include_answer: true, include_raw_content: false, include_images: false });

    const saved = await admin.trpc.webSearch.global.save.mutate({ provider: "tavily", apiKey: "tvly-admin", maxResults: 4, enabled: true });
    expect(saved.data).toMatchObject({ hasApiKey: true, maxResults: 4 });
    expect(JSON.stringify(saved.data)).not.toContain("tvly-admin");
    const [row] = await app.deps.db.select().from(platformSettings).where(eq(platformSettings.key, "web_search"));
    expect(JSON.stringify(row?.value)).not.toContain("tvly-admin");
    expect((await admin.trpc.webSearch.global.save.mutate({ provider: "tavily", apiKey: "", maxResults: 4 })).ok).toBe(true);
    expect((await admin.trpc.webSearch.global.test.mutate({})).data.ok).toBe(true);
    expect((await admin.trpc.webSearch.global.get.query()).data.hasApiKey).toBe(true);

    tavily.settings.failNext = 429;
    expect((await admin.trpc.webSearch.global.test.mutate({})).data.error).toBe("Limite de buscas por minuto da Tavily atingido. Tente de novo em instantes.");
    tavily.settings.failNext = 432;
    expect((await admin.trpc.webSearch.global.test.mutate({})).data.error).toBe("Limite do plano da Tavily atingido. Confira os créditos da conta.");
  });

  test("only platform admins reach the provider settings", async () => {
    const o = await fundedOwner(app);
    for (const res of [
      await o.client.trpc.webSearch.global.get.query(),
      await o.client.trpc.webSearch.global.save.mutate({ apiKey: "tvly-x" }),
      await o.client.trpc.webSearch.global.test.mutate({ apiKey: "tvly-x" }),
    ]) {
      expect(res.error?.httpStatus).toBe(403);
      expect(res.error?.message).toBe("Acesso restrito a administradores");
    }
  });
});

describe("[web search] the agent", () => {
  test("buscar_na_web is offered only with the setting on and a key; the call reaches Tavily and the results reach the reply", async () => {
    expect((await admin.trpc.webSearch.global.save.mutate({ provider: "tavily", apiKey: "tvly-admin", maxResults: 4 })).ok).toBe(true);
    const o = await fundedOwner(app);
    const card = async () => (await o.client.trpc.webSearch.get.query({ agentId: o.agent.id })).data;
    expect(await card()).toMatchObject({ agentSetting: false, adminConfigured: true, active: false });

    const toolsNow = async () => {
      fake.settings.reply = () => ({ content: "ok" });
      const requests = turnRequests(fake);
      await chat(app, o.agent.id, { message: `pergunta ${Date.now()} ${Math.random()}` });
      return offered(requests()[0]).map((t) => t.name);
    };
    expect(await toolsNow()).not.toContain("buscar_na_web");
    const on = await o.client.trpc.webSearch.setEnabled.mutate({ agentId: o.agent.id, enabled: true });
    expect(on.data).toMatchObject({ agentSetting: true, active: true, keySource: "admin" });
    // The same field as the Conversa section.
    const agent = await o.client.get<{ conversationSettings: { webSearch: boolean } }>(`/api/v1/agents/${o.agent.id}`);
    expect(agent.data.conversationSettings.webSearch).toBe(true);

    modelCalls(fake, "buscar_na_web", { consulta: "horário Detran SP" });
    const requests = turnRequests(fake);
    const from = tavily.requests.length;
    const res = await chat(app, o.agent.id, { message: "Qual o horário do Detran SP hoje?" });
    expect(offered(requests()[0]).find((t) => t.name === "buscar_na_web")?.parameters).toMatchObject({ required: ["consulta"] });
    const [call] = tavily.requests.slice(from);
    expect(call?.headers.authorization).toBe("Bearer tvly-admin");
    expect(call?.body).toMatchObject({ query: "horário Detran SP", max_results: 4 });
    expect(res.body.response).toContain("Resultado 1 sobre horário Detran SP");
    expect(res.body.response).toContain("https://exemplo.com.br/1");
    expect(res.body.response).toContain("Resumo: horário Detran SP");

    // Errors go back to the model as clear sentences.
    tavily.settings.failNext = 429;
    modelCalls(fake, "buscar_na_web", { consulta: "outra busca" });
    const r2 = turnRequests(fake);
    await chat(app, o.agent.id, { message: "e a outra busca?" });
    expect(toolMessages(r2()[1])[0]).toContain("Limite de buscas por minuto da Tavily atingido");

    // The agent's own key takes over the admin's.
    tavily.settings.apiKey = "tvly-agente";
    const own = await o.client.trpc.webSearch.save.mutate({ agentId: o.agent.id, config: { apiKey: "tvly-agente" } });
    expect(own.data).toMatchObject({ keySource: "agent", integration: { hasApiKey: true } });
    expect(JSON.stringify(own.data)).not.toContain("tvly-agente");
    const tested = await o.client.trpc.webSearch.test.mutate({ agentId: o.agent.id });
    expect(tested.data).toMatchObject({ ok: true, keySource: "agent" });
    expect(tavily.requests.at(-1)?.headers.authorization).toBe("Bearer tvly-agente");
    await o.client.trpc.webSearch.remove.mutate({ agentId: o.agent.id });
    tavily.settings.apiKey = "tvly-admin";

    await o.client.trpc.webSearch.setEnabled.mutate({ agentId: o.agent.id, enabled: false });
    expect(await toolsNow()).not.toContain("buscar_na_web");
  });

  test("no key anywhere (or the admin turned it off): not offered, the card says so, Testar refuses", async () => {
    expect((await admin.trpc.webSearch.global.save.mutate({ provider: "tavily", maxResults: 4, enabled: false })).ok).toBe(true);
    try {
      const o = await fundedOwner(app);
      const on = await o.client.trpc.webSearch.setEnabled.mutate({ agentId: o.agent.id, enabled: true });
      expect(on.data).toMatchObject({ agentSetting: true, adminConfigured: false, active: false, keySource: null });
      const t = await o.client.trpc.webSearch.test.mutate({ agentId: o.agent.id });
      expect(t.error?.message).toContain("Nenhuma chave de busca configurada");
      fake.settings.reply = () => ({ content: "ok" });
      const requests = turnRequests(fake);
      await chat(app, o.agent.id, { message: "busca algo" });
      expect(offered(requests()[0]).map((x) => x.name)).not.toContain("buscar_na_web");
    } finally {
      expect((await admin.trpc.webSearch.global.save.mutate({ provider: "tavily", maxResults: 4, enabled: true })).ok).toBe(true);
    }
  });

  test("another workspace gets 404; a member without canEditAgents cannot switch, save or test", async () => {
    const a = await fundedOwner(app);
    const b = await fundedOwner(app);
    for (const res of await Promise.all([
      b.client.trpc.webSearch.get.query({ agentId: a.agent.id }),
      b.client.trpc.webSearch.setEnabled.mutate({ agentId: a.agent.id, enabled: true }),
      b.client.trpc.webSearch.save.mutate({ agentId: a.agent.id, config: { apiKey: "x" } }),
      b.client.trpc.webSearch.test.mutate({ agentId: a.agent.id }),
      b.client.trpc.webSearch.remove.mutate({ agentId: a.agent.id }),
    ]))
      expect(res.error?.httpStatus).toBe(404);
    const member = await joinAs(app, a.client, "member");
    expect((await member.client.trpc.webSearch.get.query({ agentId: a.agent.id })).ok).toBe(true);
    for (const res of [
      await member.client.trpc.webSearch.setEnabled.mutate({ agentId: a.agent.id, enabled: true }),
      await member.client.trpc.webSearch.save.mutate({ agentId: a.agent.id, config: { apiKey: "x" } }),
      await member.client.trpc.webSearch.test.mutate({ agentId: a.agent.id }),
    ])
      expect(res.error?.httpStatus).toBe(403);
  });
});
