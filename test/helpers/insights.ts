/** Insights test helpers (issue 18): turns through the public chat and the turn-insights job. */
import { and, desc, eq } from "drizzle-orm";
import { conversations, jobs } from "../../db/schema";
import { type ChatBody, type FakeReply, lastUserText } from "../fakes/openai";
import { chat } from "./agents";
import type { TestApp } from "./app";
import { eventually } from "./training";

/**
 * The fake model's answer: sentiment JSON for "message_sentiment" (negative on "ruim", urgent on
 * "urgente", positive on "adorei", a "preço" tag when the price is mentioned); an echo otherwise.
 */
export function sentimentReply(body: ChatBody): FakeReply {
  if (body.response_format?.json_schema?.name !== "message_sentiment") return { content: `Eco: ${lastUserText(body)}` };
  const lines = lastUserText(body).split("\n").slice(1);
  const messages = lines.map((line, i) => {
    const t = line.toLowerCase();
    const negative = t.includes("ruim");
    const positive = t.includes("adorei");
    return {
      index: i + 1,
      sentiment: negative ? "negative" : positive ? "positive" : "neutral",
      score: negative ? -0.8 : positive ? 0.9 : 0,
      emotions: negative ? ["frustracao"] : positive ? ["alegria"] : [],
      intensity: negative || positive ? 0.7 : 0.1,
      urgency: t.includes("urgente") ? "high" : "low",
      satisfaction: null,
      confidence: 0.95,
    };
  });
  const tags = lines.some((l) => l.toLowerCase().includes("preço")) ? ["Preço"] : [];
  return { content: JSON.stringify({ messages, tags }) };
}

/** One public-chat turn of a session, then waits until its turn-insights job finished. Returns the conversation id. */
export async function turn(app: TestApp, agentId: string, sessionId: string, message: string): Promise<string> {
  const res = await chat(app, agentId, { message, sessionId });
  if (res.status !== 200) throw new Error(`chat failed: ${res.status} ${JSON.stringify(res.body)}`);
  const [conv] = await app.deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.agentId, agentId))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(1);
  if (!conv) throw new Error("no conversation");
  await settledInsights(app);
  return conv.id;
}

/** Every turn-insights job finished (completed or failed). */
export async function settledInsights(app: TestApp) {
  app.jobs.wake();
  await eventually(async () => {
    const open = await app.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, "turn-insights"), eq(jobs.status, "pending")))
      .limit(1);
    const running = await app.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, "turn-insights"), eq(jobs.status, "running")))
      .limit(1);
    return open.length === 0 && running.length === 0;
  });
}
