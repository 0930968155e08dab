import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decodeBase64Floats, openAiEmbedder } from "../../src/adapters/embeddings/openai";
import { EMBEDDING_DIM, offlineEmbedder } from "../../src/knowledge/embedder";
import { startFakeOpenAi } from "../fakes/openai";

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);

describe("offlineEmbedder", () => {
  const e = offlineEmbedder();

  test("id, dimension, deterministic and L2-normalised", async () => {
    expect(e.id).toBe("offline-v1");
    expect(e.dim).toBe(EMBEDDING_DIM);
    const texts = ["Qual o horário de funcionamento?", "Entregamos em toda a cidade.", "x"];
    const [a, b] = [await e.embed(texts), await offlineEmbedder().embed(texts)];
    expect(a.length).toBe(3);
    for (let i = 0; i < 3; i++) {
      expect(a[i]?.length).toBe(EMBEDDING_DIM);
      expect(Array.from(a[i] ?? [])).toEqual(Array.from(b[i] ?? []));
      expect(norm(a[i] ?? new Float32Array())).toBeCloseTo(1, 5);
    }
  });

  test("accents, case and inflection do not matter; unrelated text is far", async () => {
    const [q, same, inflected, other] = await e.embed([
      "Vocês fazem entrega aos domingos?",
      "VOCES FAZEM ENTREGA AOS DOMINGOS",
      "Entregamos no domingo",
      "A derivada de uma função exponencial",
    ]);
    const v = (x: Float32Array | undefined) => x ?? new Float32Array(EMBEDDING_DIM);
    expect(cos(v(q), v(same))).toBeCloseTo(1, 5);
    expect(cos(v(q), v(inflected))).toBeGreaterThan(0.4);
    expect(cos(v(q), v(other))).toBeLessThan(0.2);
  });

  test("empty text gives a zero vector; a batch of 1,000 chunks gives 1,000 normalised vectors in order", async () => {
    const [empty] = await e.embed([""]);
    expect(norm(empty ?? new Float32Array(1))).toBe(0);
    const chunk = "A padaria abre de segunda a sábado das 6h às 20h e entrega pelo WhatsApp num raio de 5 km. ".repeat(9);
    const out = await e.embed(Array.from({ length: 1000 }, (_, i) => `${chunk} ${i}`));
    expect(out.length).toBe(1000);
    // Speed is measured in bench/retrieval.ts; here: every chunk embedded, each its own vector.
    for (const v of out) expect(norm(v)).toBeCloseTo(1, 5);
    expect(out[0]).not.toEqual(out[999]);
  });

  test("honours an aborted signal", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(e.embed(["a"], ac.signal)).rejects.toThrow();
  });
});

describe("openAiEmbedder against the fake OpenAI server", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ embeddingDim: 384, apiKey: "sk-teste" });
  });
  afterAll(() => fake.stop());
  const embeddingBodies = () =>
    fake.requests.filter((r) => r.path === "/v1/embeddings").map((r) => r.body as { input: string[]; encoding_format: string; dimensions: number; model: string });

  test("float: asks for 384 dims in float, returns normalised Float32Arrays in input order", async () => {
    fake.requests.length = 0;
    const e = openAiEmbedder({ apiKey: "sk-teste", baseUrl: fake.url });
    expect(e.id).toBe("openai:text-embedding-3-small@384");
    expect(e.dim).toBe(384);
    const out = await e.embed(["horário de abertura", "formas de pagamento", "horário de abertura"]);
    expect(out.length).toBe(3);
    for (const v of out) expect(norm(v)).toBeCloseTo(1, 5);
    expect(Array.from(out[0] ?? [])).toEqual(Array.from(out[2] ?? []));
    const [body] = embeddingBodies();
    expect(body).toMatchObject({ model: "text-embedding-3-small", encoding_format: "float", dimensions: 384 });
  });

  test("base64 answers are decoded to the same vectors", async () => {
    const texts = ["troca em até 30 dias", "frete grátis acima de R$ 299"];
    const asFloat = await openAiEmbedder({ apiKey: "sk-teste", baseUrl: fake.url }).embed(texts);
    const asB64 = await openAiEmbedder({ apiKey: "sk-teste", baseUrl: fake.url, encodingFormat: "base64" }).embed(texts);
    expect(embeddingBodies().at(-1)?.encoding_format).toBe("base64");
    for (let i = 0; i < texts.length; i++) {
      const a = asFloat[i] ?? new Float32Array();
      const b = asB64[i] ?? new Float32Array();
      expect(b.length).toBe(384);
      for (let j = 0; j < 384; j++) expect(b[j]).toBeCloseTo(a[j] ?? 0, 6);
    }
    expect(Array.from(decodeBase64Floats(Buffer.from(new Float32Array([1.5, -2]).buffer).toString("base64")))).toEqual([1.5, -2]);
  });

  test("batches of at most 96 inputs, results in order", async () => {
    fake.requests.length = 0;
    const texts = Array.from({ length: 200 }, (_, i) => `pergunta número ${i}`);
    const out = await openAiEmbedder({ apiKey: "sk-teste", baseUrl: fake.url }).embed(texts);
    expect(out.length).toBe(200);
    expect(embeddingBodies().map((b) => b.input.length)).toEqual([96, 96, 8]);
    const [again] = await openAiEmbedder({ apiKey: "sk-teste", baseUrl: fake.url }).embed([texts[150] ?? ""]);
    expect(Array.from(again ?? [])).toEqual(Array.from(out[150] ?? []));
  });

  test("a model answering another dimension, or a bad key, fails with a message", async () => {
    const small = await startFakeOpenAi({ embeddingDim: 64 });
    try {
      await expect(openAiEmbedder({ apiKey: "k", baseUrl: small.url, maxRetries: 0 }).embed(["oi"])).rejects.toThrow(/64 dimensões/);
    } finally {
      small.stop();
    }
    await expect(openAiEmbedder({ apiKey: "errada", baseUrl: fake.url, maxRetries: 0 }).embed(["oi"])).rejects.toThrow();
  });
});
