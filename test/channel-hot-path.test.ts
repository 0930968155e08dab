/**
 * The channel hot path (issue 12, item 5). A reply part is recorded as sent in its own small commit
 * the moment the provider answered (the gap in which a crash resends it stays short), and the end of
 * an answered message is one commit: the conversation waiting for the customer with the job's
 * completion (src/jobs/runner.ts atCompletion). A reply reads a conversation's unsent and unanswered
 * messages, never its whole thread. The job loop runs in-process (JOBS_WORKER=false) so the test
 * sees every statement.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { InStatement, Transaction, TransactionMode } from "@libsql/client";
import { and, eq } from "drizzle-orm";
import { conversations, jobs, messages } from "../db/schema";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { signedWhatsAppDelivery } from "./helpers/spawned";
import { eventually } from "./helpers/training";
import { explain, showPlan } from "./helpers/query-plans";

const APP_SECRET = "segredo-commit";
const ACCESS_TOKEN = "EAAG-commit";
const PHONE_ID = "106540352249999";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
/** Every write the server committed, in order: a transaction's statements, or one autocommit statement. */
const committed: string[][] = [];
const WRITE = /^\s*(insert|update|delete)\b/i;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  graph = await startFakeGraph();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, WHATSAPP_GRAPH_BASE: graph.url, CHANNEL_BURST_WINDOW_MS: "0", JOBS_WORKER: "false" });
  const o = await ownerWithAgent(app);
  await answerAtOnce(app, o.agent.id);
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  graph.addPhoneNumber(PHONE_ID, { accessToken: ACCESS_TOKEN });
  const res = await o.client.trpc.channels.connectWhatsApp.mutate({
    agentId: o.agent.id,
    config: { accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, phoneNumberId: PHONE_ID, businessAccountId: "waba-1", webhookVerifyToken: "v" },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  const client = app.deps.db.$client;
  const execute = client.execute.bind(client);
  client.execute = (async (stmt: InStatement, ...rest: unknown[]) => {
    const out = await (execute as (...a: unknown[]) => Promise<unknown>)(stmt, ...rest);
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    if (WRITE.test(sql)) committed.push([sql]);
    return out;
  }) as typeof client.execute;
  const begin = client.transaction.bind(client);
  client.transaction = (async (mode?: TransactionMode) => {
    const tx: Transaction = await begin(mode);
    const statements: string[] = [];
    const execute = tx.execute.bind(tx);
    const commit = tx.commit.bind(tx);
    tx.execute = (stmt: InStatement) => {
      statements.push(typeof stmt === "string" ? stmt : stmt.sql);
      return execute(stmt);
    };
    tx.commit = async () => {
      await commit();
      committed.push(statements);
    };
    return tx;
  }) as typeof client.transaction;
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  graph.stop();
});

const deliver = async (from: string, id: string, text: string) => {
  const d = signedWhatsAppDelivery({ phoneNumberId: PHONE_ID, appSecret: APP_SECRET }, from, id, text);
  const res = await fetch(`${app.base}/webhooks/whatsapp`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": d.signature }, body: d.body });
  expect(res.status).toBe(200);
};

test("a reply part is recorded as sent in its own commit, then the waiting flag commits with the job's completion", async () => {
  const from = "5511900001111";
  await deliver(from, "wamid.COMMIT1", "Qual o horário de vocês?");
  await eventually(async () => graph.sends.find((s) => s.body.to === from && s.body.type === "text"));
  const job = await eventually(async () => {
    const [row] = await app.deps.db.select().from(jobs).where(and(eq(jobs.type, "channel-inbound"), eq(jobs.status, "completed")));
    return row;
  });

  // What the customer and the inbox see once the job is done.
  const [conv] = await app.deps.db.select().from(conversations).where(eq(conversations.contactKey, from));
  expect(conv?.waitingForUser).toBe(true);
  const reply = (await app.deps.db.select().from(messages).where(eq(messages.conversationId, conv?.id ?? ""))).find((m) => m.senderType === "agent");
  expect(reply?.deliveryStatus).toBe("sent");
  expect(reply?.providerMessageId).toBeTruthy();
  expect(job.result).toMatchObject({ reply: { sent: 1 } });

  // The "sent" record: one statement committed on its own, not queued behind the lanes' group commit…
  const delivery = committed.findIndex((c) => c.some((s) => /^UPDATE messages SET delivery_status/.test(s)));
  expect(delivery).toBeGreaterThanOrEqual(0);
  expect(committed[delivery]).toHaveLength(1);
  // …and after it a single commit holds the waiting flag and the job's completion.
  // (Other jobs, e.g. the after-turn insights, complete in commits of their own.)
  const completion = committed.findIndex((c) => c.some((s) => /^UPDATE conversations SET waiting_for_user = 1/.test(s)));
  expect(completion).toBeGreaterThan(delivery);
  expect(committed[completion]?.some((s) => /^UPDATE jobs SET status = 'completed'/.test(s))).toBe(true);
  expect(committed.filter((c) => c.some((s) => /^UPDATE conversations SET waiting_for_user = 1/.test(s)))).toHaveLength(1);
});

test("answering a customer with a long history reads only the messages the reply needs, not the whole thread", async () => {
  const from = "5511900002222";
  for (let i = 0; i < 3; i++) {
    await deliver(from, `wamid.THREAD${i}`, `Mensagem ${i} de uma conversa longa`);
    await eventually(async () => graph.sends.filter((s) => s.body.to === from && s.body.type === "text").length === i + 1);
  }
  const client = app.deps.db.$client;
  const execute = client.execute;
  const reads = new Map<string, unknown>();
  client.execute = ((stmt: InStatement, ...rest: unknown[]) => {
    if (typeof stmt !== "string" && /^select\b[\s\S]*\bfrom "?messages"?/i.test(stmt.sql)) reads.set(stmt.sql, stmt.args);
    return (execute as (...a: unknown[]) => unknown).call(client, stmt, ...rest);
  }) as typeof client.execute;
  try {
    await deliver(from, "wamid.THREAD3", "E mais uma pergunta");
    await eventually(async () => graph.sends.filter((s) => s.body.to === from && s.body.type === "text").length === 4);
  } finally {
    client.execute = execute;
  }
  expect(reads.size).toBeGreaterThan(0);
  for (const [sql, args] of reads) {
    const plan = await explain(client, { sql, args: args as never });
    const wholeThread = plan.some((l) => /^SCAN messages\b/.test(l.detail) || (/messages_thread_idx \(conversation_id=\?\)$/.test(l.detail) && !/\blimit\b/i.test(sql)));
    expect(wholeThread, `${sql}\n${showPlan(plan)}`).toBe(false);
  }
});
