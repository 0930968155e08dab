/**
 * Two workspaces with one of everything a procedure can point at (agent, intent, training source,
 * channel connection, dynamic API + endpoint, conversation, invitation), built through the API,
 * plus a viewer of the first. The matrix calls every procedure against these ids.
 */
import superjson from "superjson";
import { type CampaignsFixture, campaignsFixture } from "./guard-fixtures-campaigns";
import { type CrmFixture, crmFixture } from "./guard-fixtures-crm";
import { type InsightsFixture, insightsFixture } from "./guard-fixtures-insights";
import { abTestFixture } from "./guard-fixtures-ab-tests";
import { type OrchestrationFixture, orchestrationFixture } from "./guard-fixtures-orchestration";
import { saveStoredFile } from "../../src/services/files/store";
import { ownerWithAgent } from "./agents";
import type { TestApp } from "./app";
import type { Client } from "./client";
import { mailedToken, registerUser, uniqueEmail } from "./factories";
import { callProcedure } from "./guard-http";
import { arrangeConversation } from "./inbox";

export type Fixture = {
  workspaceId: string;
  ownerId: string;
  agentId: string;
  intentId: string;
  sourceId: string;
  connectionId: string;
  apiId: string;
  endpointKey: string;
  conversationId: string;
  invitationId: string;
  invitationToken: string;
  /** CRM rows (contact, default pipeline, deal) of this workspace. */
  crm: CrmFixture;
  /** Campaign, Leads Hunter and validation rows (issue 16). */
  campaigns: CampaignsFixture;
  /** An alert rule and an open sentiment alert (issue 18 insights). */
  insights: InsightsFixture;
  /** An orchestration with a second agent and a rule (issue 18). */
  orchestration: OrchestrationFixture;
  /** A draft A/B test of the agent (issue 18). */
  abTestId: string;
  /** Protected files (issue 19, H8): a chat image of this workspace, served by GET /api/v1/files/:id. */
  chatImageFileId: string;
};

export type Actor = { client: Client; userId: string };

/** A tRPC call that must work (fixture building): its decoded data, or a thrown error naming the call. */
export async function must<T>(app: TestApp, client: Client, type: "query" | "mutation", path: string, input?: unknown): Promise<T> {
  const out = await callProcedure(app.base, client, { path, type }, input);
  const body = JSON.parse(out.body) as { result?: { data: { json: unknown; meta?: unknown } } };
  if (out.status !== 200 || !body.result) throw new Error(`${path} failed while building fixtures: ${out.status} ${out.body.slice(0, 300)}`);
  return superjson.deserialize(body.result.data as never) as T;
}

export const sampleIntent = (name: string) => ({
  name,
  description: `Quando o cliente pergunta sobre ${name}`,
  examples: [`quero saber de ${name}`],
  action: { type: "simple_response", simpleResponse: "Abrimos às 9h." },
});

let botSeq = 0;
/** Telegram tokens the fake accepts: one per workspace (the connection's bot). */
export const botTokens: Record<string, { id: number; username: string }> = {};
export function nextBotToken() {
  botSeq++;
  const token = `${700_000 + botSeq}:guard-${botSeq}`;
  botTokens[token] = { id: 700_000 + botSeq, username: `guard_${botSeq}_bot` };
  return token;
}

/** An owner with one of every workspace-scoped entity. */
export async function workspaceWithEverything(app: TestApp, botToken: string): Promise<{ owner: Actor; fixture: Fixture }> {
  const o = await ownerWithAgent(app);
  const c = o.client;
  const agentId = o.agent.id;
  const intent = await must<{ id: string }>(app, c, "mutation", "agents.intents.create", { agentId, intent: sampleIntent("horário") });
  const source = await must<{ id: string }>(app, c, "mutation", "training.addText", { agentId, body: { content: "Abrimos de segunda a sexta, das 9h às 18h." } });
  const connection = await must<{ id: string }>(app, c, "mutation", "channels.connectTelegram", { agentId, botToken });
  const api = await must<{ id: string }>(app, c, "mutation", "dynamicApi.create", { agentId, api: { name: "Loja", baseUrl: "https://loja.exemplo.com.br" } });
  const manual = { name: "consultar pedido", method: "GET", path: "/orders/{id}", summary: "Consulta um pedido", parameters: [{ name: "id", in: "path", required: true }] };
  await must(app, c, "mutation", "dynamicApi.saveEndpoints", { id: api.id, selected: [], manual: [manual] });
  const conversation = await arrangeConversation(app, o.workspaceId, { at: Date.now(), texts: ["Olá", "Oi! Como posso ajudar?"], unreadCount: 1 });
  const invitee = uniqueEmail("convidado");
  await must(app, c, "mutation", "workspaces.members.invite", { email: invitee, role: "member", permissions: {} });
  const invitations = await must<{ id: string; email: string }[]>(app, c, "query", "workspaces.invitations.list");
  const invitation = invitations.find((i) => i.email === invitee);
  if (!invitation) throw new Error("invitation not listed");
  return {
    owner: { client: c, userId: o.user.id },
    fixture: {
      workspaceId: o.workspaceId,
      ownerId: o.user.id,
      agentId,
      intentId: intent.id,
      sourceId: source.id,
      connectionId: connection.id,
      apiId: api.id,
      endpointKey: "GET /orders/{id}",
      conversationId: conversation.id,
      invitationId: invitation.id,
      invitationToken: await mailedToken(app, invitee, "/convite"),
      crm: await crmFixture(app, o.workspaceId, conversation.id, o.user.id),
      campaigns: await campaignsFixture(app, o.workspaceId, o.user.id),
      orchestration: await orchestrationFixture(app, o.workspaceId, o.user.id, agentId),
      abTestId: await abTestFixture(app, o.workspaceId, agentId),
      // Protected files (issue 19, H8): a tiny PNG as the workspace's chat image.
      chatImageFileId: (
        await saveStoredFile(
          app.deps,
          { purpose: "chat_image", workspaceId: o.workspaceId, fileName: "foto.png", mimeType: "image/png" },
          new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          { maxBytes: 1024, message: "grande demais" },
        )
      ).id,
      insights: await insightsFixture(app, o.workspaceId, conversation.id, agentId),
    },
  };
}

/** A member of the owner's workspace with role viewer and every permission flag false. */
export async function viewerOf(app: TestApp, owner: Actor): Promise<Actor> {
  const email = uniqueEmail("viewer");
  await must(app, owner.client, "mutation", "workspaces.members.invite", { email, role: "viewer", permissions: {} });
  const token = await mailedToken(app, email, "/convite");
  const viewer = await registerUser(app, { email, firstName: "Vera", lastName: "Lima" });
  await must(app, viewer.client, "mutation", "invitations.accept", { token });
  return { client: viewer.client, userId: viewer.user.id };
}

/** Waits until the training jobs of the fixture settled, so background work cannot change its rows mid-test. */
export async function settled(app: TestApp, owner: Actor, f: Fixture, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const sources = await must<{ id: string; status: string }[]>(app, owner.client, "query", "training.list", { agentId: f.agentId });
    if (sources.every((s) => s.status === "ready" || s.status === "failed")) return;
    await Bun.sleep(50);
  }
  throw new Error("training source did not settle");
}
