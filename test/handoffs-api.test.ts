/**
 * handoffs.* access and the inbox's verbs on the timeline: a viewer reads but cannot accept, another
 * workspace's handoff or conversation is NOT_FOUND, settings are validated and need the settings
 * flag, a takeover and a hand back are recorded, escalateToPerson flags a web conversation, and the
 * timeline lists agent→agent transfers with the rest.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { conversations, handoffs, userActivityLogs } from "../db/schema";
import { escalateToPerson } from "../src/services/handoffs/escalate";
import { requestHumanHandoff } from "../src/services/handoffs/request";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { arrangeConversation, joinAs } from "./helpers/inbox";

// Channel round trips on a shared, loaded machine: generous, never a wall-time assertion.
setDefaultTimeout(20_000);

let app: TestApp;
let owner: Client;
let ownerId = "";
let workspaceId = "";
let agentId = "";
let agentName = "";
let viewer: Awaited<ReturnType<typeof joinAs>>;
let member: Awaited<ReturnType<typeof joinAs>>;
let other: Awaited<ReturnType<typeof ownerWithAgent>>;

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  owner = o.client;
  ownerId = o.user.id;
  workspaceId = o.workspaceId;
  agentId = o.agent.id;
  agentName = o.agent.name;
  viewer = await joinAs(app, owner, "viewer");
  member = await joinAs(app, owner, "member");
  other = await ownerWithAgent(app);
}, 30_000);
afterAll(() => app.stop());

const webConversation = async (name = "Cliente Web") => {
  const conv = await arrangeConversation(app, workspaceId, { at: Date.now(), clientName: name, texts: ["Olá", "Oi! Como posso ajudar?"] });
  await app.deps.db.update(conversations).set({ agentId }).where(eq(conversations.id, conv.id));
  return conv;
};
const pendingFor = async (conversationId: string) => {
  const res = await requestHumanHandoff(app.deps, { workspaceId, conversationId, fromAgentId: agentId, reason: "low_confidence", confidence: 0.42, notes: "Dúvida fora do escopo" });
  if (!res.handoffId) throw new Error("no handoff");
  return res.handoffId;
};

describe("access", () => {
  test("a viewer lists and counts but cannot accept, complete, cancel or change settings", async () => {
    const conv = await webConversation();
    const id = await pendingFor(conv.id);
    const list = await viewer.client.trpc.handoffs.list.query({ page: 1 });
    expect(list.data.items.some((i: { id: string }) => i.id === id)).toBe(true);
    expect((await viewer.client.trpc.handoffs.pendingCount.query()).data.count).toBeGreaterThanOrEqual(1);
    for (const verb of ["accept", "complete", "cancel"] as const) {
      const res = await viewer.client.trpc.handoffs[verb].mutate({ id });
      expect(res.status).toBe(403);
      expect(res.error?.message).toContain("somente leitura");
    }
    const settings = await viewer.client.trpc.handoffs.settings.update.mutate({ acceptTimeoutMinutes: 3, onTimeout: "resume_ai", timeoutMessage: "", notifyEmail: false, notifyWhatsappNumber: "", notifyConnectionId: null });
    expect(settings.status).toBe(403);
    const [row] = await app.deps.db.select().from(handoffs).where(eq(handoffs.id, id));
    expect(row?.status).toBe("pending");
  });

  test("another workspace's handoff and conversation are not found; nothing changes", async () => {
    const conv = await webConversation();
    const id = await pendingFor(conv.id);
    for (const verb of ["accept", "complete", "cancel"] as const) {
      expect((await other.client.trpc.handoffs[verb].mutate({ id })).status).toBe(404);
    }
    expect((await other.client.trpc.handoffs.forConversation.query({ conversationId: conv.id })).status).toBe(404);
    const theirs = await other.client.trpc.handoffs.list.query({ page: 1 });
    expect(theirs.data.items).toHaveLength(0);
    const [row] = await app.deps.db.select().from(handoffs).where(eq(handoffs.id, id));
    expect(row?.status).toBe("pending");
  });

  test("settings: defaults without a row; 1–1440 minutes, an E.164 number and a WhatsApp connection of this workspace", async () => {
    const fresh = await other.client.trpc.handoffs.settings.get.query();
    expect(fresh.data.settings).toMatchObject({ acceptTimeoutMinutes: 10, onTimeout: "resume_ai", notifyEmail: false });
    expect(fresh.data.settings.timeoutMessage).toBe("Nossos atendentes não estão disponíveis no momento. Vou continuar te ajudando por aqui!");
    const base = { acceptTimeoutMinutes: 10, onTimeout: "resume_ai" as const, timeoutMessage: "", notifyEmail: false, notifyWhatsappNumber: "", notifyConnectionId: null };
    expect((await owner.trpc.handoffs.settings.update.mutate({ ...base, acceptTimeoutMinutes: 0 })).status).toBe(400);
    expect((await owner.trpc.handoffs.settings.update.mutate({ ...base, acceptTimeoutMinutes: 1441 })).status).toBe(400);
    const badNumber = await owner.trpc.handoffs.settings.update.mutate({ ...base, notifyWhatsappNumber: "11 9999-8888" });
    expect(badNumber.status).toBe(400);
    expect(JSON.stringify(badNumber.error)).toContain("formato internacional");
    const noConnection = await owner.trpc.handoffs.settings.update.mutate({ ...base, notifyWhatsappNumber: "+5511999998888" });
    expect(JSON.stringify(noConnection.error)).toContain("Escolha a conexão de WhatsApp");
    const foreign = await owner.trpc.handoffs.settings.update.mutate({ ...base, notifyWhatsappNumber: "+5511999998888", notifyConnectionId: "00000000-0000-4000-8000-000000000123" });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.error)).toContain("conexão de WhatsApp deste workspace");
    // A member without the settings flag cannot change them either.
    expect((await member.client.trpc.handoffs.settings.update.mutate(base)).status).toBe(403);
    const ok = await owner.trpc.handoffs.settings.update.mutate({ ...base, acceptTimeoutMinutes: 1440, onTimeout: "keep_waiting", timeoutMessage: "Já volto!" });
    expect(ok.data.settings).toMatchObject({ acceptTimeoutMinutes: 1440, onTimeout: "keep_waiting", timeoutMessage: "Já volto!" });
    const logged = await app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.action, "handoff.settings"));
    expect(logged.some((l) => l.userId === ownerId && l.workspaceId === workspaceId)).toBe(true);
    await owner.trpc.handoffs.settings.update.mutate(base);
  });
});

describe("the timeline", () => {
  test("a takeover is a manual handoff already accepted by that person; handing back completes it", async () => {
    const conv = await webConversation("Paulo");
    await member.client.trpc.conversations.takeOver.mutate({ id: conv.id });
    const taken = await owner.trpc.handoffs.forConversation.query({ conversationId: conv.id });
    expect(taken.data.items).toHaveLength(1);
    expect(taken.data.items[0]).toMatchObject({ reason: "manual", status: "accepted", fromType: "agent", fromName: agentName, toType: "human", toName: "Marcos Lima" });
    // Taking over again does not add another.
    await member.client.trpc.conversations.takeOver.mutate({ id: conv.id });
    await member.client.trpc.conversations.handBack.mutate({ id: conv.id });
    const back = await owner.trpc.handoffs.forConversation.query({ conversationId: conv.id });
    expect(back.data.items.map((i: { status: string }) => i.status)).toEqual(["completed"]);
    const logs = await app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.resourceId, conv.id));
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(["conversation.take_over", "conversation.hand_back"]));
  });

  test("a takeover of a waiting customer accepts the pending handoff instead of adding one", async () => {
    const conv = await webConversation();
    const id = await pendingFor(conv.id);
    await owner.trpc.conversations.takeOver.mutate({ id: conv.id });
    const rows = await app.deps.db.select().from(handoffs).where(eq(handoffs.conversationId, conv.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, status: "accepted", humanUserId: ownerId });
  });

  test("agent→agent transfers of the routing engine show with the handoffs to people, oldest first, newest first in the list", async () => {
    const conv = await webConversation("Rita");
    const t0 = Date.now() - 10_000;
    await app.deps.db.insert(handoffs).values({
      workspaceId,
      conversationId: conv.id,
      fromType: "agent",
      fromAgentId: agentId,
      toType: "agent",
      toAgentId: agentId,
      reason: "escalation",
      status: "completed",
      acceptedAt: t0,
      completedAt: t0,
      createdAt: t0,
      updatedAt: t0,
    });
    const id = await pendingFor(conv.id);
    const timeline = await owner.trpc.handoffs.forConversation.query({ conversationId: conv.id });
    expect(timeline.data.items.map((i: { toType: string; status: string }) => [i.toType, i.status])).toEqual([
      ["agent", "completed"],
      ["human", "pending"],
    ]);
    expect(timeline.data.pending?.id).toBe(id);
    const list = await owner.trpc.handoffs.list.query({ reason: "low_confidence", page: 1 });
    expect(list.data.items[0]).toMatchObject({ id, clientName: "Rita", confidence: 0.42, notes: "Dúvida fora do escopo" });
    expect(list.data.items.every((i: { reason: string }) => i.reason === "low_confidence")).toBe(true);
    const accepted = await owner.trpc.handoffs.accept.mutate({ id });
    expect(accepted.ok).toBe(true);
    const [conversation] = await app.deps.db.select().from(conversations).where(eq(conversations.id, conv.id));
    expect(conversation).toMatchObject({ handledBy: "human", assignedToUserId: ownerId });
    const logs = await app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.resourceId, id));
    expect(logs.map((l) => l.action)).toEqual(["handoff.accept"]);
  });

  test("escalateToPerson flags a web conversation with a pending handoff; one already with a person is left alone", async () => {
    const conv = await webConversation();
    const res = await escalateToPerson(app.deps, { workspaceId, conversationId: conv.id, reason: "escalation", notes: "3 mensagens negativas seguidas" });
    expect(res.handoffId).toBeTruthy();
    const [row] = await app.deps.db.select().from(conversations).where(eq(conversations.id, conv.id));
    expect(row).toMatchObject({ needsHumanSupport: true, handledBy: "ai" });
    const again = await escalateToPerson(app.deps, { workspaceId, conversationId: conv.id, reason: "escalation", notes: "de novo" });
    expect(again.handoffId).toBe(res.handoffId);
    const withPerson = await webConversation();
    await app.deps.db.update(conversations).set({ handledBy: "human" }).where(eq(conversations.id, withPerson.id));
    expect((await escalateToPerson(app.deps, { workspaceId, conversationId: withPerson.id, reason: "escalation", notes: "x" })).handoffId).toBeNull();
    expect(await app.deps.db.select().from(handoffs).where(eq(handoffs.conversationId, withPerson.id))).toHaveLength(0);
    // Another workspace's conversation id does nothing.
    expect((await escalateToPerson(app.deps, { workspaceId: other.workspaceId, conversationId: conv.id, reason: "escalation", notes: "x" })).handoffId).toBeNull();
  });
});
