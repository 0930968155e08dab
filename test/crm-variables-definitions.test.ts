/**
 * Variables (issue 14, SPEC §3/§5): definitions CRUD with the SPEC messages, system variables
 * read-only, a contact's values set by a person (manual) and removed, viewer and cross-workspace
 * refusals, over real HTTP on a fresh libSQL file.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { contactVariables, contacts } from "../db/schema";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { withTransaction } from "../src/services/context";
import { matchOrCreateContact } from "../src/services/crm/contact-match";
import { VARIABLE_ERRORS } from "../src/services/crm/variables";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { mailedToken, registerUser, uniqueEmail } from "./helpers/factories";

let app: TestApp;
let owner: Client;
let workspaceId: string;
let contactId: string;
let viewer: Client;
let stranger: Client;

const body = (over: Record<string, unknown> = {}) => ({ name: "numero_pedido", displayName: "Número do pedido", category: "custom" as const, dataType: "string" as const, ...over });

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  owner = o.client;
  workspaceId = o.workspaceId;
  contactId = (await withTransaction(app.deps.db, (tx) => matchOrCreateContact(tx, { workspaceId, name: "Lia Prado", email: "lia@exemplo.com.br", source: "manual" }))).contactId;
  const email = uniqueEmail("leitor");
  await owner.trpc.workspaces.members.invite.mutate({ email, role: "viewer", permissions: {} });
  const token = await mailedToken(app, email, "/convite");
  const v = await registerUser(app, { email });
  await v.client.trpc.invitations.accept.mutate({ token });
  viewer = v.client;
  stranger = (await ownerWithAgent(app)).client;
}, 30_000);
afterAll(() => app.stop());

describe("definitions", () => {
  test("the list has the system variables (nome, telefone, data, saudacao…) flagged as system", async () => {
    const list = await owner.trpc.variables.definitions.list.query();
    expect(list.ok).toBe(true);
    const names = list.data.filter((d) => d.isSystem).map((d) => d.name);
    for (const n of ["nome", "telefone", "email", "empresa", "cargo", "cidade", "estado", "cep", "endereco", "site", "data_nascimento", "genero", "data", "hora", "dia_semana", "saudacao", "agente", "empresa_agente"])
      expect(names).toContain(n);
  });

  test("create, update and delete a custom definition; it shows in the list with its fields", async () => {
    const created = await owner.trpc.variables.definitions.create.mutate(body({ defaultValue: "sem pedido", description: "Número que o cliente informa" }));
    expect(created.ok).toBe(true);
    let row = (await owner.trpc.variables.definitions.list.query()).data.find((d) => d.name === "numero_pedido");
    expect(row).toMatchObject({ displayName: "Número do pedido", category: "custom", dataType: "string", defaultValue: "sem pedido", extractable: true, isSystem: false });
    const updated = await owner.trpc.variables.definitions.update.mutate({
      id: created.data.id,
      patch: { displayName: "Pedido", category: "conversa", dataType: "number", format: null, defaultValue: "0", description: null, extractable: false },
    });
    expect(updated.ok).toBe(true);
    row = (await owner.trpc.variables.definitions.list.query()).data.find((d) => d.name === "numero_pedido");
    expect(row).toMatchObject({ displayName: "Pedido", category: "conversa", dataType: "number", defaultValue: "0", extractable: false });
    expect((await owner.trpc.variables.definitions.delete.mutate({ id: created.data.id })).ok).toBe(true);
    expect((await owner.trpc.variables.definitions.list.query()).data.some((d) => d.name === "numero_pedido")).toBe(false);
  });

  test("SPEC §5 messages: name 1–100 identifier, displayName 1–200, category and dataType from the lists, default fits the type", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "Nome da variável é obrigatório"],
      [{ name: "a".repeat(101) }, "Nome da variável deve ter no máximo 100 caracteres"],
      [{ name: "Número Pedido" }, "Use letras minúsculas, números e _ (ex.: numero_pedido)"],
      [{ name: "nome" }, "Esse nome é de uma variável do sistema"],
      [{ displayName: "" }, "Nome de exibição é obrigatório"],
      [{ displayName: "x".repeat(201) }, "Nome de exibição deve ter no máximo 200 caracteres"],
      [{ category: "vendas" }, "Categoria inválida"],
      [{ dataType: "texto" }, "Tipo de dado inválido"],
      [{ dataType: "number", defaultValue: "muitos" }, "Valor padrão: informe um número (ex.: 42 ou 3,5)"],
    ];
    for (const [over, message] of cases) {
      const r = await owner.trpc.variables.definitions.create.mutate(body(over) as never);
      expect(r.status).toBe(400);
      expect(r.error?.message).toBe(message);
    }
    expect((await owner.trpc.variables.definitions.create.mutate(body({ name: "a".repeat(100) }))).ok).toBe(true);
  });

  test("a duplicate name is refused; system definitions cannot be changed", async () => {
    expect((await owner.trpc.variables.definitions.create.mutate(body({ name: "plano" }))).ok).toBe(true);
    const dup = await owner.trpc.variables.definitions.create.mutate(body({ name: "plano" }));
    expect(dup.status).toBe(409);
    expect(dup.error?.message).toBe(VARIABLE_ERRORS.duplicate);
    const system = (await owner.trpc.variables.definitions.list.query()).data.find((d) => d.name === "nome");
    expect(system?.id).toBeNull();
  });
});

describe("a contact's variables", () => {
  test("a person's value is manual with confidence 1 and mirrors the contact field; removing clears it", async () => {
    const set = await owner.trpc.variables.contact.set.mutate({ contactId, variableName: "cidade", value: "Recife" });
    expect(set.ok).toBe(true);
    const list = await owner.trpc.variables.contact.list.query({ contactId });
    expect(list.data.find((v) => v.variableName === "cidade")).toMatchObject({ value: "Recife", source: "manual", confidenceScore: 1, displayName: "Cidade" });
    const [c] = await app.deps.db.select({ city: contacts.city }).from(contacts).where(eq(contacts.id, contactId));
    expect(c?.city).toBe("Recife");
    expect((await owner.trpc.variables.contact.delete.mutate({ contactId, variableName: "cidade" })).ok).toBe(true);
    const [after] = await app.deps.db.select({ city: contacts.city }).from(contacts).where(eq(contacts.id, contactId));
    expect(after?.city).toBeNull();
    const rows = await app.deps.db.select().from(contactVariables).where(and(eq(contactVariables.contactId, contactId), eq(contactVariables.variableName, "cidade")));
    expect(rows).toEqual([]);
  });

  test("values are checked: contact rules, the definition's type, unknown and computed variables", async () => {
    await owner.trpc.variables.definitions.create.mutate(body({ name: "qtd_filhos", displayName: "Filhos", dataType: "number" }));
    const bad: [string, string, string][] = [
      ["email", "não-é-email", "Email inválido"],
      ["cep", "123", "CEP inválido (use 00000-000)"],
      ["qtd_filhos", "dois", "Informe um número (ex.: 42 ou 3,5)"],
      ["inexistente", "x", VARIABLE_ERRORS.undefinedVariable],
      ["saudacao", "Oi", VARIABLE_ERRORS.computed],
    ];
    for (const [variableName, value, message] of bad) {
      const r = await owner.trpc.variables.contact.set.mutate({ contactId, variableName, value });
      expect(r.ok).toBe(false);
      expect(r.error?.message).toBe(message);
    }
    expect((await owner.trpc.variables.contact.set.mutate({ contactId, variableName: "qtd_filhos", value: "2" })).ok).toBe(true);
    expect((await owner.trpc.variables.contact.set.mutate({ contactId, variableName: "cep", value: "01310100" })).ok).toBe(true);
    const [c] = await app.deps.db.select({ zip: contacts.zipCode }).from(contacts).where(eq(contacts.id, contactId));
    expect(c?.zip).toBe("01310-100");
    const nome = await owner.trpc.variables.contact.delete.mutate({ contactId, variableName: "nome" });
    expect(nome.error?.message).toBe(VARIABLE_ERRORS.nameRequired);
  });
});

describe("access", () => {
  test("a viewer reads but cannot write definitions or contact values", async () => {
    expect((await viewer.trpc.variables.definitions.list.query()).ok).toBe(true);
    expect((await viewer.trpc.variables.contact.list.query({ contactId })).ok).toBe(true);
    const writes = [
      await viewer.trpc.variables.definitions.create.mutate(body({ name: "do_leitor" })),
      await viewer.trpc.variables.contact.set.mutate({ contactId, variableName: "cidade", value: "Natal" }),
      await viewer.trpc.variables.contact.delete.mutate({ contactId, variableName: "cep" }),
    ];
    for (const r of writes) {
      expect(r.status).toBe(403);
      expect(r.error?.message).toBe(CRM_READ_ONLY);
    }
  });

  test("another workspace's contact and definitions are not found", async () => {
    const def = await owner.trpc.variables.definitions.create.mutate(body({ name: "so_meu" }));
    const calls = [
      await stranger.trpc.variables.contact.list.query({ contactId }),
      await stranger.trpc.variables.contact.set.mutate({ contactId, variableName: "cidade", value: "Natal" }),
      await stranger.trpc.variables.definitions.delete.mutate({ id: def.data.id }),
    ];
    for (const r of calls) expect(r.status).toBe(404);
    expect((await stranger.trpc.variables.definitions.list.query()).data.some((d) => d.name === "so_meu")).toBe(false);
  });
});
