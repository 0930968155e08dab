/**
 * Processes for bench/tools.ts. Each prints one JSON line on stdout once ready.
 *   bun bench/tools-target.ts fakes        → the fake OpenAI server (latency 0) plus the loopback
 *     "shop" API the dynamic-API tool calls. The model answers the first request of a turn with a
 *     call to the orders tool when it is offered, and with text once a tool message is present.
 *   bun bench/tools-target.ts app <llmUrl> <shopUrl> → the app (NODE_ENV=test; the caller sets
 *     ATENDA_SAFE_FETCH_ALLOW to the shop's host:port) with two funded agents: one without tools,
 *     one with a dynamic API (a manual GET /orders/{id} endpoint, tested → ready_for_execution).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dynamicApiInput, saveEndpointsInput, testEndpointInput } from "../src/schemas/dynamic-api";
import { ownerPermissions } from "../src/schemas/workspaces";
import { requirePermission } from "../src/services/access";
import type { ServiceContext } from "../src/services/context";
import { createDynamicApi } from "../src/services/dynamic-api";
import { saveEndpoints, testEndpoint } from "../src/services/dynamic-api-endpoints";
import { startServer } from "../src/server";
import { type ChatBody, startFakeOpenAi } from "../test/fakes/openai";
import { benchEnv, fundedWorkspace, insertAgent } from "./target-support";

const ENDPOINT_KEY = "GET /orders/{id}";

async function fakes() {
  const stats = { toolCallReplies: 0, textReplies: 0, afterToolReplies: 0, shopCalls: 0 };
  type Offered = { function: { name: string; description: string } };
  const fake = await startFakeOpenAi({
    reply: (b: ChatBody) => {
      if (b.messages.some((m) => m.role === "tool")) {
        stats.afterToolReplies++;
        const result = b.messages.filter((m) => m.role === "tool").map((m) => String(m.content));
        return { content: `Seu pedido está a caminho. ${result.join(" ")}`.slice(0, 400) };
      }
      const tool = ((b.tools ?? []) as Offered[]).find((t) => t.function.description.includes("/orders/{id}"));
      if (tool) {
        stats.toolCallReplies++;
        return { toolCalls: [{ name: tool.function.name, arguments: JSON.stringify({ id: "A123" }) }] };
      }
      stats.textReplies++;
      return { content: "Nosso horário de atendimento é de segunda a sexta, das 9h às 18h. Posso ajudar em algo mais?" };
    },
  });
  // Don't keep every request in memory during a long run.
  setInterval(() => fake.requests.splice(0), 1000);
  const shop = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === "/__stats") return Response.json(stats);
      stats.shopCalls++;
      return Response.json({ id: path.split("/").pop(), status: "enviado", itens: [{ sku: "CAM-01", qtd: 1 }], previsao: "2026-12-01" });
    },
  });
  console.log(JSON.stringify({ url: fake.url, shopUrl: `http://127.0.0.1:${shop.port}` }));
}

async function app(llmUrl: string, shopUrl: string) {
  const { server, deps } = await startServer(benchEnv(mkdtempSync(join(tmpdir(), "atenda-tools-bench-")), llmUrl, "test"));
  const owner = await fundedWorkspace(deps.db);
  const { admin, ws } = owner;
  const newAgent = async (name: string) => {
    const row = await insertAgent(deps.db, owner, name);
    if (!row) throw new Error("agent insert failed");
    return row;
  };
  const plain = await newAgent("Bench");
  const withTool = await newAgent("Bench Pedidos");

  const scope = requirePermission({ id: ws.id, name: ws.name, ownerId: admin.id, role: "owner", permissions: ownerPermissions }, "canEditAgents");
  const ctx: ServiceContext = { ...deps, actor: { type: "system", job: "bench" }, meta: { ipAddress: null, userAgent: null, requestId: "bench-tools" }, workspace: scope };
  const api = await createDynamicApi(ctx, scope, withTool.id, dynamicApiInput.parse({ name: "Loja", baseUrl: shopUrl }));
  await saveEndpoints(
    ctx,
    scope,
    saveEndpointsInput.parse({
      id: api.id,
      selected: [],
      manual: [{ name: "consultar pedido", method: "GET", path: "/orders/{id}", summary: "Consulta um pedido", parameters: [{ name: "id", in: "path", required: true }] }],
    }),
  );
  const test = await testEndpoint(ctx, scope, testEndpointInput.parse({ id: api.id, endpointKey: ENDPOINT_KEY, args: { id: "T1" } }));
  if (!test.ok) throw new Error(`endpoint test failed: ${test.error ?? test.status}`);
  console.log(JSON.stringify({ port: server.port, plainAgentId: plain.id, toolAgentId: withTool.id }));
}

const [role, a1, a2] = process.argv.slice(2);
if (role === "fakes") await fakes();
else if (role === "app") await app(a1 ?? "", a2 ?? "");
else throw new Error("usage: tools-target.ts fakes | app <llmUrl> <shopUrl>");
process.on("SIGINT", () => process.exit(0));
