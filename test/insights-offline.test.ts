/** Insights offline (issue 18): no provider configured → the pt-BR lexicon and keyword tags, free. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { creditTransactions, messageSentiments, sentimentAlerts } from "../db/schema";
import { type AgentRow, enableAiFeatures, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { turn } from "./helpers/insights";

let app: TestApp;
let owner: Client;
let agent: AgentRow;
let workspaceId: string;

beforeAll(async () => {
  app = await startTestApp({ JOBS_WORKER: "false", JOB_POLL_MS: "20" });
  const o = await ownerWithAgent(app);
  owner = o.client;
  agent = o.agent;
  workspaceId = o.workspaceId;
  await enableAiFeatures(owner, agent.id);
}, 60_000);
afterAll(async () => {
  await app.stop();
});

describe("[insights] offline", () => {
  test("the lexicon scores each customer message, keyword tags are set, nothing is charged", async () => {
    const conversationId = await turn(app, agent.id, "sessao-offline", "Não gostei, a entrega atrasou e o frete é caro. Preciso disso urgente!");
    const [row] = await app.deps.db.select().from(messageSentiments).where(eq(messageSentiments.conversationId, conversationId));
    expect(row).toMatchObject({ sentiment: "negative", source: "lexicon", urgency: "high" });
    const tags = (await owner.trpc.insights.conversationTags.query({ conversationId })).data?.map((t) => t.tag) ?? [];
    expect(tags).toEqual(expect.arrayContaining(["entrega", "preço"]));
    const charged = await app.deps.db.select().from(creditTransactions).where(and(eq(creditTransactions.workspaceId, workspaceId), eq(creditTransactions.action, "sentiment")));
    expect(charged).toHaveLength(0);
    // The default "Urgência alta" rule fired.
    const alerts = await app.deps.db.select().from(sentimentAlerts).where(eq(sentimentAlerts.conversationId, conversationId));
    expect(alerts.map((a) => (a.details as { kind?: string }).kind)).toContain("urgency_high");
    const daily = await owner.trpc.insights.daily.query({ period: 30 });
    expect(daily.data?.offline).toBe(true);
    expect(daily.data?.days).toHaveLength(30);
    expect(daily.data?.days.at(-1)).toMatchObject({ negative: 1, urgent: 1, alerts: 1 });
  });

  test("'pediu um gerente': the keyword rule fires once per cooldown on the lexicon path", async () => {
    const session = "sessao-gerente-offline";
    const conversationId = await turn(app, agent.id, session, "Quero falar com o gerente");
    await turn(app, agent.id, session, "Chama o gerente, por favor");
    const alerts = await app.deps.db.select().from(sentimentAlerts).where(eq(sentimentAlerts.conversationId, conversationId));
    expect(alerts.filter((a) => (a.details as { kind?: string }).kind === "keyword")).toHaveLength(1);
    const positive = await turn(app, agent.id, "sessao-feliz", "Adorei o atendimento, muito obrigado!");
    const [row] = await app.deps.db.select().from(messageSentiments).where(eq(messageSentiments.conversationId, positive));
    expect(row?.sentiment).toBe("positive");
  });
});
