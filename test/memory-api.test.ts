/** memory.* procedures (issue 18): validation, a person's edit is "manual", duplicates refused, tenancy and the viewer. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type TestApp, startTestApp } from "./helpers/app";
import { conversations } from "../db/schema";
import { ownerWithAgent } from "./helpers/agents";
import { viewerOf } from "./helpers/guard-fixtures";

let app: TestApp;
let a: Awaited<ReturnType<typeof ownerWithAgent>>;
let b: Awaited<ReturnType<typeof ownerWithAgent>>;
let contactA = "";
let contactB = "";

beforeAll(async () => {
  app = await startTestApp();
  a = await ownerWithAgent(app);
  b = await ownerWithAgent(app);
  const ca = await a.client.trpc.contacts.create.mutate({ name: "Clara Souza", phone: "" });
  const cb = await b.client.trpc.contacts.create.mutate({ name: "Bruno Lima", phone: "" });
  if (!ca.ok || !cb.ok) throw new Error("contacts not created");
  contactA = ca.data.id;
  contactB = cb.data.id;
}, 90_000);
afterAll(() => app.stop());

async function insertConversation(workspaceId: string, contactKey: string) {
  const [row] = await app.deps.db.insert(conversations).values({ workspaceId, channel: "web", contactKey }).returning();
  if (!row) throw new Error("conversation not inserted");
  return row;
}

describe("memory CRUD", () => {
  test("create, list (newest first), edit inline (manual), delete", async () => {
    const t = a.client.trpc.memory;
    const one = await t.create.mutate({ contactId: contactA, fact: "tem dois cachorros", category: "familia" });
    const two = await t.create.mutate({ contactId: contactA, fact: "prefere entrega à tarde", category: "preferencia" });
    if (!one.ok || !two.ok) throw new Error("not created");
    const list = await t.list.query({ contactId: contactA });
    expect(list.ok && list.data.map((m) => [m.fact, m.source])).toEqual([
      ["prefere entrega à tarde", "manual"],
      ["tem dois cachorros", "manual"],
    ]);
    const edited = await t.update.mutate({ id: one.data.id, fact: "tem três cachorros", category: "familia" });
    expect(edited.ok).toBe(true);
    const dup = await t.update.mutate({ id: one.data.id, fact: "Prefere entrega à TARDE", category: "familia" });
    expect(dup.ok).toBe(false);
    expect(!dup.ok && dup.error?.message).toBe("Este fato já está na memória do cliente.");
    expect((await t.delete.mutate({ id: two.data.id })).ok).toBe(true);
    const after = await t.list.query({ contactId: contactA });
    expect(after.ok && after.data.map((m) => m.fact)).toEqual(["tem três cachorros"]);
  });

  test("validation: 1–300 characters, a known category, UUIDs", async () => {
    const t = a.client.trpc.memory;
    for (const bad of [
      { contactId: contactA, fact: "   ", category: "geral" },
      { contactId: contactA, fact: "x".repeat(301), category: "geral" },
      { contactId: contactA, fact: "ok", category: "inventada" },
      { contactId: "nao-e-uuid", fact: "ok", category: "geral" },
    ]) {
      const res = await t.create.mutate(bad as never);
      expect(res.ok).toBe(false);
      expect(!res.ok && res.error?.httpStatus).toBe(400);
    }
    expect((await t.create.mutate({ contactId: contactA, fact: "x".repeat(300), category: "geral" })).ok).toBe(true);
  });

  test("another workspace's contact, memory and conversation are not found", async () => {
    const mine = await b.client.trpc.memory.create.mutate({ contactId: contactB, fact: "mora em Campinas", category: "localizacao" });
    if (!mine.ok) throw new Error("not created");
    const t = a.client.trpc.memory;
    for (const res of [
      await t.list.query({ contactId: contactB }),
      await t.create.mutate({ contactId: contactB, fact: "invasão", category: "geral" }),
      await t.update.mutate({ id: mine.data.id, fact: "invasão", category: "geral" }),
      await t.delete.mutate({ id: mine.data.id }),
      await t.summaries.query({ contactId: contactB }),
    ]) {
      expect(res.ok).toBe(false);
      expect(!res.ok && res.error?.httpStatus).toBe(404);
    }
    const convB = await insertConversation(b.workspaceId, "cliente-b");
    const sum = await t.summarize.mutate({ conversationId: convB.id });
    expect(!sum.ok && sum.error?.httpStatus).toBe(404);
    const still = await b.client.trpc.memory.list.query({ contactId: contactB });
    expect(still.ok && still.data.map((m) => m.fact)).toEqual(["mora em Campinas"]);
  });

  test("a viewer reads but cannot change memory nor ask for a summary", async () => {
    const viewer = await viewerOf(app, { client: a.client, userId: a.user.id });
    const t = viewer.client.trpc.memory;
    expect((await t.list.query({ contactId: contactA })).ok).toBe(true);
    const created = await t.create.mutate({ contactId: contactA, fact: "de um leitor", category: "geral" });
    expect(!created.ok && created.error?.httpStatus).toBe(403);
    const convA = await insertConversation(a.workspaceId, "cliente-a");
    const sum = await t.summarize.mutate({ conversationId: convA.id });
    expect(!sum.ok && sum.error?.httpStatus).toBe(403);
    // The owner may: an empty conversation has nothing to summarize.
    const empty = await a.client.trpc.memory.summarize.mutate({ conversationId: convA.id });
    expect(!empty.ok && empty.error?.message).toBe("A conversa ainda não tem mensagens para resumir.");
  });

  test("summaries ask for the contact or the conversation, not both nor neither", async () => {
    const res = await a.client.trpc.memory.summaries.query({} as never);
    expect(!res.ok && res.error?.httpStatus).toBe(400);
    const ok = await a.client.trpc.memory.summaries.query({ contactId: contactA });
    expect(ok.ok && ok.data).toEqual({ items: [], nextCursor: null });
  });
});
