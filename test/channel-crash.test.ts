/**
 * "Killing the process at any moment loses no message and sends no reply twice": the real server
 * in its own process is SIGKILLed while the model is still answering a burst of customers, then
 * started again on the same database file. Every customer gets exactly one reply, charged once.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { conversations, creditTransactions, messages } from "../db/schema";
import { openDatabase } from "../db/client";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { SPAWN_WA_TOKEN, type SpawnedServer, setupWhatsAppAgent, signedWhatsAppDelivery, spawnServer } from "./helpers/spawned";
import { eventually } from "./helpers/training";

const dataDir = mkdtempSync(join(tmpdir(), "atenda-crash-"));
const port = 20000 + Math.floor(Math.random() * 20000);
const CUSTOMERS = 6;

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let server: SpawnedServer | null = null;

beforeAll(async () => {
  // A slow model: the kill lands while turns are in flight.
  openai = await startFakeOpenAi({ latencyMs: 1500 });
  graph = await startFakeGraph();
  graph.addPhoneNumber("5550001", { accessToken: SPAWN_WA_TOKEN });
});
afterAll(async () => {
  await server?.stop("SIGKILL");
  openai.stop();
  graph.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  OPENAI_API_KEY: "sk-teste",
  OPENAI_BASE_URL: openai.url,
  WHATSAPP_GRAPH_BASE: graph.url,
  CHANNEL_BURST_WINDOW_MS: "0",
  // A short lease so the jobs the dead process held are taken again quickly.
  JOB_LEASE_MS: "2000",
});

test("SIGKILL mid-turn: after a restart every customer is answered exactly once and charged once", async () => {
  server = await spawnServer(dataDir, port, env());
  const setup = await setupWhatsAppAgent(server.base, { phoneNumberId: "5550001", appSecret: "segredo-da-queda" });
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => `55119000000${String(i).padStart(2, "0")}`);
  for (const [i, from] of customers.entries()) {
    const d = signedWhatsAppDelivery(setup, from, `wamid.CRASH${i}`, `Pergunta ${i}`);
    const res = await fetch(`${server.base}/webhooks/whatsapp`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": d.signature }, body: d.body });
    expect(res.status).toBe(200);
  }
  // The model has started answering (accepted → durable), nothing was sent yet: kill.
  await eventually(async () => openai.chatRequests().length > 0, 15_000);
  expect(graph.sends).toHaveLength(0);
  await server.stop("SIGKILL");

  server = await spawnServer(dataDir, port, env());
  const answered = () => customers.filter((from) => graph.sends.some((s) => s.body.to === from));
  await eventually(async () => answered().length === CUSTOMERS, 40_000);
  await Bun.sleep(2500);
  for (const from of customers) expect(graph.sends.filter((s) => s.body.to === from)).toHaveLength(1);
  await server.stop();
  server = null;

  const db = await openDatabase(`file:${join(dataDir, "atenda.db")}`);
  try {
    const convs = await db.db.select().from(conversations).where(eq(conversations.workspaceId, setup.workspaceId));
    expect(convs).toHaveLength(CUSTOMERS);
    const ids = convs.map((c) => c.id);
    const rows = await db.db.select().from(messages).where(inArray(messages.conversationId, ids));
    expect(rows.filter((m) => m.senderType === "customer")).toHaveLength(CUSTOMERS);
    expect(rows.filter((m) => m.senderType === "agent")).toHaveLength(CUSTOMERS);
    expect(rows.filter((m) => m.senderType === "agent").every((m) => m.deliveryStatus === "sent")).toBe(true);
    const debits = await db.db.select().from(creditTransactions).where(inArray(creditTransactions.conversationId, ids));
    expect(debits).toHaveLength(CUSTOMERS);
  } finally {
    db.close();
  }
}, 120_000);
