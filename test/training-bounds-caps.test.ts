/**
 * Issue 11, defect 1: the per-source and per-workspace caps of training, set low through their env
 * overrides (TRAINING_MAX_SOURCE_CHUNKS=25, TRAINING_MAX_WORKSPACE_CHUNKS=30,
 * TRAINING_MAX_SOURCE_CHARS=40000). A source past a cap fails on its first attempt with the pt-BR
 * reason and keeps no chunk; a full workspace refuses new sources up front.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type FakeSite, htmlPage, startFakeSite } from "./fakes/site";
import { sectionedText } from "./fixtures/heavy-documents";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { addSource, chunksOf, jobsOf, uploadDocument, waitForSource } from "./helpers/training";

const PER_SOURCE = "Esta fonte geraria trechos demais (limite: 25 por fonte). Divida o conteúdo em partes menores.";
const CHARS = "O texto desta fonte passa do limite de 40.000 caracteres. Divida o conteúdo em partes menores.";
const WORKSPACE = "O workspace atingiu o limite de 30 trechos de treinamento. Remova fontes que não usa mais para treinar novas.";

let app: TestApp;
let site: FakeSite;
const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;

beforeAll(async () => {
  site = await startFakeSite();
  const long = (n: number) => `<p>${`Texto longo da página ${n} sobre os serviços da empresa e seus horários. `.repeat(280)}</p>`;
  site.page("/", htmlPage("Início", long(1), ["/a", "/b"]));
  site.page("/a", htmlPage("Página A", long(2)));
  site.page("/b", htmlPage("Página B", long(3)));
  process.env.ATENDA_SAFE_FETCH_ALLOW = site.host;
  app = await startTestApp({ TRAINING_MAX_SOURCE_CHUNKS: "25", TRAINING_MAX_WORKSPACE_CHUNKS: "30", TRAINING_MAX_SOURCE_CHARS: "40000" });
});

afterAll(async () => {
  await app?.stop();
  await site?.stop();
  if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
});

async function upload(client: Client, agentId: string, name: string, text: string) {
  const up = await uploadDocument(client, agentId, name, text, "text/plain");
  if (up.status !== 201) throw new Error(`upload ${name}: ${up.status} ${JSON.stringify(up.body)}`);
  return (await waitForSource(client, agentId, up.data.id, { timeoutMs: 30_000 })).source;
}

async function expectFailedOnce(sourceId: string, message: string, status: string, error: string | null) {
  expect({ status, error }).toEqual({ status: "failed", error: message });
  expect(await chunksOf(app, sourceId)).toHaveLength(0);
  const jobs = await jobsOf(app, sourceId);
  expect(jobs.map((j) => ({ status: j.status, attempts: j.attempts }))).toEqual([{ status: "dead", attempts: 1 }]);
}

describe("per source", () => {
  test("[training-bounds]: a document of 26 chunks (cap 25) fails with the pt-BR message; 25 chunks train", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const over = await upload(client, agent.id, "grande.txt", sectionedText(26));
    await expectFailedOnce(over.id, PER_SOURCE, over.status, over.errorMessage);
    const fits = await upload(client, agent.id, "cabe.txt", sectionedText(25));
    expect(fits.status).toBe("ready");
    expect(await chunksOf(app, fits.id)).toHaveLength(25);
  }, 60_000);

  test("[training-bounds]: a document past the character cap fails before it is chunked", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const text = "Política de trocas e devoluções da loja, válida para todos os produtos. ".repeat(600);
    expect(text.length).toBeGreaterThan(40_000);
    const source = await upload(client, agent.id, "politica.md", text);
    await expectFailedOnce(source.id, CHARS, source.status, source.errorMessage);
  }, 60_000);

  test("[training-bounds]: a website whose pages together pass the character cap fails", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const added = await addSource(client, "Website", agent.id, { url: `${site.url}/`, subpages: [`${site.url}/a`, `${site.url}/b`], updateFrequency: "never" });
    const { source } = await waitForSource(client, agent.id, added.id, { timeoutMs: 30_000 });
    await expectFailedOnce(source.id, CHARS, source.status, source.errorMessage);
  }, 60_000);
});

describe("per workspace", () => {
  test("[training-bounds]: a source that would pass the workspace cap fails, one that fits trains, and a full workspace refuses new sources", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const first = await upload(client, agent.id, "primeiro.txt", sectionedText(20, "primeiro"));
    expect(first.status).toBe("ready");
    const over = await upload(client, agent.id, "segundo.txt", sectionedText(15, "segundo"));
    await expectFailedOnce(over.id, WORKSPACE, over.status, over.errorMessage);
    const fits = await upload(client, agent.id, "terceiro.txt", sectionedText(10, "terceiro"));
    expect(fits.status).toBe("ready");

    // 30 of 30: nothing more is accepted, a text nor a document.
    const text = await client.trpc.training.addText.mutate({ agentId: agent.id, body: { content: "Mais um texto que não cabe no workspace cheio." } });
    expect({ ok: text.ok, code: text.error?.appCode, message: text.error?.message }).toEqual({ ok: false, code: "LIMIT_EXCEEDED", message: WORKSPACE });
    const doc = await uploadDocument(client, agent.id, "quarto.txt", "Um documento a mais para o workspace cheio.", "text/plain");
    expect({ status: doc.status, message: doc.body?.error?.message }).toEqual({ status: 403, message: WORKSPACE });

    // Another workspace is not affected.
    const other = await ownerWithAgent(app);
    expect((await upload(other.client, other.agent.id, "outro.txt", sectionedText(20, "outro"))).status).toBe("ready");
  }, 90_000);
});
