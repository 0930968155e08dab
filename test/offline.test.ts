/** With no provider configured the product still answers: the offline provider (SPEC/issue 3 "modo offline"). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { conversations, messages } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import { type AgentRow, chat, chatSse, ledger, ownerWithAgent, walletRow, wavDataUrl } from "./helpers/agents";
import { Client } from "./helpers/client";

const UNKNOWN = "Essa eu não sei, mas posso chamar um atendente.";

let app: TestApp;
let agent: AgentRow;
let workspaceId: string;
let owner: Client;

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(
    app,
    {
      companyName: "Padaria Pão Quente",
      companyDetails:
        "Somos uma padaria artesanal no centro de Curitiba. Nosso horário de funcionamento é de segunda a sábado, das 7h às 19h. Aceitamos cartões e PIX. Fazemos entregas pelo aplicativo.",
      unknownResponseMessage: UNKNOWN,
      greetingMessage: "Olá! Eu sou a Bia, da Padaria Pão Quente.",
      avoidedWords: ["PIX"],
    },
    { name: "Bia da Padaria", activity: "Atendente virtual" },
  );
  agent = o.agent;
  workspaceId = o.workspaceId;
  owner = o.client;
});
afterAll(() => app.stop());

describe("[offline] no OPENAI_API_KEY", () => {
  test("GET /api/v1/config/public says offlineMode true; tRPC agents.models says offline with no providers", async () => {
    const cfg = await new Client(app.base).get<{ offlineMode: boolean }>("/api/v1/config/public");
    expect(cfg.status).toBe(200);
    expect(cfg.data.offlineMode).toBe(true);
    const models = await owner.trpc.agents.models.query();
    expect(models.data).toEqual({ offline: true, providers: [] });
  });

  test("a question about opening hours gets the sentence with the hours, from companyDetails", async () => {
    const res = await chat(app, agent.id, { message: "Qual é o horário de funcionamento de vocês?", sessionId: "offline-1" });
    expect(res.status).toBe(200);
    expect(res.body.response).toBe("Nosso horário de funcionamento é de segunda a sábado, das 7h às 19h.");
    const delivery = await chat(app, agent.id, { message: "Vocês fazem entregas?" });
    expect(delivery.body.response).toBe("Fazemos entregas pelo aplicativo.");
  });

  test("an unknown question gets the agent's unknownResponseMessage; a greeting the greeting", async () => {
    const res = await chat(app, agent.id, { message: "Vocês consertam bicicletas elétricas?" });
    expect(res.body.response).toBe(UNKNOWN);
    const hello = await chat(app, agent.id, { message: "Oi" });
    expect(hello.body.response).toBe("Olá! Eu sou a Bia, da Padaria Pão Quente.");
  });

  test("avoided words are removed from offline answers too; audio gets a clear message", async () => {
    const res = await chat(app, agent.id, { message: "Quais formas de pagamento: cartões?" });
    expect(res.body.response).toBe("Aceitamos cartões e.");
    expect(String(res.body.response)).not.toContain("PIX");
    const audio = await chat(app, agent.id, { message: "", audioData: wavDataUrl() });
    expect(audio.status).toBe(200);
    expect(audio.body.response).toBe("No momento não consigo ouvir áudios. Você pode escrever sua mensagem?");
  });

  test("SSE streams the offline answer as deltas ending in 'done'", async () => {
    const res = await chatSse(app, agent.id, { message: "Qual o horário de funcionamento?" });
    const deltas = res.events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(3);
    const done = res.events.at(-1);
    expect(done?.event).toBe("done");
    expect(deltas.map((d) => d.data.text).join("")).toBe(String(done?.data.response));
    expect(done?.data).toMatchObject({ response: "Nosso horário de funcionamento é de segunda a sábado, das 7h às 19h.", outcome: "offline" });
  });

  test("offline answers cost nothing and are stored in the web conversation", async () => {
    expect(await ledger(app, workspaceId)).toEqual([]);
    expect((await walletRow(app, workspaceId)).remainingCredits).toBe(100_000);
    const [conv] = await app.deps.db.select().from(conversations).where(eq(conversations.contactKey, "offline-1"));
    expect(conv).toMatchObject({ channel: "web", agentId: agent.id });
    const rows = await app.deps.db.select().from(messages).where(eq(messages.conversationId, String(conv?.id)));
    expect(rows.map((m) => m.senderType).sort()).toEqual(["agent", "customer"]);
    expect(rows.find((m) => m.senderType === "agent")?.metadata).toMatchObject({ outcome: "offline", provider: "offline", model: "offline-extractive", creditsMilli: 0 });
  });
});
