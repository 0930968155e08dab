/**
 * Issue 11, defects 2 and 3: a routing key (Instagram account or page id, WhatsApp phone number
 * id) cannot be taken by another workspace. Instagram's ids are unique across both columns and the
 * page must be linked to the account (checked with the token); a WhatsApp number is read with the
 * given token before it is stored, so garbage tokens cannot squat it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { channelConnections } from "../db/schema";
import { messagingPayload, signedDelivery, startFakeInstagram } from "./fakes/instagram";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";

const IG_TOKEN = "IGQVJ-token-hardening";
const VICTIM = { businessId: "17841400000000101", pageId: "104000000000101", appSecret: "segredo-vitima" };
const ATTACKER = { businessId: "17841400000000202", pageId: "104000000000202", appSecret: "segredo-atacante" };
const OTHER = { businessId: "17841400000000303", pageId: "104000000000303" };

const WA_VICTIM = { phoneNumberId: "551130000101", accessToken: "EAAG-dono-verdadeiro" };
const WA_ATTACKER = { phoneNumberId: "551130000202", accessToken: "EAAG-atacante" };

let ig: Awaited<ReturnType<typeof startFakeInstagram>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let victim: Awaited<ReturnType<typeof ownerWithAgent>>;
let attacker: Awaited<ReturnType<typeof ownerWithAgent>>;

beforeAll(async () => {
  ig = await startFakeInstagram({
    accessToken: IG_TOKEN,
    accounts: { [VICTIM.businessId]: "vitima", [ATTACKER.businessId]: "atacante", [OTHER.businessId]: "outra" },
    pages: { [VICTIM.pageId]: VICTIM.businessId, [ATTACKER.pageId]: ATTACKER.businessId, [OTHER.pageId]: OTHER.businessId },
  });
  graph = await startFakeGraph();
  graph.addPhoneNumber(WA_VICTIM.phoneNumberId, { accessToken: WA_VICTIM.accessToken });
  graph.addPhoneNumber(WA_ATTACKER.phoneNumberId, { accessToken: WA_ATTACKER.accessToken });
  app = await startTestApp({ INSTAGRAM_GRAPH_BASE: ig.url, WHATSAPP_GRAPH_BASE: graph.url, CHANNEL_BURST_WINDOW_MS: "50" });
  victim = await ownerWithAgent(app);
  attacker = await ownerWithAgent(app);
}, 30_000);
afterAll(async () => {
  await app.stop();
  ig.stop();
  graph.stop();
});

const igInput = (agentId: string, ids: { businessId: string; pageId: string }, appSecret: string) => ({
  agentId,
  accessToken: IG_TOKEN,
  appSecret,
  businessId: ids.businessId,
  pageId: ids.pageId,
  webhookVerifyToken: `verifica-${appSecret}`,
});

const deliverInstagram = (accountId: string, appSecret: string) => {
  const d = signedDelivery(appSecret, messagingPayload({ accountId, userId: `9${Date.now()}`, text: "Oi, tudo bem?" }));
  return fetch(`${app.base}/webhooks/instagram`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": d.signature },
    body: d.body,
  });
};

const connectionsOf = (workspaceId: string) => app.deps.db.select().from(channelConnections).where(eq(channelConnections.workspaceId, workspaceId));

describe("Instagram routing keys", () => {
  test("another workspace cannot claim the victim's account or page id in either field; the victim's deliveries still route", async () => {
    const ok = await victim.client.trpc.channels.connectInstagram.mutate(igInput(victim.agent.id, VICTIM, VICTIM.appSecret));
    if (!ok.ok) throw new Error(JSON.stringify(ok.error));

    const attempts = [
      // The attack: the attacker's own account, with the victim's account id as the page.
      { businessId: ATTACKER.businessId, pageId: VICTIM.businessId },
      { businessId: VICTIM.pageId, pageId: ATTACKER.pageId },
      { businessId: ATTACKER.businessId, pageId: VICTIM.pageId },
      { businessId: VICTIM.businessId, pageId: ATTACKER.pageId },
    ];
    for (const ids of attempts) {
      // Even if the Graph vouched for the pairing, the ids are already someone's routing keys.
      ig.addPage(ids.pageId, ids.businessId);
      ig.addAccount(ids.businessId, "atacante");
      const res = await attacker.client.trpc.channels.connectInstagram.mutate(igInput(attacker.agent.id, ids, ATTACKER.appSecret));
      expect({ ids, status: res.status }).toEqual({ ids, status: 409 });
      expect(res.error?.message).toBe("Esta conta ou página do Instagram já está conectada a um agente");
    }
    expect(await connectionsOf(attacker.workspaceId)).toHaveLength(0);
    ig.addPage(VICTIM.pageId, VICTIM.businessId);
    ig.addPage(ATTACKER.pageId, ATTACKER.businessId);

    // The victim's genuinely signed deliveries are accepted, by account id and by page id.
    for (const key of [VICTIM.businessId, VICTIM.pageId]) {
      const res = await deliverInstagram(key, VICTIM.appSecret);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { accepted: number }).accepted).toBe(1);
      // Signed with the attacker's secret, the same key is refused.
      expect((await deliverInstagram(key, ATTACKER.appSecret)).status).toBe(401);
    }
  });

  test("a page that is not linked to the account is refused with the token's own answer, and nothing is stored", async () => {
    // OTHER's page is linked to OTHER's account, not to the attacker's.
    const res = await attacker.client.trpc.channels.connectInstagram.mutate(igInput(attacker.agent.id, { businessId: ATTACKER.businessId, pageId: OTHER.pageId }, ATTACKER.appSecret));
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(`A página ${OTHER.pageId} não está vinculada à conta do Instagram ${ATTACKER.businessId}`);
    expect(ig.calls.some((c) => c.method === "GET" && c.path.startsWith(`/v21.0/${OTHER.pageId}?fields=instagram_business_account`))).toBe(true);
    expect(await connectionsOf(attacker.workspaceId)).toHaveLength(0);
  });

  test("an update cannot move a connection onto another connection's id", async () => {
    const own = await attacker.client.trpc.channels.connectInstagram.mutate(igInput(attacker.agent.id, ATTACKER, ATTACKER.appSecret));
    if (!own.ok) throw new Error(JSON.stringify(own.error));
    ig.addPage(VICTIM.businessId, ATTACKER.businessId);
    const moved = await attacker.client.trpc.channels.updateInstagram.mutate({
      id: own.data.id,
      config: { businessId: ATTACKER.businessId, pageId: VICTIM.businessId, webhookVerifyToken: "v" },
    });
    expect(moved.status).toBe(409);
    const unlinked = await attacker.client.trpc.channels.updateInstagram.mutate({
      id: own.data.id,
      config: { businessId: ATTACKER.businessId, pageId: OTHER.pageId, webhookVerifyToken: "v" },
    });
    expect(unlinked.status).toBe(400);
    const [row] = await connectionsOf(attacker.workspaceId);
    expect(row?.config).toMatchObject({ businessId: ATTACKER.businessId, pageId: ATTACKER.pageId });
    expect((await deliverInstagram(VICTIM.businessId, VICTIM.appSecret)).status).toBe(200);
    expect((await deliverInstagram(ATTACKER.pageId, ATTACKER.appSecret)).status).toBe(200);
  });
});

const waInput = (agentId: string, phoneNumberId: string, accessToken: string) => ({
  agentId,
  config: { accessToken, appSecret: "segredo-qualquer", phoneNumberId, businessAccountId: "waba-x", webhookVerifyToken: "verifica-x" },
});

describe("WhatsApp Cloud numbers", () => {
  test("someone else's phone number id with garbage tokens is refused before anything is stored; the owner connects afterwards", async () => {
    const squat = await attacker.client.trpc.channels.connectWhatsApp.mutate(waInput(attacker.agent.id, WA_VICTIM.phoneNumberId, "lixo"));
    expect(squat.status).toBe(400);
    expect(squat.error?.message).toBe("O WhatsApp recusou o access token para este Phone number ID");
    const unknown = await attacker.client.trpc.channels.connectWhatsApp.mutate(waInput(attacker.agent.id, "999000111", WA_ATTACKER.accessToken));
    expect(unknown.status).toBe(400);
    expect(unknown.error?.message).toContain("O WhatsApp não reconheceu o Phone number ID");
    const rows = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.channel, "whatsapp_cloud"));
    expect(rows).toHaveLength(0);

    const owner = await victim.client.trpc.channels.connectWhatsApp.mutate(waInput(victim.agent.id, WA_VICTIM.phoneNumberId, WA_VICTIM.accessToken));
    expect(owner.ok).toBe(true);
  });

  test("an update cannot move a connection onto a number its token does not reach", async () => {
    const own = await attacker.client.trpc.channels.connectWhatsApp.mutate(waInput(attacker.agent.id, WA_ATTACKER.phoneNumberId, WA_ATTACKER.accessToken));
    if (!own.ok) throw new Error(JSON.stringify(own.error));
    // Keeping the stored (attacker's) token, or giving garbage: both are refused by the Graph.
    for (const accessToken of [undefined, "lixo"]) {
      const moved = await attacker.client.trpc.channels.updateWhatsApp.mutate({
        id: own.data.id,
        config: { phoneNumberId: "551130000999", businessAccountId: "waba-x", webhookVerifyToken: "verifica-x", ...(accessToken ? { accessToken } : {}) },
      });
      expect(moved.status).toBe(400);
    }
    const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, own.data.id));
    expect(row?.externalId).toBe(WA_ATTACKER.phoneNumberId);
  });
});
