/**
 * A/B tests without a model provider (issue 18, offline mode) and on the hot path: variants are
 * still assigned and recorded on the offline replies, and an agent with no running test costs the
 * A/B service one indexed statement per turn.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { InStatement } from "@libsql/client";
import { and, eq } from "drizzle-orm";
import { abTestAssignments, conversations, messages } from "../db/schema";
import { answerAtOnce, chat, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { explain, showPlan } from "./helpers/query-plans";

// A starting server on the shared machine can take a while (no wall-time asserts).
setDefaultTimeout(120_000);

let app: TestApp;
let o: Awaited<ReturnType<typeof ownerWithAgent>>;

beforeAll(async () => {
  app = await startTestApp();
  o = await ownerWithAgent(app, {}, { name: "Offline Olga" });
  await answerAtOnce(app, o.agent.id);
}, 180_000);
afterAll(() => app.stop());

describe("[offline] A/B tests", () => {
  test("variants are assigned and the offline replies carry the test and variant", async () => {
    const created = await o.client.trpc.abTests.create.mutate({
      name: "Saudação offline",
      agentId: o.agent.id,
      variants: [
        { name: "Controle", isControl: true, overrides: {} },
        { name: "Calorosa", overrides: { greetingMessage: "Olá! Que bom te ver por aqui." } },
      ],
      trafficSplit: [50, 50],
      successMetrics: ["reply_rate"],
    } as never);
    const testId = (created.data as { id: string }).id;
    expect((await o.client.trpc.abTests.start.mutate({ id: testId })).ok).toBe(true);
    for (const s of ["off-a", "off-b", "off-c"]) {
      const res = await chat(app, o.agent.id, { message: "Olá, vocês abrem amanhã?", sessionId: s });
      expect(res.status).toBe(200);
      expect(res.body.response?.length ?? 0).toBeGreaterThan(0);
      const [conv] = await app.deps.db.select().from(conversations).where(and(eq(conversations.agentId, o.agent.id), eq(conversations.contactKey, s)));
      const reply = (await app.deps.db.select().from(messages).where(eq(messages.conversationId, conv?.id ?? ""))).find((m) => m.senderType === "agent");
      const [assignment] = await app.deps.db.select().from(abTestAssignments).where(and(eq(abTestAssignments.testId, testId), eq(abTestAssignments.subjectKey, `web:${s}`)));
      expect(assignment).toBeDefined();
      expect(reply?.metadata).toMatchObject({ abTestId: testId, abVariantId: assignment?.variantId });
    }
    const results = (await o.client.trpc.abTests.results.query({ id: testId })).data as { variants: { sample: number }[] };
    expect(results.variants.reduce((n, v) => n + v.sample, 0)).toBe(3);
    await o.client.trpc.abTests.complete.mutate({ id: testId });
  });
});

describe("hot path", () => {
  test("an agent with no running test: one indexed ab_tests statement per turn", async () => {
    const lone = await ownerWithAgent(app, {}, { name: "Sem teste" });
    await answerAtOnce(app, lone.agent.id);
    const client = app.deps.db.$client;
    const execute = client.execute;
    const seen: { sql: string; args: unknown }[] = [];
    client.execute = ((stmt: InStatement, ...rest: unknown[]) => {
      const sql = typeof stmt === "string" ? stmt : stmt.sql;
      if (/ab_test/i.test(sql)) seen.push({ sql, args: typeof stmt === "string" ? [] : stmt.args });
      return (execute as (...a: unknown[]) => unknown).call(client, stmt, ...rest);
    }) as typeof client.execute;
    try {
      expect((await chat(app, lone.agent.id, { message: "Bom dia", sessionId: "lone-ab" })).status).toBe(200);
    } finally {
      client.execute = execute;
    }
    expect(seen).toHaveLength(1);
    const plan = await explain(client, { sql: seen[0]?.sql ?? "", args: seen[0]?.args as never });
    expect(plan.some((l) => /ab_tests_agent_idx/.test(l.detail)), showPlan(plan)).toBe(true);
  });
});
