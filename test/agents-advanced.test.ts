/** Advanced personality sections reach the prompt; the editor's preview works before the agent goes live. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeOpenAi } from "./fakes/openai";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";

const fake = await startFakeOpenAi();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.url });
});
afterAll(async () => {
  await app.stop();
  fake.stop();
});

test("[agents]: custom personality sections are validated, saved and sent in the system prompt", async () => {
  const { client, agent } = await ownerWithAgent(app);
  const bad = await client.request("PATCH", `/api/v1/agents/${agent.id}`, { body: { customPersonalitySections: [{ title: "A", content: "x" }] } });
  expect(bad.status).toBe(400);
  expect((bad.body as { error: { message: string } }).error.message).toBe("Título deve ter pelo menos 2 caracteres");

  const sections = [{ title: "Política de preços", content: "Nunca ofereça desconto acima de 10%." }];
  const ok = await client.request<{ customPersonalitySections: unknown }>("PATCH", `/api/v1/agents/${agent.id}`, {
    body: { personalityMode: "avancado", customPersonalitySections: sections },
  });
  expect(ok.status).toBe(200);
  expect(ok.data.customPersonalitySections).toEqual(sections);

  const preview = await client.trpc.agents.preview.mutate({ id: agent.id, chat: { message: "Tem desconto?" } });
  expect(preview.ok).toBe(true);
  const system = String(fake.chatRequests().at(-1)?.messages[0]?.content ?? "");
  expect(system).toContain("Política de preços: Nunca ofereça desconto acima de 10%.");
});

test("[agents]: the preview answers for an inactive agent while the public chat refuses it", async () => {
  const { client, agent } = await ownerWithAgent(app);
  await client.request("PATCH", `/api/v1/agents/${agent.id}/toggle`, { body: { isActive: false } });
  const preview = await client.trpc.agents.preview.mutate({ id: agent.id, chat: { message: "Olá" } });
  expect(preview.ok).toBe(true);
  if (preview.ok) expect(preview.data.response).toBe("Eco: Olá");
  const pub = await fetch(`${app.base}/api/v1/public/agents/${agent.id}`);
  expect(pub.status).toBe(404);
});
