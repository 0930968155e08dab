import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { contactIdentities, contactVariables, contacts, conversationContacts, deals } from "../db/schema";
import type { ContactSource } from "../src/schemas/crm/contacts";
import { normalizePhone } from "../src/schemas/crm/normalize";
import { withTransaction } from "../src/services/context";
import { withRawWrite } from "../src/services/credit-debit";
import { type ChannelContact, linkChannelContact } from "../src/services/crm/channel-contact";
import { noteConversationContact } from "../src/services/crm/contact-match";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { arrangeConversation } from "./helpers/inbox";

/**
 * The channel pipeline links contacts with raw SQL (src/services/crm/channel-contact.ts, issue 12
 * item 5); every other caller goes through drizzle (noteConversationContact). Both must write the
 * same contact, provenance, identity, link and deal: each case runs both on twin workspaces.
 */
let app: TestApp;
let fast: { workspaceId: string; agentId: string };
let slow: { workspaceId: string; agentId: string };

beforeAll(async () => {
  app = await startTestApp();
  const a = await ownerWithAgent(app);
  const b = await ownerWithAgent(app);
  fast = { workspaceId: a.workspaceId, agentId: a.agent.id };
  slow = { workspaceId: b.workspaceId, agentId: b.agent.id };
  // Two owners: more than the 5 s default on a busy machine.
}, 30_000);
afterAll(() => app.stop());

type Told = { channel: ContactSource; contactKey: string; name: string | null; autoAddToFunnel?: boolean };
const PHONE_CHANNELS = new Set(["whatsapp_cloud", "whatsapp_uaz"]);

/** The tests' times are in 2027: a time before them was the wall clock's (fillBlanks writes at Date.now()). */
const when = (ms: number) => (ms >= 1_800_000_000_000 ? ms : "relógio");

/** What the workspace holds of the contact a conversation is linked to, ids left out. */
async function snapshot(conversationId: string) {
  const db = app.deps.db;
  const [link] = await db.select().from(conversationContacts).where(eq(conversationContacts.conversationId, conversationId));
  if (!link) return null;
  const [c] = await db.select().from(contacts).where(eq(contacts.id, link.contactId));
  const vars = await db.select().from(contactVariables).where(eq(contactVariables.contactId, link.contactId)).orderBy(asc(contactVariables.variableName));
  const ids = await db.select().from(contactIdentities).where(eq(contactIdentities.contactId, link.contactId)).orderBy(asc(contactIdentities.channel));
  const dealRows = await db.select({ title: deals.title, source: deals.source }).from(deals).where(eq(deals.contactId, link.contactId));
  const { id: _id, workspaceId: _w, ...contact } = c ?? ({} as typeof contacts.$inferSelect);
  return {
    contact: { ...contact, updatedAt: when(contact.updatedAt) },
    variables: vars.map(({ id: _i, workspaceId: _ws, contactId: _c, ...v }) => ({ ...v, createdAt: when(v.createdAt), updatedAt: when(v.updatedAt) })),
    identities: ids.map((i) => [i.channel, i.externalId, i.createdAt]),
    deals: dealRows,
    linkedAt: link.createdAt,
  };
}

/** Runs one inbound contact through the raw path in one workspace and the drizzle path in the twin. */
async function both(t: Told, now: number) {
  const out: Awaited<ReturnType<typeof snapshot>>[] = [];
  for (const [side, w] of [
    ["fast", fast],
    ["slow", slow],
  ] as const) {
    if (t.autoAddToFunnel !== undefined) {
      await app.deps.db.$client.execute({
        sql: "UPDATE agents SET conversation_settings = json_set(conversation_settings, '$.autoAddToFunnel', json(?)) WHERE id = ?",
        args: [t.autoAddToFunnel ? "true" : "false", w.agentId],
      });
    }
    const conv = await arrangeConversation(app, w.workspaceId, { channel: "whatsapp", contactKey: t.contactKey, at: now });
    const c: ChannelContact = { workspaceId: w.workspaceId, conversationId: conv.id, agentId: w.agentId, channel: t.channel, contactKey: t.contactKey, name: t.name, now };
    if (side === "fast") {
      expect(await withRawWrite(app.deps.db, (tx) => linkChannelContact(tx, c))).toBeString();
    } else {
      const phone = PHONE_CHANNELS.has(t.channel) ? normalizePhone(t.contactKey) : null;
      await withTransaction(app.deps.db, (tx) =>
        noteConversationContact(tx, {
          workspaceId: w.workspaceId,
          conversationId: conv.id,
          agentId: w.agentId,
          name: t.name,
          phone,
          channel: t.channel,
          // What linkChannelContact did before the raw path: a key that is no phone is an identity.
          externalId: phone ? null : t.contactKey,
          source: t.channel,
          autoAddToFunnel: t.autoAddToFunnel ?? false,
          now,
        }),
      );
    }
    out.push(await snapshot(conv.id));
  }
  return out;
}

describe("a channel customer becomes the same contact through the raw path as through drizzle", () => {
  test("a named WhatsApp customer: contact fields, 'integration' provenance of name and phone, no identity", async () => {
    const [a, b] = await both({ channel: "whatsapp_cloud", contactKey: "5521987650101", name: "  Rita   Moura ", autoAddToFunnel: false }, 1_800_000_000_000);
    expect(a).not.toBeNull();
    expect(a).toEqual(b);
    expect(a?.contact.name).toBe("Rita Moura");
    expect(a?.contact.isValidWhatsApp).toBe(true);
    expect(a?.variables.map((v) => [v.variableName, v.value, v.source, v.confidenceScore])).toEqual([
      ["nome", "Rita Moura", "integration", 0.8],
      ["telefone", "+5521987650101", "integration", 0.8],
    ]);
  });

  test("an unnamed own-server WhatsApp customer gets the readable fallback name and only the phone's provenance", async () => {
    const [a, b] = await both({ channel: "whatsapp_uaz", contactKey: "5521987650102", name: null }, 1_800_000_000_100);
    expect(a).toEqual(b);
    expect(a?.contact.name).toBe("Contato +55 (21) 98765-0102");
    expect(a?.variables.map((v) => v.variableName)).toEqual(["telefone"]);
  });

  test("a Telegram user is matched by its identity, not a phone; a returning one finds the same contact and fills a fallback name", async () => {
    const [a, b] = await both({ channel: "telegram", contactKey: "880011", name: "B" }, 1_800_000_000_200);
    expect(a).toEqual(b);
    expect(a?.contact.name).toBe("Contato (Telegram)");
    expect(a?.identities).toEqual([["telegram", "880011", 1_800_000_000_200]]);
    const [a2, b2] = await both({ channel: "telegram", contactKey: "880011", name: "Bruna Dias" }, 1_800_000_000_300);
    expect(a2).toEqual(b2);
    expect([a2?.contact.name, a2?.contact.lastContactAt]).toEqual(["Bruna Dias", 1_800_000_000_300]);
    expect(a2?.variables.map((v) => [v.variableName, v.value])).toEqual([["nome", "Bruna Dias"]]);
  });

  test("autoAddToFunnel on: the new contact's first deal opens the same way", async () => {
    const [a, b] = await both({ channel: "whatsapp_cloud", contactKey: "5521987650104", name: "Caio Reis", autoAddToFunnel: true }, 1_800_000_000_400);
    expect(a).toEqual(b);
    expect(a?.deals).toEqual([{ title: "Caio Reis", source: "agent" }]);
  });
});
