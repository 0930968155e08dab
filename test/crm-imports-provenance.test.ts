import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { contactVariables, contacts } from "../db/schema";
import { withTransaction } from "../src/services/context";
import { applyContactValues } from "../src/services/crm/contact-values";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { contactByPhone, importCsv } from "./helpers/crm-imports";
import { registerUser } from "./helpers/factories";

/**
 * What the fast import path (issue 14: no variable rows, search rows written per chunk) must keep:
 * an imported value is a person's value, and imported contacts are searchable like any other.
 */
let app: TestApp;
let owner: Client;
let workspaceId: string;

type Page = { items: { id: string; name: string }[] };
const search = async (text: string) => {
  const r = await owner.query<Page>("contacts.list", { search: text });
  if (!r.ok) throw new Error(`list failed: ${JSON.stringify(r.error)}`);
  return r.data.items.map((c) => c.name).sort();
};
const extract = (contactId: string, values: Record<string, string>) =>
  withTransaction(app.deps.db, (tx) => applyContactValues(tx, { workspaceId, contactId, values, source: "extracted", confidence: 0.9, method: "llm" }));
const mapping = { "0": "name", "1": "email", "2": "phone", "3": "companyName", "4": "city" };

beforeAll(async () => {
  app = await startTestApp();
  const o = await registerUser(app);
  owner = o.client;
  workspaceId = String(o.user.currentWorkspaceId);
});
afterAll(() => app.stop());

describe("an imported contact's values", () => {
  test("count as manual: the agent's extraction keeps them and only fills the empty fields", async () => {
    await importCsv(app, owner, "nome;email;telefone;empresa;cidade\nRita Paiva;rita@paiva.com.br;11 94444-0001;Paiva Ltda;", mapping);
    const rita = await contactByPhone(app, workspaceId, "+5511944440001");
    const id = rita?.id ?? "";
    const out = await extract(id, { nome: "Ritinha", empresa: "Outra S.A.", email: "outra@paiva.com.br", cidade: "Santos" });
    expect(out).toEqual({ applied: ["cidade"], kept: ["nome", "empresa", "email"] });
    const [after] = await app.deps.db.select().from(contacts).where(eq(contacts.id, id));
    expect([after?.name, after?.companyName, after?.email, after?.city]).toEqual(["Rita Paiva", "Paiva Ltda", "rita@paiva.com.br", "Santos"]);
    // The list of variables shows both: the imported values as manual, the new one as extracted.
    const vars = (await owner.trpc.variables.contact.list.query({ contactId: id })).data ?? [];
    expect(vars.map((v) => [v.variableName, v.value, v.source])).toEqual([
      ["cidade", "Santos", "extracted"],
      ["email", "rita@paiva.com.br", "manual"],
      ["empresa", "Paiva Ltda", "manual"],
      ["nome", "Rita Paiva", "manual"],
      ["telefone", "+5511944440001", "manual"],
    ]);
  });

  test("a later import that restates an extracted value turns it manual, which the agent then keeps", async () => {
    const rita = await contactByPhone(app, workspaceId, "+5511944440001");
    const id = rita?.id ?? "";
    const done = await importCsv(app, owner, "nome;email;telefone;empresa;cidade\nRita Paiva;;11 94444-0001;;Santos", mapping, "update");
    expect(done).toMatchObject({ createdCount: 0, updatedCount: 1, failedCount: 0 });
    const [city] = await app.deps.db
      .select()
      .from(contactVariables)
      .where(and(eq(contactVariables.contactId, id), eq(contactVariables.variableName, "cidade")));
    expect([city?.value, city?.source]).toEqual(["Santos", "manual"]);
    expect(await extract(id, { cidade: "Guarujá" })).toEqual({ applied: [], kept: ["cidade"] });
  });

  test("a channel's contact holds no person's values: the agent may correct what the channel told", async () => {
    const { matchOrCreateContact } = await import("../src/services/crm/contact-match");
    const { contactId } = await withTransaction(app.deps.db, (tx) => matchOrCreateContact(tx, { workspaceId, phone: "11944440009", name: "Zeca", source: "whatsapp_cloud" }));
    await app.deps.db.update(contacts).set({ city: "Campinas" }).where(eq(contacts.id, contactId));
    expect(await extract(contactId, { nome: "José Carlos", cidade: "Jundiaí" })).toEqual({ applied: ["nome", "cidade"], kept: [] });
  });
});

describe("imported contacts in the search", () => {
  test("are found by name, phone, e-mail and company, and follow later edits and deletes", async () => {
    const csv = ["nome;email;telefone;empresa;cidade", "Teodoro Brandão;teo@brandao.com.br;11 94444-0101;Brandão Tintas;", "Ulisses Quintela;ulisses@quintela.com.br;11 94444-0102;Quintela Móveis;"].join("\n");
    const done = await importCsv(app, owner, csv, mapping);
    expect(done).toMatchObject({ createdCount: 2, failedCount: 0 });
    expect(await search("brandao")).toEqual(["Teodoro Brandão"]);
    expect(await search("94444-0102")).toEqual(["Ulisses Quintela"]);
    expect(await search("quintela.com")).toEqual(["Ulisses Quintela"]);
    expect(await search("Móveis")).toEqual(["Ulisses Quintela"]);
    // A contact made by hand is still indexed by the insert trigger.
    expect((await owner.mutate("contacts.create", { name: "Vicente Brandão" })).ok).toBe(true);
    expect(await search("brandao")).toEqual(["Teodoro Brandão", "Vicente Brandão"]);
    const teo = await contactByPhone(app, workspaceId, "+5511944440101");
    expect((await owner.mutate("contacts.update", { id: teo?.id, patch: { name: "Teodoro Rangel" } })).ok).toBe(true);
    expect(await search("brandao")).toEqual(["Teodoro Rangel", "Vicente Brandão"]);
    expect(await search("rangel")).toEqual(["Teodoro Rangel"]);
    expect((await owner.mutate("contacts.delete", { id: teo?.id })).ok).toBe(true);
    expect(await search("brandao")).toEqual(["Vicente Brandão"]);
    expect(await search("rangel")).toEqual([]);
    // The index stays whole after the deletes (an FTS 'delete' of values never indexed corrupts it).
    await expect(app.deps.db.$client.execute("INSERT INTO contacts_fts(contacts_fts, rank) VALUES ('integrity-check', 1)")).resolves.toBeDefined();
  });
});
