/**
 * The semantic cache stays bounded and coherent: answers cached by another connection (the job
 * Worker's channel turns) are found here, an agent keeps at most CACHE_MAX_ENTRIES entries (the
 * least recently used go, a hit keeps one), entries expire CACHE_TTL_MS after their last use, and
 * the agent page's hits and "R$ economizados" never drop when entries are pruned or invalidated.
 * The server runs in this process; a second libSQL connection to its file plays the other thread.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { databaseUrl } from "../src/deps";
import { cacheMemoryStats, setCacheMemoryBudget } from "../src/knowledge/cache-index";
import { offlineVector } from "../src/knowledge/embedder";
import { cacheKeyOf } from "../src/knowledge/semantic-cache";
import { CACHE_MAX_ENTRIES, CACHE_TTL_MS, pruneExpiredCache, storeInCache } from "../src/services/semantic-cache";
import { startFakeOpenAi } from "./fakes/openai";
import { type AgentRow, chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { agentRow } from "./helpers/training";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let other: DatabaseHandle;
let owner: Client;
let agent: AgentRow;

const ANSWER = "Entregamos em até 3 dias úteis.";
const PRODUCTS = ["geladeira", "fogão", "ventilador", "televisão", "notebook", "celular", "impressora", "cafeteira", "liquidificador", "aspirador", "sofá", "colchão", "bicicleta", "mochila", "relógio", "monitor", "teclado", "roteador", "câmera", "churrasqueira"];
const CITIES = ["Campinas", "Santos", "Curitiba", "Londrina", "Salvador", "Recife", "Fortaleza", "Natal", "Manaus", "Belém", "Goiânia", "Brasília", "Cuiabá", "Vitória", "Maceió", "Aracaju", "Teresina", "Niterói", "Uberlândia", "Joinville"];
const KINDS = ["novo", "usado", "de vitrine", "importado"];
const TEMPLATES = ["qual o prazo de entrega de {p} para {c}", "vocês têm {p} na loja de {c}", "quanto custa o frete de {p} até {c}", "posso trocar {p} comprado em {c}", "qual a garantia de {p} vendido em {c}", "aceitam pix para {p} entregue em {c}", "como funciona a instalação de {p} em {c}", "tem desconto para {p} à vista em {c}"];
/** The k-th of 12,800 distinct questions (distinct ones stay below the 0.92 similarity of a hit). */
const question = (k: number) => {
  let r = k;
  const pick = (xs: string[]) => {
    const x = xs[r % xs.length] ?? "";
    r = Math.floor(r / xs.length);
    return x;
  };
  const t = pick(TEMPLATES);
  const p = `${pick(PRODUCTS)} ${pick(KINDS)}`;
  return `${t.replace("{p}", p).replace("{c}", pick(CITIES))}?`;
};
const A = question(5000);
const B = question(5001);

beforeAll(async () => {
  fake = await startFakeOpenAi({ reply: () => ({ content: ANSWER }) });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  const o = await ownerWithAgent(app);
  owner = o.client;
  agent = o.agent;
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  other = await openDatabase(databaseUrl(app.deps.env));
}, 60_000);

afterAll(async () => {
  other?.close();
  await app.stop();
  fake.stop();
});

const chats = () => fake.chatRequests().length;
const ask = async (q: string) => (await chat(app, agent.id, { message: q })).body.data?.outcome;
const stats = async () => (await owner.trpc.training.cacheStats.query({ agentId: agent.id })).data;
/** Stores questions first..last-1 through the other connection, `at(k)` as each one's time; 100 per transaction. */
async function storeElsewhere(first: number, last: number, at: (k: number) => number) {
  const row = await agentRow(app, agent.id);
  for (let from = first; from < last; from += 100) {
    const ks = Array.from({ length: Math.min(100, last - from) }, (_, i) => from + i);
    await Promise.all(ks.map((k) => storeInCache(other.db, row, cacheKeyOf(row), question(k), offlineVector(question(k)), ANSWER, at(k))));
  }
}

describe("[knowledge] semantic cache bounds", () => {
  test("an answer cached by another connection (the Worker's channel turns) is served here, after this process loaded its copy", async () => {
    expect(await ask(A)).toBe("answered");
    expect(await ask(A)).toBe("cached");
    const before = chats();
    await storeElsewhere(5001, 5002, () => Date.now());
    expect(await ask(B)).toBe("cached");
    expect(chats()).toBe(before);
  });

  test("an agent keeps at most CACHE_MAX_ENTRIES entries: storing beyond it drops the least recently used", async () => {
    const t0 = Date.now() - 60 * 60_000;
    // A and B are newer than all of these, so the two oldest of them are the ones dropped.
    await storeElsewhere(0, CACHE_MAX_ENTRIES, (k) => t0 + k);
    expect((await stats()).entries).toBe(CACHE_MAX_ENTRIES);
    const before = chats();
    expect(await ask(question(CACHE_MAX_ENTRIES - 1))).toBe("cached");
    expect(await ask(A)).toBe("cached");
    expect(chats()).toBe(before);
    expect(await ask(question(1))).toBe("answered");
    expect(chats()).toBe(before + 1);
    // Answering it cached it again, in place of the next least recently used.
    expect((await stats()).entries).toBe(CACHE_MAX_ENTRIES);
  }, 60_000);

  test("a hit keeps an entry: after many newer answers it is still served, while an entry never hit is gone", async () => {
    expect(await ask(question(5))).toBe("cached");
    const t1 = Date.now() - 30 * 60_000;
    await storeElsewhere(CACHE_MAX_ENTRIES, 2 * CACHE_MAX_ENTRIES - 10, (k) => t1 + k);
    expect((await stats()).entries).toBe(CACHE_MAX_ENTRIES);
    const before = chats();
    expect(await ask(question(5))).toBe("cached");
    expect(chats()).toBe(before);
    expect(await ask(question(6))).toBe("answered");
    expect(chats()).toBe(before + 1);
  }, 60_000);

  test("entries not stored or hit for 30 days expire; the hits and R$ saved shown stay", async () => {
    const s0 = await stats();
    expect(s0.hits).toBeGreaterThan(3);
    expect(s0.savedBrl).toBeGreaterThan(0);
    // Time passes for every entry but A's (written behind the process's back, as another thread would).
    await other.client.execute({ sql: "UPDATE semantic_cache SET updated_at = ? WHERE agent_id = ? AND question <> ?", args: [Date.now() - CACHE_TTL_MS - 60_000, agent.id, A] });
    expect(await pruneExpiredCache(app.deps.db, Date.now())).toBe(CACHE_MAX_ENTRIES - 1);
    const s1 = await stats();
    expect(s1).toMatchObject({ entries: 1, hits: s0.hits, savedBrl: s0.savedBrl });
    const before = chats();
    expect(await ask(A)).toBe("cached");
    expect(await ask(B)).toBe("answered");
    expect(chats()).toBe(before + 1);
    expect((await stats()).hits).toBe(s0.hits + 1);
  }, 30_000);

  test("editing the agent invalidates the loaded copy; the old entries go at the next answer and the savings stay", async () => {
    expect(await ask(A)).toBe("cached");
    const s0 = await stats();
    const patched = await owner.request("PATCH", `/api/v1/agents/${agent.id}`, { body: { description: "Atende clientes da loja de eletrodomésticos." } });
    expect(patched.status).toBe(200);
    const before = chats();
    expect(await ask(A)).toBe("answered");
    expect(chats()).toBe(before + 1);
    expect(await stats()).toMatchObject({ entries: 1, hits: s0.hits, savedBrl: s0.savedBrl });
    expect(await ask(A)).toBe("cached");
  });

  test("a copy dropped for the memory budget is rebuilt from the rows: the next question still hits", async () => {
    setCacheMemoryBudget(0);
    expect(cacheMemoryStats().agents).toBe(0);
    try {
      const before = chats();
      expect(await ask(A)).toBe("cached");
      expect(chats()).toBe(before);
      // The copy in use stays even over budget; it holds this agent's one entry.
      expect(cacheMemoryStats()).toMatchObject({ agents: 1, entries: 1 });
    } finally {
      setCacheMemoryBudget(64 * 1024 * 1024);
    }
  });
});
