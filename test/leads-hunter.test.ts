/**
 * Leads Hunter (issue 16 item 5) on the real server against a loopback Google Places (New):
 * the admin's key, a search paging into a list with progress and leadsFound, dedupe by place id and
 * phone, a 429 retried, a refused key failing the search in pt-BR, filters, exports and refusals.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { campaignContacts, campaignLists, contacts, leadSearches, leads, platformSettings } from "../db/schema";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { runLeadSearch } from "../src/services/leads/lead-search-job";
import { NEEDS_GOOGLE_KEY } from "../src/services/leads/lead-sources";
import { startFakeGooglePlaces } from "./fakes/google-places";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

setDefaultTimeout(30_000);
let places: Awaited<ReturnType<typeof startFakeGooglePlaces>>;
let app: TestApp;
let admin: Client;
let owner: Client;
let other: Client;
let workspaceId: string;
let listId: string;

beforeAll(async () => {
  places = await startFakeGooglePlaces({ apiKey: "AIza-teste", total: 50 });
  setSafeFetchTestAllowlist([places.host]);
  app = await startTestApp({ GOOGLE_PLACES_API_BASE: places.url, JOBS_WORKER: "false", JOB_POLL_MS: "50" });
  admin = (await loginAdmin(app)).client;
  const o = await registerUser(app);
  owner = o.client;
  workspaceId = String(o.user.currentWorkspaceId);
  other = (await registerUser(app)).client;
});
afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  await app.stop();
  places.stop();
});

/** Waits for the job runner to end the search (the loop runs in-process). */
async function settled(id: string) {
  for (let i = 0; i < 400; i++) {
    const r = await owner.trpc.leads.searches.get.query({ id });
    if (r.data && !["pending", "running"].includes(r.data.status)) return r.data;
    await Bun.sleep(50);
  }
  throw new Error("search never settled");
}

async function search(term: string, maxResults: number, location = "Campinas") {
  const r = await owner.trpc.leads.searches.start.mutate({ listId, term, location, maxResults });
  if (!r.data) throw new Error(`start failed: ${r.error?.message}`);
  return settled(r.data.id);
}

const listCount = async () => (await owner.trpc.leads.lists.get.query({ id: listId })).data?.leadsCount;

describe("[leads] admin key and sources", () => {
  test("without the admin's key the search is refused in pt-BR; a custom list still takes a CSV", async () => {
    const created = await owner.trpc.leads.lists.create.mutate({ name: "Pet shops Campinas", source: "google_maps" });
    listId = String(created.data?.id);
    expect((await owner.trpc.leads.sources.query()).data).toMatchObject({ googleMaps: false, googleMessage: NEEDS_GOOGLE_KEY });
    const refused = await owner.trpc.leads.searches.start.mutate({ listId, term: "pet shop", location: "Campinas", maxResults: 20 });
    expect(refused.error?.message).toBe(NEEDS_GOOGLE_KEY);

    const custom = await owner.trpc.leads.lists.create.mutate({ name: "Feira de negócios", source: "custom" });
    const csv = "empresa;telefone;site\nPadaria Sol;(11) 98765-4321;padariasol.com.br\nX;;\nPadaria Lua;11987654321;\nMercado Bom;(11) 3333-4444;\n";
    const imported = await owner.trpc.leads.lists.importCsv.mutate({ listId: String(custom.data?.id), csv, mapping: { "0": "businessName", "1": "phone", "2": "website" } });
    // "X" is too short a name; Padaria Lua repeats Padaria Sol's phone.
    expect(imported.data).toEqual({ added: 2, duplicates: 1, invalid: 1 });
    const rows = await owner.trpc.leads.list.query({ listId: String(custom.data?.id), filters: {}, page: 1 });
    expect(rows.data?.items.map((l) => [l.businessName, l.phone, l.website]).sort()).toEqual([
      ["Mercado Bom", "+551133334444", null],
      ["Padaria Sol", "+5511987654321", "https://padariasol.com.br"],
    ]);
  });

  test("the admin saves the key (encrypted, never sent back) and tests it; members cannot", async () => {
    const bad = await admin.trpc.leads.googleKey.test.mutate({ apiKey: "AIza-errada" });
    expect(bad.data?.ok).toBe(false);
    expect(bad.data?.error).toStartWith("A chave do Google Places foi recusada");
    expect((await admin.trpc.leads.googleKey.test.mutate({ apiKey: "AIza-teste" })).data).toMatchObject({ ok: true, results: 1 });
    expect((await owner.trpc.leads.googleKey.save.mutate({ apiKey: "AIza-dono", enabled: true })).error?.code).toBe("FORBIDDEN");
    const saved = await admin.trpc.leads.googleKey.save.mutate({ apiKey: "AIza-teste", enabled: true });
    expect(saved.data).toMatchObject({ hasApiKey: true, enabled: true });
    expect(JSON.stringify(saved.data)).not.toContain("AIza-teste");
    const [row] = await app.deps.db.select().from(platformSettings).where(eq(platformSettings.key, "google_places"));
    expect(JSON.stringify(row?.value)).not.toContain("AIza-teste");
    expect((await owner.trpc.leads.sources.query()).data).toMatchObject({ googleMaps: true, googleMessage: null });
  });
});

describe("[leads] searches", () => {
  test("a search pages through 3 pages of the Places API into the list, with progress and leadsFound", async () => {
    const before = places.requests.length;
    const done = await search("pet shop", 50);
    expect(done).toMatchObject({ status: "completed", progress: 100, leadsFound: 50, errorMessage: null });
    expect(await listCount()).toBe(50);
    const sent = places.requests.slice(before);
    expect(sent.map((r) => [r.body.pageSize, r.body.pageToken ?? null])).toEqual([
      [20, null],
      [20, "page-20"],
      [10, "page-40"],
    ]);
    expect(sent[0]?.body).toMatchObject({ textQuery: "pet shop em Campinas", languageCode: "pt-BR", regionCode: "BR" });
    expect(sent[0]?.headers["x-goog-api-key"]).toBe("AIza-teste");
    expect(sent[0]?.headers["x-goog-fieldmask"]).toContain("places.id,places.displayName");
    expect(sent[0]?.headers["x-goog-fieldmask"]).toContain("nextPageToken");
    const [lead] = await app.deps.db.select().from(leads).where(and(eq(leads.listId, listId), eq(leads.placeId, "ChIJ-pet-shop-em-campinas-001")));
    expect(lead).toMatchObject({ businessName: "Pet shop 001", phone: "+551932321000", website: "https://loja001.exemplo.com.br/", city: "Campinas", category: "Pet shop", rating: 3, reviewsCount: 10 });
    expect(lead?.openingHours).toEqual(["segunda-feira: 09:00–18:00", "domingo: Fechado"]);
  });

  test("a second search dedupes by place id (same places) and by phone (other places, same numbers)", async () => {
    expect(await search("pet shop", 30)).toMatchObject({ status: "completed", leadsFound: 0 });
    // Other place ids, the phones of the first 20 places.
    expect(await search("clínica veterinária", 20)).toMatchObject({ status: "completed", leadsFound: 0 });
    // Places 45–54 by number: 45–49 are already in the list, 50–54 are new.
    places.settings.phonesFrom["banho e tosa em Campinas"] = 45;
    expect(await search("banho e tosa", 10)).toMatchObject({ status: "completed", leadsFound: 5 });
    expect(await listCount()).toBe(55);
    const rows = await app.deps.db.select({ phone: leads.phone }).from(leads).where(eq(leads.listId, listId));
    expect(new Set(rows.map((r) => r.phone)).size).toBe(55);
  });

  test("a 429 is waited out and the page asked again; progress climbs page by page", async () => {
    places.settings.failNext = 1;
    const [row] = await app.deps.db.insert(leadSearches).values({ workspaceId, listId, query: "aquário", location: "Campinas", source: "google_maps", maxResults: 40 }).returning({ id: leadSearches.id });
    const id = String(row?.id);
    const waits: number[] = [];
    const progress: number[] = [];
    await runLeadSearch(app.deps, id, async (p) => void progress.push(Math.round(p)), { sleep: async (ms) => void waits.push(ms) });
    expect(waits).toHaveLength(1);
    expect(progress).toEqual([50, 99]);
    const [end] = await app.deps.db.select().from(leadSearches).where(eq(leadSearches.id, id));
    // Same numbers as the first 40 "pet shop" places: all deduped by phone.
    expect(end).toMatchObject({ status: "completed", progress: 100, leadsFound: 0 });
  });

  test("a refused key fails the search with a pt-BR message; cancel only while live", async () => {
    await admin.trpc.leads.googleKey.save.mutate({ apiKey: "AIza-revogada", enabled: true });
    const failed = await search("pet shop", 20);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toStartWith("A chave do Google Places foi recusada. Peça ao administrador");
    expect((await owner.trpc.leads.searches.cancel.mutate({ id: failed.id })).error?.message).toBe("Esta busca já terminou");
    await admin.trpc.leads.googleKey.save.mutate({ apiKey: "AIza-teste", enabled: true });
    const history = await owner.trpc.leads.searches.list.query({ listId });
    expect(history.data?.map((s) => s.status)).toEqual(["failed", "completed", "completed", "completed", "completed", "completed"]);
  });
});

describe("[leads] table and exports", () => {
  test("filters and pages", async () => {
    const all = await owner.trpc.leads.list.query({ listId, filters: {}, page: 1, pageSize: 20 });
    expect([all.data?.total, all.data?.items.length]).toEqual([55, 20]);
    const page3 = await owner.trpc.leads.list.query({ listId, filters: {}, page: 3, pageSize: 20 });
    expect(page3.data?.items).toHaveLength(15);
    const sites = await owner.trpc.leads.list.query({ listId, filters: { hasWebsite: true, minRating: 4 }, page: 1, pageSize: 100 });
    expect(sites.data?.items.every((l) => l.website !== null && (l.rating ?? 0) >= 4)).toBe(true);
    expect(sites.data?.total).toBe(sites.data?.items.length);
    expect(sites.data?.total).toBeGreaterThan(0);
    const named = await owner.trpc.leads.list.query({ listId, filters: { search: "Pet shop 007" }, page: 1 });
    expect(named.data?.items.map((l) => l.businessName)).toEqual(["Pet shop 007"]);
    const cats = await owner.trpc.leads.list.query({ listId, filters: { category: "Pet shop" }, page: 1, pageSize: 100 });
    expect(cats.data?.items.every((l) => l.category === "Pet shop")).toBe(true);
    expect(all.data?.categories.sort()).toEqual(["Loja de animais", "Pet shop"]);
  });

  test("edit validates §5 (name, e-mail, site); delete keeps the count", async () => {
    const [lead] = (await owner.trpc.leads.list.query({ listId, filters: { search: "Pet shop 007" }, page: 1 })).data?.items ?? [];
    const id = String(lead?.id);
    const bad = await owner.trpc.leads.update.mutate({ id, patch: { businessName: "P", email: "x@", website: "loja" } });
    expect(bad.error?.code).toBe("BAD_REQUEST");
    const ok = await owner.trpc.leads.update.mutate({ id, patch: { businessName: "Pet Shop Sete", email: "Contato@Sete.com.br", website: "", phone: "(19) 99999-0007", status: "qualified" } });
    expect(ok.data).toMatchObject({ businessName: "Pet Shop Sete", email: "contato@sete.com.br", website: null, phone: "+5519999990007", status: "qualified" });
    const gone = await owner.trpc.leads.delete.mutate({ listId, ids: [id] });
    expect(gone.data).toEqual({ deleted: 1 });
    expect(await listCount()).toBe(54);
  });

  test("CSV export of the filtered leads", async () => {
    const r = await owner.trpc.leads.exportCsv.query({ listId, filters: { search: "Pet shop 00" }, ids: undefined });
    expect(r.data?.fileName).toBe("leads-pet-shops-campinas.csv");
    const lines = String(r.data?.csv).split(/\r?\n/);
    expect(lines[0]).toBe("\uFEFFEmpresa;Categoria;Telefone;WhatsApp válido;E-mail;Site;Endereço;Cidade;Nota;Avaliações;Mapa;Instagram;LinkedIn;Status");
    expect(lines).toHaveLength(1 + 8); // 001–009 without the deleted 007
    expect(lines[1]).toStartWith("Pet shop 001;Pet shop;+55 (19) 3232-1000;;;https://loja001.exemplo.com.br/;");
  });

  test("export to contacts: created once with source 'leads', matched by phone, never twice", async () => {
    const picked = (await owner.trpc.leads.list.query({ listId, filters: { search: "Pet shop 01" }, page: 1 })).data?.items ?? [];
    const ids = picked.slice(0, 3).map((l) => l.id);
    await app.deps.db.insert(contacts).values({ workspaceId, name: "Já cliente", phone: picked[0]?.phone ?? null, source: "manual" });
    const first = await owner.trpc.leads.exportToContacts.mutate({ listId, ids, filters: {} });
    expect(first.data).toEqual({ created: 2, matched: 1, already: 0, total: 3 });
    const again = await owner.trpc.leads.exportToContacts.mutate({ listId, ids, filters: {} });
    expect(again.data).toEqual({ created: 0, matched: 0, already: 3, total: 3 });
    const made = await app.deps.db.select().from(contacts).where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.source, "leads")));
    expect(made.map((c) => c.companyName).sort()).toEqual(picked.slice(1, 3).map((l) => l.businessName).sort());
  });

  test("export to a campaign list through addCampaignListMembers (dedupe by phone)", async () => {
    const [cl] = await app.deps.db.insert(campaignLists).values({ workspaceId, name: "Prospecção pet" }).returning({ id: campaignLists.id });
    const campaignListId = String(cl?.id);
    const r = await owner.trpc.leads.exportToCampaignList.mutate({ listId, filters: { search: "Pet shop 02" }, campaignListId });
    expect(r.data).toMatchObject({ added: 10, duplicates: 0, invalid: 0, total: 10 });
    const again = await owner.trpc.leads.exportToCampaignList.mutate({ listId, filters: { search: "Pet shop 02" }, campaignListId });
    expect(again.data).toMatchObject({ added: 0, duplicates: 10 });
    const members = await app.deps.db.select().from(campaignContacts).where(eq(campaignContacts.listId, campaignListId));
    expect(members).toHaveLength(10);
    expect(members.every((m) => m.leadId !== null && m.source === "leads")).toBe(true);
  });

  test("another workspace's lists, leads, searches and campaign lists are refused", async () => {
    const [lead] = (await owner.trpc.leads.list.query({ listId, filters: {}, page: 1 })).data?.items ?? [];
    const [s] = (await owner.trpc.leads.searches.list.query({ listId })).data ?? [];
    expect((await other.trpc.leads.lists.get.query({ id: listId })).error?.code).toBe("NOT_FOUND");
    expect((await other.trpc.leads.list.query({ listId, filters: {}, page: 1 })).error?.code).toBe("NOT_FOUND");
    expect((await other.trpc.leads.get.query({ id: String(lead?.id) })).error?.code).toBe("NOT_FOUND");
    expect((await other.trpc.leads.searches.get.query({ id: String(s?.id) })).error?.code).toBe("NOT_FOUND");
    expect((await other.trpc.leads.exportCsv.query({ listId, filters: {} })).error?.code).toBe("NOT_FOUND");
    expect((await other.trpc.leads.lists.delete.mutate({ id: listId })).error?.code).toBe("NOT_FOUND");
    const otherList = await other.trpc.leads.lists.create.mutate({ name: "Minha lista", source: "custom" });
    const [cl] = await app.deps.db.select({ id: campaignLists.id }).from(campaignLists).where(eq(campaignLists.workspaceId, workspaceId));
    const cross = await other.trpc.leads.exportToCampaignList.mutate({ listId: String(otherList.data?.id), filters: {}, campaignListId: String(cl?.id) });
    expect(cross.error?.code).toBe("NOT_FOUND");
    expect(await listCount()).toBe(54);
  });
});
