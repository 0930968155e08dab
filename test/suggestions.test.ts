/**
 * Feature suggestions (issue 19): the board (create, validation, rate limit, list order and filters),
 * one vote per user (changeable, concurrent votes leave one row and right counters), the author's
 * own edits while pendente, and the admin's moderation (status, reply by mail, merge, delete).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { featureSuggestionVotes, featureSuggestions } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin, outbox, registerUser } from "./helpers/factories";

type Item = { id: string; title: string; status: string; upVotes: number; downVotes: number; score: number; myVote: "up" | "down" | null; mine: boolean; authorFirstName: string | null; adminReply: string | null };
type Page = { items: Item[]; total: number };

let app: TestApp;
let ana: { client: Client; email: string };
let bruno: { client: Client; email: string };
let carla: { client: Client; email: string };
let admin: Client;

beforeAll(async () => {
  app = await startTestApp();
  ana = await registerUser(app, { firstName: "Ana" });
  bruno = await registerUser(app, { firstName: "Bruno" });
  carla = await registerUser(app, { firstName: "Carla" });
  admin = (await loginAdmin(app)).client;
}, 60_000);

afterAll(async () => {
  await app.stop();
}, 30_000);

async function create(client: Client, title: string, extra: Record<string, unknown> = {}) {
  const res = await client.mutate<{ id: string }>("suggestions.create", { title, description: "Uma descrição com detalhes suficientes.", ...extra });
  expect(res.error).toBeNull();
  return res.data.id;
}
const get = async (client: Client, id: string) => (await client.query<Item>("suggestions.get", { id })).data;
const votesOf = (id: string) => app.deps.db.select().from(featureSuggestionVotes).where(eq(featureSuggestionVotes.suggestionId, id));

describe("[suggestions] the board", () => {
  test("create stores the defaults (geral, pendente, média) and shows the author's first name", async () => {
    const id = await create(ana.client, "Exportar conversas em PDF");
    const [row] = await app.deps.db.select().from(featureSuggestions).where(eq(featureSuggestions.id, id));
    expect(row).toMatchObject({ category: "geral", status: "pendente", priority: "média", score: 0 });
    const seen = await get(bruno.client, id);
    expect(seen).toMatchObject({ title: "Exportar conversas em PDF", authorFirstName: "Ana", mine: false, myVote: null });
    expect(JSON.stringify(seen)).not.toContain(ana.email);
  });

  test("validation messages in pt-BR", async () => {
    const short = await ana.client.mutate("suggestions.create", { title: "Oi", description: "curta" });
    expect(short.status).toBe(400);
    expect(short.error?.message).toContain("Título deve ter pelo menos 5 caracteres");
    const badCat = await ana.client.mutate("suggestions.create", { title: "Título válido", description: "Descrição válida e longa.", category: "inexistente" });
    expect(badCat.error?.message).toContain("Categoria inválida");
  });

  test("anonymous callers are refused", async () => {
    const { Client: C } = await import("./helpers/client");
    const anon = await new C(app.base).warmUp();
    expect((await anon.query("suggestions.list", {})).status).toBe(401);
  });

  test("more than 5 suggestions in an hour are refused", async () => {
    const dora = await registerUser(app, { firstName: "Dora" });
    for (let i = 0; i < 5; i++) await create(dora.client, `Sugestão número ${i + 1}`);
    const sixth = await dora.client.mutate("suggestions.create", { title: "Sugestão número 6", description: "Descrição válida e longa." });
    expect(sixth.status).toBe(429);
    expect(sixth.error?.message).toContain("5 sugestões na última hora");
  });
});

describe("[suggestions] votes", () => {
  test("one vote per user, changeable and removable, counters follow", async () => {
    const id = await create(ana.client, "Relatório semanal por e-mail");
    const up = await bruno.client.mutate<{ upVotes: number; score: number }>("suggestions.vote", { id, voteType: "up" });
    expect(up.data).toMatchObject({ upVotes: 1, score: 1 });
    await bruno.client.mutate("suggestions.vote", { id, voteType: "up" });
    await carla.client.mutate("suggestions.vote", { id, voteType: "up" });
    expect(await get(bruno.client, id)).toMatchObject({ upVotes: 2, downVotes: 0, score: 2, myVote: "up" });
    await bruno.client.mutate("suggestions.vote", { id, voteType: "down" });
    expect(await get(bruno.client, id)).toMatchObject({ upVotes: 1, downVotes: 1, score: 0, myVote: "down" });
    await bruno.client.mutate("suggestions.vote", { id, voteType: null });
    expect(await get(bruno.client, id)).toMatchObject({ upVotes: 1, downVotes: 0, score: 1, myVote: null });
    expect(await votesOf(id)).toHaveLength(1);
  });

  test("concurrent votes of one user leave one row and counters that match it", async () => {
    const id = await create(ana.client, "Modo escuro no painel");
    const types = ["up", "down", "up", "down", "up", "up", "down", "up"] as const;
    const results = await Promise.all(types.map((voteType) => bruno.client.mutate("suggestions.vote", { id, voteType })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await votesOf(id);
    expect(rows).toHaveLength(1);
    const item = await get(bruno.client, id);
    const isUp = rows[0]?.voteType === "up";
    expect(item).toMatchObject({ upVotes: isUp ? 1 : 0, downVotes: isUp ? 0 : 1, score: isUp ? 1 : -1, myVote: rows[0]?.voteType });
  });

  test("the list sorts by score and filters by category, search and mine", async () => {
    const low = await create(carla.client, "Integração com planilhas", { category: "integracoes" });
    const high = await create(carla.client, "Integração com ERP", { category: "integracoes" });
    await ana.client.mutate("suggestions.vote", { id: high, voteType: "up" });
    await bruno.client.mutate("suggestions.vote", { id: low, voteType: "down" });
    const page = (await ana.client.query<Page>("suggestions.list", { category: "integracoes" })).data;
    expect(page.items.map((i) => i.id)).toEqual([high, low]);
    const found = (await ana.client.query<Page>("suggestions.list", { q: "planilhas" })).data;
    expect(found.items.map((i) => i.id)).toEqual([low]);
    const mine = (await carla.client.query<Page>("suggestions.list", { sort: "mine" })).data;
    expect(mine.items.every((i) => i.mine)).toBe(true);
    expect(mine.total).toBe(2);
  });
});

describe("[suggestions] the author's own", () => {
  test("edits and deletes only their own while pendente", async () => {
    const id = await create(ana.client, "Atalhos de teclado");
    const other = await bruno.client.mutate("suggestions.update", { id, title: "Sequestro da ideia", description: "Tentando mudar a sugestão de outra pessoa." });
    expect(other.status).toBe(404);
    const ok = await ana.client.mutate("suggestions.update", { id, title: "Atalhos de teclado no inbox", description: "Responder e arquivar sem o mouse." });
    expect(ok.error).toBeNull();
    expect((await get(ana.client, id)).title).toBe("Atalhos de teclado no inbox");
    await admin.mutate("adminSuggestions.update", { id, status: "planejada" });
    const late = await ana.client.mutate("suggestions.delete", { id });
    expect(late.status).toBe(409);
    expect(late.error?.message).toContain("enquanto ela está pendente");
  });
});

describe("[suggestions] moderation", () => {
  test("non-admins are refused", async () => {
    expect((await ana.client.query("adminSuggestions.list", {})).status).toBe(403);
    const id = await create(ana.client, "Quero ser admin");
    expect((await ana.client.mutate("adminSuggestions.update", { id, status: "concluida" })).status).toBe(403);
  });

  test("status change and reply e-mail the author; the reply shows on the board", async () => {
    const id = await create(carla.client, "Agenda integrada ao WhatsApp");
    const before = (await outbox(app, carla.email)).length;
    await admin.mutate("adminSuggestions.update", { id, status: "planejada", priority: "alta" });
    await admin.mutate("adminSuggestions.reply", { id, reply: "Entrou no planejamento do trimestre." });
    const mails = await outbox(app, carla.email);
    expect(mails.length - before).toBe(2);
    expect(mails[0]?.text).toContain("Entrou no planejamento do trimestre.");
    expect(mails[1]?.text).toContain("Planejada");
    expect(await get(ana.client, id)).toMatchObject({ status: "planejada", adminReply: "Entrou no planejamento do trimestre." });
  });

  test("merge moves the votes keeping one per user, recounts, and closes the source for votes", async () => {
    // Each user may post 5 an hour: a fresh author keeps this test independent of the others.
    const eva = await registerUser(app, { firstName: "Eva" });
    const source = await create(eva.client, "Exportar contatos em CSV");
    const target = await create(bruno.client, "Exportar contatos para Excel");
    await ana.client.mutate("suggestions.vote", { id: source, voteType: "up" });
    await carla.client.mutate("suggestions.vote", { id: source, voteType: "up" });
    await carla.client.mutate("suggestions.vote", { id: target, voteType: "down" });
    const merged = await admin.mutate("adminSuggestions.merge", { sourceId: source, targetId: target });
    expect(merged.error).toBeNull();
    const targetVotes = await votesOf(target);
    expect(targetVotes).toHaveLength(2);
    // Carla voted on both: the vote she gave the target stands.
    expect(await get(carla.client, target)).toMatchObject({ upVotes: 1, downVotes: 1, score: 0, myVote: "down" });
    expect(await get(ana.client, source)).toMatchObject({ status: "mesclada", upVotes: 0, score: 0 });
    expect(await votesOf(source)).toHaveLength(0);
    const late = await bruno.client.mutate("suggestions.vote", { id: source, voteType: "up" });
    expect(late.status).toBe(409);
    const board = (await ana.client.query<Page>("suggestions.list", { pageSize: 100 })).data;
    expect(board.items.some((i) => i.id === source)).toBe(false);
    const self = await admin.mutate("adminSuggestions.merge", { sourceId: target, targetId: target });
    expect(self.error?.message).toBe("Escolha outra sugestão como destino.");
  });

  test("an author cannot delete a suggestion others were merged into (their votes live there now)", async () => {
    const gil = await registerUser(app, { firstName: "Gil" });
    const target = await create(gil.client, "Relatório semanal por e-mail");
    const source = await create(carla.client, "Resumo semanal enviado por e-mail");
    await ana.client.mutate("suggestions.vote", { id: source, voteType: "up" });
    expect((await admin.mutate("adminSuggestions.merge", { sourceId: source, targetId: target })).error).toBeNull();
    const refused = await gil.client.mutate("suggestions.delete", { id: target });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe("Outras sugestões foram mescladas nesta; ela não pode mais ser excluída por você.");
    expect(await get(ana.client, target)).toMatchObject({ upVotes: 1, myVote: "up" });
  });

  test("admin list filters by status and counts per status; delete removes it", async () => {
    const id = await create(bruno.client, "Sugestão para recusar");
    await admin.mutate("adminSuggestions.update", { id, status: "recusada" });
    const list = (await admin.query<Page & { counts: Record<string, number> }>("adminSuggestions.list", { status: "recusada" })).data;
    expect(list.items.map((i) => i.id)).toContain(id);
    expect(list.items.every((i) => i.status === "recusada")).toBe(true);
    expect(list.counts.recusada).toBeGreaterThanOrEqual(1);
    expect((await admin.mutate("adminSuggestions.delete", { id })).error).toBeNull();
    expect((await ana.client.query("suggestions.get", { id })).status).toBe(404);
  });
});
