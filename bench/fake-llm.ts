/** The fake OpenAI server in its own process for bench/chat.ts. Args: latencyMs chunkDelayMs [jitterMs]. */
import { startFakeOpenAi } from "../test/fakes/openai";

const fake = await startFakeOpenAi({
  latencyMs: Number(process.argv[2] ?? 0),
  chunkDelayMs: Number(process.argv[3] ?? 0),
  jitterMs: Number(process.argv[4] ?? 0),
  reply: () => ({ content: "Nosso horário de atendimento é de segunda a sexta, das 9h às 18h. Posso ajudar em algo mais?" }),
});
// Don't keep every request in memory during a long run.
setInterval(() => fake.requests.splice(0), 1000);
console.log(JSON.stringify({ url: fake.url }));
