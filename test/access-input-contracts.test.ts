/**
 * Procedures validate with their src/schemas contract in `.input()` (issue 11, end-to-end types).
 * A parse failure keeps the contract's pt-BR message and names the field as the form and the REST
 * route know it; a caller without the permission is refused before the body is even read.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type AgentRow, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { joinAs } from "./helpers/inbox";

let app: TestApp;
let owner: Client;
let viewer: Client;
let agent: AgentRow;

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  owner = o.client;
  agent = o.agent;
  viewer = (await joinAs(app, owner, "viewer")).client;
}, 30_000);
afterAll(() => app.stop());

/** A raw tRPC mutation, so a test can send what the typed client would not compile. */
async function rawMutation(client: Client, path: string, input: unknown) {
  const res = await client.post(`/trpc/${path}`, undefined, { raw: JSON.stringify({ json: input }) });
  const error = res.body?.error?.json as { message: string; data: { code: string; field?: string } } | undefined;
  return { status: res.status, message: error?.message, code: error?.data.code, field: error?.data.field };
}

describe("input contracts", () => {
  test("a nested body reports the contract's message and the body's field, like the REST route", async () => {
    const trpc = await rawMutation(owner, "agents.update", { id: agent.id, patch: { name: 5 } });
    const rest = await owner.request("PATCH", `/api/v1/agents/${agent.id}`, { body: { name: 5 } });
    expect(trpc).toEqual({ status: 400, message: "Valor inválido", code: "BAD_REQUEST", field: "name" });
    expect(rest.body.error).toMatchObject({ code: "VALIDATION", message: "Valor inválido", field: "name" });

    const intent = await rawMutation(owner, "agents.intents.create", {
      agentId: agent.id,
      intent: { name: "Pedido", description: "curta", examples: ["onde está"], action: { type: "simple_response", simpleResponse: "Já vejo." } },
    });
    expect(intent).toEqual({ status: 400, message: "Descrição deve ter pelo menos 10 caracteres", code: "BAD_REQUEST", field: "description" });
  });

  test("the permission is checked before the body: a viewer's malformed write is FORBIDDEN, not a validation error", async () => {
    for (const [path, input] of [
      ["agents.update", { id: agent.id, patch: { name: 5 } }],
      ["agents.intents.create", { agentId: agent.id, intent: {} }],
      ["channels.connectTelegram", { agentId: agent.id }],
      ["training.addText", { agentId: agent.id, body: { content: "" } }],
    ] as const) {
      const res = await rawMutation(viewer, path, input);
      expect({ path, status: res.status, code: res.code }).toEqual({ path, status: 403, code: "FORBIDDEN" });
    }
  });
});
