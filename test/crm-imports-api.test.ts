import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { contactVariables } from "../db/schema";
import { CONTACT_IMPORT_LIMITS, IMPORT_ERRORS, guessImportMapping } from "../src/schemas/crm/imports";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { contactByPhone, contactsOf, importCsv, uploadCsv, waitImport } from "./helpers/crm-imports";
import { registerUser } from "./helpers/factories";
import { joinAs } from "./helpers/inbox";

/** CSV import over real HTTP: mapping, validation, dedupe, limits and who may import. */
let app: TestApp;
let owner: Client;
let workspaceId: string;

beforeAll(async () => {
  app = await startTestApp();
  const o = await registerUser(app);
  owner = o.client;
  workspaceId = String(o.user.currentWorkspaceId);
});
afterAll(() => app.stop());

describe("importing a CSV", () => {
  test("the guessed mapping plus a custom field creates the contacts with every value", async () => {
    const header = ["Nome", "E-mail", "Celular", "Empresa", "Cargo", "Cidade", "UF", "CEP", "Etiquetas", "Observações", "Time do coração", "Coluna ignorada"];
    const csv = [
      header.join(";"),
      'Ana Souza;ANA@Exemplo.com.br;(11) 98888-0001;Souza & Cia;Gerente;São Paulo;SP;01310-100;"vip, atacado";Cliente antiga;Palmeiras;x',
      "Bruno Lima;bruno@exemplo.com.br;21 97777-0002;;;Rio de Janeiro;RJ;;;;Flamengo;y",
    ].join("\r\n");
    const guessed = guessImportMapping(header);
    expect(guessed).toEqual({ "0": "name", "1": "email", "2": "phone", "3": "companyName", "4": "jobTitle", "5": "city", "6": "state", "7": "zipCode", "8": "tags", "9": "notes" });
    const done = await importCsv(app, owner, csv, { ...guessed, "10": "custom:Time do coração" });
    expect(done).toMatchObject({ status: "completed", totalRows: 2, processedRows: 2, createdCount: 2, updatedCount: 0, skippedCount: 0, failedCount: 0, report: [] });
    const ana = await contactByPhone(app, workspaceId, "+5511988880001");
    expect(ana).toMatchObject({
      name: "Ana Souza",
      email: "ana@exemplo.com.br",
      companyName: "Souza & Cia",
      jobTitle: "Gerente",
      city: "São Paulo",
      state: "SP",
      zipCode: "01310-100",
      country: "Brasil",
      status: "lead",
      source: "import",
      tags: ["vip", "atacado"],
      notes: "Cliente antiga",
      customFields: { "Time do coração": "Palmeiras" },
    });
    // A person's data: the agent will not overwrite it (manual provenance, implied: the import writes no variable rows).
    expect(await app.deps.db.select().from(contactVariables).where(eq(contactVariables.contactId, ana?.id ?? ""))).toEqual([]);
    const vars = (await owner.trpc.variables.contact.list.query({ contactId: ana?.id ?? "" })).data ?? [];
    expect(vars.map((v) => [v.variableName, v.source])).toEqual([
      ["cargo", "manual"],
      ["cep", "manual"],
      ["cidade", "manual"],
      ["email", "manual"],
      ["empresa", "manual"],
      ["estado", "manual"],
      ["nome", "manual"],
      ["telefone", "manual"],
    ]);
    const bruno = await contactByPhone(app, workspaceId, "+5521977770002");
    expect([bruno?.companyName, bruno?.zipCode, bruno?.tags]).toEqual([null, null, []]);
    // The file is dropped once done; the list shows the import without it.
    const list = await owner.query<{ id: string; fileName: string; csv?: string }[]>("contacts.imports.list");
    expect(list.data[0]).toMatchObject({ id: expect.any(String), fileName: "contatos.csv" });
    expect(list.data[0]?.csv).toBeUndefined();
  });

  test("broken rows are reported with their line and pt-BR reason, and nothing of them is written", async () => {
    const csv = [
      "nome,email,telefone,site,nascimento",
      "Carla Dias,carla@exemplo.com.br,11 96666-0003,www.carla.com.br,31/12/1990",
      "Diego Reis,email-quebrado,11 96666-0004,,",
      "D,dora@exemplo.com.br,11 96666-0005,,",
      "Edu Prado,edu@exemplo.com.br,123,,",
      ",sem.nome@exemplo.com.br,11 96666-0006,,",
      "Fabi Nunes,fabi@exemplo.com.br,11 96666-0007,,1990-13-45x",
    ].join("\n");
    const done = await importCsv(app, owner, csv, { "0": "name", "1": "email", "2": "phone", "3": "website", "4": "birthDate" });
    expect(done).toMatchObject({ status: "completed", totalRows: 6, createdCount: 1, failedCount: 5, skippedCount: 0 });
    expect(done.report).toEqual([
      { row: 3, message: "Linha 3: Email inválido" },
      { row: 4, message: "Linha 4: Nome deve ter pelo menos 2 caracteres" },
      { row: 5, message: "Linha 5: Telefone inválido" },
      { row: 6, message: "Linha 6: Nome é obrigatório para criar um contato" },
      { row: 7, message: "Linha 7: Data inválida (use AAAA-MM-DD)" },
    ]);
    const carla = await contactByPhone(app, workspaceId, "+5511966660003");
    expect([carla?.website, carla?.birthDate]).toEqual(["https://www.carla.com.br", "1990-12-31"]);
    for (const phone of ["+5511966660004", "+5511966660005", "+5511966660006", "+5511966660007"]) expect(await contactByPhone(app, workspaceId, phone)).toBeUndefined();
    const all = await contactsOf(app, workspaceId);
    expect(all.filter((c) => ["edu@exemplo.com.br", "dora@exemplo.com.br", "sem.nome@exemplo.com.br"].includes(c.email ?? ""))).toEqual([]);
  });
});

describe("duplicates", () => {
  const seed = ["nome;email;telefone;empresa;etiquetas", "Gabi Rocha;gabi@exemplo.com.br;11 95555-0001;Rocha Ltda;antiga", "Hugo Melo;hugo@exemplo.com.br;11 95555-0002;;"].join("\n");
  const mapping = { "0": "name", "1": "email", "2": "phone", "3": "companyName", "4": "tags" };
  // Gabi again by phone (new company, empty name cell), Hugo by e-mail, a new person twice in the file.
  const again = [
    "nome;email;telefone;empresa;etiquetas",
    ";;(11) 95555-0001;Rocha S.A.;nova",
    "Hugo M.;HUGO@exemplo.com.br;;;",
    "Iara Costa;iara@exemplo.com.br;11 95555-0003;;",
    "Iara C.;outra@exemplo.com.br;11 95555-0003;;",
    "Iara de novo;iara@exemplo.com.br;11 95555-0009;;",
  ].join("\n");

  test("'Ignorar linha' keeps existing contacts as they were and skips repeats inside the file", async () => {
    await importCsv(app, owner, seed, mapping);
    const done = await importCsv(app, owner, again, mapping, "skip");
    expect(done).toMatchObject({ createdCount: 1, updatedCount: 0, skippedCount: 4, failedCount: 0 });
    expect(done.report).toEqual([
      { row: 5, message: "Linha 5: mesmo telefone da linha 4 (linha ignorada)" },
      { row: 6, message: "Linha 6: mesmo email da linha 4 (linha ignorada)" },
    ]);
    const gabi = await contactByPhone(app, workspaceId, "+5511955550001");
    expect([gabi?.name, gabi?.companyName, gabi?.tags]).toEqual(["Gabi Rocha", "Rocha Ltda", ["antiga"]]);
    const iara = (await contactsOf(app, workspaceId)).filter((c) => c.name.startsWith("Iara"));
    expect(iara.map((c) => [c.name, c.phone, c.email])).toEqual([["Iara Costa", "+5511955550003", "iara@exemplo.com.br"]]);
  });

  test("'Atualizar contato existente' fills only what the row says and never blanks a field", async () => {
    const done = await importCsv(app, owner, again, mapping, "update");
    // Iara exists now (previous test): her row updates her; the repeats are still skipped.
    expect(done).toMatchObject({ createdCount: 0, updatedCount: 3, skippedCount: 2, failedCount: 0 });
    const gabi = await contactByPhone(app, workspaceId, "+5511955550001");
    expect([gabi?.name, gabi?.email, gabi?.companyName, gabi?.tags]).toEqual(["Gabi Rocha", "gabi@exemplo.com.br", "Rocha S.A.", ["antiga", "nova"]]);
    const hugo = await contactByPhone(app, workspaceId, "+5511955550002");
    expect([hugo?.name, hugo?.email]).toEqual(["Hugo M.", "hugo@exemplo.com.br"]);
    const company = ((await owner.trpc.variables.contact.list.query({ contactId: gabi?.id ?? "" })).data ?? []).find((v) => v.variableName === "empresa");
    expect([company?.value, company?.source]).toEqual(["Rocha S.A.", "manual"]);
    expect((await contactsOf(app, workspaceId)).filter((c) => c.phone === "+5511955550001" || c.email === "hugo@exemplo.com.br")).toHaveLength(2);
  });

  test("a row whose phone and e-mail belong to two different contacts is refused, not merged", async () => {
    const done = await importCsv(app, owner, "nome;email;telefone\nMistura;hugo@exemplo.com.br;11 95555-0001", { "0": "name", "1": "email", "2": "phone" }, "update");
    expect(done.report).toEqual([{ row: 2, message: "Linha 2: o telefone e o email pertencem a contatos diferentes" }]);
    expect((await contactByPhone(app, workspaceId, "+5511955550001"))?.email).toBe("gabi@exemplo.com.br");
  });
});

describe("limits and access", () => {
  test("files past the limits are refused with a clear message and store nothing", async () => {
    const before = (await owner.query<unknown[]>("contacts.imports.list")).data.length;
    const wide = `${Array.from({ length: CONTACT_IMPORT_LIMITS.maxColumns + 1 }, (_, i) => `c${i}`).join(",")}\n${"x,".repeat(CONTACT_IMPORT_LIMITS.maxColumns)}x`;
    expect((await uploadCsv(app, owner, wide, { "0": "name" })).body.error?.message).toBe(IMPORT_ERRORS.tooManyColumns);
    const tall = `nome\n${"Ana\n".repeat(CONTACT_IMPORT_LIMITS.maxRows + 1)}`;
    const tallRes = await uploadCsv(app, owner, tall, { "0": "name" });
    expect([tallRes.status, tallRes.body.error?.message]).toEqual([400, IMPORT_ERRORS.tooManyRows]);
    const huge = await uploadCsv(app, owner, new Blob([new Uint8Array(CONTACT_IMPORT_LIMITS.maxBytes + 1).fill(65)]), { "0": "name" });
    expect([huge.status, huge.body.error?.message]).toEqual([413, IMPORT_ERRORS.tooLarge]);
    expect((await uploadCsv(app, owner, "nome\n", { "0": "name" })).body.error?.message).toBe(IMPORT_ERRORS.empty);
    expect((await uploadCsv(app, owner, "nome;email\nAna;a@b.com", { "1": "email" })).body.error?.message).toBe(IMPORT_ERRORS.noName);
    expect((await uploadCsv(app, owner, "nome\nAna", { "0": "name", "3": "email" })).body.error?.message).toBe(IMPORT_ERRORS.badColumn);
    expect((await owner.query<unknown[]>("contacts.imports.list")).data.length).toBe(before);
  });

  test("a viewer cannot import or cancel; another workspace cannot read or cancel an import", async () => {
    const up = await uploadCsv(app, owner, "nome\nJoana Prado", { "0": "name" });
    const id = String(up.body.data?.id);
    await waitImport(owner, id);
    const viewer = await joinAs(app, owner, "viewer");
    const refused = await uploadCsv(app, viewer.client, "nome\nKleber", { "0": "name" });
    expect([refused.status, refused.body.error?.message]).toEqual([403, CRM_READ_ONLY]);
    expect((await viewer.client.mutate("contacts.imports.cancel", { id })).error?.message).toBe(CRM_READ_ONLY);
    expect((await viewer.client.query("contacts.imports.get", { id })).ok).toBe(true);
    const stranger = (await registerUser(app)).client;
    const read = await stranger.query("contacts.imports.get", { id });
    expect([read.status, read.error?.message]).toEqual([404, IMPORT_ERRORS.notFound]);
    expect((await stranger.mutate("contacts.imports.cancel", { id })).status).toBe(404);
    expect((await stranger.query<unknown[]>("contacts.imports.list")).data).toEqual([]);
    expect((await owner.mutate("contacts.imports.cancel", { id })).error?.message).toBe(IMPORT_ERRORS.finished);
  });
});
