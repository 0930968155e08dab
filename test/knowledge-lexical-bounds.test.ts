/**
 * The full-text side of retrieval on shop-like text, where "produto", "garantia", "entrega"… are
 * in every chunk: a question still finds the chunk with its one distinguishing detail, and the
 * common words never make FTS5 match (and rank) the whole catalogue.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { agentIndex } from "../src/knowledge/agent-index";
import { offlineEmbedder } from "../src/knowledge/embedder";
import { MAX_POSTINGS, boundedTerms, ftsQuery, ftsSearch } from "../src/knowledge/fts";
import { retrieve } from "../src/knowledge/retrieve";
import { type TestAgent, type TestDb, createAgent, createWorkspace, insertSource, openTestDb } from "./knowledge/db";

const embedder = offlineEmbedder();
const SYLLABLES = ["ka", "vo", "ri", "lu", "mi", "te", "zo", "ni", "bre", "xa", "du", "pe", "gor", "tan", "vel"];
/** 225 invented product names, each in exactly its product's chunks. */
const NAMES = SYLLABLES.flatMap((a) => SYLLABLES.map((b) => `${a.toUpperCase()[0]}${a.slice(1)}${b}xi`));

const sections = (name: string, i: number) => ({
  garantia: `Garantia do produto ${name}: o produto tem garantia de ${3 + (i % 4) * 3} meses contra defeitos de fabricação. Para acionar a garantia do produto, informe o número do pedido ao atendimento.`,
  entrega: `Entrega do produto ${name}: o produto é enviado em até ${1 + (i % 7)} dias úteis depois do pagamento, e o frete do produto é grátis acima de R$ 199. O pedido pode ser rastreado.`,
  uso: `Uso do produto ${name}: antes de usar o produto, lave as peças com água e sabão neutro. Para a limpeza do produto, desligue da tomada e passe um pano úmido.`,
});

let t: TestDb;
let shop: TestAgent;
let small: TestAgent;
/** Chunk id by `${name}/${section}`. */
const idOf = new Map<string, number>();

async function addChunks(agent: TestAgent, title: string, contents: string[]): Promise<number[]> {
  const vectors = await embedder.embed(contents);
  return insertSource(
    t,
    agent,
    title,
    contents.map((content, i) => ({ content, vector: vectors[i] ?? new Float32Array(embedder.dim) })),
  );
}

beforeAll(async () => {
  t = await openTestDb("atenda-lexical-");
  const ws = await createWorkspace(t, "Loja de Eletros");
  shop = await createAgent(t, ws, "Catálogo");
  const keys: string[] = [];
  const contents: string[] = [];
  NAMES.forEach((name, i) => {
    for (const [section, text] of Object.entries(sections(name, i))) {
      keys.push(`${name}/${section}`);
      contents.push(text);
    }
  });
  const ids = await addChunks(shop, "Catálogo", contents);
  for (const [i, k] of keys.entries()) idOf.set(k, ids[i] ?? -1);
  // A small agent: its common words are few rows, so FTS keeps them.
  small = await createAgent(t, ws, "Pequena");
  await addChunks(small, "FAQ", [
    "A garantia do produto é de 12 meses.",
    "A entrega do produto leva até 5 dias úteis.",
    "Aceitamos Pix e cartão de crédito.",
  ]);
});

afterAll(() => t.dispose());

const scopeOf = async (agent: TestAgent) => (await agentIndex(t.db, agent.id)) ?? { agentId: agent.id, workspaceId: agent.workspaceId };

describe("common words plus one rare detail", () => {
  test("the chunk with the detail is among the top 3 results, for every product asked", async () => {
    expect(NAMES.length * 3).toBeGreaterThan(MAX_POSTINGS);
    const misses: string[] = [];
    for (const [i, name] of NAMES.entries()) {
      if (i % 9 !== 0) continue;
      const asks: [string, string][] = [
        [`Qual é a garantia do produto ${name}?`, "garantia"],
        [`Qual o prazo de entrega do produto ${name}? O frete é grátis?`, "entrega"],
        [`Como faço a limpeza do produto ${name}?`, "uso"],
      ];
      for (const [question, section] of asks) {
        const res = await retrieve(t.db, shop.id, question, embedder, { k: 5 });
        if (!res.slice(0, 3).some((r) => r.id === idOf.get(`${name}/${section}`))) misses.push(question);
      }
    }
    expect(misses).toEqual([]);
  });

  test("the full-text side ranks only the chunks holding the detail", async () => {
    const ids = await ftsSearch(t.db, await scopeOf(shop), "Qual é a garantia do produto Zotanxi? E a entrega do produto?", 1000);
    expect(ids.sort()).toEqual(["garantia", "entrega", "uso"].map((s) => idOf.get(`Zotanxi/${s}`) ?? 0).sort());
  });
});

describe("too-common terms are left out", () => {
  test("a question of words in every chunk makes FTS match nothing instead of the whole catalogue", async () => {
    for (const q of ["Qual é a garantia do produto?", "Qual o prazo de entrega do produto? O frete é grátis?", "produto produtos garantia entrega pedido"]) {
      expect(await ftsSearch(t.db, await scopeOf(shop), q, 10_000)).toEqual([]);
    }
  });

  test("no question makes FTS match more rows than the bound", async () => {
    // Each figure is in 30–90 chunks: together they pass the bound, so only the rarest are asked.
    const figures = "Garantia de 3, 6, 9 ou 12 meses e entrega em 1, 2, 3, 4, 5, 6 ou 7 dias úteis?";
    for (const q of [figures, `garantia ${NAMES.slice(0, 40).join(" ")} entrega limpeza frete pedido`]) {
      const ids = await ftsSearch(t.db, await scopeOf(shop), q, 10_000);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(MAX_POSTINGS);
    }
  });

  test("terms are kept rarest first while their rows fit the bound; absent terms go", () => {
    expect(boundedTerms(['"produt"*', '"zotanx"*', '"garant"*', '"inexistente"'], [MAX_POSTINGS + 1, 3, 150, 0])).toEqual(['"zotanx"*', '"garant"*']);
    expect(boundedTerms(['"a"', '"b"', '"c"'], [120, 60, 30])).toEqual(['"b"', '"c"']);
  });

  test("a small agent keeps its common words: they match few rows", async () => {
    const ids = await ftsSearch(t.db, await scopeOf(small), "Qual é a garantia do produto?", 10);
    expect(ids.length).toBe(2);
  });

  test("counts follow the agent's chunks: a word that becomes common is dropped after the next training", async () => {
    const question = "Vocês vendem o liquidificador?";
    await addChunks(small, "Liquidificadores", ["O liquidificador Turbo tem 12 velocidades."]);
    expect(await ftsSearch(t.db, await scopeOf(small), question, 10)).toHaveLength(1);
    await addChunks(
      small,
      "Mais liquidificadores",
      Array.from({ length: MAX_POSTINGS }, (_, i) => `O liquidificador modelo ${i} tem copo de vidro.`),
    );
    expect(await ftsSearch(t.db, await scopeOf(small), question, 10)).toEqual([]);
  });

  test("operators typed in a question stay plain words", async () => {
    expect(ftsQuery('garantia "Zotanxi" NEAR(x) content:produto*')).toBe('"garanti"* OR "zotanxi" OR "near" OR "x" OR "content" OR "produt"*');
    for (const q of ['"Zotanxi', "Zotanxi AND NOT", "content:Zotanxi*", "NEAR(Zotanxi garantia)", "^Zotanxi OR", "a)(b"]) {
      const ids = await ftsSearch(t.db, await scopeOf(shop), q, 10);
      expect(ids.every((id) => [...idOf.values()].includes(id))).toBe(true);
    }
  });
});
