/**
 * Training sources end to end through the real job Worker (JOBS_WORKER=true, the default): texts,
 * websites (fake loopback site: subpages, robots.txt, redirect to a private address), subpage
 * discovery, document uploads (generated PDF/DOCX, TXT, MD, CSV), videos with a pasted transcript;
 * pt-BR refusals; a network failure is retried, a bad file is not.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { embeddingSources, jobs } from "../db/schema";
import { type FakeSite, htmlPage, sitemapXml, startFakeSite } from "./fakes/site";
import { makeDocx, makePdf } from "./fixtures/documents";
import { type TestApp, startTestApp } from "./helpers/app";
import { ownerWithAgent } from "./helpers/agents";
import type { Client } from "./helpers/client";
import {
  type SourceRow,
  addSource,
  chunksOf,
  eventually,
  jobsOf,
  listSources,
  trainSource,
  uploadDocument,
  waitForSource,
} from "./helpers/training";

const PRIVATE_REFUSED = "Endereço não permitido: o site aponta para uma rede privada.";
const NO_CAPTIONS = "Não encontramos legendas para este vídeo. Cole a transcrição no campo de texto.";
const VIDEO_URL_RULE = "URL deve ser de um vídeo válido (YouTube, Vimeo, etc.)";
const UNSUPPORTED = "Formato não suportado. Envie PDF, DOCX, TXT, Markdown ou CSV.";

let site: FakeSite;
let blog: FakeSite;
/** Plays the private network: not allow-listed, must never receive a request. */
let priv: FakeSite;
/** An allow-listed loopback port where nothing listens: a site that is down. */
let downHost = "";
let app: TestApp;
let owner: Client;
let agentId: string;
let workspaceId: string;
const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;

const para = (s: string) => `<p>${s}</p>`;

beforeAll(async () => {
  priv = await startFakeSite({ pages: { "/segredo": htmlPage("Segredo", para("Credenciais internas que jamais devem sair daqui.")) } });
  const gone = await startFakeSite();
  downHost = gone.host;
  await gone.stop();
  site = await startFakeSite();
  blog = await startFakeSite();
  const u = site.url;
  site.page("/robots.txt", { contentType: "text/plain", body: "User-agent: *\nDisallow: /privado\n" });
  site.page(
    "/",
    htmlPage(
      "Padaria Pão Quente",
      para("A Padaria Pão Quente abre de segunda a sábado, das 7h às 19h, no bairro Centro de Campinas.") +
        para("Trabalhamos com fermentação natural há mais de vinte anos e assamos pães a cada duas horas."),
      ["/cardapio", "/entrega"],
    ),
  );
  site.page("/cardapio", htmlPage("Cardápio", para("O bolo de cenoura com cobertura de chocolate custa trinta e cinco reais a unidade inteira.")));
  site.page("/entrega", htmlPage("Entregas", para("Entregamos encomendas no bairro Centro por uma taxa fixa de oito reais, de terça a domingo.")));
  site.page("/nao-marcada", htmlPage("Não marcada", para("Esta página não foi escolhida pelo dono e não deve ser lida pelo robô.")));
  site.page("/privado", htmlPage("Área privada", para("O robots.txt proíbe esta página para qualquer robô de busca.")));
  site.page("/sair", { redirect: `${priv.url}/segredo` });
  site.page("/metadados", { redirect: "http://169.254.169.254/latest/meta-data/" });
  site.page("/sitemap.xml", {
    contentType: "application/xml",
    body: sitemapXml([`${u}/`, `${u}/cardapio`, `${u}/entrega`, `${u}/logo.png`, "https://outro.exemplo.com.br/fora"]),
  });
  blog.page(
    "/",
    htmlPage("Blog da Padaria", para("Receitas e novidades da padaria, publicadas toda semana pela nossa equipe de confeiteiros."), [
      "/receitas/pao-de-queijo",
      `${blog.url}/sobre`,
      "/estilo.css",
      "https://outro.exemplo.com.br/externo",
      "/",
    ]),
  );
  // The worker thread reads the allow-list from the environment (it shares no module state).
  process.env.ATENDA_SAFE_FETCH_ALLOW = [site.host, blog.host, downHost].join(",");
  app = await startTestApp({ TRAINING_MAX_UPLOAD_MB: "1" });
  const o = await ownerWithAgent(app);
  owner = o.client;
  agentId = o.agent.id;
  workspaceId = o.workspaceId;
});

afterAll(async () => {
  await app.stop();
  await Promise.all([site.stop(), blog.stop(), priv.stop()]);
  if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
});

/** What every successfully trained source shows. */
function expectReady(s: SourceRow) {
  expect(s).toMatchObject({ status: "ready", progress: 100, errorMessage: null });
  expect(s.chunkCount).toBeGreaterThan(0);
  expect(s.lastProcessedAt).toBeGreaterThan(Date.now() - 60_000);
}

const mutateError = async (path: string, input: unknown) => {
  const res = await owner.mutate(path, input);
  expect(res.ok).toBe(false);
  return { status: res.status, message: res.error?.message };
};

const sourceCount = async () => (await app.deps.db.select().from(embeddingSources).where(eq(embeddingSources.agentId, agentId))).length;

describe("[training] texts", () => {
  test("10 to 10,000 characters: the §5 messages refuse shorter and longer texts and write nothing", async () => {
    const before = await sourceCount();
    expect(await mutateError("training.addText", { agentId, body: { content: "curto demais".slice(0, 9) } })).toEqual({
      status: 400,
      message: "O texto deve ter pelo menos 10 caracteres",
    });
    expect(await mutateError("training.addText", { agentId, body: { content: "a".repeat(10_001) } })).toEqual({
      status: 400,
      message: "O texto deve ter no máximo 10.000 caracteres",
    });
    expect(await mutateError("training.addText", { agentId, body: { content: "Texto válido aqui", imageUrl: "ftp://exemplo.com.br/a.png" } })).toEqual({
      status: 400,
      message: "URL deve usar protocolo HTTP ou HTTPS",
    });
    expect(await sourceCount()).toBe(before);
  });

  test("a text of exactly 10 characters and one of 10,000 both train to ready with their chunks", async () => {
    const short = await trainSource(owner, "Text", agentId, { content: "Abre às 7h" });
    expectReady(short);
    expect((await chunksOf(app, short.id)).map((c) => c.content)).toEqual(["Abre às 7h"]);

    const sentence = "A padaria aceita encomendas de bolos para festas com dois dias de antecedência. ";
    const long = `${sentence.repeat(200).slice(0, 9_999)}.`;
    const big = await trainSource(owner, "Text", agentId, { content: long, imageUrl: "https://cdn.exemplo.com.br/bolo.png" });
    expectReady(big);
    expect(big.chunkCount).toBeGreaterThan(5);
    const chunks = await chunksOf(app, big.id);
    expect(chunks).toHaveLength(big.chunkCount);
    expect(chunks.every((c) => c.source === big.title && c.agentId === agentId)).toBe(true);
    expect(big.content).toHaveLength(10_000);
  });
});

describe("[training] websites", () => {
  test("the page and the ticked subpages are read; each chunk cites its own page URL; unticked and robots-disallowed pages are never fetched", async () => {
    const u = site.url;
    const s = await trainSource(owner, "Website", agentId, { url: `${u}/`, subpages: [`${u}/cardapio`, `${u}/entrega`, `${u}/privado`] });
    expectReady(s);
    expect(s).toMatchObject({ sourceType: "website", title: "127.0.0.1", updateFrequency: "never" });
    const chunks = await chunksOf(app, s.id);
    expect([...new Set(chunks.map((c) => c.source))].sort()).toEqual([`${u}/`, `${u}/cardapio`, `${u}/entrega`]);
    const byPage = (p: string) => chunks.filter((c) => c.source === p).map((c) => c.content).join("\n");
    expect(byPage(`${u}/cardapio`)).toContain("bolo de cenoura com cobertura de chocolate");
    expect(byPage(`${u}/entrega`)).toContain("taxa fixa de oito reais");
    expect(byPage(`${u}/`)).toContain("fermentação natural");
    expect(byPage(`${u}/`)).not.toContain("bolo de cenoura");
    expect(site.hits("/nao-marcada")).toHaveLength(0);
    expect(site.hits("/privado")).toHaveLength(0);
    expect(site.hits("/robots.txt").length).toBeGreaterThan(0);
    expect(site.hits("/cardapio")[0]?.headers["user-agent"]).toContain("AtendaBot");
  });

  test("a page robots.txt disallows fails in pt-BR, is never requested, and the job is not retried", async () => {
    const url = `${site.url}/privado`;
    const added = await addSource(owner, "Website", agentId, { url, updateFrequency: "weekly" });
    const { source } = await waitForSource(owner, agentId, added.id);
    expect(source).toMatchObject({ status: "failed", errorMessage: `O arquivo robots.txt do site não permite ler ${url}.`, chunkCount: 0 });
    expect(site.hits("/privado")).toHaveLength(0);
    const [job] = await jobsOf(app, added.id);
    expect(job).toMatchObject({ status: "dead", attempts: 1 });
  });

  test("a site that redirects to a private address fails with the safe-fetch message and nothing reaches the private target", async () => {
    for (const path of ["/sair", "/metadados"]) {
      const added = await addSource(owner, "Website", agentId, { url: `${site.url}${path}` });
      const { source } = await waitForSource(owner, agentId, added.id);
      expect(source).toMatchObject({ status: "failed", errorMessage: PRIVATE_REFUSED, chunkCount: 0 });
      expect((await jobsOf(app, added.id))[0]).toMatchObject({ status: "dead", attempts: 1 });
    }
    expect(site.hits("/sair").length).toBeGreaterThan(0);
    expect(priv.requests).toHaveLength(0);
  });

  test("a site answering 503 stays pending with the pt-BR reason while its job is retried later (attempts, runAfter); once the site is back it trains", async () => {
    site.page("/instavel", { status: 503, body: "Manutenção" });
    const added = await addSource(owner, "Website", agentId, { url: `${site.url}/instavel` });
    await eventually(async () => (await jobsOf(app, added.id)).find((j) => j.attempts === 1 && j.status === "pending"));
    const { source } = await waitForSource(owner, agentId, added.id, { until: ["pending"] });
    expect(source).toMatchObject({ status: "pending", errorMessage: "O site respondeu com erro 503. Tentaremos novamente em instantes." });
    const [job] = await jobsOf(app, added.id);
    expect(job).toMatchObject({ status: "pending", attempts: 1, error: "O site respondeu com erro 503." });
    expect(job?.runAfter).toBeGreaterThan(Date.now() + 20_000);

    site.page("/instavel", htmlPage("De volta", para("Voltamos a atender normalmente depois da manutenção programada do sistema.")));
    await app.deps.db.update(jobs).set({ runAfter: Date.now() }).where(eq(jobs.id, job?.id ?? ""));
    const retried = await waitForSource(owner, agentId, added.id, { until: ["ready"] });
    expectReady(retried.source);
    const done = await eventually(async () => (await jobsOf(app, added.id)).find((j) => j.status === "completed"));
    expect(done).toMatchObject({ attempts: 2, progress: 100 });
    expect(await jobsOf(app, added.id)).toHaveLength(1);
  });

  test("a site that is down says so (not blaming robots.txt) and is retried", async () => {
    const added = await addSource(owner, "Website", agentId, { url: `http://${downHost}/` });
    await eventually(async () => (await jobsOf(app, added.id)).find((j) => j.attempts === 1 && j.status === "pending"));
    const { source } = await waitForSource(owner, agentId, added.id, { until: ["pending"] });
    expect(source).toMatchObject({ status: "pending", errorMessage: "Não foi possível conectar ao site. Tentaremos novamente em instantes." });
    const [job] = await jobsOf(app, added.id);
    expect(job).toMatchObject({ status: "pending", attempts: 1, error: "Não foi possível conectar ao site." });
    expect(job?.runAfter).toBeGreaterThan(Date.now() + 20_000);
  });

  test("a page that does not exist (404) fails in pt-BR and is not retried", async () => {
    const added = await addSource(owner, "Website", agentId, { url: `${site.url}/sumiu` });
    const { source } = await waitForSource(owner, agentId, added.id);
    expect(source).toMatchObject({ status: "failed", errorMessage: "Página não encontrada no site (erro 404)." });
    expect((await jobsOf(app, added.id))[0]).toMatchObject({ status: "dead", attempts: 1 });
  });

  test("discover offers the sitemap's same-origin pages (no images, no other sites, not the page itself)", async () => {
    const u = site.url;
    const res = await owner.trpc.training.discover.mutate({ url: `${u}/` });
    expect(res.ok).toBe(true);
    expect(res.data.subpages.sort()).toEqual([`${u}/cardapio`, `${u}/entrega`]);
  });

  test("without a sitemap, discover falls back to the page's same-origin links", async () => {
    const res = await owner.trpc.training.discover.mutate({ url: `${blog.url}/` });
    expect(res.ok).toBe(true);
    expect(res.data.subpages.sort()).toEqual([`${blog.url}/receitas/pao-de-queijo`, `${blog.url}/sobre`]);
    expect(blog.hits("/sitemap.xml")).toHaveLength(1);
  });

  test("discover refuses a private address and a non-http URL in pt-BR", async () => {
    expect(await mutateError("training.discover", { url: "http://10.0.0.1/" })).toEqual({ status: 400, message: PRIVATE_REFUSED });
    expect(await mutateError("training.discover", { url: "file:///etc/passwd" })).toEqual({ status: 400, message: "URL deve usar protocolo HTTP ou HTTPS" });
    expect(await mutateError("training.addWebsite", { agentId, body: { url: "javascript:alert(1)" } })).toEqual({
      status: 400,
      message: "URL deve usar protocolo HTTP ou HTTPS",
    });
  });
});

describe("[training] documents", () => {
  const uploadsDir = () => join(app.deps.env.DATA_DIR, "uploads", workspaceId);
  const filesStored = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).length : 0);

  test("PDF, DOCX, TXT, Markdown and CSV uploads are stored under the data dir and train to ready with their text", async () => {
    const files: { name: string; bytes: Uint8Array; expected: string[]; mime: string }[] = [
      {
        name: "trocas.pdf",
        bytes: makePdf(["Política de trocas", "Aceitamos trocas em até sete dias com a nota fiscal."]),
        expected: ["Aceitamos trocas em até sete dias com a nota fiscal."],
        mime: "application/pdf",
      },
      {
        name: "garantia.docx",
        bytes: await makeDocx("Garantia dos fornos", ["A garantia dos fornos elétricos é de doze meses.", "Peças de reposição chegam em cinco dias úteis."]),
        expected: ["Garantia dos fornos", "A garantia dos fornos elétricos é de doze meses.", "Peças de reposição chegam em cinco dias úteis."],
        mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      },
      {
        name: "horarios.txt",
        bytes: new TextEncoder().encode("Horário de atendimento: segunda a sexta, das 8h às 18h.\r\nSábados até o meio-dia."),
        expected: ["Horário de atendimento: segunda a sexta, das 8h às 18h.", "Sábados até o meio-dia."],
        mime: "text/plain",
      },
      {
        name: "pagamento.md",
        bytes: new TextEncoder().encode("# Formas de pagamento\n\nAceitamos Pix, cartão de crédito e vale-refeição."),
        expected: ["Formas de pagamento", "Aceitamos Pix, cartão de crédito e vale-refeição."],
        mime: "text/markdown",
      },
      {
        name: "precos.csv",
        bytes: new TextEncoder().encode("produto,preço,tamanho\nBolo de cenoura,R$ 35,grande\nPão de queijo,R$ 2,\n"),
        expected: ["produto: Bolo de cenoura\npreço: R$ 35\ntamanho: grande", "produto: Pão de queijo\npreço: R$ 2"],
        mime: "text/csv",
      },
    ];
    const added: { id: string; file: (typeof files)[number] }[] = [];
    for (const file of files) {
      const res = await uploadDocument(owner, agentId, file.name, file.bytes, file.mime);
      expect(res.status).toBe(201);
      expect(res.data).toMatchObject({ sourceType: "document", title: file.name, fileName: file.name, mimeType: file.mime, sizeBytes: file.bytes.byteLength, status: "pending" });
      const stored = join(app.deps.env.DATA_DIR, res.data.filePath ?? "");
      expect(res.data.filePath?.startsWith(join("uploads", workspaceId))).toBe(true);
      expect(new Uint8Array(readFileSync(stored))).toEqual(new Uint8Array(file.bytes));
      added.push({ id: res.data.id, file });
    }
    for (const { id, file } of added) {
      const { source } = await waitForSource(owner, agentId, id);
      expectReady(source);
      const text = (await chunksOf(app, id)).map((c) => c.content).join("\n");
      for (const piece of file.expected) expect(text).toContain(piece);
      expect((await chunksOf(app, id)).every((c) => c.source === file.name)).toBe(true);
    }
    const csv = (await chunksOf(app, added[4]?.id ?? "")).map((c) => c.content).join("\n");
    expect(csv).not.toContain("tamanho: \n");
  });

  test("an unsupported extension, an empty file, a missing field and an over-size file are refused with pt-BR 400s; nothing is written", async () => {
    const before = { sources: await sourceCount(), files: filesStored() };
    const xlsx = await uploadDocument(owner, agentId, "planilha.xlsx", "conteúdo qualquer");
    expect(xlsx.status).toBe(400);
    expect(xlsx.body?.error).toMatchObject({ code: "VALIDATION", message: UNSUPPORTED });
    expect((await uploadDocument(owner, agentId, "programa.exe", "MZ")).body?.error?.message).toBe(UNSUPPORTED);

    const empty = await uploadDocument(owner, agentId, "vazio.txt", "");
    expect(empty.status).toBe(400);
    expect(empty.body?.error?.message).toBe("O arquivo está vazio.");

    // Just over 1 MB: refused by the service after reading; 3 MB: refused from Content-Length, 413 (src/api/body-limit.ts).
    for (const [size, status, code] of [[1024 * 1024 + 1, 400, "VALIDATION"], [3 * 1024 * 1024, 413, "PAYLOAD_TOO_LARGE"]] as const) {
      const big = await uploadDocument(owner, agentId, "grande.txt", "a".repeat(size), "text/plain");
      expect(big.status).toBe(status);
      expect(big.body?.error).toMatchObject({ code, message: "O arquivo excede o tamanho máximo de 1 MB." });
    }
    const exactly = await uploadDocument(owner, agentId, "limite.txt", `${"Texto no limite do tamanho. ".repeat(37449)}`.slice(0, 1024 * 1024), "text/plain");
    expect(exactly.status).toBe(201);
    before.sources++;
    before.files++;

    const form = new FormData();
    form.append("arquivo", new File(["oi"], "a.txt"));
    const headers: Record<string, string> = {
      cookie: [...owner.jar.entries()].map(([k, c]) => `${k}=${encodeURIComponent(c.value)}`).join("; "),
      "x-csrf-token": owner.cookie("atenda_csrf")?.value ?? "",
      "x-forwarded-for": owner.ip,
    };
    const missing = await fetch(`${app.base}/api/v1/agents/${agentId}/training/documents`, { method: "POST", headers, body: form });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe("Envie o arquivo no campo 'file'.");

    expect(await sourceCount()).toBe(before.sources);
    expect(filesStored()).toBe(before.files);
  });

  test("a corrupt PDF fails in pt-BR and is not retried (a bad file will not get better)", async () => {
    const res = await uploadDocument(owner, agentId, "quebrado.pdf", "isto não é um PDF de verdade", "application/pdf");
    expect(res.status).toBe(201);
    const { source } = await waitForSource(owner, agentId, res.data.id);
    expect(source).toMatchObject({ status: "failed", errorMessage: "Não foi possível ler o PDF (arquivo corrompido ou protegido por senha).", chunkCount: 0 });
    const [job] = await jobsOf(app, res.data.id);
    expect(job).toMatchObject({ status: "dead", attempts: 1 });
  });
});

describe("[training] videos", () => {
  test("only YouTube, Vimeo or Dailymotion links are accepted (§5 message); the title needs 2–200 characters", async () => {
    const before = await sourceCount();
    for (const url of ["https://www.exemplo.com.br/video.mp4", "https://youtube.com.evil.example/watch?v=abc", "ftp://youtube.com/watch?v=abc", "não é url"]) {
      expect(await mutateError("training.addVideo", { agentId, body: { title: "Tour", url } })).toEqual({ status: 400, message: VIDEO_URL_RULE });
    }
    expect((await mutateError("training.addVideo", { agentId, body: { title: "T", url: "https://youtu.be/abc123" } })).message).toBe(
      "O título deve ter pelo menos 2 caracteres",
    );
    expect((await mutateError("training.addVideo", { agentId, body: { title: "T".repeat(201), url: "https://youtu.be/abc123" } })).message).toBe(
      "O título deve ter no máximo 200 caracteres",
    );
    expect(await sourceCount()).toBe(before);
  });

  test("a pasted transcript trains without fetching anything; chunks cite the video URL under its title", async () => {
    const url = "https://vimeo.com/123456789";
    const s = await trainSource(owner, "Video", agentId, {
      title: "Como fazemos o pão de fermentação natural",
      url,
      transcript: "Neste vídeo mostramos o levain descansando por doze horas antes de ir ao forno a lenha.",
    });
    expectReady(s);
    const chunks = await chunksOf(app, s.id);
    expect(chunks.every((c) => c.source === url)).toBe(true);
    expect(chunks.map((c) => c.content).join("\n")).toContain("levain descansando por doze horas");
    expect(chunks[0]?.content).toContain("Como fazemos o pão de fermentação natural");
  });

  test("a Dailymotion video without a transcript fails asking for one, and is not retried", async () => {
    const added = await addSource(owner, "Video", agentId, { title: "Tour pela cozinha", url: "https://www.dailymotion.com/video/x8abcd" });
    const { source } = await waitForSource(owner, agentId, added.id);
    expect(source).toMatchObject({ status: "failed", errorMessage: NO_CAPTIONS });
    expect((await jobsOf(app, added.id))[0]).toMatchObject({ status: "dead", attempts: 1 });
  });

  test("every source is listed for the agent, newest first", async () => {
    const list = await listSources(owner, agentId);
    expect(list.length).toBeGreaterThan(10);
    const created = list.map((s) => (s as unknown as { createdAt: number }).createdAt);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });
});
