/**
 * Issue 11, defect 1: hostile training documents. A DOCX zip bomb (true or lying sizes) fails its
 * source with the pt-BR message while the server's RSS stays bounded; a PDF with too many pages and
 * a 2,000-column CSV fail instead of exploding into chunks; all of them on the first attempt. The
 * extraction runs in a subprocess under a memory limit: killing it is retried once, then final.
 * Normal documents still train through that subprocess.
 *
 * The server runs in this test process (its job Worker is a thread here), so
 * process.memoryUsage().rss is the server's RSS: sampled every 20 ms, its growth must stay under
 * 500 MB while a bomb that inflates to 205 MB is handled.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { embeddingSources, jobs as jobsTable } from "../db/schema";
import { makeDocx, makePdf } from "./fixtures/documents";
import { manyPagePdf, wideCsv, zipBombDocx } from "./fixtures/heavy-documents";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { type SourceRow, chunksOf, jobsOf, listSources, uploadDocument, waitForSource } from "./helpers/training";

const TOO_BIG = "O documento é grande demais depois de descompactado (limite: 50 MB).";
const TOO_MANY_PAGES = "O PDF tem páginas demais (limite: 2.000 páginas).";
const TOO_MANY_COLUMNS = "O CSV tem colunas demais (limite: 200 colunas).";
const INTERRUPTED = "O processamento desta fonte foi interrompido mais de uma vez. Confira o arquivo e treine de novo.";
const CRASHED = "A leitura do documento foi interrompida: o arquivo pode estar corrompido ou ser pesado demais.";
const RSS_BOUND = 500 * 1024 * 1024;
const MEMORY_MB = 768;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ TRAINING_EXTRACT_MEMORY_MB: String(MEMORY_MB) });
});

afterAll(async () => {
  await app?.stop();
});

function watchRss(everyMs = 20) {
  Bun.gc(true);
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  return { growth: () => peak - base, stop: () => clearInterval(timer) };
}

/** Waits for ready/failed, failing at once if the server's RSS grows past the bound meanwhile. */
async function settleBounded(client: Client, agentId: string, sourceId: string, rss: ReturnType<typeof watchRss>, timeoutMs = 60_000): Promise<SourceRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (rss.growth() > RSS_BOUND) throw new Error(`server RSS grew by ${Math.round(rss.growth() / 2 ** 20)} MB while reading the document`);
    const source = (await listSources(client, agentId)).find((s) => s.id === sourceId);
    if (source && (source.status === "ready" || source.status === "failed")) return source;
    if (Date.now() > deadline) throw new Error(`source ${sourceId} did not settle: ${source?.status}`);
    await Bun.sleep(50);
  }
}

async function expectFailedOnce(sourceId: string, message: string, source: SourceRow) {
  expect(source.status).toBe("failed");
  expect(source.errorMessage).toBe(message);
  expect(source.chunkCount).toBe(0);
  expect(await chunksOf(app, sourceId)).toHaveLength(0);
  const jobs = await jobsOf(app, sourceId);
  expect(jobs.map((j) => ({ status: j.status, attempts: j.attempts }))).toEqual([{ status: "dead", attempts: 1 }]);
}

describe("zip bombs", () => {
  for (const [label, declaredSize] of [
    ["declares its real size", undefined],
    ["declares 1 kB but inflates to 205 MB", 1024],
  ] as const) {
    test(`[training-bounds]: a 205 MB DOCX bomb that ${label} fails with the pt-BR message, once, with RSS bounded`, async () => {
      const { client, agent } = await ownerWithAgent(app);
      const bomb = await zipBombDocx(205, { declaredSize });
      expect(bomb.byteLength).toBeLessThan(1024 * 1024);
      const rss = watchRss();
      try {
        const up = await uploadDocument(client, agent.id, "contrato.docx", bomb);
        expect(up.status).toBe(201);
        const source = await settleBounded(client, agent.id, up.data.id, rss);
        await expectFailedOnce(up.data.id, TOO_BIG, source);
      } finally {
        rss.stop();
      }
      expect(rss.growth()).toBeLessThan(RSS_BOUND);
    }, 90_000);
  }
});

describe("amplification", () => {
  test("[training-bounds]: a 2,000-column CSV with long headers fails on its columns instead of becoming thousands of chunks", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const csv = wideCsv(2000, 60, 100);
    const up = await uploadDocument(client, agent.id, "planilha.csv", csv, "text/csv");
    expect(up.status).toBe(201);
    const rss = watchRss();
    const source = await settleBounded(client, agent.id, up.data.id, rss, 120_000).finally(() => rss.stop());
    expect((await chunksOf(app, up.data.id)).length).toBeLessThanOrEqual(5000);
    await expectFailedOnce(up.data.id, TOO_MANY_COLUMNS, source);
  }, 150_000);

  test("[training-bounds]: a PDF past the page cap fails without extracting its text", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const up = await uploadDocument(client, agent.id, "catalogo.pdf", manyPagePdf(2001), "application/pdf");
    expect(up.status).toBe(201);
    const { source } = await waitForSource(client, agent.id, up.data.id, { timeoutMs: 60_000 });
    await expectFailedOnce(up.data.id, TOO_MANY_PAGES, source);
  }, 90_000);
});

/** Direct children of this process running the extraction (after the shell wrapper exec'd into Bun). */
function extractionChildren(): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      if (ppid === process.pid && argv.includes("--atenda-extract") && argv[0] !== "/bin/sh") found.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

async function nextExtractionChild(except: number[], timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pid = extractionChildren().find((p) => !except.includes(p));
    if (pid) return pid;
    if (Date.now() > deadline) throw new Error("no extraction subprocess was started");
    await Bun.sleep(5);
  }
}

describe("the extraction subprocess", () => {
  test("[training-bounds]: runs under the memory limit; killed twice, its source fails after exactly one retry", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const up = await uploadDocument(client, agent.id, "manual.pdf", manyPagePdf(1500), "application/pdf");
    expect(up.status).toBe(201);

    const first = await nextExtractionChild([]);
    const limits = readFileSync(`/proc/${first}/limits`, "utf8");
    const dataLimit = limits.split("\n").find((l) => l.startsWith("Max data size"));
    expect(dataLimit?.split(/\s{2,}/)[1]).toBe(String(MEMORY_MB * 1024 * 1024));
    // A CPU-time backstop of twice the time limit (default 180 s), in case the parent's timer is gone.
    const cpuLimit = limits.split("\n").find((l) => l.startsWith("Max cpu time"));
    expect(cpuLimit?.split(/\s{2,}/)[1]).toBe("360");
    process.kill(first, "SIGKILL");

    // Back to pending with the reason while the one retry waits.
    const { source: retrying } = await waitForSource(client, agent.id, up.data.id, { until: ["pending"], everyMs: 10 });
    expect(retrying.errorMessage).toBe(`${CRASHED} Tentaremos novamente em instantes.`);
    const second = await nextExtractionChild([first]);
    process.kill(second, "SIGKILL");

    const { source } = await waitForSource(client, agent.id, up.data.id, { timeoutMs: 20_000 });
    expect(source.status).toBe("failed");
    expect(source.errorMessage).toBe(CRASHED);
    const jobs = await jobsOf(app, up.data.id);
    expect(jobs.map((j) => ({ status: j.status, attempts: j.attempts }))).toEqual([{ status: "dead", attempts: 2 }]);
    // The server is fine: the next document trains.
    const next = await uploadDocument(client, agent.id, "aviso.txt", "Aviso: a loja fecha no feriado de Tiradentes.", "text/plain");
    expect((await waitForSource(client, agent.id, next.data.id, { timeoutMs: 20_000 })).source.status).toBe("ready");
  }, 90_000);

  test("[training-bounds]: a source whose run died with the whole process twice fails on the next claim instead of running again", async () => {
    const { client, agent, workspaceId } = await ownerWithAgent(app);
    const up = await uploadDocument(client, agent.id, "aviso.txt", "Aviso: o horário de funcionamento muda no feriado.", "text/plain");
    expect((await waitForSource(client, agent.id, up.data.id, { timeoutMs: 20_000 })).source.status).toBe("ready");
    // What two runs killed with their process leave: the source still "processing", its job running
    // on an expired lease after two attempts.
    const past = Date.now() - 1000;
    await app.deps.db.update(embeddingSources).set({ status: "processing" }).where(eq(embeddingSources.id, up.data.id));
    const [job] = await app.deps.db
      .insert(jobsTable)
      .values({ type: "train-source", data: { sourceId: up.data.id, force: true }, agentId: agent.id, workspaceId, status: "running", attempts: 2, runAfter: past, leaseUntil: past })
      .returning();
    app.jobs.wake();
    const { source } = await waitForSource(client, agent.id, up.data.id, { until: ["ready", "failed"], timeoutMs: 20_000 });
    expect({ status: source.status, error: source.errorMessage }).toEqual({ status: "failed", error: INTERRUPTED });
    const [after] = await app.deps.db.select().from(jobsTable).where(eq(jobsTable.id, job?.id ?? ""));
    expect({ status: after?.status, attempts: after?.attempts }).toEqual({ status: "dead", attempts: 3 });
  }, 60_000);

  test("[training-bounds]: normal DOCX, PDF, CSV and TXT still train through it", async () => {
    const { client, agent } = await ownerWithAgent(app);
    const files = [
      { name: "garantia.docx", bytes: await makeDocx("Garantia", ["Todos os produtos têm garantia de noventa dias contra defeitos de fabricação."]), expect: "garantia de noventa dias" },
      { name: "trocas.pdf", bytes: makePdf(["Trocas em ate sete dias com a nota fiscal."]), expect: "Trocas em ate sete dias" },
      { name: "precos.csv", bytes: "produto,preço\nBolo de cenoura,R$ 35\nPão de queijo,R$ 4", expect: "produto: Bolo de cenoura" },
      { name: "horario.txt", bytes: "Abrimos de segunda a sábado, das 8h às 18h.", expect: "das 8h às 18h" },
    ];
    for (const f of files) {
      const up = await uploadDocument(client, agent.id, f.name, f.bytes);
      expect(up.status).toBe(201);
      const { source } = await waitForSource(client, agent.id, up.data.id, { timeoutMs: 30_000 });
      expect({ name: f.name, status: source.status, error: source.errorMessage }).toEqual({ name: f.name, status: "ready", error: null });
      const chunks = await chunksOf(app, up.data.id);
      expect(chunks.map((c) => c.content).join("\n")).toContain(f.expect);
    }
  }, 90_000);
});
