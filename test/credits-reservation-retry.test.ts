/**
 * A turn whose model call was settled but whose persistence failed is run again by its job: the
 * second model call is a new call and must be charged too (the turn's idempotency key alone would
 * make its settle a "duplicate" and the call free).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createCallMeter } from "../src/runtime/call-meter";
import { type TestApp, startTestApp } from "./helpers/app";
import { ledger, ownerWithAgent, setWallet, walletRow } from "./helpers/agents";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

test("a retried turn's model call is charged again, not taken as a duplicate of the first", async () => {
  const o = await ownerWithAgent(app);
  await setWallet(app, o.workspaceId, { regular: 1000 });
  const scope = { workspaceId: o.workspaceId, agentId: o.agent.id, conversationId: null, provider: "openai", idempotencyKey: "reply:conv-x:msg-y" };
  const usage = { inputTokens: 10_000, outputTokens: 10_000 };
  const runTurnOnce = async (persistFails: boolean) => {
    const meter = createCallMeter(app.deps, scope);
    const key = await meter.reserve("gpt-4o-mini", { inputTokens: 20_000, outputTokens: 10_240 });
    meter.record(key, usage);
    if (persistFails) await meter.close(false);
    else await meter.finalize();
  };
  await runTurnOnce(true); // the model answered, the turn's own write failed: the job will retry
  const afterFirst = (await walletRow(app, o.workspaceId)).remainingCredits;
  await runTurnOnce(false); // the retry calls the model again
  const afterSecond = (await walletRow(app, o.workspaceId)).remainingCredits;

  const debits = (await ledger(app, o.workspaceId)).filter((t) => t.creditsConsumed > 0);
  expect(debits).toHaveLength(2);
  // Both calls cost the same: the second took as much as the first.
  expect(afterFirst - afterSecond).toBe(1_000_000 - afterFirst);
  expect(afterSecond).toBeLessThan(afterFirst);
  expect((await walletRow(app, o.workspaceId)).heldCredits).toBe(0);
});
