/**
 * The life of a training source with the job loop on the main thread (JOBS_WORKER=false): states
 * seen through training.list while a job runs, YouTube captions from a fake site, retraining only
 * what changed, edits made during a job, delete (chunks, FTS rows, file, chat), permission and
 * tenant checks, retrieval isolation through the offline public chat, durability of the queue.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { embeddingSources, embeddings, jobs } from "../db/schema";
import { startJobRunner } from "../src/jobs/runner";
import { enqueueDueRefreshes } from "../workers/schedulers";
import { videoBases } from "../src/knowledge/video";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { type FakeSite, htmlPage, startFakeSite } from "./fakes/site";
import { type TestApp, startTestApp } from "./helpers/app";
import { chat, ownerWithAgent } from "./helpers/agents";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import type { Inputs } from "./helpers/trpc-proxy";
import {
  type SourceRow,
  addSource,
  agentRow,
  chunksOf,
  eventually,
  ftsRowids,
  inviteMember,
  jobsOf,
  listSources,
  messageMetadata,
  trainSource,
  uploadDocument,
  waitForSource,
} from "./helpers/training";

const UNKNOWN = "Essa eu não sei, desculpe.";
const NO_PERMISSION = "Você não tem permissão para treinar agentes neste workspace";

let site: FakeSite;
let app: TestApp;
let runner: ReturnType<typeof startJobRunner> | null = null;
const youtubeBase = videoBases.youtube;

/** Replaces the server's loop with one polling every 25 ms (the same code, just quicker for tests). */
async function restartRunner() {
  await runner?.stop();
  runner = startJobRunner(app.deps, { pollMs: 25 });
}
async function stopRunner() {
  await runner?.stop();
  runner = null;
}

const slowPage = (title: string, text: string) => ({ delayMs: 120, body: htmlPage(title, `<p>${text}</p>`) });

beforeAll(async () => {
  site = await startFakeSite();
  site.page("/robots.txt", { contentType: "text/plain", body: "User-agent: *\nAllow: /\n" });
  site.page("/lento", slowPage("Loja lenta", "Nossa loja de ferragens vende parafusos, porcas e arruelas de todos os tamanhos desde 1985."));
  for (const n of [1, 2, 3, 4]) site.page(`/lento/${n}`, slowPage(`Seção ${n}`, `A seção número ${n} da loja reúne ferramentas elétricas e manuais para obras.`));
  site.page("/lento/extra", slowPage("Extra", "Entregamos cimento em caminhão próprio para toda a região metropolitana."));
  site.page("/diario", htmlPage("Notícias", "<p>As notícias do dia são publicadas às seis da manhã com a previsão do tempo.</p>"));
  // YouTube's watch page lists the caption tracks; the timed text is double-escaped XML.
  site.page(
    "/watch",
    `<html><script>var ytInitialPlayerResponse = {"captions":{"playerCaptionsTracklistRenderer":{"captionTracks":[{"baseUrl":"${site.url}/api/timedtext?v=abc123\\u0026lang=en","languageCode":"en"},{"baseUrl":"${site.url}/api/timedtext?v=abc123\\u0026lang=pt","languageCode":"pt-BR"}]}}};</script></html>`,
  );
  site.page("/api/timedtext?v=abc123&lang=pt", {
    contentType: "text/xml",
    body: '<?xml version="1.0"?><transcript><text start="0" dur="2.5">Olá, pessoal!</text><text start="2.5" dur="3">Hoje a receita é pão d&amp;#39;água</text><text start="5.5" dur="3">com fermento biológico &amp;amp; sal.</text></transcript>',
  });
  site.page("/api/timedtext?v=abc123&lang=en", { contentType: "text/xml", body: '<transcript><text start="0" dur="1">Hello</text></transcript>' });
  site.page("/watch-sem-legenda", "<html><body>sem legendas</body></html>");
  setSafeFetchTestAllowlist([site.host]);
  videoBases.youtube = site.url;
  app = await startTestApp({ JOBS_WORKER: "false" });
  await app.jobs.stop();
  await restartRunner();
});

afterAll(async () => {
  await stopRunner();
  await app.stop();
  await site.stop();
  videoBases.youtube = youtubeBase;
  setSafeFetchTestAllowlist(null);
});

/** An owner with an agent whose only knowledge is what the tests train it with. */
const newOwner = () => ownerWithAgent(app, { unknownResponseMessage: UNKNOWN });

async function chunkIds(sourceId: string) {
  return (await chunksOf(app, sourceId)).map((c) => c.id);
}

async function waitAllReady(client: Client, agentId: string, ids: string[]) {
  const out: SourceRow[] = [];
  for (const id of ids) out.push((await waitForSource(client, agentId, id, { until: ["ready"] })).source);
  return out;
}

describe("[training] states while a job runs", () => {
  test("training.list shows pending → processing (progress rising) → ready with 100, chunks and lastProcessedAt", async () => {
    const o = await newOwner();
    const u = site.url;
    const added = await addSource(o.client, "Website", o.agent.id, { url: `${u}/lento`, subpages: [1, 2, 3, 4].map((n) => `${u}/lento/${n}`) });
    expect(added).toMatchObject({ status: "pending", progress: 0, chunkCount: 0, lastProcessedAt: null });
    const { source, seen } = await waitForSource(o.client, o.agent.id, added.id, { everyMs: 15 });
    expect(source).toMatchObject({ status: "ready", progress: 100, chunkCount: 5 });
    expect(source.lastProcessedAt).toBeGreaterThan(Date.now() - 30_000);

    const statuses = seen.map((s) => s.status).filter((s, i, a) => a[i - 1] !== s);
    expect(statuses.at(-1)).toBe("ready");
    expect(statuses.filter((s) => s !== "pending")).toEqual(["processing", "ready"]);
    const during = seen.filter((s) => s.status === "processing").map((s) => s.progress);
    expect(new Set(during).size).toBeGreaterThanOrEqual(3);
    expect(during).toEqual([...during].sort((a, b) => a - b));
    expect(during.every((p) => p > 0 && p < 100)).toBe(true);
  });

  test("an edit saved while the source's job is running is trained too (not folded into the running job)", async () => {
    const o = await newOwner();
    const u = site.url;
    const added = await addSource(o.client, "Website", o.agent.id, { url: `${u}/lento`, subpages: [`${u}/lento/1`, `${u}/lento/2`] });
    await waitForSource(o.client, o.agent.id, added.id, { until: ["processing"], everyMs: 10 });
    const edit = await o.client.trpc.training.update.mutate({
      agentId: o.agent.id,
      sourceId: added.id,
      body: { subpages: [`${u}/lento/1`, `${u}/lento/2`, `${u}/lento/extra`], updateFrequency: "weekly" },
    });
    expect(edit.ok).toBe(true);
    await eventually(async () => {
      const js = await jobsOf(app, added.id);
      return js.length > 0 && js.every((j) => j.status === "completed");
    });
    const { source } = await waitForSource(o.client, o.agent.id, added.id, { until: ["ready"] });
    expect(source).toMatchObject({ updateFrequency: "weekly", chunkCount: 4 });
    expect((await chunksOf(app, added.id)).map((c) => c.source)).toContain(`${u}/lento/extra`);
  });

  test("a website due for its refresh (update frequency) is fetched again by the scheduler; unchanged pages are not re-embedded", async () => {
    const o = await newOwner();
    const s = await trainSource(o.client, "Website", o.agent.id, { url: `${site.url}/diario`, updateFrequency: "daily" });
    const [row] = await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.id, s.id));
    expect(row?.nextRefreshAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const ids = await chunkIds(s.id);
    const hits = site.hits("/diario").length;

    await app.deps.db.update(embeddingSources).set({ nextRefreshAt: Date.now() - 1 }).where(eq(embeddingSources.id, s.id));
    expect(await enqueueDueRefreshes(app.deps)).toBe(1);
    await eventually(async () => (await jobsOf(app, s.id)).filter((j) => j.status === "completed").length === 2);
    expect(site.hits("/diario").length).toBe(hits + 1);
    const [after] = await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.id, s.id));
    expect(after).toMatchObject({ status: "ready", version: s.version });
    expect(after?.nextRefreshAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await chunkIds(s.id)).toEqual(ids);
  });

  test("a scheduled site that fails keeps its schedule and is tried again next period", async () => {
    const o = await newOwner();
    site.page("/instavel", { body: "<html><body><p>Promoção de verão: 20% de desconto em todos os bolos.</p></body></html>" });
    const s = await trainSource(o.client, "Website", o.agent.id, { url: `${site.url}/instavel`, updateFrequency: "daily" });
    site.page("/instavel", { status: 404, body: "sumiu" });
    await app.deps.db.update(embeddingSources).set({ nextRefreshAt: Date.now() - 1 }).where(eq(embeddingSources.id, s.id));
    expect(await enqueueDueRefreshes(app.deps)).toBe(1);
    const { source } = await waitForSource(o.client, o.agent.id, s.id, { until: ["failed"] });
    expect(source.errorMessage).toContain("404");
    const [failed] = await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.id, s.id));
    expect(failed?.nextRefreshAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // Next period the site is back: the scheduler picks the failed source up and it trains again.
    site.page("/instavel", { body: "<html><body><p>Promoção de inverno: 15% de desconto em todas as tortas.</p></body></html>" });
    await app.deps.db.update(embeddingSources).set({ nextRefreshAt: Date.now() - 1 }).where(eq(embeddingSources.id, s.id));
    expect(await enqueueDueRefreshes(app.deps)).toBe(1);
    await waitForSource(o.client, o.agent.id, s.id, { until: ["ready"] });
  });
});

describe("[training] edits", () => {
  test("an edit that sends only some fields keeps the others (subpages, frequency, image, transcript)", async () => {
    const o = await newOwner();
    const a = o.agent.id;
    const u = site.url;
    const web = await trainSource(o.client, "Website", a, { url: `${u}/diario`, subpages: [`${u}/lento/1`], updateFrequency: "weekly" });
    const text = await trainSource(o.client, "Text", a, { content: "Texto com imagem do cardápio de sobremesas.", imageUrl: "https://cdn.exemplo.com.br/doces.png" });
    const video = await trainSource(o.client, "Video", a, { title: "Tour", url: "https://vimeo.com/123456789", transcript: "Transcrição escrita à mão pelo dono." });
    const edit = async (sourceId: string, body: Inputs["training"]["update"]["body"]) => {
      const res = await o.client.trpc.training.update.mutate({ agentId: a, sourceId, body });
      if (!res.ok) throw new Error(JSON.stringify(res.error));
      return res.data;
    };
    expect(await edit(web.id, { updateFrequency: "monthly" })).toMatchObject({ subpages: [`${u}/lento/1`], updateFrequency: "monthly", url: `${u}/diario` });
    expect(await edit(web.id, { subpages: [] })).toMatchObject({ subpages: [], updateFrequency: "monthly" });
    expect(await edit(text.id, { imageUrl: "https://cdn.exemplo.com.br/doces2.png" })).toMatchObject({
      content: text.content,
      title: text.title,
      imageUrl: "https://cdn.exemplo.com.br/doces2.png",
    });
    expect(await edit(video.id, { title: "Tour pela cozinha" })).toMatchObject({ title: "Tour pela cozinha", content: "Transcrição escrita à mão pelo dono." });
    const bad = await o.client.trpc.training.update.mutate({ agentId: a, sourceId: text.id, body: { content: "curto" } });
    expect(bad.error?.message).toBe("O texto deve ter pelo menos 10 caracteres");
    for (const id of [web.id, text.id, video.id]) await waitForSource(o.client, a, id, { until: ["ready"] });
    await eventually(async () => (await Promise.all([web.id, text.id, video.id].map((id) => jobsOf(app, id)))).flat().every((j) => j.status === "completed"));
    expect((await chunksOf(app, video.id)).map((c) => c.content).join(" ")).toContain("Tour pela cozinha");
  });
});

describe("[training] videos: YouTube captions", () => {
  test("with no transcript pasted, the captions are fetched (Portuguese track preferred) and stored as the editable transcript", async () => {
    const o = await newOwner();
    const url = "https://www.youtube.com/watch?v=abc123";
    const s = await trainSource(o.client, "Video", o.agent.id, { title: "Pão d'água caseiro", url });
    expect(s).toMatchObject({ status: "ready", progress: 100, content: "Olá, pessoal! Hoje a receita é pão d'água com fermento biológico & sal." });
    expect(s.chunkCount).toBeGreaterThan(0);
    const chunks = await chunksOf(app, s.id);
    expect(chunks.every((c) => c.source === url)).toBe(true);
    expect(chunks.map((c) => c.content).join(" ")).toContain("fermento biológico & sal");
    expect(site.hits("/api/timedtext?v=abc123&lang=en")).toHaveLength(0);
  });

  test("a video without captions fails asking the owner to paste the transcript; pasting it then trains", async () => {
    site.page("/watch", { body: "<html>sem captionTracks aqui</html>" });
    const o = await newOwner();
    const added = await addSource(o.client, "Video", o.agent.id, { title: "Sem legenda", url: "https://youtu.be/semlegenda" });
    const { source } = await waitForSource(o.client, o.agent.id, added.id);
    expect(source).toMatchObject({ status: "failed", errorMessage: "Não encontramos legendas para este vídeo. Cole a transcrição no campo de texto." });
    const upd = await o.client.trpc.training.update.mutate({
      agentId: o.agent.id,
      sourceId: added.id,
      body: { transcript: "Transcrição colada pelo dono sobre o forno a lenha." },
    });
    expect(upd.ok).toBe(true);
    const after = await waitForSource(o.client, o.agent.id, added.id, { until: ["ready"] });
    expect(after.source).toMatchObject({ errorMessage: null, content: "Transcrição colada pelo dono sobre o forno a lenha." });
  });
});

describe("[training] retrain only what changed", () => {
  test("retrain all with nothing changed skips every source; editing one text re-embeds only it and moves the agent's version and trainedAt", async () => {
    const o = await newOwner();
    const a = o.agent.id;
    const texts = [
      "O estacionamento fica na rua de trás e é gratuito para clientes.",
      "Aceitamos encomendas de tortas salgadas com três dias de antecedência.",
      "O wi-fi da loja é liberado para clientes com a senha no balcão.",
    ];
    const sources: SourceRow[] = [];
    for (const content of texts) sources.push(await trainSource(o.client, "Text", a, { content }));
    const ids0 = await Promise.all(sources.map((s) => chunkIds(s.id)));
    const agent0 = await agentRow(app, a);
    expect(agent0).toMatchObject({ trainingStatus: "trained" });
    expect(agent0.knowledgeVersion).toBeGreaterThanOrEqual(3);
    expect(agent0.trainedAt).toBeGreaterThan(0);

    const all = await o.client.trpc.training.retrain.mutate({ agentId: a });
    expect(all.data).toEqual({ queued: 3 });
    const after = await waitAllReady(o.client, a, sources.map((s) => s.id));
    await eventually(async () => (await Promise.all(sources.map((s) => jobsOf(app, s.id)))).flat().every((j) => j.status === "completed"));
    expect(after.map((s) => s.version)).toEqual(sources.map((s) => s.version));
    expect(await Promise.all(sources.map((s) => chunkIds(s.id)))).toEqual(ids0);
    expect(await agentRow(app, a)).toMatchObject({ knowledgeVersion: agent0.knowledgeVersion, trainedAt: agent0.trainedAt });

    await Bun.sleep(5);
    const edited = sources[1] as SourceRow;
    const upd = await o.client.trpc.training.update.mutate({
      agentId: a,
      sourceId: edited.id,
      body: { content: "Aceitamos encomendas de tortas doces e salgadas com dois dias de antecedência." },
    });
    expect(upd.data).toMatchObject({ status: "pending", progress: 0 });
    await waitForSource(o.client, a, edited.id, { until: ["ready"] });
    const final = await listSources(o.client, a);
    const byId = (id: string) => final.find((s) => s.id === id) as SourceRow;
    expect(byId(edited.id).version).toBe(edited.version + 1);
    expect(byId(edited.id).contentHash).not.toBe(edited.contentHash);
    expect(byId(edited.id).title).toBe("Aceitamos encomendas de tortas doces e salgadas com dois…");
    for (const s of [sources[0], sources[2]] as SourceRow[]) expect(byId(s.id).version).toBe(s.version);
    const ids1 = await Promise.all(sources.map((s) => chunkIds(s.id)));
    expect(ids1[0]).toEqual(ids0[0] as number[]);
    expect(ids1[2]).toEqual(ids0[2] as number[]);
    expect(ids1[1]?.some((id) => ids0[1]?.includes(id))).toBe(false);
    expect((await chunksOf(app, edited.id))[0]?.content).toContain("tortas doces e salgadas");
    const agent1 = await agentRow(app, a);
    expect(agent1.knowledgeVersion).toBeGreaterThan(agent0.knowledgeVersion);
    expect(agent1.trainedAt).toBeGreaterThan(agent0.trainedAt ?? 0);

    // Retraining one source by hand forces it even when nothing changed.
    const one = await o.client.trpc.training.retrain.mutate({ agentId: a, sourceId: sources[0]?.id });
    expect(one.data).toEqual({ queued: 1 });
    const forced = await waitForSource(o.client, a, sources[0]?.id ?? "", { until: ["ready"] });
    await eventually(async () => (await jobsOf(app, sources[0]?.id ?? "")).every((j) => j.status === "completed"));
    const forcedRow = (await listSources(o.client, a)).find((s) => s.id === sources[0]?.id);
    expect(forcedRow?.version).toBe((sources[0]?.version ?? 0) + 1);
    expect(forced.source.chunkCount).toBe(sources[0]?.chunkCount ?? -1);
  });
});

describe("[training] delete", () => {
  test("deleting a source removes its chunks, its FTS rows and its uploaded file, and the chat no longer answers from it", async () => {
    const o = await newOwner();
    const a = o.agent.id;
    const fact = "O código do cupom de aniversário é XILOFONE25 e vale dez por cento de desconto.";
    const keep = await trainSource(o.client, "Text", a, { content: "A loja fecha para almoço entre meio-dia e uma da tarde." });
    const text = await trainSource(o.client, "Text", a, { content: fact });
    const doc = await uploadDocument(o.client, a, "cupons.txt", "Cupons de aniversário: o cupom XILOFONE25 vale dez por cento.", "text/plain");
    expect(doc.status).toBe(201);
    await waitForSource(o.client, a, doc.data.id, { until: ["ready"] });
    const file = join(app.deps.env.DATA_DIR, doc.data.filePath ?? "");
    expect(existsSync(file)).toBe(true);

    // Offline chat answers from the trained text and cites it.
    const asked = await chat(app, a, { message: "Qual é o código do cupom de aniversário?" });
    expect(asked.status).toBe(200);
    expect(asked.body.response).toContain("XILOFONE25");
    const meta = await messageMetadata(app, (asked.body.data as { messageId: string }).messageId);
    expect(meta?.outcome).toBe("offline");
    expect(meta?.sources?.map((s) => s.sourceId)).toContain(text.id);
    expect(meta?.sources?.find((s) => s.sourceId === text.id)).toMatchObject({ sourceType: "text", source: text.title });

    const textChunks = await chunkIds(text.id);
    const docChunks = await chunkIds(doc.data.id);
    expect((await ftsRowids(app, "xilofone25")).sort()).toEqual([...textChunks, ...docChunks].sort());
    const version = (await agentRow(app, a)).knowledgeVersion;

    for (const id of [text.id, doc.data.id]) {
      const del = await o.client.trpc.training.delete.mutate({ agentId: a, sourceId: id });
      expect(del.data).toEqual({ ok: true });
    }
    expect(await chunksOf(app, text.id)).toEqual([]);
    expect(await chunksOf(app, doc.data.id)).toEqual([]);
    expect(await ftsRowids(app, "xilofone25")).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect((await listSources(o.client, a)).map((s) => s.id)).toEqual([keep.id]);
    expect((await chunkIds(keep.id)).length).toBeGreaterThan(0);
    expect((await agentRow(app, a)).knowledgeVersion).toBe(version + 2);

    const again = await chat(app, a, { message: "Qual é o código do cupom de aniversário?" });
    expect(again.body.response).toBe(UNKNOWN);
    const meta2 = await messageMetadata(app, (again.body.data as { messageId: string }).messageId);
    expect(meta2?.sources).toBeUndefined();
    // The other source still answers.
    expect((await chat(app, a, { message: "A loja fecha para o almoço?" })).body.response).toContain("meio-dia");
  });
});

describe("[training] offline chat", () => {
  test("a text trained right after a first question is used by the very next answer, and cited", async () => {
    const o = await newOwner();
    const q = "Vocês aceitam cachorros dentro da loja?";
    expect((await chat(app, o.agent.id, { message: q })).body.response).toBe(UNKNOWN);
    const s = await trainSource(o.client, "Text", o.agent.id, { content: "Aceitamos cachorros de pequeno porte dentro da loja, na coleira." });
    const res = await chat(app, o.agent.id, { message: q });
    expect(res.body.response).toBe("Aceitamos cachorros de pequeno porte dentro da loja, na coleira.");
    const meta = await messageMetadata(app, (res.body.data as { messageId: string }).messageId);
    expect(meta).toMatchObject({ outcome: "offline" });
    expect(meta?.sources?.[0]).toMatchObject({ sourceId: s.id, sourceType: "text", source: s.title });
  });
});

describe("[training] permissions and tenants", () => {
  test("a member without canEditAgents can list but not add, upload, edit, retrain or delete (403, nothing written)", async () => {
    const o = await newOwner();
    const a = o.agent.id;
    const s = await trainSource(o.client, "Text", a, { content: "Texto do dono que o membro não pode mudar." });
    const member = await inviteMember(app, o.client, { canEditAgents: false });
    expect((await listSources(member.client, a)).map((x) => x.id)).toEqual([s.id]);
    const ids = await chunkIds(s.id);
    const jobCount = (await app.deps.db.select().from(jobs)).length;

    const calls: [string, unknown][] = [
      ["training.addText", { agentId: a, body: { content: "Texto do membro sem permissão." } }],
      ["training.addWebsite", { agentId: a, body: { url: `${site.url}/diario` } }],
      ["training.addVideo", { agentId: a, body: { title: "Vídeo", url: "https://youtu.be/abc123", transcript: "oi tudo bem" } }],
      ["training.update", { agentId: a, sourceId: s.id, body: { content: "Texto alterado pelo membro." } }],
      ["training.retrain", { agentId: a }],
      ["training.retrain", { agentId: a, sourceId: s.id }],
      ["training.delete", { agentId: a, sourceId: s.id }],
      ["training.discover", { url: `${site.url}/diario` }],
    ];
    for (const [path, input] of calls) {
      const res = await member.client.mutate(path, input);
      expect({ path, status: res.status, message: res.error?.message }).toEqual({ path, status: 403, message: NO_PERMISSION });
    }
    const up = await uploadDocument(member.client, a, "membro.txt", "Arquivo enviado pelo membro.", "text/plain");
    expect(up.status).toBe(403);
    expect(up.body?.error?.message).toBe(NO_PERMISSION);

    const rows = await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.agentId, a));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content: s.content, version: s.version, status: "ready" });
    expect(await chunkIds(s.id)).toEqual(ids);
    expect((await app.deps.db.select().from(jobs)).length).toBe(jobCount);

    const editor = await inviteMember(app, o.client, { canEditAgents: true });
    expect((await editor.client.trpc.training.addText.mutate({ agentId: a, body: { content: "Texto do membro com permissão." } })).status).toBe(200);
  });

  test("a user of another workspace gets 404 for the agent's sources, on every call", async () => {
    const o = await newOwner();
    const a = o.agent.id;
    const s = await trainSource(o.client, "Text", a, { content: "Segredo comercial do outro workspace." });
    const stranger = await registerUser(app);
    const notFound = { status: 404, message: "Agente não encontrado" };
    const list = await stranger.client.trpc.training.list.query({ agentId: a });
    expect({ status: list.status, message: list.error?.message }).toEqual(notFound);
    const stats = await stranger.client.trpc.training.cacheStats.query({ agentId: a });
    expect({ status: stats.status, message: stats.error?.message }).toEqual(notFound);
    for (const [path, input] of [
      ["training.addText", { agentId: a, body: { content: "Texto de um estranho qualquer." } }],
      ["training.retrain", { agentId: a }],
    ] as const) {
      const res = await stranger.client.mutate(path, input);
      expect({ status: res.status, message: res.error?.message }).toEqual(notFound);
    }
    for (const path of ["training.update", "training.delete", "training.retrain"]) {
      const res = await stranger.client.mutate(path, { agentId: a, sourceId: s.id, body: { content: "Alterado por um estranho." } });
      expect(res.status).toBe(404);
      expect(res.error?.message).toMatch(/não encontrad[ao]/);
    }
    const up = await uploadDocument(stranger.client, a, "estranho.txt", "Arquivo de um estranho.", "text/plain");
    expect(up.status).toBe(404);
    // The stranger's own agent cannot reach the source through its id either.
    const own = await stranger.client.post<{ id: string }>("/api/v1/agents", { name: "Agente do estranho", activity: "Vendas" });
    const cross = await stranger.client.trpc.training.delete.mutate({ agentId: own.data.id, sourceId: s.id });
    expect(cross.status).toBe(404);
    expect(cross.error?.message).toBe("Fonte de treinamento não encontrada");
    expect(await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.agentId, a))).toHaveLength(1);
    expect((await chunkIds(s.id)).length).toBeGreaterThan(0);
  });

  test("retrieval for agent A never returns agent B's chunks, even with identical text; A does not know what only B knows", async () => {
    const A = await newOwner();
    const B = await newOwner();
    const shared = "A garantia das bicicletas elétricas cobre o motor e a bateria por dois anos.";
    const aShared = await trainSource(A.client, "Text", A.agent.id, { content: shared });
    const bShared = await trainSource(B.client, "Text", B.agent.id, { content: shared });
    const bOnly = await trainSource(B.client, "Text", B.agent.id, { content: "A senha do cofre da filial de Sorocaba é TUCANO-7731." });
    expect(bShared.chunkCount).toBe(aShared.chunkCount);

    const q = await chat(app, A.agent.id, { message: "Qual é a senha do cofre da filial de Sorocaba?" });
    expect(q.body.response).toBe(UNKNOWN);
    const qMeta = await messageMetadata(app, (q.body.data as { messageId: string }).messageId);
    expect(qMeta?.sources ?? []).toEqual([]);

    const g = await chat(app, A.agent.id, { message: "Quanto tempo dura a garantia da bateria da bicicleta elétrica?" });
    expect(g.body.response).toContain("dois anos");
    const gMeta = await messageMetadata(app, (g.body.data as { messageId: string }).messageId);
    const cited = gMeta?.sources ?? [];
    expect(cited.length).toBeGreaterThan(0);
    const aChunkIds = await chunkIds(aShared.id);
    expect(cited.every((c) => c.sourceId === aShared.id && aChunkIds.includes(c.chunkId))).toBe(true);

    // And B, asked the same, answers from its own chunks.
    const b = await chat(app, B.agent.id, { message: "Qual é a senha do cofre da filial de Sorocaba?" });
    expect(b.body.response).toContain("TUCANO-7731");
    const bMeta = await messageMetadata(app, (b.body.data as { messageId: string }).messageId);
    expect(bMeta?.sources?.map((s) => s.sourceId)).toContain(bOnly.id);
  });
});

describe("[training] durable queue", () => {
  test("enqueueing the same source again while its job is pending (retrain, edit, retrain all) keeps one job, which trains the latest content", async () => {
    await stopRunner();
    try {
      const o = await newOwner();
      const a = o.agent.id;
      const added = await addSource(o.client, "Text", a, { content: "Primeira versão do texto sobre o horário de verão." });
      expect((await o.client.trpc.training.retrain.mutate({ agentId: a, sourceId: added.id })).ok).toBe(true);
      expect((await o.client.trpc.training.update.mutate({ agentId: a, sourceId: added.id, body: { content: "Segunda versão: no verão abrimos às seis da manhã." } })).ok).toBe(true);
      expect((await o.client.trpc.training.retrain.mutate({ agentId: a })).ok).toBe(true);
      const pending = await jobsOf(app, added.id);
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ status: "pending", attempts: 0 });

      await restartRunner();
      const { source } = await waitForSource(o.client, a, added.id, { until: ["ready"] });
      expect(source.version).toBe(1);
      expect((await chunksOf(app, added.id)).map((c) => c.content)).toEqual(["Segunda versão: no verão abrimos às seis da manhã."]);
      await eventually(async () => (await jobsOf(app, added.id))[0]?.status === "completed");
      expect(await jobsOf(app, added.id)).toMatchObject([{ status: "completed", attempts: 1 }]);
    } finally {
      if (!runner) await restartRunner();
    }
  });

  test("a job left running by a dead worker (lease expired) is claimed again and completes; a live lease is left alone", async () => {
    await stopRunner();
    try {
      const o = await newOwner();
      const a = o.agent.id;
      const crashed = await addSource(o.client, "Text", a, { content: "Texto cujo worker morreu no meio do treinamento." });
      const alive = await addSource(o.client, "Text", a, { content: "Texto cujo worker ainda está vivo e trabalhando." });
      const now = Date.now();
      const [cj] = await jobsOf(app, crashed.id);
      const [aj] = await jobsOf(app, alive.id);
      await app.deps.db.update(jobs).set({ status: "running", attempts: 1, startedAt: now - 600_000, leaseUntil: now - 1_000 }).where(eq(jobs.id, cj?.id ?? ""));
      await app.deps.db.update(jobs).set({ status: "running", attempts: 1, startedAt: now, leaseUntil: now + 600_000 }).where(eq(jobs.id, aj?.id ?? ""));
      await app.deps.db.update(embeddingSources).set({ status: "processing", progress: 45 }).where(eq(embeddingSources.agentId, a));

      await restartRunner();
      const { source } = await waitForSource(o.client, a, crashed.id, { until: ["ready"] });
      expect(source.chunkCount).toBeGreaterThan(0);
      const done = await eventually(async () => (await jobsOf(app, crashed.id)).find((j) => j.status === "completed"));
      expect(done).toMatchObject({ attempts: 2, progress: 100 });
      await Bun.sleep(100);
      expect((await jobsOf(app, alive.id))[0]).toMatchObject({ status: "running", attempts: 1 });
      expect((await listSources(o.client, a)).find((s) => s.id === alive.id)?.status).toBe("processing");
      expect(await app.deps.db.select().from(embeddings).where(eq(embeddings.sourceId, alive.id))).toEqual([]);
    } finally {
      if (!runner) await restartRunner();
    }
  });
});
