/**
 * The feedback page of an agent (issue 18): feedback seeded through the real public endpoint,
 * listed with filters, literal search and keyset pages; per-day stats; resolve/reopen; "turn into
 * a training text" (a text source of that agent through the training service, resolved and linked,
 * refused a second time); another workspace's ids and viewers refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { chatFeedback, embeddingSources, jobs, userActivityLogs } from "../db/schema";
import { saoPauloDay } from "../src/services/credits";
import { spDayStart } from "../src/services/feedback/list";
import { type TestApp, startTestApp } from "./helpers/app";
import { ownerWithAgent, visitorIp } from "./helpers/agents";
import { type Client, must } from "./helpers/client";
import { FEEDBACK_PROCEDURES } from "./helpers/guard-feedback";
import { type Actor, type Fixture, viewerOf } from "./helpers/guard-fixtures";
import { fuzzCases, seededRandom } from "./helpers/guard-fuzz";
import { callProcedure, loadAllEndpoints, inBatches, listProcedures } from "./helpers/guard-http";

let app: TestApp;
let A: Awaited<ReturnType<typeof ownerWithAgent>>;
let B: Awaited<ReturnType<typeof ownerWithAgent>>;
let viewer: Actor;

type Item = { id: string; feedbackType: string; userMessage: string | null; agentResponse: string; observation: string | null; resolved: boolean; trainingSourceId: string | null; trainingSourceTitle: string | null };
type Page = { items: Item[]; nextCursor: string | null };

async function give(agentId: string, body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${app.base}/api/v1/agents/${agentId}/feedback`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": visitorIp() },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { id: string } };
  if (res.status !== 201) throw new Error(`feedback failed: ${res.status}`);
  return json.data.id;
}

const list = async (client: Client, input: Record<string, unknown>) => {
  const r = await client.query<Page>("feedback.list", input);
  if (!r.ok) throw new Error(`feedback.list: ${r.error?.message}`);
  return r.data;
};

const DAY = 86_400_000;
const likes: string[] = [];
const dislikes: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  await loadAllEndpoints(app);
  A = await ownerWithAgent(app, {}, { name: "Bia da Padaria" });
  B = await ownerWithAgent(app, {}, { name: "Outro Agente" });
  await A.client.warmUp();
  await B.client.warmUp();
  viewer = await viewerOf(app, { client: A.client, userId: A.user.id });
  await viewer.client.warmUp();
  // 12 likes and 13 dislikes, oldest first; the exchange names its index so the order is checkable.
  for (let i = 0; i < 25; i++) {
    const type = i % 2 === 0 ? "dislike" : "like";
    const id = await give(A.agent.id, {
      feedbackType: type,
      userMessage: i === 3 ? "Vocês dão 50% de desconto?" : `Pergunta ${i}: abrem no sábado?`,
      agentResponse: i === 4 ? "Temos 50 sabores de pão." : `Resposta ${i}: sim, das 7h às 19h.`,
      observation: i === 6 ? "Faltou o preço do pão de queijo" : "",
      sessionId: `sessao-${i}`,
    });
    (type === "like" ? likes : dislikes).push(id);
  }
  await give(B.agent.id, { feedbackType: "dislike", userMessage: "De B", agentResponse: "Resposta de B", sessionId: "b" });
}, 60_000);

// The training text made by toTraining may still be training: stopping waits for its job.
afterAll(async () => {
  await app.stop();
}, 30_000);

describe("[feedback] list", () => {
  test("newest first in keyset pages, with no item repeated or lost", async () => {
    const first = await list(A.client, { agentId: A.agent.id, limit: 10, period: "all" });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.userMessage).toBe("Pergunta 24: abrem no sábado?");
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await list(A.client, { agentId: A.agent.id, limit: 10, period: "all", cursor });
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((i) => i.id)).size).toBe(25);
    expect(seen.at(-1)?.userMessage).toBe("Pergunta 0: abrem no sábado?");
    // B's feedback never shows on A's agent
    expect(seen.some((i) => i.agentResponse === "Resposta de B")).toBe(false);
  });

  test("type, status and period filters", async () => {
    const onlyLikes = await list(A.client, { agentId: A.agent.id, type: "like", limit: 100, period: "all" });
    expect(onlyLikes.items.map((i) => i.id).sort()).toEqual([...likes].sort());
    const onlyDislikes = await list(A.client, { agentId: A.agent.id, type: "dislike", limit: 100 });
    expect(onlyDislikes.items.every((i) => i.feedbackType === "dislike")).toBe(true);
    expect(onlyDislikes.items).toHaveLength(dislikes.length);

    // one dislike pushed 40 days back: out of 30 days, inside 90
    const old = must(dislikes[0]);
    await app.deps.db.update(chatFeedback).set({ createdAt: Date.now() - 40 * DAY }).where(eq(chatFeedback.id, old));
    const last30 = await list(A.client, { agentId: A.agent.id, type: "dislike", period: "30d", limit: 100 });
    expect(last30.items.map((i) => i.id)).not.toContain(old);
    const last90 = await list(A.client, { agentId: A.agent.id, type: "dislike", period: "90d", limit: 100 });
    expect(last90.items.map((i) => i.id)).toContain(old);
    const today = await list(A.client, { agentId: A.agent.id, period: "today", limit: 100 });
    expect(today.items.map((i) => i.id)).not.toContain(old);
  });

  test("search matches the question, the answer or the observation, and a typed % matches itself", async () => {
    const percent = await list(A.client, { agentId: A.agent.id, search: "50%", period: "all" });
    expect(percent.items.map((i) => i.userMessage)).toEqual(["Vocês dão 50% de desconto?"]);
    const answer = await list(A.client, { agentId: A.agent.id, search: "50 sabores", period: "all" });
    expect(answer.items.map((i) => i.agentResponse)).toEqual(["Temos 50 sabores de pão."]);
    const note = await list(A.client, { agentId: A.agent.id, search: "pão de queijo", period: "all" });
    expect(note.items.map((i) => i.observation)).toEqual(["Faltou o preço do pão de queijo"]);
    const underscore = await list(A.client, { agentId: A.agent.id, search: "Pergunta_1", period: "all" });
    expect(underscore.items).toHaveLength(0);
  });
});

describe("[feedback] stats", () => {
  test("likes and dislikes per São Paulo day, zero-filled, with totals and satisfaction", async () => {
    const o = await ownerWithAgent(app, {}, { name: "Agente das estatísticas" });
    await o.client.warmUp();
    const now = Date.now();
    const ids = [
      await give(o.agent.id, { feedbackType: "like", agentResponse: "Ok 1" }),
      await give(o.agent.id, { feedbackType: "like", agentResponse: "Ok 2" }),
      await give(o.agent.id, { feedbackType: "dislike", agentResponse: "Ruim 1" }),
      await give(o.agent.id, { feedbackType: "like", agentResponse: "Ok 3" }),
      await give(o.agent.id, { feedbackType: "dislike", agentResponse: "Ruim antigo" }),
    ];
    // Noon of São Paulo days: 2 days ago for the 3rd and 4th, 20 days ago for the last (outside 7 and 15).
    const twoDaysAgo = spDayStart(now, 2) + 12 * 3_600_000;
    await app.deps.db.update(chatFeedback).set({ createdAt: twoDaysAgo }).where(eq(chatFeedback.id, must(ids[2])));
    await app.deps.db.update(chatFeedback).set({ createdAt: twoDaysAgo }).where(eq(chatFeedback.id, must(ids[3])));
    await app.deps.db.update(chatFeedback).set({ createdAt: spDayStart(now, 20) + 12 * 3_600_000 }).where(eq(chatFeedback.id, must(ids[4])));

    type Stats = { points: { date: string; likes: number; dislikes: number }[]; totals: { likes: number; dislikes: number; total: number }; satisfactionRate: number | null };
    const week = must((await o.client.query<Stats>("feedback.stats", { agentId: o.agent.id, period: 7 })).data);
    expect(week.points).toHaveLength(7);
    expect(week.points.at(-1)).toEqual({ date: saoPauloDay(now), likes: 2, dislikes: 0 });
    expect(week.points.at(-3)).toEqual({ date: saoPauloDay(twoDaysAgo), likes: 1, dislikes: 1 });
    expect(week.points.filter((p) => p.likes + p.dislikes === 0)).toHaveLength(5);
    expect(week.totals).toMatchObject({ likes: 3, dislikes: 1, total: 4 });
    expect(week.satisfactionRate).toBe(0.75);
    const month = must((await o.client.query<Stats>("feedback.stats", { agentId: o.agent.id, period: 30 })).data);
    expect(month.points).toHaveLength(30);
    expect(month.totals).toMatchObject({ likes: 3, dislikes: 2, total: 5 });
    expect(month.satisfactionRate).toBe(0.6);
    const empty = must((await B.client.query<Stats>("feedback.stats", { agentId: B.agent.id, period: 15 })).data);
    expect(empty.points).toHaveLength(15);
    expect(empty.totals.total).toBe(1);
  });
});

describe("[feedback] resolve and training", () => {
  test("resolve, then reopen: the status filter follows, with an audit line for each", async () => {
    const id = must(dislikes[5]);
    const done = await A.client.mutate("feedback.resolve", { id, resolved: true });
    expect(done.ok).toBe(true);
    const [row] = await app.deps.db.select().from(chatFeedback).where(eq(chatFeedback.id, id));
    expect(row?.resolved).toBe(true);
    expect(row?.resolvedByUserId).toBe(A.user.id);
    expect(typeof row?.resolvedAt).toBe("number");
    expect((await list(A.client, { agentId: A.agent.id, status: "resolved", period: "all" })).items.map((i) => i.id)).toEqual([id]);
    expect((await list(A.client, { agentId: A.agent.id, status: "open", period: "all", limit: 100 })).items.map((i) => i.id)).not.toContain(id);

    expect((await A.client.mutate("feedback.resolve", { id, resolved: false })).ok).toBe(true);
    const [reopened] = await app.deps.db.select().from(chatFeedback).where(eq(chatFeedback.id, id));
    expect([reopened?.resolved, reopened?.resolvedAt, reopened?.resolvedByUserId]).toEqual([false, null, null]);
    const audit = await app.deps.db.select({ action: userActivityLogs.action }).from(userActivityLogs).where(eq(userActivityLogs.resourceId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["feedback.reopen", "feedback.resolve"]);
  });

  test("toTraining: a text source of the agent with the question and the corrected answer, queued, feedback resolved and linked; a second time refused", async () => {
    const id = must(dislikes[7]);
    const res = await A.client.mutate<{ trainingSourceId: string; title: string }>("feedback.toTraining", {
      id,
      title: "Horário de sábado",
      content: "Abrimos aos sábados das 7h às 13h.",
    });
    expect(res.ok).toBe(true);
    const sourceId = res.data.trainingSourceId;
    const [source] = await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.id, sourceId));
    expect(source).toMatchObject({ agentId: A.agent.id, workspaceId: A.workspaceId, sourceType: "text", title: "Horário de sábado" });
    expect(source?.content).toBe("Pergunta do cliente: Pergunta 14: abrem no sábado?\n\nResposta correta: Abrimos aos sábados das 7h às 13h.");
    const queued = await app.deps.db.select().from(jobs).where(and(eq(jobs.type, "train-source"), eq(jobs.dedupeKey, `train:${sourceId}`)));
    expect(queued).toHaveLength(1);
    const [row] = await app.deps.db.select().from(chatFeedback).where(eq(chatFeedback.id, id));
    expect(row).toMatchObject({ resolved: true, trainingSourceId: sourceId, resolvedByUserId: A.user.id });
    const shown = (await list(A.client, { agentId: A.agent.id, search: "Pergunta 14", period: "all" })).items[0];
    expect(shown).toMatchObject({ trainingSourceId: sourceId, trainingSourceTitle: "Horário de sábado", resolved: true });

    const again = await A.client.mutate("feedback.toTraining", { id, title: "De novo", content: "Outra resposta qualquer aqui." });
    expect(again.ok).toBe(false);
    expect(again.error?.code).toBe("CONFLICT");
    expect(again.error?.message).toBe("Este feedback já virou um texto de treinamento.");
    const texts = await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.agentId, A.agent.id));
    expect(texts).toHaveLength(1);
  });

  test("input rules: an empty title or a too-short answer is refused with its pt-BR message", async () => {
    const bad = await A.client.mutate("feedback.toTraining", { id: must(dislikes[8]), title: " ", content: "curto" });
    expect(bad.ok).toBe(false);
    expect(bad.error?.code).toBe("BAD_REQUEST");
    expect(bad.error?.message).toMatch(/Informe um título|pelo menos 10 caracteres/);
  });
});

describe("[feedback] access", () => {
  test("another workspace's feedback and agent ids are not found; nothing changes", async () => {
    const bFeedback = must((await list(B.client, { agentId: B.agent.id, period: "all" })).items[0]).id;
    expect((await A.client.query("feedback.list", { agentId: B.agent.id })).error?.code).toBe("NOT_FOUND");
    expect((await A.client.query("feedback.stats", { agentId: B.agent.id, period: 7 })).error?.code).toBe("NOT_FOUND");
    expect((await A.client.mutate("feedback.resolve", { id: bFeedback, resolved: true })).error?.code).toBe("NOT_FOUND");
    const train = await A.client.mutate("feedback.toTraining", { id: bFeedback, title: "Invasão", content: "Texto que não deveria existir." });
    expect(train.error?.code).toBe("NOT_FOUND");
    const [row] = await app.deps.db.select().from(chatFeedback).where(eq(chatFeedback.id, bFeedback));
    expect([row?.resolved, row?.trainingSourceId]).toEqual([false, null]);
    expect(await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.workspaceId, B.workspaceId))).toHaveLength(0);
  });

  test("a viewer reads the page but cannot resolve or train", async () => {
    const seen = await list(viewer.client, { agentId: A.agent.id, period: "all" });
    expect(seen.items.length).toBeGreaterThan(0);
    const id = must(dislikes[9]);
    expect((await viewer.client.mutate("feedback.resolve", { id, resolved: true })).error?.code).toBe("FORBIDDEN");
    expect((await viewer.client.mutate("feedback.toTraining", { id, title: "Viewer", content: "Texto do viewer aqui." })).error?.code).toBe("FORBIDDEN");
    const [row] = await app.deps.db.select().from(chatFeedback).where(eq(chatFeedback.id, id));
    expect([row?.resolved, row?.trainingSourceId]).toEqual([false, null]);
  });
});

describe("[feedback] malformed input", () => {
  test("no malformed input to feedback.* or agentAiFeatures.* gets a 5xx (the full fuzz, narrowed to these procedures)", async () => {
    const random = seededRandom(18_007);
    const mine = listProcedures().filter((p) => FEEDBACK_PROCEDURES[p.path]);
    expect(mine.map((p) => p.path).sort()).toEqual(Object.keys(FEEDBACK_PROCEDURES).sort());
    const f = { agentId: A.agent.id } as Fixture;
    const tasks = mine.flatMap((p) =>
      fuzzCases(p.input, FEEDBACK_PROCEDURES[p.path]?.input?.(f), random, p.type === "query" ? 64 * 1024 : 1 << 20).map(
        (c) => async () => ({ at: `${p.path} ${c.label}`, out: await callProcedure(app.base, A.client, p, c.input) }),
      ),
    );
    const results = await inBatches(tasks, 6);
    expect(results.filter((r) => r.out.status >= 500).map((r) => `${r.at} → ${r.out.status}`)).toEqual([]);
    expect(results.length).toBeGreaterThan(60);
  }, 60_000);
});
