/**
 * Notion notes (issue 6, protocols.md §12): the settings contract (token, default page/database
 * from an id or a link), the encrypted token, "Testar" against a loopback Notion (wire format:
 * Authorization, Notion-Version 2022-06-28, paths and bodies), every refusal in pt-BR (401, 404 not
 * shared, 429, 400 validation_error), buscar_notas / criar_nota / adicionar_a_nota through the real
 * chat turn (fake OpenAI decides the calls) with Notion's size limits, and tenant/permission refusals.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agentIntegrations } from "../db/schema";
import { NOTION_MESSAGES, NOTION_VERSION } from "../src/adapters/notion/client";
import { paragraphBlocks, splitText } from "../src/integrations/notion/notes";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { NOTION_PARENT_INVALID, NOTION_PARENT_REQUIRED, NOTION_TOKEN_INVALID, NOTION_TOKEN_REQUIRED, notionInput, parseNotionId } from "../src/schemas/notion";
import { DATABASE_ID, MEETING_PAGE_ID, NOTION_TOKEN, PARENT_PAGE_ID, PRIVATE_PAGE_ID, startFakeNotion } from "./fakes/notion";
import { startFakeOpenAi } from "./fakes/openai";
import { chat } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { fundedOwner, modelCalls, offered, toolMessages, turnRequests } from "./helpers/tool-turns";
import { inviteMember } from "./helpers/training";
import type { Inputs } from "./helpers/trpc-proxy";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let notion: Awaited<ReturnType<typeof startFakeNotion>>;
let app: TestApp;
const previousBase = process.env.NOTION_API_BASE;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  notion = await startFakeNotion();
  process.env.NOTION_API_BASE = notion.base;
  setSafeFetchTestAllowlist([notion.host]);
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
});
afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  if (previousBase === undefined) delete process.env.NOTION_API_BASE;
  else process.env.NOTION_API_BASE = previousBase;
  await app.stop();
  fake.stop();
  notion.stop();
});

type Owner = Awaited<ReturnType<typeof fundedOwner>>;

const save = (o: Owner, config: Inputs["notion"]["save"]["config"]) => o.client.trpc.notion.save.mutate({ agentId: o.agent.id, config });
const connected = async (config: Record<string, unknown> = {}) => {
  const o = await fundedOwner(app);
  const res = await save(o, { token: NOTION_TOKEN, parentId: PARENT_PAGE_ID, ...config });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return o;
};
const runTest = async (o: Owner, config?: Record<string, unknown>) => {
  const res = await o.client.trpc.notion.test.mutate({ agentId: o.agent.id, ...(config ? { config } : {}) });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return res.data;
};

let seq = 0;
/** One chat turn where the model calls `name(args)`; returns the tool's message, the reply and what Notion received. */
async function callTool(o: Owner, name: string, args: Record<string, unknown>) {
  modelCalls(fake, name, args);
  const requests = turnRequests(fake);
  const from = notion.requests.length;
  // A distinct question each time: a repeated one would be answered from the semantic cache.
  const res = await chat(app, o.agent.id, { message: `pergunta notas ${++seq} ${Date.now()}` });
  const sent = requests();
  return { tool: toolMessages(sent.at(-1))[0] ?? "", reply: res.body.response ?? "", offered: offered(sent[0]).map((t) => t.name), calls: notion.requests.slice(from) };
}

describe("[notion] settings", () => {
  test("the contract: token prefix, default page/database from an id or a link, pt-BR messages", () => {
    const issue = (v: unknown) => notionInput.safeParse(v).error?.issues[0]?.message;
    expect(issue({ parentId: " " })).toBe(NOTION_PARENT_REQUIRED);
    expect(issue({ parentId: "minha página" })).toBe(NOTION_PARENT_INVALID);
    expect(issue({ parentId: PARENT_PAGE_ID, token: "abc" })).toBe(NOTION_TOKEN_INVALID);
    expect(issue({ parentId: PARENT_PAGE_ID, parentType: "pasta" })).toBe("Tipo de destino inválido");
    expect(notionInput.parse({ parentId: "https://www.notion.so/acme/Cafe-11111111111141118111111111111111?pvs=4", token: "secret_x" })).toEqual({
      parentId: PARENT_PAGE_ID,
      parentType: "page",
      token: "secret_x",
      enabled: true,
    });
    expect(parseNotionId("notion.so/22222222222242228222222222222222?v=ffffffffffffffffffffffffffffffff")).toBe(DATABASE_ID);
    expect(parseNotionId("111111111111411181111111111111111")).toBeNull();
  });

  test("text is split to Notion's limits: ≤2000 characters per rich-text item, emoji kept whole", () => {
    const long = `${"a".repeat(1999)}😀${"b".repeat(3000)}`;
    const pieces = splitText(long);
    expect(pieces.join("")).toBe(long);
    expect(pieces.every((p) => p.length <= 2000)).toBe(true);
    expect(pieces[0]).toBe("a".repeat(1999));
    const blocks = paragraphBlocks("Primeiro parágrafo.\n\n\nSegundo\ncom quebra.");
    expect(blocks.map((b) => b.paragraph.rich_text[0]?.text.content)).toEqual(["Primeiro parágrafo.", "Segundo\ncom quebra."]);
  });

  test("the token is required on the first save, encrypted at rest, never returned, and kept when left blank", async () => {
    const o = await fundedOwner(app);
    expect((await o.client.trpc.notion.get.query({ agentId: o.agent.id })).data).toBeNull();
    expect((await save(o, { parentId: PARENT_PAGE_ID })).error?.message).toBe(NOTION_TOKEN_REQUIRED);
    const saved = await save(o, { token: NOTION_TOKEN, parentId: `https://www.notion.so/Atendimentos-${PARENT_PAGE_ID.replace(/-/g, "")}` });
    expect(saved.data).toMatchObject({ enabled: true, config: { parentType: "page", parentId: PARENT_PAGE_ID, hasToken: true } });
    expect(JSON.stringify(saved.data)).not.toContain(NOTION_TOKEN);
    const [row] = await app.deps.db.select().from(agentIntegrations).where(eq(agentIntegrations.agentId, o.agent.id));
    expect(row?.kind).toBe("notion");
    expect(JSON.stringify(row?.config)).not.toContain(NOTION_TOKEN);
    expect(app.deps.secrets.decrypt(String(row?.config.token))).toBe(NOTION_TOKEN);

    const kept = await save(o, { token: "", parentType: "database", parentId: DATABASE_ID, enabled: false });
    expect(kept.data).toMatchObject({ enabled: false, config: { parentType: "database", parentId: DATABASE_ID, hasToken: true } });
    expect(await runTest(o)).toMatchObject({ ok: true, parentTitle: "Notas de clientes" });
    expect((await o.client.trpc.notion.get.query({ agentId: o.agent.id })).data).toMatchObject({ testStatus: "ok" });
    expect((await o.client.trpc.notion.remove.mutate({ agentId: o.agent.id })).ok).toBe(true);
    expect((await o.client.trpc.notion.get.query({ agentId: o.agent.id })).data).toBeNull();
  });
});

describe("[notion] Testar", () => {
  test("GET /users/me then the default page, with Bearer token and Notion-Version 2022-06-28", async () => {
    const o = await connected();
    const from = notion.requests.length;
    const res = await runTest(o);
    expect(res).toMatchObject({ ok: true, botName: "Atenda Notas", parentTitle: "Atendimentos" });
    expect(res.message).toBe('Conectado como "Atenda Notas" (Loja Exemplo). As notas serão criadas em página "Atendimentos".');
    const sent = notion.requests.slice(from);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/users/me", `GET /v1/pages/${PARENT_PAGE_ID}`]);
    for (const r of sent) {
      expect(r.headers.authorization).toBe(`Bearer ${NOTION_TOKEN}`);
      expect(r.headers["notion-version"]).toBe(NOTION_VERSION);
    }
    expect(NOTION_VERSION).toBe("2022-06-28");
    expect((await o.client.trpc.notion.get.query({ agentId: o.agent.id })).data).toMatchObject({ testStatus: "ok", testMessage: res.message });
  });

  test("a page not shared with the integration, a bad token, 429, 400 and 5xx become clear pt-BR reasons", async () => {
    const o = await connected();
    expect(await runTest(o, { parentId: PRIVATE_PAGE_ID })).toMatchObject({ ok: false, message: NOTION_MESSAGES.notFound });
    expect(NOTION_MESSAGES.notFound).toContain("A página não foi compartilhada com a integração");
    expect(await runTest(o, { parentId: PARENT_PAGE_ID, token: "ntn_outro" })).toMatchObject({ ok: false, message: NOTION_MESSAGES.unauthorized });
    // Drafts with other values do not overwrite the saved integration's result.
    expect((await o.client.trpc.notion.get.query({ agentId: o.agent.id })).data?.testStatus).toBeNull();

    const cases: [{ status: number; code?: string; headers?: Record<string, string> }, string][] = [
      [{ status: 429, headers: { "retry-after": "30" } }, NOTION_MESSAGES.rateLimited],
      [{ status: 400, code: "validation_error" }, "O Notion recusou os dados enviados (erro 400, validation_error): falha simulada."],
      [{ status: 403 }, NOTION_MESSAGES.restricted],
      [{ status: 503, code: "service_unavailable" }, "O Notion está indisponível no momento (erro 503). Tente de novo mais tarde."],
    ];
    for (const [failure, message] of cases) {
      notion.failNext(failure);
      expect(await runTest(o)).toMatchObject({ ok: false, message });
    }
    expect((await o.client.trpc.notion.get.query({ agentId: o.agent.id })).data).toMatchObject({ testStatus: "failed" });
    // A short Retry-After is honoured once.
    notion.failNext({ status: 429, headers: { "retry-after": "0" } });
    expect(await runTest(o)).toMatchObject({ ok: true });
  });
});

describe("[notion] tools in the chat turn", () => {
  test("buscar_notas: POST /search for pages, with titles, links and a text excerpt", async () => {
    const o = await connected();
    const r = await callTool(o, "buscar_notas", { consulta: "reunião" });
    expect(r.offered).toEqual(expect.arrayContaining(["buscar_notas", "criar_nota", "adicionar_a_nota"]));
    expect(r.calls[0]).toMatchObject({
      method: "POST",
      path: "/v1/search",
      body: { query: "reunião", filter: { property: "object", value: "page" }, sort: { direction: "descending", timestamp: "last_edited_time" }, page_size: 5 },
    });
    expect(r.calls[0]?.headers["content-type"]).toBe("application/json");
    expect(r.calls[1]).toMatchObject({ method: "GET", path: `/v1/blocks/${MEETING_PAGE_ID}/children?page_size=20` });
    const data = JSON.parse(r.tool) as { notas: { id: string; titulo: string; url: string; trecho: string }[] };
    expect(data.notas).toHaveLength(1);
    expect(data.notas[0]).toMatchObject({ id: MEETING_PAGE_ID, titulo: "Reunião com Ana", url: expect.stringContaining("notion.so"), trecho: "Ana quer 30 camisetas para o evento de julho. Enviar orçamento até sexta." });
    expect(r.reply).toContain("30 camisetas");
    // Pages not shared with the integration never show up.
    const none = JSON.parse((await callTool(o, "buscar_notas", { consulta: "salários" })).tool);
    expect(none).toEqual({ notas: [], mensagem: 'Nenhuma nota encontrada para "salários".' });
  });

  test("criar_nota: POST /pages under the default page, paragraphs split at 2000 characters and 100 blocks", async () => {
    const o = await connected();
    const long = "palavra ".repeat(600).trim(); // 4799 characters: three rich-text items
    const r = await callTool(o, "criar_nota", { titulo: "Pedido da Bia", conteudo: `Bia quer 2 canecas.\n\n${long}` });
    const post = r.calls.find((c) => c.method === "POST" && c.path === "/v1/pages");
    const body = post?.body as { parent: unknown; properties: unknown; children: { type: string; paragraph: { rich_text: { text: { content: string } }[] } }[] };
    expect(body.parent).toEqual({ page_id: PARENT_PAGE_ID });
    expect(body.properties).toEqual({ title: { title: [{ type: "text", text: { content: "Pedido da Bia" } }] } });
    expect(body.children).toHaveLength(2);
    expect(body.children[0] as unknown).toEqual({ object: "block", type: "paragraph", paragraph: { rich_text: [{ type: "text", text: { content: "Bia quer 2 canecas." } }] } });
    const items = body.children[1]?.paragraph.rich_text ?? [];
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.text.content.length <= 2000)).toBe(true);
    expect(items.map((i) => i.text.content).join("")).toBe(long);
    const data = JSON.parse(r.tool) as { criada: boolean; nota: { id: string; url: string; titulo: string } };
    expect(data).toMatchObject({ criada: true, nota: { titulo: "Pedido da Bia", url: expect.stringContaining("notion.so") } });
    expect(notion.textOf(data.nota.id)).toEqual(["Bia quer 2 canecas.", long]);

    // 150 paragraphs: 100 in the creation, the other 50 appended.
    const many = Array.from({ length: 150 }, (_, i) => `Item ${i + 1}`).join("\n\n");
    const big = await callTool(o, "criar_nota", { titulo: "Lista longa", conteudo: many });
    const sizes = big.calls.map((c) => `${c.method} ${c.path.replace(/[0-9a-f-]{36}/, "{id}")} ${(c.body as { children?: unknown[] } | null)?.children?.length ?? 0}`);
    expect(sizes).toEqual(["POST /v1/pages 100", "PATCH /v1/blocks/{id}/children 50"]);
    expect(notion.textOf(JSON.parse(big.tool).nota.id)).toHaveLength(150);
  });

  test("criar_nota in a database uses the database's title column", async () => {
    const o = await connected({ parentType: "database", parentId: DATABASE_ID });
    const r = await callTool(o, "criar_nota", { titulo: "Lead: Carla", conteudo: "Quer orçamento." });
    expect(r.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /v1/databases/${DATABASE_ID}`, "POST /v1/pages"]);
    expect(r.calls[1]?.body).toMatchObject({ parent: { database_id: DATABASE_ID }, properties: { Nome: { title: [{ text: { content: "Lead: Carla" } }] } } });
    expect(JSON.parse(r.tool).criada).toBe(true);
  });

  test("adicionar_a_nota: PATCH /blocks/{id}/children by id or link; an unshared page is a clear sentence", async () => {
    const o = await connected();
    const r = await callTool(o, "adicionar_a_nota", { pagina: `https://www.notion.so/Reuniao-com-Ana-${MEETING_PAGE_ID.replace(/-/g, "")}`, conteudo: "Orçamento enviado.\n\nAguardando retorno." });
    expect(r.calls[0]).toMatchObject({
      method: "PATCH",
      path: `/v1/blocks/${MEETING_PAGE_ID}/children`,
      body: {
        children: [
          { object: "block", type: "paragraph", paragraph: { rich_text: [{ type: "text", text: { content: "Orçamento enviado." } }] } },
          { object: "block", type: "paragraph", paragraph: { rich_text: [{ type: "text", text: { content: "Aguardando retorno." } }] } },
        ],
      },
    });
    expect(JSON.parse(r.tool)).toEqual({ adicionado: true, id: MEETING_PAGE_ID, paragrafos_adicionados: 2 });
    expect(notion.textOf(MEETING_PAGE_ID).slice(-2)).toEqual(["Orçamento enviado.", "Aguardando retorno."]);

    const hidden = await callTool(o, "adicionar_a_nota", { pagina: PRIVATE_PAGE_ID, conteudo: "x" });
    expect(JSON.parse(hidden.tool)).toEqual({ erro: NOTION_MESSAGES.notFound });
    const bad = await callTool(o, "adicionar_a_nota", { pagina: "qualquer", conteudo: "x" });
    expect(JSON.parse(bad.tool).erro).toContain("Id ou link da página do Notion inválido");
    expect(bad.calls).toHaveLength(0);
  });

  test("a revoked token and a rate limit reach the model as clear sentences; disabled means no tools", async () => {
    const o = await connected();
    notion.failNext({ status: 401 });
    expect(JSON.parse((await callTool(o, "criar_nota", { titulo: "A", conteudo: "B" })).tool)).toEqual({ erro: NOTION_MESSAGES.unauthorized });
    notion.failNext({ status: 429 });
    expect(JSON.parse((await callTool(o, "buscar_notas", { consulta: "ana" })).tool)).toEqual({ erro: NOTION_MESSAGES.rateLimited });
    await save(o, { parentId: PARENT_PAGE_ID, enabled: false });
    const off = await callTool(o, "buscar_notas", { consulta: "ana" });
    expect(off.offered).not.toContain("buscar_notas");
    expect(off.calls).toHaveLength(0);
  });
});

describe("[notion] isolation and permissions", () => {
  test("another workspace gets 404 on every procedure; its token is never used", async () => {
    const a = await connected();
    const b = await fundedOwner(app);
    const from = notion.requests.length;
    const calls = [
      b.client.trpc.notion.get.query({ agentId: a.agent.id }),
      b.client.trpc.notion.save.mutate({ agentId: a.agent.id, config: { token: "ntn_x", parentId: PARENT_PAGE_ID } }),
      b.client.trpc.notion.test.mutate({ agentId: a.agent.id }),
      b.client.trpc.notion.remove.mutate({ agentId: a.agent.id }),
    ];
    for (const res of await Promise.all(calls)) expect(res.error?.httpStatus).toBe(404);
    expect(notion.requests.length).toBe(from);
    expect((await a.client.trpc.notion.get.query({ agentId: a.agent.id })).data?.config.parentId).toBe(PARENT_PAGE_ID);
  });

  test("a member without canEditAgents may read but not save, test or remove", async () => {
    const o = await connected();
    const member = await inviteMember(app, o.client, { canEditAgents: false });
    const read = await member.client.trpc.notion.get.query({ agentId: o.agent.id });
    expect(read.data?.config).toEqual({ parentType: "page", parentId: PARENT_PAGE_ID, hasToken: true });
    const calls = [
      member.client.trpc.notion.save.mutate({ agentId: o.agent.id, config: { token: "ntn_x", parentId: PARENT_PAGE_ID } }),
      member.client.trpc.notion.test.mutate({ agentId: o.agent.id }),
      member.client.trpc.notion.remove.mutate({ agentId: o.agent.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.error?.httpStatus).toBe(403);
      expect(res.error?.message).toBe("Você não tem permissão para editar agentes neste workspace");
    }
  });
});
