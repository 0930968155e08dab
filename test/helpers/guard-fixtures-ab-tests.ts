import { abTestVariants, abTests } from "../../db/schema";
import type { TestApp } from "./app";

/** A draft A/B test of the fixture's agent (two variants), for the guard matrix and fuzzing. */
export async function abTestFixture(app: TestApp, workspaceId: string, agentId: string): Promise<string> {
  const [test] = await app.deps.db
    .insert(abTests)
    .values({ workspaceId, agentId, name: "Teste de saudação", trafficSplit: [50, 50], successMetrics: ["reply_rate"] })
    .returning({ id: abTests.id });
  if (!test) throw new Error("ab test fixture not created");
  await app.deps.db.insert(abTestVariants).values([
    { testId: test.id, workspaceId, name: "Controle", isControl: true, position: 0 },
    { testId: test.id, workspaceId, name: "Saudação curta", overrides: { greetingMessage: "Oi!" }, position: 1 },
  ]);
  return test.id;
}
