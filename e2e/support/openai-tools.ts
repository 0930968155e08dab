/**
 * A fake OpenAI for e2e/dynamic-api.e2e.ts, as its own Bun process: when the consultarPedido tool
 * is offered and the customer names an order number, it calls the tool; given the tool's result it
 * answers with the order's status from it. Prints its base URL as the first stdout line.
 * Run: node_modules/.bin/bun e2e/support/openai-tools.ts
 */
import { lastUserText, startFakeOpenAi } from "../../test/fakes/openai";

const fake = await startFakeOpenAi({
  reply: (body) => {
    const tool = body.messages.find((m) => m.role === "tool");
    if (tool) {
      const data = JSON.parse(String(tool.content)) as { resposta?: { id?: string; status?: string } };
      return { content: `O pedido ${data.resposta?.id ?? "?"} está com status: ${data.resposta?.status ?? "desconhecido"}.` };
    }
    const order = /\d+/.exec(lastUserText(body))?.[0];
    const offered = ((body.tools ?? []) as { function: { name: string } }[]).some((t) => t.function.name === "consultarPedido");
    return offered && order ? { toolCalls: [{ name: "consultarPedido", arguments: JSON.stringify({ id: order }) }] } : { content: "Não sei responder." };
  },
});
console.log(fake.url);
