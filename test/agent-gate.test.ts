/**
 * The gate of a turn (services/agent-gate.ts): its one read must say exactly what the four separate
 * reads it replaced say (availability, versions, entry orchestration, running A/B test), as the
 * agent, its orchestration, its tests, its block and its owner change.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { abTests, agents, orchestrations, users } from "../db/schema";
import { AGENT_UNAVAILABLE, agentUnavailableReason } from "../src/services/agent-availability";
import { readTurnStamp } from "../src/services/agent-config";
import { readAgentGate } from "../src/services/agent-gate";
import { entryOrchestrationId } from "../src/services/routing/load";
import { type TestApp, startTestApp } from "./helpers/app";
import { routingWorkspace } from "./helpers/routing";

let app: TestApp;
let w: Awaited<ReturnType<typeof routingWorkspace>>;
beforeAll(async () => {
  app = await startTestApp();
  w = await routingWorkspace(app);
});
afterAll(() => app.stop());

/** What the separate reads say of an agent, in the gate's shape. */
async function separately(agent: { id: string; workspaceId: string }) {
  const tests = await app.deps.db.select({ status: abTests.status }).from(abTests).where(eq(abTests.agentId, agent.id));
  return {
    agentId: agent.id,
    unavailableReason: await agentUnavailableReason(app.deps.db, agent.id),
    stamp: await readTurnStamp(app.deps.db, agent.id),
    entryOrchestrationId: await entryOrchestrationId(app.deps, agent as Parameters<typeof entryOrchestrationId>[1]),
    abTestRunning: tests.some((t) => t.status === "running"),
  };
}

test("[agent gate]: the entry agent of an active orchestration, then a member, then the orchestration switched off", async () => {
  const entry = await readAgentGate(app.deps.db, w.entry.id);
  expect<unknown>(entry).toEqual(await separately(w.entry));
  expect(entry?.entryOrchestrationId).toBe(w.orchestrationId);
  expect(entry?.unavailableReason).toBeNull();
  const member = await readAgentGate(app.deps.db, w.sales.id);
  expect(member?.entryOrchestrationId).toBeNull();
  expect<unknown>(member).toEqual(await separately(w.sales));

  await app.deps.db.update(orchestrations).set({ isActive: false }).where(eq(orchestrations.id, w.orchestrationId));
  const off = await readAgentGate(app.deps.db, w.entry.id);
  expect(off?.entryOrchestrationId).toBeNull();
  expect<unknown>(off).toEqual(await separately(w.entry));
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
  expect<unknown>(after).toEqual(await separately(w.support));
});

test("[agent gate]: a blocked agent and a suspended owner give their pt-BR reasons; a missing agent has no gate", async () => {
  await app.deps.db.update(agents).set({ adminBlockedAt: Date.now() }).where(eq(agents.id, w.sales.id));
  const blocked = await readAgentGate(app.deps.db, w.sales.id);
  expect(blocked?.unavailableReason).toBe(AGENT_UNAVAILABLE.blocked);
  expect<unknown>(blocked).toEqual(await separately(w.sales));
  await app.deps.db.update(agents).set({ adminBlockedAt: null }).where(eq(agents.id, w.sales.id));

  await app.deps.db.update(users).set({ status: "suspended" }).where(eq(users.id, String(w.user.id)));
  const suspended = await readAgentGate(app.deps.db, w.entry.id);
  expect(suspended?.unavailableReason).toBe(AGENT_UNAVAILABLE.ownerSuspended);
  expect<unknown>(suspended).toEqual(await separately(w.entry));
  await app.deps.db.update(users).set({ status: "active" }).where(eq(users.id, String(w.user.id)));
  expect((await readAgentGate(app.deps.db, w.entry.id))?.unavailableReason).toBeNull();

  expect(await readAgentGate(app.deps.db, crypto.randomUUID())).toBeNull();
});
