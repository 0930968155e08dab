/** Agents, the public chat (JSON and SSE) and wallet helpers for the agent/chat/credit tests. */
import { eq } from "drizzle-orm";
import { agents, creditTransactions, userCredits } from "../../db/schema";
import { type ConversationSettings, defaultConversationSettings } from "../../src/schemas/agents";
import type { TestApp } from "./app";
import type { Client } from "./client";
import { type PublicUser, registerUser } from "./factories";

export type AgentRow = {
  id: string;
  name: string;
  activity: string | null;
  isActive: boolean;
  configHash: string;
  workspaceId: string;
  [k: string]: unknown;
};

/** Registers a user and creates one agent in their workspace (free plan: one agent), optionally patched. */
export async function ownerWithAgent(app: TestApp, patch: Record<string, unknown> = {}, create: Record<string, unknown> = {}) {
  const owner = await registerUser(app);
  const created = await owner.client.post<AgentRow>("/api/v1/agents", { name: "Ana Atendente", activity: "Atendimento ao cliente", ...create });
  if (created.status !== 201) throw new Error(`create agent failed: ${created.status} ${JSON.stringify(created.body)}`);
  let agent = created.data;
  if (Object.keys(patch).length) {
    const res = await owner.client.request<AgentRow>("PATCH", `/api/v1/agents/${agent.id}`, { body: patch });
    if (res.status !== 200) throw new Error(`patch agent failed: ${res.status} ${JSON.stringify(res.body)}`);
    agent = res.data;
  }
  return { ...owner, agent, workspaceId: String(owner.user.currentWorkspaceId) as string, user: owner.user as PublicUser };
}

let visitorSeq = 0;
/** A distinct visitor IP (the test server trusts X-Forwarded-For). */
export const visitorIp = () => {
  visitorSeq++;
  return `172.${16 + ((process.pid >> 8) & 15)}.${(visitorSeq >> 8) & 255}.${visitorSeq & 255}`;
};

export type ChatResponse = { status: number; body: { response?: string; data?: { outcome?: string }; error?: { code: string; message: string } } };

/** POST /api/v1/agents/{id}/chat-external as an anonymous visitor. */
export async function chat(app: TestApp, agentId: string, body: Record<string, unknown>, opts: { ip?: string } = {}): Promise<ChatResponse> {
  const res = await fetch(`${app.base}/api/v1/agents/${agentId}/chat-external`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": opts.ip ?? visitorIp() },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, body: parsed as ChatResponse["body"] };
}

export type SseEvent = { event: string; data: Record<string, unknown> };

/** The same call with Accept: text/event-stream; returns the parsed events in arrival order. */
export async function chatSse(app: TestApp, agentId: string, body: Record<string, unknown>, opts: { ip?: string } = {}) {
  const res = await fetch(`${app.base}/api/v1/agents/${agentId}/chat-external`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", "x-forwarded-for": opts.ip ?? visitorIp() },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const events: SseEvent[] = [];
  for (const block of text.split(/\n\n+/)) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join("\n")) });
  }
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", events, text };
}

/** Sets a wallet directly (whole credits; stored as milli-credits). */
export async function setWallet(app: TestApp, workspaceId: string, w: { regular: number; bonus?: number; bonusExpiresAt?: number | null }) {
  await app.deps.db
    .update(userCredits)
    .set({
      totalCredits: Math.round(w.regular * 1000),
      usedCredits: 0,
      remainingCredits: Math.round(w.regular * 1000),
      bonusCredits: Math.round((w.bonus ?? 0) * 1000),
      usedBonusCredits: 0,
      remainingBonusCredits: Math.round((w.bonus ?? 0) * 1000),
      bonusCreditsExpiresAt: w.bonusExpiresAt ?? null,
    })
    .where(eq(userCredits.workspaceId, workspaceId));
}

export async function walletRow(app: TestApp, workspaceId: string) {
  const [row] = await app.deps.db.select().from(userCredits).where(eq(userCredits.workspaceId, workspaceId));
  if (!row) throw new Error("no wallet");
  return row;
}

export async function ledger(app: TestApp, workspaceId: string) {
  return app.deps.db.select().from(creditTransactions).where(eq(creditTransactions.workspaceId, workspaceId)).orderBy(creditTransactions.createdAt);
}

/** A tiny valid PNG (1×1) as a data URL. */
export const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** A short silent WAV (44-byte header + 800 bytes of silence) as a data URL. */
export function wavDataUrl() {
  const samples = 800;
  const buf = Buffer.alloc(44 + samples);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + samples, 4);
  buf.write("WAVE", 8);
  buf.write("fmt ", 12);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(8000, 24);
  buf.writeUInt32LE(8000, 28);
  buf.writeUInt16LE(1, 32);
  buf.writeUInt16LE(8, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(samples, 40);
  buf.fill(128, 44);
  return `data:audio/wav;base64,${buf.toString("base64")}`;
}

export type { Client };

/**
 * Channel tests: the agent answers without the human pacing delay (responseTime 0), so a test waits
 * on the pipeline, not on a clock. Other conversation settings can be overridden too.
 */
export async function answerAtOnce(app: TestApp, agentId: string, settings: Partial<ConversationSettings> = {}) {
  await app.deps.db
    .update(agents)
    .set({ conversationSettings: { ...defaultConversationSettings, responseTime: 0, ...settings } })
    .where(eq(agents.id, agentId));
}

/** Issue 18: sentiment, alerts, memory, summaries and tags are off until a business switches them on ("Recursos de IA"). */
export async function enableAiFeatures(client: Client, agentId: string) {
  await client.trpc.agentAiFeatures.update.mutate({ agentId, sentiment: true, alerts: true, memory: true, summaries: true, autoTags: true });
}
