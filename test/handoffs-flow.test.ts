/**
 * Handoffs to people end to end on a WhatsApp (UAZAPI) channel: the customer asks for a person →
 * one pending handoff, e-mail to the answering members, a WhatsApp notice to the chosen number, a
 * live event; accept/complete and the AI answering again; the accept timeout (run with a clock
 * past expiresAt) resuming the AI with the customer told, or keeping them in line; the model's
 * handoff tool; a reply accepting a pending handoff.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { conversations, handoffs, jobs } from "../db/schema";
import { HANDOFF_MESSAGE } from "../src/runtime/turn";
import { DEFAULT_TIMEOUT_MESSAGE, STILL_WAITING_MESSAGE } from "../src/schemas/handoffs";
import { requestHumanHandoff } from "../src/services/handoffs/request";
import { HANDOFF_TIMEOUT_JOB, expireHandoff } from "../src/services/handoffs/timeout";
import { notifyJobEnqueued } from "../src/services/jobs";
import { lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeUazapi, webhookPayload } from "./fakes/uazapi";
import { type AgentRow, answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { outbox } from "./helpers/factories";
import { joinAs, openStream } from "./helpers/inbox";
import { eventually } from "./helpers/training";

// Channel round trips on a shared, loaded machine: generous, never a wall-time assertion.
setDefaultTimeout(20_000);

const ADMIN_TOKEN = "admin-token-handoffs";
const NOTIFY_NUMBER = "5511977776666";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let uaz: Awaited<ReturnType<typeof startFakeUazapi>>;
let app: TestApp;
let agent: AgentRow;
let owner: Client;
let ownerEmail = "";
let workspaceId = "";
let member: Awaited<ReturnType<typeof joinAs>>;
let viewer: Awaited<ReturnType<typeof joinAs>>;
let connectionId = "";
let instanceToken = "";
let phoneSeq = 0;
const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;

beforeAll(async () => {
  openai = await startFakeOpenAi({
    reply: (body) => {
      const text = lastUserText(body);
      // The model decides to hand over (the handoff tool) on this phrase only.
      if (text.includes("reclamação grave") && !body.messages.some((m) => m.role === "tool")) {
        return { toolCalls: [{ name: "transferir_para_atendente", arguments: JSON.stringify({ motivo: "Reclamação grave" }) }] };
      }
      return { content: `Eco: ${text}` };
    },
  });
  uaz = await startFakeUazapi({ adminToken: ADMIN_TOKEN });
  process.env.ATENDA_SAFE_FETCH_ALLOW = new URL(uaz.url).host;
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, CHANNEL_BURST_WINDOW_MS: "50" });
  const o = await ownerWithAgent(app);
  agent = o.agent;
  owner = o.client;
  ownerEmail = o.email;
  workspaceId = o.workspaceId;
  await answerAtOnce(app, agent.id);
  await setWallet(app, workspaceId, { regular: 100_000 });
  member = await joinAs(app, owner, "member");
  viewer = await joinAs(app, owner, "viewer");
  const res = await owner.trpc.channels.connectUazapi.mutate({ agentId: agent.id, serverUrl: uaz.url, adminToken: ADMIN_TOKEN, instanceName: "loja-handoff" });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  connectionId = String(res.data.id);
  instanceToken = [...uaz.instances.values()][0]?.token ?? "";
  uaz.pair(instanceToken, "5511900001111");
  const saved = await owner.trpc.handoffs.settings.update.mutate({
    acceptTimeoutMinutes: 5,
    onTimeout: "resume_ai",
    timeoutMessage: "",
    notifyEmail: true,
    notifyWhatsappNumber: `+${NOTIFY_NUMBER}`,
    notifyConnectionId: connectionId,
  });
  if (!saved.ok) throw new Error(JSON.stringify(saved.error));
}, 30_000);
afterAll(async () => {
  await app.stop();
  openai.stop();
  uaz.stop();
  if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
});

const webhookPath = () => new URL(String(uaz.instances.get(instanceToken)?.webhook?.url)).pathname;
const newPhone = () => `55219${String(++phoneSeq).padStart(8, "0")}`;
const textsTo = (phone: string) => uaz.calls.filter((c) => c.path === "/send/text" && c.body?.number === phone).map((c) => String(c.body?.text));
async function say(phone: string, text: string) {
  const res = await fetch(`${app.base}${webhookPath()}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(webhookPayload({ token: instanceToken, phone, name: "Maria Cliente", text })),
  });
  expect(res.status).toBe(200);
}
const conversationOf = (phone: string) =>
  eventually(async () => {
    const [c] = await app.deps.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.connectionId, connectionId), eq(conversations.contactKey, phone)));
    return c;
  });
const handoffsOf = (conversationId: string) => app.deps.db.select().from(handoffs).where(eq(handoffs.conversationId, conversationId));
/** The customer asks for a person and waits: the conversation and its pending handoff. */
async function customerWaiting(phone: string) {
  await say(phone, "Quero falar com um atendente, por favor");
  await eventually(async () => textsTo(phone).includes(HANDOFF_MESSAGE) || null);
  const conv = await conversationOf(phone);
  const h = await eventually(async () => (await handoffsOf(conv.id)).find((r) => r.status === "pending"));
  return { conv, h };
}
const atClock = (at: number) => ({ ...app.deps, now: () => at });
/**
 * The accept time runs out: the handoff's expiresAt and its timeout job's run_after are moved into
 * the past, and the server's own job runner runs the job (the customer's messages go out through
 * the real outbox, whose jobs follow the real clock).
 */
async function runOutOfTime(handoffId: string) {
  const past = Date.now() - 1;
  await app.deps.db.update(handoffs).set({ expiresAt: past }).where(eq(handoffs.id, handoffId));
  await app.deps.db.update(jobs).set({ runAfter: past }).where(and(eq(jobs.dedupeKey, `handoff-timeout:${handoffId}`), eq(jobs.status, "pending")));
  notifyJobEnqueued(app.deps.db);
  return eventually(async () => {
    const [done] = await app.deps.db.select().from(jobs).where(and(eq(jobs.type, HANDOFF_TIMEOUT_JOB), sql`json_extract(${jobs.data}, '$.handoffId') = ${handoffId}`, eq(jobs.status, "completed")));
    return done?.result ?? null;
  });
}

describe("a customer asks for a person", () => {
  test("one pending handoff; e-mail to the answering members, WhatsApp notice to the chosen number, live event", async () => {
    const stream = await openStream(app, owner);
    const phone = newPhone();
    const { conv, h } = await customerWaiting(phone);
    expect(h).toMatchObject({ fromType: "agent", fromAgentId: agent.id, toType: "human", reason: "user_request", status: "pending" });
    expect(h.context.lastCustomerMessage).toBe("Quero falar com um atendente, por favor");
    expect(h.context.customer?.phone).toBe(phone);
    expect((h.expiresAt ?? 0) - h.createdAt).toBe(5 * 60_000);
    expect(conv).toMatchObject({ handledBy: "human", needsHumanSupport: true });
    const notice = await eventually(async () => textsTo(NOTIFY_NUMBER).find((t) => t.includes("Maria Cliente")));
    expect(notice).toContain("Pedido do cliente");
    expect(notice).toContain(`/conversations?c=${conv.id}`);
    const ownerMail = await eventually(async () => (await outbox(app, ownerEmail)).find((m) => m.template === "handoff-requested"));
    expect(ownerMail.subject).toBe("Maria Cliente está aguardando um atendente");
    expect(ownerMail.text).toContain(`/conversations?c=${conv.id}`);
    expect((await outbox(app, member.email)).some((m) => m.template === "handoff-requested")).toBe(true);
    expect((await outbox(app, viewer.email)).some((m) => m.template === "handoff-requested")).toBe(false);
    await eventually(async () => stream.events.find((e) => e.data.kind === "handoff" && e.data.conversationId === conv.id));
    await stream.close();
    const count = await owner.trpc.handoffs.pendingCount.query();
    expect(count.data.count).toBeGreaterThanOrEqual(1);
    const list = await owner.trpc.handoffs.list.query({ status: "pending", page: 1 });
    expect(list.data.items.find((i: { id: string }) => i.id === h.id)).toMatchObject({ clientName: "Maria Cliente", fromName: agent.name, reason: "user_request" });
  });

  test("asking again while waiting never doubles the pending handoff", async () => {
    const phone = newPhone();
    const { conv, h } = await customerWaiting(phone);
    await say(phone, "Alô? Quero falar com um atendente");
    const again = await requestHumanHandoff(app.deps, { workspaceId, conversationId: conv.id, fromAgentId: agent.id, reason: "user_request" });
    expect(again).toEqual({ handoffId: h.id, created: false });
    await Bun.sleep(200);
    expect((await handoffsOf(conv.id)).filter((r) => r.status === "pending")).toHaveLength(1);
  });
});

describe("the state machine", () => {
  test("accept gives the conversation to the member; complete gives it back to the AI, which answers again", async () => {
    const phone = newPhone();
    const { conv, h } = await customerWaiting(phone);
    const accepted = await member.client.trpc.handoffs.accept.mutate({ id: h.id });
    expect(accepted.data).toMatchObject({ status: "accepted", conversationId: conv.id });
    const [afterAccept] = await handoffsOf(conv.id);
    expect(afterAccept).toMatchObject({ status: "accepted", humanUserId: member.user.id });
    expect(await conversationOf(phone)).toMatchObject({ handledBy: "human", aiPausedUntil: null, assignedToUserId: member.user.id });
    // Accepted twice: the second one is refused, nothing changes.
    expect((await owner.trpc.handoffs.accept.mutate({ id: h.id })).status).toBe(409);
    const completed = await member.client.trpc.handoffs.complete.mutate({ id: h.id });
    expect(completed.data.status).toBe("completed");
    expect(await conversationOf(phone)).toMatchObject({ handledBy: "ai", needsHumanSupport: false });
    await say(phone, "Obrigada, qual o horário?");
    await eventually(async () => textsTo(phone).includes("Eco: Obrigada, qual o horário?") || null);
    const timeline = await owner.trpc.handoffs.forConversation.query({ conversationId: conv.id });
    expect(timeline.data.items.map((i: { status: string }) => i.status)).toEqual(["completed"]);
    expect(timeline.data.items[0]).toMatchObject({ toName: "Marcos Lima" });
  });

  test("cancel ends a pending handoff and the AI answers again", async () => {
    const { conv, h } = await customerWaiting(newPhone());
    expect((await owner.trpc.handoffs.cancel.mutate({ id: h.id })).data.status).toBe("canceled");
    const [row] = await app.deps.db.select().from(conversations).where(eq(conversations.id, conv.id));
    expect(row).toMatchObject({ handledBy: "ai", needsHumanSupport: false });
  });

  test("a member's reply to a waiting customer accepts the pending handoff", async () => {
    const { conv, h } = await customerWaiting(newPhone());
    const sent = await member.client.trpc.conversations.reply.mutate({ id: conv.id, text: "Oi, aqui é o Marcos!" });
    expect(sent.ok).toBe(true);
    const [row] = await handoffsOf(conv.id);
    expect(row).toMatchObject({ id: h.id, status: "accepted", humanUserId: member.user.id });
  });

  test("the model's handoff tool creates a pending escalation with the model's reason", async () => {
    const phone = newPhone();
    await say(phone, "Tenho uma reclamação grave sobre o pedido");
    const conv = await conversationOf(phone);
    const h = await eventually(async () => (await handoffsOf(conv.id)).find((r) => r.status === "pending"));
    expect(h).toMatchObject({ reason: "escalation", notes: "Reclamação grave" });
    expect(await conversationOf(phone)).toMatchObject({ handledBy: "human", needsHumanSupport: true });
  });
});

describe("nobody accepts in time", () => {
  test("handoff timeout resumes the AI: expired, the customer told, the next message answered by the AI", async () => {
    const phone = newPhone();
    const { conv, h } = await customerWaiting(phone);
    const expiresAt = h.expiresAt ?? 0;
    // Before its time nothing happens.
    expect(await expireHandoff(atClock(expiresAt - 1), h.id)).toMatchObject({ skipped: "not yet" });
    expect((await handoffsOf(conv.id))[0]?.status).toBe("pending");
    expect(await runOutOfTime(h.id)).toMatchObject({ expired: true, told: true });
    expect((await handoffsOf(conv.id))[0]?.status).toBe("expired");
    expect(await conversationOf(phone)).toMatchObject({ handledBy: "ai", needsHumanSupport: false });
    await eventually(async () => textsTo(phone).includes(DEFAULT_TIMEOUT_MESSAGE) || null);
    // A repeated run changes nothing (the job may run twice).
    expect(await expireHandoff(atClock(expiresAt + 60_000), h.id)).toMatchObject({ skipped: "expired" });
    await say(phone, "Tudo bem, e o preço?");
    await eventually(async () => textsTo(phone).includes("Eco: Tudo bem, e o preço?") || null);
    expect(textsTo(phone).filter((t) => t === DEFAULT_TIMEOUT_MESSAGE)).toHaveLength(1);
  }, 20_000);

  test("keep_waiting: the handoff stays pending without expiry and the customer is told once they are in line", async () => {
    const kept = await owner.trpc.handoffs.settings.update.mutate({
      acceptTimeoutMinutes: 5,
      onTimeout: "keep_waiting",
      timeoutMessage: "",
      notifyEmail: false,
      notifyWhatsappNumber: "",
      notifyConnectionId: null,
    });
    expect(kept.data.settings).toMatchObject({ onTimeout: "keep_waiting", notifyWhatsappNumber: null, notifyConnectionId: null });
    try {
      const phone = newPhone();
      const { conv, h } = await customerWaiting(phone);
      const expiresAt = h.expiresAt ?? 0;
      expect(await runOutOfTime(h.id)).toMatchObject({ kept: true, told: true });
      expect(await expireHandoff(atClock(expiresAt + 60_000), h.id)).toMatchObject({ skipped: "pending" });
      const [row] = await handoffsOf(conv.id);
      expect(row).toMatchObject({ status: "pending", expiresAt: null });
      expect(await conversationOf(phone)).toMatchObject({ handledBy: "human" });
      await eventually(async () => textsTo(phone).includes(STILL_WAITING_MESSAGE) || null);
      await Bun.sleep(150);
      expect(textsTo(phone).filter((t) => t === STILL_WAITING_MESSAGE)).toHaveLength(1);
    } finally {
      await owner.trpc.handoffs.settings.update.mutate({
        acceptTimeoutMinutes: 5,
        onTimeout: "resume_ai",
        timeoutMessage: "",
        notifyEmail: true,
        notifyWhatsappNumber: `+${NOTIFY_NUMBER}`,
        notifyConnectionId: connectionId,
      });
    }
  }, 20_000);
});
