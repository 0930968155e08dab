/**
 * Shared by the integration tests that drive a chat turn through the fake OpenAI server: what the
 * model was offered, the tool results it got back, and a model that calls one tool then answers.
 */
import type { ChatBody, startFakeOpenAi } from "../fakes/openai";
import { ownerWithAgent, setWallet } from "./agents";
import type { TestApp } from "./app";

type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
export type OfferedTool = { function: { name: string; description: string; parameters: Record<string, unknown> } };

/** The tool results the model received in this request. */
export const toolMessages = (b: ChatBody | undefined) => (b?.messages ?? []).filter((m) => m.role === "tool").map((m) => String(m.content));
/** The tools the model was offered in this request. */
export const offered = (b: ChatBody | undefined) => ((b?.tools ?? []) as OfferedTool[]).map((t) => t.function);

/** An owner with an agent and credits to chat. */
export async function fundedOwner(app: TestApp) {
  const o = await ownerWithAgent(app);
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  return o;
}

/** The model calls `name(args)` when it is offered (else answers "sem ferramenta"), then answers "Resultado: <tool results>". */
export function modelCalls(fake: FakeOpenAi, name: string, args: Record<string, unknown>) {
  fake.settings.reply = (b) => {
    const results = toolMessages(b);
    if (results.length) return { content: `Resultado: ${results.join(" | ")}` };
    return offered(b).some((t) => t.name === name) ? { toolCalls: [{ name, arguments: JSON.stringify(args) }] } : { content: "sem ferramenta" };
  };
}

/** Call before a turn; the returned function gives the model requests that turn made. */
export function turnRequests(fake: FakeOpenAi) {
  const from = fake.chatRequests().length;
  return () => fake.chatRequests().slice(from);
}
