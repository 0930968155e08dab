/**
 * Follow-ups and the WhatsApp 24-hour window on a fake clock: the job runner runs in-process
 * (JOBS_WORKER=false) and reads the same deps.now the test moves forward.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { conversations, jobs, messages } from "../db/schema";
import type { FollowUpStep } from "../src/schemas/agents";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { type AgentRow, answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { eventually } from "./helpers/training";

const APP_SECRET = "segredo-follow-up";
const PHONE_ID = "777000111";
const MIN = 60_000;

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let agent: AgentRow;
let clock = Date.now();
let seq = 0;

const steps: FollowUpStep[] = [
  { id: "s1", timeout: 10, action: "send_message", message: "Ainda está por aí?", order: 0, transferWhatsappNumber: undefined },
  { id: "s2", timeout: 30, action: "close", message: "Vou encerrar por aqui. Qualquer coisa, é só chamar!", order: 1, transferWhatsappNumber: undefined },
];

beforeAll(async () => {
  openai = await startFakeOpenAi();
  graph = await startFakeGraph();
  app = await startTestApp({
    OPENAI_API_KEY: "sk-teste",
    OPENAI_BASE_URL: openai.url,
    WHATSAPP_GRAPH_BASE: graph.url,
    JOBS_WORKER: "false",
    CHANNEL_BURST_WINDOW_MS: "0",
  });
  const o = await ownerWithAgent(app);
  agent = o.agent;
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  await answerAtOnce(app, agent.id, { followUpSettings: steps });
  graph.addPhoneNumber(PHONE_ID, { accessToken: "EAAG-fu" });
  const res = await o.client.trpc.channels.connectWhatsApp.mutate({
    agentId: agent.id,
    config: { accessToken: "EAAG-fu", appSecret: APP_SECRET, phoneNumberId: PHONE_ID, businessAccountId: "waba-fu", webhookVerifyToken: "fu-123" },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  // From here on the pipeline lives on the test's clock.
  app.deps.now = () => clock;
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  graph.stop();
});

/**
 * The reply reached the customer and the turn finished settling: waitingForUser set and the first
 * follow-up scheduled. The customer can see the reply a moment before that, and moving the clock
 * in between would schedule the follow-up from the moved clock.
 */
/** The answer reached the customer and its follow-up chain is scheduled (due after `dueAfter`, if given). */
async function replied(c: ReturnType<typeof customer>, count: number, dueAfter = 0) {
  await eventually(async () => c.received().length === count);
  await eventually(async () => {
    const conv = await c.conversation();
    if (!conv?.waitingForUser) return false;
    const [job] = await app.deps.db.select().from(jobs).where(and(eq(jobs.dedupeKey, `fu:${conv.id}`), eq(jobs.status, "pending")));
    return Boolean(job && job.runAfter > dueAfter);
  });
}

async function advance(ms: number) {
  clock += ms;
  app.jobs.wake();
  await Bun.sleep(400);
}

function customer() {
  const from = `5521977${String(++seq).padStart(6, "0")}`;
  const say = async (text: string) => {
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-fu",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "552100000000", phone_number_id: PHONE_ID },
                contacts: [{ profile: { name: "Bruno" }, wa_id: from }],
                messages: [{ from, id: `wamid.FU${++seq}`, timestamp: String(Math.floor(clock / 1000)), type: "text", text: { body: text } }],
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;
    const res = await fetch(`${app.base}/webhooks/whatsapp`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body });
    expect(res.status).toBe(200);
    app.jobs.wake();
  };
  const received = () => graph.sends.filter((s) => s.body.to === from).map((s) => s.body.text?.body);
  const conversation = async () => (await app.deps.db.select().from(conversations).where(eq(conversations.contactKey, from)))[0];
  const outbound = async () => {
    const conv = await conversation();
    return app.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conv?.id ?? ""), eq(messages.senderType, "agent")))
      .orderBy(asc(messages.id));
  };
  return { say, received, conversation, outbound };
}

describe("follow-ups", () => {
  test("silence gets the steps in order on time, and the last one closes the service", async () => {
    const c = customer();
    await c.say("Quanto custa a diária?");
    await replied(c, 1);

    await advance(9 * MIN);
    expect(c.received()).toHaveLength(1);
    await advance(1 * MIN + 1000);
    await eventually(async () => c.received().length === 2);
    expect(c.received()[1]).toBe("Ainda está por aí?");
    expect((await c.conversation())?.executedFollowUpSteps).toBe(1);

    await advance(30 * MIN + 1000);
    await eventually(async () => c.received().length === 3);
    expect(c.received()[2]).toBe("Vou encerrar por aqui. Qualquer coisa, é só chamar!");
    const closed = await c.conversation();
    expect(closed?.executedFollowUpSteps).toBe(2);
    expect(closed?.status).toBe("resolved");
    expect(closed?.finishedAt).not.toBeNull();

    // Nothing more after the chain ended.
    await advance(120 * MIN);
    expect(c.received()).toHaveLength(3);

    // Writing again opens a new service.
    await c.say("Voltei!");
    await eventually(async () => c.received().length === 4);
    const reopened = await c.conversation();
    expect(reopened?.status).toBe("active");
    expect(reopened?.finishedAt).toBeNull();
    expect(reopened?.executedFollowUpSteps).toBe(0);
  });

  test("a customer who answers cancels the pending step; the chain restarts from their new message", async () => {
    const c = customer();
    await c.say("Tem vaga amanhã?");
    await replied(c, 1);
    await advance(5 * MIN);
    await c.say("Para duas pessoas");
    // Wait for the new chain (due 10 min after this answer) before moving the clock again: the old
    // one, due 5 min from now, must be gone by then.
    await replied(c, 2, clock + 6 * MIN);
    // 11 minutes after the first answer, 6 after the second: the first chain is gone.
    await advance(6 * MIN);
    expect(c.received()).toHaveLength(2);
    await advance(4 * MIN + 1000);
    await eventually(async () => c.received().length === 3);
    expect(c.received()[2]).toBe("Ainda está por aí?");
    expect(c.received().filter((t) => t === "Ainda está por aí?")).toHaveLength(1);
  });
});

describe("the WhatsApp 24-hour window", () => {
  test("a follow-up due after 24 h is not sent: it is kept as skipped with the reason", async () => {
    await answerAtOnce(app, agent.id, {
      followUpSettings: [{ id: "late", timeout: 1500, action: "send_message", message: "Posso ajudar em algo mais?", order: 0, transferWhatsappNumber: undefined }],
    });
    try {
      const c = customer();
      await c.say("Bom dia");
      await replied(c, 1);
      await advance(1500 * MIN + 1000);
      const skipped = await eventually(async () => (await c.outbound()).find((m) => m.content === "Posso ajudar em algo mais?" && m.deliveryStatus === "skipped"));
      expect(skipped.deliveryError).toContain("24 horas");
      expect(c.received()).toHaveLength(1);
    } finally {
      await answerAtOnce(app, agent.id, { followUpSettings: steps });
    }
  });
});
