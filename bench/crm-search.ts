
import type { ServiceContext, WorkspaceScope } from "../src/services/context";
import { listContacts } from "../src/services/crm/contacts-list";
import { rng, withCrmBench } from "./crm-support";
import { pct } from "./support";

const log = (msg: string) => process.stderr.write(`[bench crm-search] ${msg}\n`);

const FIRST = ["Ana", "Maria", "João", "José", "Antônio", "Francisco", "Carlos", "Paulo", "Pedro", "Lucas", "Luiz", "Marcos", "Luís", "Gabriel", "Rafael", "Daniel", "Márcia", "Juliana", "Fernanda", "Patrícia", "Aline", "Sandra", "Camila", "Amanda", "Bruna", "Letícia", "Júlia", "Beatriz", "Larissa", "Vitória", "Raimundo", "Sebastião", "Conceição", "Rosângela", "Cláudio", "Fábio", "Márcio", "Érica", "Ícaro", "Otávio"];
const LAST = ["Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas", "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Araújo", "Conceição", "Figueiredo", "Magalhães", "Brandão"];
const BIZ = ["Padaria", "Mercado", "Farmácia", "Clínica", "Construtora", "Auto Peças", "Floricultura", "Pet Shop", "Academia", "Escritório", "Restaurante", "Ótica", "Papelaria", "Imobiliária", "Salão"];
const BIZ_NAME = ["Primavera", "Horizonte", "São Jorge", "Boa Vista", "Estrela", "Pão Quente", "Bem Estar", "Central", "Nova Era", "Sol Nascente", "Vila Rica", "Três Irmãos", "Santa Luzia", "Aurora", "Ipê Amarelo"];
const DDD = [11, 21, 31, 41, 51, 61, 71, 81, 85, 19, 27, 48, 62, 92, 98];
const DOMAINS = ["gmail.com", "hotmail.com", "outlook.com", "yahoo.com.br", "uol.com.br", "empresa.com.br"];
const ascii = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();


export async function run(): Promise<Record<string, number>> {
  const N = Number(process.env.BENCH_CONTACTS ?? 100_000);
  const QUERIES = Math.max(200, Number(process.env.BENCH_QUERIES ?? 300));
  return withCrmBench("crm-search", "Bench CRM", async ({ deps, database, ownerId, workspaceId }) => {
    const client = database.client;
    const ws = { id: workspaceId };
    const pick = rng(14);
    const one = <T>(xs: T[]): T => xs[Math.floor(pick() * xs.length)] as T;

    log(`seeding ${N} contacts`);
    const t0 = performance.now();
    const now = Date.now();
    const BATCH = 500;
    const tx = await client.transaction("write");
    for (let start = 0; start < N; start += BATCH) {
      const rows: string[] = [];
      const args: (string | number | null)[] = [];
      for (let i = start; i < Math.min(N, start + BATCH); i++) {
        const first = one(FIRST);
        const last = `${one(LAST)} ${one(LAST)}`;
        const phone = `+55${one(DDD)}9${String(10_000_000 + i).slice(-8)}`;
        const email = i % 3 === 0 ? null : `${ascii(first)}.${ascii(last).replace(" ", ".")}${i}@${one(DOMAINS)}`;
        const company = i % 2 ? `${one(BIZ)} ${one(BIZ_NAME)}` : null;
        const created = now - (N - i) * 30_000;
        rows.push("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        args.push(Bun.randomUUIDv7(), ws.id, `${first} ${last}`, email, i % 7 === 0 ? null : phone, company, i % 4 ? "lead" : "customer", i % 5 ? "whatsapp_cloud" : "import", i % 10 === 0 ? '["vip"]' : "[]", i % 3 ? created + 60_000 : null, created, created);
      }
      await tx.execute({
        sql: `INSERT INTO contacts (id, workspace_id, name, email, phone, company_name, status, source, tags, last_contact_at, created_at, updated_at) VALUES ${rows.join(", ")}`,
        args,
      });
    }
    await tx.commit();
    await client.execute("ANALYZE");
    const seedSeconds = (performance.now() - t0) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    const scope: WorkspaceScope = { id: ws.id, name: "Bench CRM", ownerId, role: "owner", permissions: {} as WorkspaceScope["permissions"] };
    const ctx: ServiceContext = { ...deps, actor: { type: "system", job: "bench" }, meta: { ipAddress: null, userAgent: null, requestId: "bench" }, workspace: scope };

    const makers: (() => string)[] = [
      () => one(FIRST).slice(0, 3 + Math.floor(pick() * 3)),
      () => ascii(one(FIRST)),
      () => one(LAST),
      () => ascii(one(LAST)).slice(0, 4),
      () => `${one(FIRST)} ${one(LAST)}`,
      () => ascii(`${one(BIZ_NAME)}`),
      () => `${one(BIZ)} ${one(BIZ_NAME)}`,
      () => String(Math.floor(pick() * 99_999_999)).padStart(8, "0").slice(0, 4 + Math.floor(pick() * 5)),
      () => `(${one(DDD)}) 9${String(Math.floor(pick() * 9999)).padStart(4, "0")}`,
      () => `${ascii(one(FIRST))}.${ascii(one(LAST))}`,
      () => one(DOMAINS).split(".")[0] ?? "gmail",
      () => one(FIRST).slice(0, 1 + Math.floor(pick() * 2)),
      () => `zzq${Math.floor(pick() * 1000)}`,
    ];
    const queries = Array.from({ length: QUERIES }, (_, i) => (makers[i % makers.length] as () => string)());
    const timed = async (fn: () => Promise<unknown>) => {
      const s = performance.now();
      await fn();
      return performance.now() - s;
    };
    // Warm the page cache and the prepared statements once.
    for (const q of queries.slice(0, 20)) await listContacts(ctx, scope, { search: q, sort: "newest", limit: 50 });

    const search: number[] = [];
    const searchNoCount: number[] = [];
    for (const q of queries) {
      search.push(await timed(() => listContacts(ctx, scope, { search: q, sort: "newest", limit: 50 })));
    }
    const slowest = queries.map((q, i) => [q, search[i] ?? 0] as const).sort((a, b) => b[1] - a[1]).slice(0, 12);
    log(`slowest searches: ${slowest.map(([q, ms]) => `${JSON.stringify(q)} ${ms.toFixed(1)} ms`).join(", ")}`);
    // Next pages skip the count: what "Carregar mais" costs.
    for (const q of queries) {
      const first = await listContacts(ctx, scope, { search: q, sort: "name", limit: 50 });
      if (first.nextCursor) {
        const cursor = first.nextCursor;
        searchNoCount.push(await timed(() => listContacts(ctx, scope, { search: q, sort: "name", limit: 50, cursor })));
      }
    }
    const plain: number[] = [];
    const tag: number[] = [];
    for (let i = 0; i < 30; i++) {
      plain.push(await timed(() => listContacts(ctx, scope, { sort: (["newest", "oldest", "name", "last_contact"] as const)[i % 4] ?? "newest", limit: 50 })));
      tag.push(await timed(() => listContacts(ctx, scope, { tags: ["vip"], sort: "newest", limit: 50 })));
    }
    return {
      contacts: N,
      queries: queries.length,
      seed_seconds: Number(seedSeconds.toFixed(1)),
      search_p50_ms: pct(search, 50),
      search_p99_ms: pct(search, 99),
      search_next_page_p50_ms: pct(searchNoCount, 50),
      search_next_page_p99_ms: pct(searchNoCount, 99),
      list_unfiltered_p50_ms: pct(plain, 50),
      list_tag_filter_p50_ms: pct(tag, 50),
    };
  });
}

if (import.meta.main) console.log(JSON.stringify(await run()));
