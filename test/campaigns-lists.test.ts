import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { campaignContacts, campaignLists, campaigns, leadLists, leads } from "../db/schema";
import { DEFAULT_CAMPAIGN_SETTINGS } from "../src/schemas/campaigns/settings";
import { CAMPAIGNS_READ_ONLY } from "../src/schemas/permissions";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { joinAs } from "./helpers/inbox";

/** Campaign lists over real HTTP: CRUD and bounds, every fill source, dedupe, opt-outs, isolation. */
let app: TestApp;
let owner: Client;
let other: Client;
let workspaceId: string;
let ownerId: string;

type Outcome = { added: number; duplicates: number; optedOut: number; invalid: number; noPhone: number; errorCount: number; errors: { row: number; value: string; message: string }[] };
type Member = { id: string; name: string | null; phone: string; company: string | null; role: string | null; city: string | null; source: string; extra: Record<string, string> | null };

async function newList(name: string, who = owner) {
  const r = await who.mutate<{ id: string }>("campaigns.lists.create", { name });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data.id;
}
async function fill(path: string, input: Record<string, unknown>, who = owner) {
  const r = await who.mutate<Outcome>(`campaigns.lists.${path}`, input);
  if (!r.ok) throw new Error(`${path}: ${JSON.stringify(r.error)}`);
  return r.data;
}
async function members(listId: string, extra: Record<string, unknown> = {}) {
  const r = await owner.query<{ items: Member[]; total: number }>("campaigns.lists.members", { listId, pageSize: 100, ...extra });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data;
}
const count = async (listId: string) => (await app.deps.db.select().from(campaignLists).where(eq(campaignLists.id, listId)))[0]?.contactCount;

beforeAll(async () => {
  app = await startTestApp();
  const o = await registerUser(app);
  owner = o.client;
  workspaceId = String(o.user.currentWorkspaceId);
  ownerId = o.user.id;
  other = (await registerUser(app)).client;
  for (const c of [
    { name: "João Vip", phone: "(11) 98765-1001", tags: ["vip"], status: "customer" },
    { name: "Maria Vip", phone: "(21) 99876-2002", tags: ["vip", "obra"] },
    { name: "Ana Sem Telefone", email: "ana@exemplo.com.br", tags: ["vip"] },
    { name: "Carlos Comum", phone: "(31) 99333-4444", status: "prospect" },
  ]) {
    const r = await owner.mutate("contacts.create", c);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
}, 60_000);
afterAll(() => app.stop());

describe("lists", () => {
  test("create, rename, search, get and delete; bounds refused in pt-BR", async () => {
    const id = await newList("  Clientes   de Natal ");
    const short = await owner.mutate("campaigns.lists.create", { name: "A" });
    expect(short.status).toBe(400);
    expect(short.error?.message).toBe("Nome da lista deve ter pelo menos 2 caracteres");
    const long = await owner.mutate("campaigns.lists.create", { name: "Ok lista", description: "x".repeat(1001) });
    expect(long.error?.message).toBe("Descrição deve ter no máximo 1000 caracteres");
    const dup = await owner.mutate("campaigns.lists.create", { name: "Clientes de Natal" });
    expect(dup.status).toBe(409);
    const upd = await owner.mutate("campaigns.lists.update", { id, patch: { description: "Promo de dezembro" } });
    expect(upd.ok).toBe(true);
    const found = await owner.query<{ items: { id: string; name: string; description: string }[]; total: number }>("campaigns.lists.list", { search: "natal" });
    expect(found.data.items.map((l) => [l.name, l.description])).toEqual([["Clientes de Natal", "Promo de dezembro"]]);
    const del = await owner.mutate("campaigns.lists.delete", { id });
    expect(del.ok).toBe(true);
    expect((await owner.query("campaigns.lists.get", { id })).status).toBe(404);
  });

  test("a list used by a running campaign cannot be deleted", async () => {
    const id = await newList("Em uso");
    await app.deps.db.insert(campaigns).values({ workspaceId, name: "Black Friday", listId: id, status: "running", settings: DEFAULT_CAMPAIGN_SETTINGS, createdByUserId: ownerId });
    const r = await owner.mutate("campaigns.lists.delete", { id });
    expect(r.status).toBe(409);
    expect(r.error?.message).toContain("em uso pela campanha “Black Friday”");
  });

  test("a viewer reads but cannot change; another workspace sees nothing", async () => {
    const id = await newList("Privada");
    const viewer = (await joinAs(app, owner, "viewer")).client;
    expect((await viewer.query("campaigns.lists.get", { id })).ok).toBe(true);
    const w = await viewer.mutate("campaigns.lists.addNumbers", { listId: id, text: "11987654321" });
    expect(w.status).toBe(403);
    expect(w.error?.message).toBe(CAMPAIGNS_READ_ONLY);
    expect((await other.query("campaigns.lists.members", { listId: id })).status).toBe(404);
    expect((await other.mutate("campaigns.lists.addNumbers", { listId: id, text: "11987654321" })).status).toBe(404);
    expect((await other.mutate("campaigns.lists.delete", { id })).status).toBe(404);
    expect(await count(id)).toBe(0);
  });
});

describe("filling", () => {
  test("typed numbers: 'Nome, telefone' accepted, an invalid line reported, repeats deduplicated across sources", async () => {
    const id = await newList("Digitados");
    const r = await fill("addNumbers", { listId: id, text: "Paula Reis, (48) 99911-2233\n11 98765-1001\n\n123\n+55 48 99911-2233" });
    expect(r).toMatchObject({ added: 2, duplicates: 1, optedOut: 0, invalid: 1 });
    expect(r.errors).toEqual([{ row: 4, value: "123", message: "Formato de telefone inválido" }]);
    // The same number from contacts (João) is not added twice; it gets linked when typed.
    const again = await fill("addFromContacts", { listId: id, filter: { tags: ["vip"] } });
    expect(again).toMatchObject({ added: 1, duplicates: 1, noPhone: 1 });
    const page = await members(id);
    expect(page.items.map((m) => [m.name, m.phone])).toEqual([
      ["Paula Reis", "+5548999112233"],
      [null, "+5511987651001"],
      ["Maria Vip", "+5521998762002"],
    ]);
    expect(page.total).toBe(3);
    expect(await count(id)).toBe(3);
    const search = await members(id, { search: "9991" });
    expect(search.items.map((m) => m.name)).toEqual(["Paula Reis"]);
  });

  test("an opted-out number never enters, from any source; removing the opt-out lets it in", async () => {
    const id = await newList("Com descadastro");
    expect((await owner.mutate("campaigns.lists.optOuts.add", { phone: "(31) 99333-4444" })).ok).toBe(true);
    const bad = await owner.mutate("campaigns.lists.optOuts.add", { phone: "12" });
    expect(bad.error?.message).toBe("Formato de telefone inválido");
    const r = await fill("addFromContacts", { listId: id, filter: { status: "prospect" } });
    expect(r).toMatchObject({ added: 0, optedOut: 1 });
    const typed = await fill("addNumbers", { listId: id, text: "Carlos, 31993334444" });
    expect(typed).toMatchObject({ added: 0, optedOut: 1 });
    const listed = await owner.query<{ items: { phone: string; reason: string }[] }>("campaigns.lists.optOuts.list", { search: "99333" });
    expect(listed.data.items).toMatchObject([{ phone: "+5531993334444", reason: "manual" }]);
    expect((await owner.mutate("campaigns.lists.optOuts.remove", { phone: "+5531993334444" })).ok).toBe(true);
    expect(await fill("addNumbers", { listId: id, text: "31993334444" })).toMatchObject({ added: 1 });
  });

  test("from contacts by a filter adds exactly the matching contacts with a phone", async () => {
    const byTag = await newList("Filtro etiqueta");
    expect(await fill("addFromContacts", { listId: byTag, filter: { tags: ["obra"] } })).toMatchObject({ added: 1, noPhone: 0 });
    expect((await members(byTag)).items.map((m) => [m.name, m.source])).toEqual([["Maria Vip", "contacts"]]);
    const byStatus = await newList("Filtro status");
    expect(await fill("addFromContacts", { listId: byStatus, filter: { status: "customer" } })).toMatchObject({ added: 1 });
    expect((await members(byStatus)).items.map((m) => m.name)).toEqual(["João Vip"]);
    const bySearch = await newList("Filtro busca");
    expect(await fill("addFromContacts", { listId: bySearch, filter: { search: "Vip" } })).toMatchObject({ added: 2, noPhone: 0 });
    const none = await owner.mutate("campaigns.lists.addFromContacts", { listId: bySearch });
    expect(none.error?.message).toBe("Escolha um filtro, uma lista de contatos ou contatos");
  });

  test("a CSV with bad rows reports them by line in pt-BR and keeps the extra columns", async () => {
    const id = await newList("Planilha");
    const csv = "nome;telefone;empresa;cargo;cidade;cupom;ignorar\nBeatriz;(11) 91234-5678;Padaria Sol;Dona;Campinas;NATAL10;x\nSem fone;;Acme;;;;\nErrado;12ab;;;;;\nBeatriz dup;11912345678;;;;;\n";
    const r = await fill("addFromCsv", { listId: id, csv, mapping: { name: "nome", phone: "telefone", company: "empresa", role: "cargo", city: "cidade" }, extraColumns: ["cupom"] });
    expect(r).toMatchObject({ added: 1, duplicates: 1, invalid: 2, errorCount: 2 });
    expect(r.errors.map((e) => [e.row, e.message])).toEqual([
      [3, "Telefone é obrigatório: sem telefone não há para onde enviar a campanha"],
      [4, "Formato de telefone inválido"],
    ]);
    const [m] = (await members(id)).items;
    expect(m).toMatchObject({ name: "Beatriz", phone: "+5511912345678", company: "Padaria Sol", role: "Dona", city: "Campinas", source: "csv", extra: { cupom: "NATAL10" } });
    const missing = await owner.mutate("campaigns.lists.addFromCsv", { listId: id, csv, mapping: { phone: "celular" } });
    expect(missing.error?.message).toBe("A coluna “celular” não existe no arquivo");
    const huge = `telefone\n${Array.from({ length: 20_001 }, (_, i) => `119${String(60_000_000 + i)}`).join("\n")}`;
    const tooMany = await owner.mutate("campaigns.lists.addFromCsv", { listId: id, csv: huge, mapping: { phone: "telefone" } });
    expect(tooMany.error?.message).toBe("O arquivo tem 20.001 linhas; envie até 20.000 por vez (divida o arquivo em partes)");
    const exported = await owner.query<{ csv: string; filename: string }>("campaigns.lists.exportCsv", { listId: id });
    expect(exported.data.filename).toBe("lista-planilha.csv");
    expect(exported.data.csv).toContain("Nome;Telefone;Empresa;Cargo;Cidade;Origem;Validação;cupom");
    expect(exported.data.csv).toContain("Beatriz;+5511912345678;Padaria Sol;Dona;Campinas;CSV;Pendente;NATAL10");
  });

  test("from a Leads Hunter list: business name, phone, category as role, city; another workspace's list refused", async () => {
    const [ll] = await app.deps.db.insert(leadLists).values({ workspaceId, name: "Pet shops", source: "google_maps", createdByUserId: ownerId }).returning();
    if (!ll) throw new Error("lead list");
    await app.deps.db.insert(leads).values([
      { workspaceId, listId: ll.id, businessName: "Pet Feliz", phone: "+551932321111", category: "Pet shop", city: "Campinas", placeId: "p1" },
      { workspaceId, listId: ll.id, businessName: "Sem Fone Pet", placeId: "p2" },
    ]);
    const id = await newList("Leads");
    expect(await fill("addFromLeadList", { listId: id, leadListId: ll.id })).toMatchObject({ added: 1, noPhone: 1 });
    expect((await members(id)).items).toMatchObject([{ name: "Pet Feliz", phone: "+551932321111", role: "Pet shop", city: "Campinas", source: "leads" }]);
    const theirs = await newList("Deles", other);
    expect((await other.mutate("campaigns.lists.addFromLeadList", { listId: theirs, leadListId: ll.id })).status).toBe(404);
  });

  test("removing members keeps the count", async () => {
    const id = await newList("Remoção");
    await fill("addNumbers", { listId: id, text: "11911110001\n11911110002\n11911110003" });
    const page = await members(id);
    const first = page.items[0];
    if (!first) throw new Error("no member");
    const r = await owner.mutate<{ removed: number }>("campaigns.lists.removeMembers", { listId: id, ids: [first.id] });
    expect(r.data.removed).toBe(1);
    expect(await count(id)).toBe(2);
    expect((await members(id)).total).toBe(2);
  });

  test("10,000 typed numbers go in (chunked inserts) and the count follows", async () => {
    const id = await newList("Dez mil");
    const text = Array.from({ length: 10_000 }, (_, i) => `Cliente ${i}, 119${String(70_000_000 + i)}`).join("\n");
    const r = await fill("addNumbers", { listId: id, text });
    expect(r).toMatchObject({ added: 10_000, duplicates: 0, invalid: 0 });
    expect(await count(id)).toBe(10_000);
    const rows = await app.deps.db.select({ id: campaignContacts.id }).from(campaignContacts).where(eq(campaignContacts.listId, id));
    expect(rows.length).toBe(10_000);
    const again = await fill("addNumbers", { listId: id, text: text.split("\n").slice(0, 600).join("\n") });
    expect(again).toMatchObject({ added: 0, duplicates: 600 });
    expect((await members(id, { page: 100 })).items.length).toBe(100);
    // Deleting removes the members in bounded batches (5,000 a statement), then the list.
    expect((await owner.mutate("campaigns.lists.delete", { id })).ok).toBe(true);
    expect((await app.deps.db.select({ id: campaignContacts.id }).from(campaignContacts).where(eq(campaignContacts.listId, id))).length).toBe(0);
  }, 60_000);
});
