import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { contactVariables, contacts } from "../db/schema";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { type TestApp, startTestApp } from "./helpers/app";
import { type Client, must } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { joinAs } from "./helpers/inbox";

/** Contacts as records over real HTTP: create/update/delete, duplicates, search, filters and pages. */
let app: TestApp;
let owner: Client;
let workspaceId: string;

type Page = { items: { id: string; name: string; tags: string[] }[]; nextCursor: string | null; total: number | null; totalExact: boolean | null };
const list = async (input: Record<string, unknown>) => {
  const r = await owner.query<Page>("contacts.list", input);
  if (!r.ok) throw new Error(`list failed: ${JSON.stringify(r.error)}`);
  return r.data;
};
const names = async (input: Record<string, unknown>) => (await list(input)).items.map((c) => c.name).sort();
const create = async (input: Record<string, unknown>, who = owner) => {
  const r = await who.mutate<{ id: string; name: string }>("contacts.create", input);
  return r;
};

beforeAll(async () => {
  app = await startTestApp();
  const o = await registerUser(app);
  owner = o.client;
  workspaceId = String(o.user.currentWorkspaceId);
  for (const c of [
    { name: "João Conceição", phone: "(11) 98765-1001", email: "joao@padaria.com.br", companyName: "Padaria Pão Quente", tags: ["vip"], status: "customer", city: "São Paulo" },
    { name: "Maria Aparecida Souza", phone: "+55 21 99876-2002", companyName: "Construtora Horizonte", tags: ["obra", "vip"], source: "import" },
    { name: "ana beatriz", email: "ana@exemplo.com.br", status: "prospect" },
    { name: "Zé Carlos", phone: "31 3333-4444" },
  ]) {
    const r = await create(c);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
}, 60_000);
afterAll(() => app.stop());

describe("create, update, delete", () => {
  test("a contact gets the SPEC defaults, normalised phone and e-mail, and manual provenance", async () => {
    const r = await create({ name: "  Paula   Reis ", phone: "(48) 99911-2233", email: "Paula@Reis.COM.br", companyName: "Reis ME" });
    expect(r.ok).toBe(true);
    const got = await owner.query<{ contact: Record<string, unknown> }>("contacts.get", { id: r.data.id });
    expect(got.data.contact).toMatchObject({ name: "Paula Reis", phone: "+5548999112233", email: "paula@reis.com.br", country: "Brasil", status: "lead", source: "manual", visibleInFunnel: true });
    const vars = await app.deps.db.select().from(contactVariables).where(eq(contactVariables.contactId, r.data.id));
    expect(vars.map((v) => [v.variableName, v.source]).sort()).toEqual([["email", "manual"], ["empresa", "manual"], ["nome", "manual"], ["telefone", "manual"]]);
  });

  test("an invalid field is refused under its name, in pt-BR", async () => {
    const r = await create({ name: "A", email: "nao-e-email" });
    expect(r.status).toBe(400);
    expect(r.error?.message).toMatch(/Nome deve ter pelo menos 2 caracteres|Email inválido/);
  });

  test("a duplicate phone or e-mail is refused naming the existing contact; nothing is written", async () => {
    const phone = await create({ name: "Outro João", phone: "11987651001" });
    expect(phone.status).toBe(409);
    expect(phone.error?.message).toBe("Já existe um contato com este telefone: João Conceição.");
    const email = await create({ name: "Outra Ana", email: "ANA@exemplo.com.br" });
    expect(email.status).toBe(409);
    expect(email.error?.message).toBe("Já existe um contato com este e-mail: ana beatriz.");
    const rows = await app.deps.db.select().from(contacts).where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.name, "Outro João")));
    expect(rows).toEqual([]);
  });

  test("update changes only the named fields, refuses another's phone, and delete removes it", async () => {
    const r = await create({ name: "Rita Lopes", companyName: "Lopes Ltda", notes: "cliente antiga" });
    const id = must(r.data).id;
    const up = await owner.mutate<{ companyName: string; notes: string; status: string }>("contacts.update", { id, patch: { status: "customer", tags: ["vip"] } });
    expect(up.data).toMatchObject({ companyName: "Lopes Ltda", notes: "cliente antiga", status: "customer" });
    const dup = await owner.mutate("contacts.update", { id, patch: { phone: "+55 21 99876-2002" } });
    expect(dup.status).toBe(409);
    expect(dup.error?.message).toContain("Maria Aparecida Souza");
    expect((await owner.mutate("contacts.delete", { id })).ok).toBe(true);
    expect((await owner.query("contacts.get", { id })).status).toBe(404);
  });
});

describe("search and filters", () => {
  test("a name fragment without accents, case ignored", async () => {
    expect(await names({ search: "conceicao" })).toEqual(["João Conceição"]);
    expect(await names({ search: "JOAO" })).toEqual(["João Conceição"]);
    expect(await names({ search: "souza maria" })).toEqual(["Maria Aparecida Souza"]);
  });

  test("phone digits, typed with or without formatting", async () => {
    expect(await names({ search: "98765-1001" })).toEqual(["João Conceição"]);
    expect(await names({ search: "(21) 99876" })).toEqual(["Maria Aparecida Souza"]);
    expect(await names({ search: "3333" })).toEqual(["Zé Carlos"]);
  });

  test("company and e-mail fragments; 1–2 letters match a name prefix", async () => {
    expect(await names({ search: "horizonte" })).toEqual(["Maria Aparecida Souza"]);
    expect(await names({ search: "pao quente" })).toEqual(["João Conceição"]);
    expect(await names({ search: "padaria.com" })).toEqual(["João Conceição"]);
    expect(await names({ search: "zé" })).toEqual(["Zé Carlos"]);
    expect(await names({ search: "a" })).toEqual(["ana beatriz"]);
  });

  test("a search with FTS syntax in it is just text", async () => {
    expect(await names({ search: 'souza" OR "a' })).toEqual([]);
    expect(await names({ search: "NEAR(ana*" })).toEqual([]);
  });

  test("status, tags, source, valid WhatsApp; and the count", async () => {
    expect(await names({ status: "prospect" })).toEqual(["ana beatriz"]);
    expect(await names({ tags: ["vip"] })).toEqual(["João Conceição", "Maria Aparecida Souza"]);
    expect(await names({ tags: ["vip", "obra"] })).toEqual(["Maria Aparecida Souza"]);
    expect(await names({ source: "import" })).toEqual(["Maria Aparecida Souza"]);
    await app.deps.db.update(contacts).set({ isValidWhatsApp: true }).where(eq(contacts.phone, "+5511987651001"));
    expect(await names({ validWhatsApp: true })).toEqual(["João Conceição"]);
    expect(await names({ validWhatsApp: false, search: "souza" })).toEqual(["Maria Aparecida Souza"]);
    const page = await list({ tags: ["vip"] });
    expect([page.total, page.totalExact]).toEqual([2, true]);
  });

  test("channel: a contact reached on Telegram by identity or by a conversation", async () => {
    const tg = await create({ name: "Telma Gram", source: "telegram" });
    expect(tg.ok).toBe(true);
    expect(await names({ channel: "telegram" })).toEqual(["Telma Gram"]);
    expect(await names({ channel: "instagram" })).toEqual([]);
  });
});

describe("keyset pages", () => {
  test("every sort covers every row exactly once, in order", async () => {
    for (let i = 0; i < 23; i++) {
      const r = await create({ name: `Página ${String(i).padStart(2, "0")} ${i % 2 ? "bravo" : "Alfa"}`, tags: ["pagina"] });
      expect(r.ok).toBe(true);
    }
    await app.deps.db.update(contacts).set({ lastContactAt: 1_700_000_000_000 }).where(eq(contacts.tags, ["pagina"]));
    const all = (await list({ limit: 100 })).items.map((c) => c.id).sort();
    for (const sort of ["newest", "oldest", "name", "last_contact"]) {
      const seen: string[] = [];
      const order: string[] = [];
      let cursor: string | undefined;
      for (let guard = 0; guard < 50; guard++) {
        const page = await list({ sort, limit: 4, cursor });
        seen.push(...page.items.map((c) => c.id));
        order.push(...page.items.map((c) => c.name));
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      expect([...seen].sort()).toEqual(all);
      expect(new Set(seen).size).toBe(seen.length);
      // SQLite's NOCASE: ASCII letters case-folded, then code-point order.
      const nocase = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
      if (sort === "name") expect(order).toEqual([...order].sort((a, b) => (nocase(a) < nocase(b) ? -1 : nocase(a) > nocase(b) ? 1 : 0)));
    }
  });

  test("a bad cursor is a pt-BR validation error", async () => {
    const r = await owner.query("contacts.list", { cursor: "não-é-cursor" });
    expect(r.status).toBe(400);
    expect(r.error?.message).toBe("Cursor inválido");
  });
});

describe("who may", () => {
  test("a viewer reads but cannot write", async () => {
    const viewer = (await joinAs(app, owner, "viewer")).client;
    expect((await viewer.query("contacts.list", {})).ok).toBe(true);
    const r = await create({ name: "Pelo Visualizador" }, viewer);
    expect(r.status).toBe(403);
    expect(r.error?.message).toBe(CRM_READ_ONLY);
  });

  test("another workspace cannot read, change or bulk-change these contacts", async () => {
    const other = (await registerUser(app)).client;
    const [row] = await app.deps.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.workspaceId, workspaceId)).limit(1);
    const id = must(row).id;
    expect((await other.query("contacts.get", { id })).status).toBe(404);
    expect((await other.mutate("contacts.update", { id, patch: { name: "Invasor" } })).status).toBe(404);
    expect((await other.mutate("contacts.bulk", { ids: [id], action: { type: "delete" } })).status).toBe(404);
    expect((await other.query<Page>("contacts.list", { search: "conceicao" })).data.items).toEqual([]);
    const [still] = await app.deps.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, id));
    expect(still?.name).not.toBe("Invasor");
  });
});
