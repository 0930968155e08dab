import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { contactImportFiles, contactImports, contacts } from "../db/schema";
import { EXPORT_HEADER, EXPORT_PAGE } from "../src/services/crm/contact-export";
import { runContactImport } from "../src/services/crm/contact-import-job";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { contactsOf, importCsv } from "./helpers/crm-imports";
import { registerUser } from "./helpers/factories";

/** The import job's crash safety (resume, a second run at once) and the CSV export of the filtered list. */
let app: TestApp;
let owner: Client;
let workspaceId: string;
let userId: string;
const noProgress = async () => {};

beforeAll(async () => {
  app = await startTestApp();
  const o = await registerUser(app);
  owner = o.client;
  workspaceId = String(o.user.currentWorkspaceId);
  userId = o.user.id;
});
afterAll(() => app.stop());

/** 10 people, the 4th without a name (refused) and the 8th repeating the 2nd's phone. */
function tenRows(prefix: string) {
  const lines = ["nome,telefone,email"];
  for (let i = 1; i <= 10; i++) {
    const phone = i === 8 ? `11 9${prefix}00-0002` : `11 9${prefix}00-000${i % 10}`;
    lines.push(`${i === 4 ? "" : `Pessoa ${prefix}${i}`},${phone},p${prefix}${i}@exemplo.com.br`);
  }
  return lines.join("\n");
}

/** An import row the test runs by hand (not enqueued): the test plays the job runner. */
async function queuedImport(csv: string) {
  const [row] = await app.deps.db
    .insert(contactImports)
    .values({ workspaceId, userId, fileName: "manual.csv", mapping: { "0": "name", "1": "phone", "2": "email" }, onDuplicate: "skip" })
    .returning({ id: contactImports.id });
  if (!row) throw new Error("import not inserted");
  await app.deps.db.insert(contactImportFiles).values({ importId: row.id, csv });
  return row.id;
}

const importRow = async (id: string) => (await app.deps.db.select().from(contactImports).where(eq(contactImports.id, id)))[0];
const fileKept = async (id: string) => (await app.deps.db.select().from(contactImportFiles).where(eq(contactImportFiles.importId, id))).length > 0;
const people = async (prefix: string) => (await contactsOf(app, workspaceId)).filter((c) => c.email?.startsWith(`p${prefix}`));

describe("the import job survives crashes", () => {
  test("a run that dies between chunks resumes where it stopped: exact counts, no duplicates", async () => {
    const id = await queuedImport(tenRows("1"));
    await expect(runContactImport(app.deps, id, noProgress, { chunkRows: 3, stopAfterChunks: 2 })).rejects.toThrow("interrompida");
    const mid = await importRow(id);
    expect([mid?.status, mid?.processedRows, mid?.createdCount, mid?.failedCount]).toEqual(["running", 6, 5, 1]);
    expect(await people("1")).toHaveLength(5);

    const progress: number[] = [];
    await runContactImport(app.deps, id, async (p) => void progress.push(Math.round(p)), { chunkRows: 3 });
    const end = await importRow(id);
    expect(await fileKept(id)).toBe(false);
    expect(end).toMatchObject({ status: "completed", totalRows: 10, processedRows: 10, createdCount: 8, skippedCount: 1, failedCount: 1 });
    expect(end?.report).toEqual([
      { row: 5, message: "Linha 5: Nome é obrigatório para criar um contato" },
      { row: 9, message: "Linha 9: mesmo telefone da linha 3 (linha ignorada)" },
    ]);
    expect(progress).toEqual([90, 100]);
    const rows = await people("1");
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => r.phone)).size).toBe(8);

    // The runner calling the handler once more (a retry after the end) changes nothing.
    expect(await runContactImport(app.deps, id, noProgress)).toEqual({ importId: id, skipped: "completed" });
    expect(await people("1")).toHaveLength(8);
  });

  test("two runs of the same import at once (an expired lease): one wins each chunk, nothing is written twice", async () => {
    const id = await queuedImport(tenRows("2"));
    const runs = await Promise.allSettled([runContactImport(app.deps, id, noProgress, { chunkRows: 1 }), runContactImport(app.deps, id, noProgress, { chunkRows: 1 })]);
    expect(runs.some((r) => r.status === "fulfilled")).toBe(true);
    // Whichever run lost gave up; the survivor (or a retry) finishes the file.
    await runContactImport(app.deps, id, noProgress, { chunkRows: 1 });
    expect(await importRow(id)).toMatchObject({ status: "completed", processedRows: 10, createdCount: 8, skippedCount: 1, failedCount: 1 });
    expect(await people("2")).toHaveLength(8);
  });

  test("a cancelled import stops before its next chunk and keeps what it wrote", async () => {
    const id = await queuedImport(tenRows("3"));
    await expect(runContactImport(app.deps, id, noProgress, { chunkRows: 2, stopAfterChunks: 1 })).rejects.toThrow();
    const cancelled = await owner.mutate<{ status: string }>("contacts.imports.cancel", { id });
    expect(cancelled.data.status).toBe("cancelled");
    expect(await runContactImport(app.deps, id, noProgress, { chunkRows: 2 })).toEqual({ importId: id, skipped: "cancelled" });
    expect(await people("3")).toHaveLength(2);
    expect(await fileKept(id)).toBe(false);
  });
});

describe("CSV export", () => {
  test("holds exactly the filtered contacts, with a BOM, the header and a dated file name", async () => {
    const csv = ["nome;telefone;email;status;etiquetas", "Lia Campos;11 94444-0001;lia@exemplo.com.br;Cliente;vip", "Mauro Sá;11 94444-0002;mauro@exemplo.com.br;Cliente;", "Nina Leal;11 94444-0003;nina@exemplo.com.br;Lead;vip"].join("\n");
    await importCsv(app, owner, csv, { "0": "name", "1": "phone", "2": "email", "3": "status", "4": "tags" });
    const res = await owner.fetchWithJar(`${app.base}/api/v1/contacts/export?status=customer&tags=vip`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contatos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(new TextDecoder().decode(bytes.slice(3)), { delimiter: ";", skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(EXPORT_HEADER);
    expect(rows.map((r) => [r[0], r[1], r[2], r[13], r[14]])).toEqual([["Lia Campos", "lia@exemplo.com.br", "+55 (11) 94444-0001", "Cliente", "vip"]]);

    const everyone = await owner.fetchWithJar(`${app.base}/api/v1/contacts/export`);
    const all = Papa.parse<string[]>((await everyone.text()).replace(/^\uFEFF/, ""), { delimiter: ";", skipEmptyLines: true }).data.slice(1);
    const names = (await app.deps.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.workspaceId, workspaceId))).map((c) => c.name);
    expect(all.map((r) => r[0]).sort()).toEqual(names.sort());
  });

  test("a list longer than one page comes whole, each contact once (keyset pages)", async () => {
    const other = await registerUser(app);
    const rows = Array.from({ length: EXPORT_PAGE + 250 }, (_, i) => `Pessoa Lote ${i};11 93${String(1_000_000 + i).slice(1)}`);
    const done = await importCsv(app, other.client, ["nome;telefone", ...rows].join("\n"), { "0": "name", "1": "phone" });
    expect(done.createdCount).toBe(EXPORT_PAGE + 250);
    const text = (await (await other.client.fetchWithJar(`${app.base}/api/v1/contacts/export?search=lote`)).text()).replace(/^\uFEFF/, "");
    const names = Papa.parse<string[]>(text, { delimiter: ";", skipEmptyLines: true })
      .data.slice(1)
      .map((r) => r[0]);
    expect(names).toHaveLength(EXPORT_PAGE + 250);
    expect(new Set(names).size).toBe(EXPORT_PAGE + 250);
  });

  test("another workspace exports only its own contacts; a formula in a cell is neutralised", async () => {
    const other = await registerUser(app);
    await importCsv(app, other.client, "nome;observações\nOtávio Reis;=HYPERLINK(\"http://mal.exemplo\")", { "0": "name", "1": "notes" });
    const text = (await (await other.client.fetchWithJar(`${app.base}/api/v1/contacts/export`)).text()).replace(/^\uFEFF/, "");
    const rows = Papa.parse<string[]>(text, { delimiter: ";", skipEmptyLines: true }).data.slice(1);
    expect(rows.map((r) => [r[0], r[15]])).toEqual([["Otávio Reis", `'=HYPERLINK("http://mal.exemplo")`]]);
  });
});
