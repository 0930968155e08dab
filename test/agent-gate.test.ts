/**
 * The gate of a turn (services/agent-gate.ts): its one read must say exactly what the agent's rows
 * say (availability, versions, entry orchestration, running A/B test), as the agent, its
 * orchestration, its tests, its block and its owner change.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { abTests, agents, configHeads, orchestrationAgents, orchestrations, users } from "../db/schema";
import { AGENT_UNAVAILABLE, agentUnavailableReason } from "../src/services/agent-availability";
import { readAgentGate } from "../src/services/agent-gate";
import { type TestApp, startTestApp } from "./helpers/app";
import { routingWorkspace } from "./helpers/routing";

let app: TestApp;
let w: Awaited<ReturnType<typeof routingWorkspace>>;
beforeAll(async () => {
  app = await startTestApp();
  w = await routingWorkspace(app);
});
afterAll(() => app.stop());

/** What an agent's rows say, read one by one with the query builder: what its gate must say. */
async function fromTheRows(agent: { id: string }) {
  const db = app.deps.db;
  const [row] = await db.select({ knowledgeVersion: agents.knowledgeVersion, configVersion: agents.configVersion }).from(agents).where(eq(agents.id, agent.id));
  const [platform] = await db.select({ version: configHeads.version }).from(configHeads).where(eq(configHeads.name, "platform"));
  const entries = await db
    .select({ id: orchestrationAgents.orchestrationId })
    .from(orchestrationAgents)
    .innerJoin(orchestrations, eq(orchestrations.id, orchestrationAgents.orchestrationId))
    .where(and(eq(orchestrationAgents.agentId, agent.id), eq(orchestrationAgents.isEntryPoint, true), eq(orchestrations.isActive, true)));
  const tests = await db.select({ status: abTests.status }).from(abTests).where(eq(abTests.agentId, agent.id));
  return {
    agentId: agent.id,
    unavailableReason: await agentUnavailableReason(db, agent.id),
    stamp: { knowledgeVersion: row?.knowledgeVersion ?? -1, configVersion: row?.configVersion ?? -1, platformVersion: platform?.version ?? 0 },
    entryOrchestrationId: entries[0]?.id ?? null,
    abTestRunning: tests.some((t) => t.status === "running"),
  };
}

test("[agent gate]: the entry agent of an active orchestration, then a member, then the orchestration switched off", async () => {
  const entry = await readAgentGate(app.deps.db, w.entry.id);
  expect<unknown>(entry).toEqual(await fromTheRows(w.entry));
  expect(entry?.entryOrchestrationId).toBe(w.orchestrationId);
  expect(entry?.unavailableReason).toBeNull();
  const member = await readAgentGate(app.deps.db, w.sales.id);
  expect(member?.entryOrchestrationId).toBeNull();
  expect<unknown>(member).toEqual(await fromTheRows(w.sales));

  await app.deps.db.update(orchestrations).set({ isActive: false }).where(eq(orchestrations.id, w.orchestrationId));
  const off = await readAgentGate(app.deps.db, w.entry.id);
  expect(off?.entryOrchestrationId).toBeNull();
  expect<unknown>(off).toEqual(await fromTheRows(w.entry));
  await app.deps.db.update(orchestrations).set({ isActive: true }).where(eq(orchestrations.id, w.orchestrationId));
});

test("[agent gate]: an A/B test counts only while it runs; the versions follow the agent's row", async () => {
  const [t] = await app.deps.db.insert(abTests).values({ workspaceId: w.workspaceId, agentId: w.support.id, name: "Saudação" }).returning();
  if (!t) throw new Error("test not inserted");
  expect((await readAgentGate(app.deps.db, w.support.id))?.abTestRunning).toBe(false);
  await app.deps.db.update(abTests).set({ status: "running" }).where(eq(abTests.id, t.id));
  expect((await readAgentGate(app.deps.db, w.support.id))?.abTestRunning).toBe(true);
  expect((await readAgentGate(app.deps.db, w.sales.id))?.abTestRunning).toBe(false);

  const before = await readAgentGate(app.deps.db, w.support.id);
  await app.deps.db.update(agents).set({ knowledgeVersion: (before?.stamp.knowledgeVersion ?? 0) + 3 }).where(eq(agents.id, w.support.id));
  const after = await readAgentGate(app.deps.db, w.support.id);
  expect(after?.stamp.knowledgeVersion).toBe((before?.stamp.knowledgeVersion ?? 0) + 3);
  expect<unknown>(after).toEqual(await fromTheRows(w.support));
});

test("[agent gate]: a blocked agent and a suspended owner give their pt-BR reasons; a missing agent has no gate", async () => {
  await app.deps.db.update(agents).set({ adminBlockedAt: Date.now() }).where(eq(agents.id, w.sales.id));
  const blocked = await readAgentGate(app.deps.db, w.sales.id);
  expect(blocked?.unavailableReason).toBe(AGENT_UNAVAILABLE.blocked);
  expect<unknown>(blocked).toEqual(await fromTheRows(w.sales));
  await app.deps.db.update(agents).set({ adminBlockedAt: null }).where(eq(agents.id, w.sales.id));

  await app.deps.db.update(users).set({ status: "suspended" }).where(eq(users.id, String(w.user.id)));
  const suspended = await readAgentGate(app.deps.db, w.entry.id);
  expect(suspended?.unavailableReason).toBe(AGENT_UNAVAILABLE.ownerSuspended);
  expect<unknown>(suspended).toEqual(await fromTheRows(w.entry));
  await app.deps.db.update(users).set({ status: "active" }).where(eq(users.id, String(w.user.id)));
  expect((await readAgentGate(app.deps.db, w.entry.id))?.unavailableReason).toBeNull();

  expect(await readAgentGate(app.deps.db, crypto.randomUUID())).toBeNull();
});
