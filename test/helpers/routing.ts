/** Routing engine fixtures (test/routing-*.test.ts): a workspace with a receptionist, sales, support and an inactive agent. */
import { and, asc, eq } from "drizzle-orm";
import { agents, channelRouters, conversations, messages, orchestrationAgents, orchestrationRules, orchestrations } from "../../db/schema";
import type { RouterManualRule, RuleCondition } from "../../src/schemas/orchestration";
import { answerAtOnce, ownerWithAgent, setWallet } from "./agents";
import type { TestApp } from "./app";
import { insertAgent } from "./factories";

export async function routingWorkspace(app: TestApp) {
  const o = await ownerWithAgent(app, {}, { name: "Recepção", activity: "Recepção" });
  await setWallet(app, o.workspaceId, { regular: 1_000_000 });
  const ownerId = String(o.user.id);
  const sales = await insertAgent(app, o.workspaceId, ownerId, "Vendas Vera");
  const support = await insertAgent(app, o.workspaceId, ownerId, "Suporte Sérgio");
  const retention = await insertAgent(app, o.workspaceId, ownerId, "Retenção Rita", false);
  for (const id of [o.agent.id, sales.id, support.id, retention.id]) await answerAtOnce(app, id);
  await app.deps.db.update(agents).set({ activity: "Vendas" }).where(eq(agents.id, sales.id));
  const [orch] = await app.deps.db.insert(orchestrations).values({ workspaceId: o.workspaceId, name: "Atendimento" }).returning();
  if (!orch) throw new Error("orchestration not inserted");
  const ws = o.workspaceId;
  await app.deps.db.insert(orchestrationAgents).values([
    { orchestrationId: orch.id, workspaceId: ws, agentId: o.agent.id, isEntryPoint: true, role: "Recepção: cumprimenta e encaminha" },
    { orchestrationId: orch.id, workspaceId: ws, agentId: sales.id, role: "Vendas: preços, planos, orçamentos" },
    { orchestrationId: orch.id, workspaceId: ws, agentId: support.id, role: "Suporte: boletos, defeitos, conta" },
    { orchestrationId: orch.id, workspaceId: ws, agentId: retention.id, role: "Retenção: cancelamentos" },
  ]);
  const rule = async (from: string, to: string, priority: number, conditions: RuleCondition[], conditionMode: "all" | "any" = "all") => {
    const [r] = await app.deps.db.insert(orchestrationRules).values({ orchestrationId: orch.id, workspaceId: ws, fromAgentId: from, toAgentId: to, priority, conditions, conditionMode }).returning();
    if (!r) throw new Error("rule not inserted");
    return r.id;
  };
  const router = async (channel: "whatsapp" | "telegram" | "instagram" | "widget", patch: { manualRules?: RouterManualRule[]; defaultAgentId?: string | null; lowConfidenceAction?: "default_agent" | "human"; aiEnabled?: boolean }) => {
    await app.deps.db.insert(channelRouters).values({ orchestrationId: orch.id, workspaceId: ws, channel, ...patch });
  };
  return { ...o, entry: o.agent, sales, support, retention, orchestrationId: orch.id, rule, router };
}

/** The web chat's conversation of a session and its messages, oldest first. */
export async function webThread(app: TestApp, entryId: string, sessionId: string) {
  const [conv] = await app.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.agentId, entryId), eq(conversations.contactKey, sessionId)));
  if (!conv) throw new Error("conversation not found");
  const thread = await app.deps.db.select().from(messages).where(eq(messages.conversationId, conv.id)).orderBy(asc(messages.id));
  return { conv, thread, reply: thread.filter((m) => m.senderType === "agent").at(-1) };
}
