
import { contactImportFiles, contactImports } from "../db/schema";
import { runContactImport } from "../src/services/crm/contact-import-job";

import { withCrmBench } from "./crm-support";

const log = (msg: string) => process.stderr.write(`[bench crm-import] ${msg}\n`);
const FIRST = ["Ana", "João", "Márcia", "José", "Fábio", "Letícia", "Otávio", "Conceição", "Érica", "Luís"];
const LAST = ["Silva", "Conceição", "Araújo", "Gonçalves", "Magalhães", "Brandão", "Souza", "Lima"];
const CITY = ["São Paulo", "Belém", "Florianópolis", "Goiânia", "Maceió"];

/** Row i of the file; `phoneOf(i)` is the person's phone, so a seed can hold some of them already. */
const phoneOf = (i: number) => `(11) 9${String(10_000_000 + i).slice(-8, -4)}-${String(10_000_000 + i).slice(-4)}`;
function csvOf(rows: number): string {
  const lines = ["Nome;E-mail;Celular;Empresa;Cidade;UF;CEP;Etiquetas;Observações;Plano"];
  for (let i = 0; i < rows; i++) {
    const name = i % 100 === 7 ? "X" : `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]} ${i}`;
    const phone = i % 100 === 13 && i > 0 ? phoneOf(i - 1) : phoneOf(i);
    lines.push(`${name};pessoa${i}@exemplo.com.br;${phone};Empresa ${i % 500};${CITY[i % CITY.length]};SP;01310-100;"vip, lote ${i % 10}";Importado no teste de carga;Plano ${i % 3}`);
  }
  return lines.join("\r\n");
}

export async function run(): Promise<Record<string, number>> {
  const N = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  return withCrmBench("crm-import", "Bench import", async ({ deps, database, ownerId, workspaceId }) => {
    const _client = database.client;
    const ws = { id: workspaceId };
    const mapping = { "0": "name", "1": "email", "2": "phone", "3": "companyName", "4": "city", "5": "state", "6": "zipCode", "7": "tags", "8": "notes", "9": "custom:Plano" };

    // 10% of the people exist already: a first import of every 10th row.
    const seedCsv = csvOf(N)
      .split("\r\n")
      .filter((_, i) => i === 0 || (i - 1) % 10 === 0)
      .join("\r\n");
    const insertImport = async (csv: string, fileName: string) => {
      const [row] = await deps.db.insert(contactImports).values({ workspaceId: ws.id, userId: ownerId, fileName, mapping, onDuplicate: "update" }).returning({ id: contactImports.id });
      if (!row) throw new Error("import not inserted");
      await deps.db.insert(contactImportFiles).values({ importId: row.id, csv });
      return row.id;
    };
    await runContactImport(deps, await insertImport(seedCsv, "seed.csv"), async () => {});

    const csv = csvOf(N);
    log(`importing ${N} rows (${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB)`);
    const id = await insertImport(csv, "bench.csv");
    // CPU time too: on a shared machine the wall clock moves with other people's load, CPU much less.
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await runContactImport(deps, id, async () => {});
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const [done] = await database.client.execute({ sql: "SELECT created_count, updated_count, skipped_count, failed_count FROM contact_imports WHERE id = ?", args: [id] }).then((r) => r.rows);
    return {
      rows: N,
      megabytes: Math.round((Buffer.byteLength(csv) / 1024 / 1024) * 10) / 10,
      seconds: Math.round(seconds * 100) / 100,
      rowsPerSecond: Math.round(N / seconds),
      cpuSeconds: Math.round(cpuSeconds * 100) / 100,
      rowsPerCpuSecond: Math.round(N / cpuSeconds),
      created: Number(done?.created_count),
      updated: Number(done?.updated_count),
      skipped: Number(done?.skipped_count),
      failed: Number(done?.failed_count),
    };
  });
}

if (import.meta.main) console.log(JSON.stringify(await run()));
