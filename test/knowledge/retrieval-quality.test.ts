/**
 * Retrieval on a real libSQL file with the real migrations: the Portuguese FAQ corpus
 * (test/fixtures/faq-pt.ts) embedded by the offline embedder, hybrid vector + FTS5 search.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type FaqBusiness, faqChunks, faqQuestions, unrelatedQuestions } from "../fixtures/faq-pt";
import { offlineEmbedder } from "../../src/knowledge/embedder";
import { ftsQuery } from "../../src/knowledge/fts";
import { indexCacheStats, invalidateAgentIndex, retrieve, setIndexMemoryBudget } from "../../src/knowledge/retrieve";
import { type TestAgent, type TestDb, bumpVersion, createAgent, createWorkspace, insertSource, openTestDb } from "./db";

const embedder = offlineEmbedder();
let t: TestDb;
const agents = new Map<FaqBusiness, TestAgent>();
const keyOfId = new Map<number, string>();
let intruder: TestAgent;
let intruderIds: number[] = [];

async function addChunks(agent: TestAgent, title: string, contents: string[]) {
  const vectors = await embedder.embed(contents);
  return insertSource(
    t,
    agent,
    title,
    contents.map((content, i) => ({ content, vector: vectors[i] ?? new Float32Array(384) })),
  );
}

beforeAll(async () => {
  t = await openTestDb();
  const ws = await createWorkspace(t, "Negócios do Bairro");
  for (const business of ["padaria", "moda", "clinica"] as const) {
    const agent = await createAgent(t, ws, business);
    agents.set(business, agent);
    const chunks = faqChunks.filter((c) => c.business === business);
    const ids = await addChunks(
      agent,
      `FAQ ${business}`,
      chunks.map((c) => c.content),
    );
    for (const [i, id] of ids.entries()) keyOfId.set(id, chunks[i]?.key ?? "");
  }
  // Another workspace whose agent knows almost the same bakery text, with a marker to spot leaks.
  const other = await createWorkspace(t, "Concorrente");
  intruder = await createAgent(t, other, "padaria concorrente");
  intruderIds = await addChunks(
    intruder,
    "FAQ concorrente",
    faqChunks.filter((c) => c.business === "padaria").map((c) => `${c.content} [CONCORRENTE]`),
  );
});

afterAll(() => t.dispose());

const agentId = (b: FaqBusiness) => agents.get(b)?.id ?? "";

describe("retrieval quality (offline embedder + FTS5)", () => {
  test("the right chunk is in the top 3 for at least 90% of the 50 paraphrased questions", async () => {
    expect(faqQuestions.length).toBe(50);
    const misses: string[] = [];
    for (const q of faqQuestions) {
      const res = await retrieve(t.db, agentId(q.business), q.question, embedder, { k: 3 });
      if (!res.some((r) => keyOfId.get(r.id) === q.answer)) misses.push(q.question);
    }
    const hitRate = (faqQuestions.length - misses.length) / faqQuestions.length;
    if (hitRate < 0.9) console.log("misses:", misses);
    expect(hitRate).toBeGreaterThanOrEqual(0.9);
  });

  test("results carry the row fields, in fused order, scores are cosines", async () => {
    const res = await retrieve(t.db, agentId("moda"), "Dá pra parcelar sem juros?", embedder);
    expect(res.length).toBeGreaterThan(0);
    expect(res.length).toBeLessThanOrEqual(5);
    const top = res[0];
    expect(top && keyOfId.get(top.id)).toBe("moda-parcelamento");
    expect(top).toMatchObject({ source: "FAQ moda", sourceType: "text" });
    expect(top?.content).toContain("6 vezes sem juros");
    expect(typeof top?.sourceId).toBe("string");
    expect(typeof top?.chunkIndex).toBe("number");
    for (const r of res) expect(r.score).toBeGreaterThan(0);
  });

  test("an unrelated question returns nothing", async () => {
    for (const q of unrelatedQuestions) {
      for (const b of agents.keys()) expect(await retrieve(t.db, agentId(b), q, embedder)).toEqual([]);
    }
  });

  test("blank questions, k = 0 and unknown agents return nothing", async () => {
    expect(await retrieve(t.db, agentId("padaria"), "   ", embedder)).toEqual([]);
    expect(await retrieve(t.db, agentId("padaria"), "horário", embedder, { k: 0 })).toEqual([]);
    expect(await retrieve(t.db, "00000000-0000-7000-8000-000000000000", "horário", embedder)).toEqual([]);
  });

  test("FTS syntax in a question is plain text, never an error", async () => {
    for (const q of ['"aberto', "horário AND NOT", "content:pix*", "NEAR(a b)", "^domingo OR", "a)(b", "'; DROP TABLE embeddings; --"]) {
      await retrieve(t.db, agentId("padaria"), q, embedder);
    }
    expect(ftsQuery('abre "domingo" NEAR(x) content:pix')).toBe('"abre" OR "doming"* OR "near" OR "x" OR "content" OR "pix"');
    expect(ftsQuery("o que é isso?")).toBeNull();
  });
});

describe("tenant isolation", () => {
  test("another workspace's agent with the same text never leaks into results", async () => {
    for (const q of faqQuestions.filter((x) => x.business === "padaria")) {
      const res = await retrieve(t.db, agentId("padaria"), q.question, embedder, { k: 10, minScore: 0 });
      for (const r of res) {
        expect(r.content).not.toContain("CONCORRENTE");
        expect(intruderIds).not.toContain(r.id);
      }
      const theirs = await retrieve(t.db, intruder.id, q.question, embedder, { k: 10, minScore: 0 });
      for (const r of theirs) expect(r.content).toContain("CONCORRENTE");
    }
  });

  test("the same holds for the other agents of the same workspace", async () => {
    const res = await retrieve(t.db, agentId("clinica"), "Vocês vendem pão de queijo congelado?", embedder, { k: 10, minScore: 0 });
    for (const r of res) expect(keyOfId.get(r.id)?.startsWith("cli-")).toBe(true);
  });
});

describe("keeping the in-process index in step with the rows", () => {
  const question = "Tem sorvete artesanal de pistache?";

  test("a new chunk is found after knowledge_version is bumped (as written by another process)", async () => {
    expect(await retrieve(t.db, agentId("padaria"), question, embedder)).toEqual([]);
    const [id] = await addChunks(agents.get("padaria") ?? intruder, "Sorvetes", ["Sorvetes\nNo verão vendemos sorvete artesanal de pistache, chocolate belga e morango."]);
    const res = await retrieve(t.db, agentId("padaria"), question, embedder);
    expect(res[0]?.id).toBe(id ?? -1);
  });

  test("deleted chunks disappear after the bump; invalidateAgentIndex forces a rebuild", async () => {
    await t.client.execute({ sql: "DELETE FROM embeddings WHERE content LIKE '%pistache%'", args: [] });
    await bumpVersion(t, agentId("padaria"));
    expect(await retrieve(t.db, agentId("padaria"), question, embedder)).toEqual([]);
    invalidateAgentIndex(agentId("padaria"));
    const res = await retrieve(t.db, agentId("padaria"), "Vocês abrem no domingo?", embedder);
    expect(keyOfId.get(res[0]?.id ?? 0)).toBe("pad-horario");
  });

  test("least-recently-used indexes are evicted beyond the memory budget and rebuilt on demand", async () => {
    for (const b of agents.keys()) await retrieve(t.db, agentId(b), "horário", embedder);
    expect(indexCacheStats().agents).toBeGreaterThanOrEqual(3);
    setIndexMemoryBudget(1);
    expect(indexCacheStats().agents).toBe(0);
    const res = await retrieve(t.db, agentId("clinica"), "A clínica abre no sábado?", embedder, { k: 3 });
    expect(res.some((r) => keyOfId.get(r.id) === "cli-horario")).toBe(true);
    expect(indexCacheStats().agents).toBe(1);
    setIndexMemoryBudget(256 * 1024 * 1024);
  });
});
