/**
 * kill -9 in the middle of a campaign (issue 16): the server process dies while UAZAPI has taken a
 * message but not yet answered, so the send is left 'sending'. After a restart on the same file the
 * scheduler asks UAZAPI for the send's track_id, records it as sent without sending it again, and
 * goes on: every list member got exactly one message, nobody was skipped.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { campaignContacts, campaignLists, campaignMessages, campaignSends, campaigns } from "../db/schema";
import { DEFAULT_CAMPAIGN_SETTINGS } from "../src/schemas/campaigns/settings";
import { startFakeUazapi } from "./fakes/uazapi";
import { Client } from "./helpers/client";
import { PASSWORD, registerBody, uniqueEmail } from "./helpers/factories";
import { type SpawnedServer, spawnServer } from "./helpers/spawned";

const ADMIN_TOKEN = "uaz-admin-queda";
const COUNT = 12;
let uaz: Awaited<ReturnType<typeof startFakeUazapi>>;
let dataDir: string;
let server: SpawnedServer | null = null;
let db: DatabaseHandle | null = null;

beforeAll(async () => {
  uaz = await startFakeUazapi({ adminToken: ADMIN_TOKEN });
  dataDir = mkdtempSync(join(tmpdir(), "atenda-campaign-crash-"));
});
afterAll(async () => {
  db?.close();
  await server?.stop("SIGKILL");
  uaz.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const port = () => 20_000 + Math.floor(Math.random() * 20_000);
const env = () => ({
  CAMPAIGN_CLOCK: "2026-11-23T10:00:00-03:00@600",
  ATENDA_SAFE_FETCH_ALLOW: new URL(uaz.url).host,
  // A dead process's job is taken again after one lease: short, so the test does not wait long.
  JOB_LEASE_MS: "1500",
  JOB_POLL_MS: "50",
});

async function waitFor<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`timeout waiting for ${what}: ${JSON.stringify(v)}`);
    await Bun.sleep(25);
  }
}

test("kill -9 while a send is in flight: after restart each member has exactly one message", async () => {
  server = await spawnServer(dataDir, port(), env());
  const owner = await new Client(server.base).warmUp();
  const reg = await owner.post<{ user: { currentWorkspaceId: string } }>("/api/v1/auth/register", registerBody({ email: uniqueEmail("queda"), password: PASSWORD }));
  expect(reg.status).toBe(201);
  const workspaceId = reg.data.user.currentWorkspaceId;
  const agent = await owner.post<{ id: string }>("/api/v1/agents", { name: "Ana", activity: "Atendimento" });
  expect(agent.status).toBe(201);
  const conn = await owner.trpc.channels.connectUazapi.mutate({ agentId: agent.data.id, serverUrl: uaz.url, adminToken: ADMIN_TOKEN, instanceName: "queda" });
  if (!conn.ok) throw new Error(JSON.stringify(conn.error));
  const token = [...uaz.instances.values()].find((i) => i.name === "queda")?.token;
  if (!token) throw new Error("no instance");
  uaz.pair(token, "5511900000009");

  // The list and the campaign go straight into the server's file (the lists/campaign forms have their own tests).
  db = await openDatabase(`file:${join(dataDir, "atenda.db")}`);
  const phones = Array.from({ length: COUNT }, (_, i) => `+55119770${String(10_000 + i)}`);
  const [list] = await db.db.insert(campaignLists).values({ workspaceId, name: "Queda", contactCount: COUNT }).returning({ id: campaignLists.id });
  if (!list) throw new Error("no list");
  await db.db.insert(campaignContacts).values(phones.map((phone, i) => ({ workspaceId, listId: list.id, phone, name: `Pessoa ${i + 1}` })));
  const settings = { ...DEFAULT_CAMPAIGN_SETTINGS, minIntervalSeconds: 10, maxIntervalSeconds: 10, maxPerHour: 150, businessHoursEnabled: false, skipWeekends: false };
  const [c] = await db.db.insert(campaigns).values({ workspaceId, name: "Queda", listId: list.id, connectionId: conn.data.id, settings }).returning({ id: campaigns.id });
  if (!c) throw new Error("no campaign");
  await db.db.insert(campaignMessages).values({ campaignId: c.id, position: 0, content: "Oi {{nome}}" });

  const started = await owner.trpc.campaigns.start.mutate({ id: c.id });
  expect(started.ok).toBe(true);
  await waitFor("some sends", async () => uaz.outbox.length, (n) => n >= 4);
  // The next message reaches UAZAPI but its answer never comes back: the process dies waiting.
  uaz.control.answerDelayMs = 60_000;
  const before = uaz.outbox.length;
  await waitFor("a send in flight", async () => uaz.outbox.length, (n) => n > before);
  await server.stop("SIGKILL");
  server = null;
  uaz.control.answerDelayMs = 0;
  const sendsOf = () => db?.db.select().from(campaignSends).where(eq(campaignSends.campaignId, c.id)) ?? Promise.resolve([]);
  expect((await sendsOf()).filter((s) => s.status === "sending").length).toBe(1);

  server = await spawnServer(dataDir, port(), env());
  const statusOf = async () => (await db?.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, c.id)))?.[0]?.status;
  await waitFor("completed", statusOf, (s) => s === "completed", 60_000);
  const numbers = uaz.outbox.map((m) => m.number).sort();
  expect(numbers).toEqual(phones.map((p) => p.replace(/\D/g, "")).sort());
  const sends = await sendsOf();
  expect(sends.length).toBe(COUNT);
  expect(sends.every((s) => s.status === "sent" && s.providerMessageId !== null)).toBe(true);
  // The interrupted one was settled by its tracking id, not sent again.
  const tracked = new Map(uaz.outbox.map((m) => [m.track_id, m.messageid]));
  expect(sends.every((s) => tracked.get(s.id) === s.providerMessageId)).toBe(true);
}, 120_000);
