/**
 * Defect 8 of issue 11: webhook-intent headers are secrets. They are stored encrypted, listed to
 * members as names with a "has value" flag only, kept when an update sends a name without a
 * value, and decrypted only for the call itself. Rows stored in plaintext before the fix are
 * sealed by the boot step and keep working.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agentIntents } from "../db/schema";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { sealPlaintextIntentHeaders } from "../src/services/intents";
import { startWebhookReceiver } from "./fakes/webhook-receiver";
import { type AgentRow, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { joinAs } from "./helpers/inbox";

const TOKEN = "Bearer tok-super-secreto-123";

let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let app: TestApp;
let owner: Client;
let viewer: Client;
let agent: AgentRow;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  setSafeFetchTestAllowlist([hooks.host]);
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  owner = o.client;
  agent = o.agent;
  viewer = (await joinAs(app, owner, "viewer")).client;
}, 30_000);
afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  await app.stop();
  hooks.stop();
});

const webhookIntent = (path: string, headers: Record<string, string | null>) => ({
  name: "Consultar pedido",
  description: "Quando o cliente quer saber do pedido",
  examples: ["cadê meu pedido"],
  action: { type: "webhook" as const, webhook: { url: hooks.url(path), retries: 0, headers } },
});

const storedRow = async (id: string) => (await app.deps.db.select().from(agentIntents).where(eq(agentIntents.id, id)))[0];

async function create(path: string, headers: Record<string, string | null>) {
  const res = await owner.trpc.agents.intents.create.mutate({ agentId: agent.id, intent: webhookIntent(path, headers) });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return res.data.id;
}

describe("webhook intent headers", () => {
  test("the stored row holds no plaintext value; the answer and the list give names + hasValue only", async () => {
    const created = await owner.trpc.agents.intents.create.mutate({ agentId: agent.id, intent: webhookIntent("/h1", { Authorization: TOKEN }) });
    expect(created.ok).toBe(true);
    expect(JSON.stringify(created.data)).not.toContain("tok-super-secreto");
    const row = await storedRow(created.data.id);
    expect(JSON.stringify(row)).not.toContain("tok-super-secreto");
    const stored = (row?.action as { webhook?: { headers: Record<string, string> } } | undefined)?.webhook?.headers ?? {};
    expect(stored.Authorization).toStartWith("enc:v1:");
    for (const who of [owner, viewer]) {
      const list = await who.trpc.agents.intents.list.query({ agentId: agent.id });
      expect(list.ok).toBe(true);
      expect(JSON.stringify(list.data)).not.toContain("tok-super-secreto");
      const action = list.data.find((i) => i.id === created.data.id)?.action;
      expect(action?.type === "webhook" ? action.webhook.headers : null).toEqual([{ name: "Authorization", hasValue: true }]);
    }
  });

  test("the webhook still receives the header; an update without a value keeps it, a new value replaces it, a missing name removes it", async () => {
    hooks.on("/h2", { json: { ok: true } });
    const id = await create("/h2", { Authorization: TOKEN, "x-loja": "centro" });
    const run = async () => {
      const res = await owner.trpc.agents.intents.test.mutate({ agentId: agent.id, id });
      expect(res.data.ok).toBe(true);
      return hooks.hits("/h2").at(-1)?.headers ?? {};
    };
    expect((await run()).authorization).toBe(TOKEN);

    const keep = await owner.trpc.agents.intents.update.mutate({ agentId: agent.id, id, intent: webhookIntent("/h2", { Authorization: null, "x-loja": null }) });
    expect(keep.ok).toBe(true);
    expect(await run()).toMatchObject({ authorization: TOKEN, "x-loja": "centro" });

    await owner.trpc.agents.intents.update.mutate({ agentId: agent.id, id, intent: webhookIntent("/h2", { Authorization: "Bearer novo", "x-loja": null }) });
    expect(await run()).toMatchObject({ authorization: "Bearer novo", "x-loja": "centro" });

    await owner.trpc.agents.intents.update.mutate({ agentId: agent.id, id, intent: webhookIntent("/h2", { "x-loja": null }) });
    const last = await run();
    expect(last.authorization).toBeUndefined();
    expect(last["x-loja"]).toBe("centro");
  });

  test("a kept header value never follows the webhook to another server: a new origin needs the value typed again", async () => {
    const other = await startWebhookReceiver();
    setSafeFetchTestAllowlist([hooks.host, other.host]);
    try {
      const id = await create("/h5", { Authorization: TOKEN });
      const moved = (url: string, headers: Record<string, string | null>) =>
        owner.trpc.agents.intents.update.mutate({
          agentId: agent.id,
          id,
          intent: { ...webhookIntent("/h5", headers), action: { type: "webhook", webhook: { url, retries: 0, headers } } },
        });
      const stolen = await moved(other.url("/rouba"), { Authorization: null });
      expect([stolen.status, stolen.error?.message]).toEqual([400, "Ao trocar o endereço do webhook, informe de novo o valor dos cabeçalhos"]);
      // Nothing changed: Testar still calls the original server with the original value.
      expect((await owner.trpc.agents.intents.test.mutate({ agentId: agent.id, id })).ok).toBe(true);
      expect(other.hits("/rouba")).toHaveLength(0);
      expect(hooks.hits("/h5").at(-1)?.headers.authorization).toBe(TOKEN);
      // Another path on the same server keeps it; a new server with the value typed again is fine.
      expect((await moved(hooks.url("/h5-novo"), { Authorization: null })).ok).toBe(true);
      expect((await moved(other.url("/novo"), { Authorization: "Bearer outro" })).ok).toBe(true);
    } finally {
      setSafeFetchTestAllowlist([hooks.host]);
      other.stop();
    }
  });

  test("a new header without a value is refused with a pt-BR message", async () => {
    const res = await owner.trpc.agents.intents.create.mutate({ agentId: agent.id, intent: webhookIntent("/h3", { "x-novo": null }) });
    expect([res.status, res.error?.message]).toEqual([400, 'Informe o valor do cabeçalho "x-novo"']);
  });

  test("a row stored in plaintext before the fix is sealed at boot and still sends its header", async () => {
    hooks.on("/legado", { json: { ok: true } });
    const id = await create("/legado", { Authorization: "temporario" });
    const row = await storedRow(id);
    const action = row?.action as { webhook: Record<string, unknown> };
    await app.deps.db
      .update(agentIntents)
      .set({ action: { ...action, webhook: { ...action.webhook, headers: { Authorization: "Bearer legado-claro" } } } })
      .where(eq(agentIntents.id, id));
    expect(JSON.stringify(await storedRow(id))).toContain("legado-claro");
    await sealPlaintextIntentHeaders(app.deps);
    expect(JSON.stringify(await storedRow(id))).not.toContain("legado-claro");
    const res = await owner.trpc.agents.intents.test.mutate({ agentId: agent.id, id });
    expect(res.data.ok).toBe(true);
    expect(hooks.hits("/legado").at(-1)?.headers.authorization).toBe("Bearer legado-claro");
  });
});
