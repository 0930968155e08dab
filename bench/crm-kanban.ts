
import type { ServiceContext, WorkspaceScope } from "../src/services/context";
import { withTransaction } from "../src/services/context";
import { listDeals, loadBoard, loadColumnPage } from "../src/services/crm/funnel-board";
import { funnelStats } from "../src/services/crm/funnel-stats";
import { ensureDefaultPipeline } from "../src/services/crm/pipeline-core";
import { rng, withCrmBench } from "./crm-support";
import { pct } from "./support";

const log = (msg: string) => process.stderr.write(`[bench crm-kanban] ${msg}\n`);
const WORDS = ["Plano anual", "Implantação", "Consultoria", "Licenças", "Renovação", "Projeto piloto", "Treinamento", "Suporte premium"];
const BIZ = ["Padaria Aurora", "Clínica Vida", "Mercado Central", "Academia Força", "Escola Horizonte", "Ótica Primavera", "Buffet Sabor", "Auto Peças Sul"];


export async function run(): Promise<Record<string, number>> {
  const N = Number(process.env.BENCH_DEALS ?? 5_000);
  const QUERIES = Math.max(20, Number(process.env.BENCH_QUERIES ?? 100));
  return withCrmBench("crm-kanban", "Bench Funil", async ({ deps, database, ownerId, workspaceId }) => {
    const client = database.client;
    const ws = { id: workspaceId };
    const { pipelineId, stages } = await withTransaction(deps.db, (tx) => ensureDefaultPipeline(tx, ws.id));
    const working = stages.filter((s) => !s.isWon && !s.isLost);
    const closing = stages.filter((s) => s.isWon || s.isLost);
    const pick = rng(14);
    const one = <T>(xs: T[]): T => xs[Math.floor(pick() * xs.length)] as T;

    log(`seeding ${N} open deals (+10 % closed) with contacts and history`);
    const t0 = performance.now();
    const now = Date.now();
    const tx = await client.transaction("write");
    const contactIds: string[] = [];
    for (let i = 0; i < Math.ceil(N / 5); i++) contactIds.push(Bun.randomUUIDv7());
    for (let start = 0; start < contactIds.length; start += 500) {
      const ids = contactIds.slice(start, start + 500);
      await tx.execute({
        sql: `INSERT INTO contacts (id, workspace_id, name, status, source, tags, created_at, updated_at) VALUES ${ids.map(() => "(?, ?, ?, 'lead', 'manual', '[]', ?, ?)").join(", ")}`,
        args: ids.flatMap((id, k) => [id, ws.id, `${one(BIZ)} ${start + k}`, now, now]),
      });
    }
    const total = Math.round(N * 1.1);
    const BATCH = 400;
    for (let start = 0; start < total; start += BATCH) {
      const deals: (string | number | null)[] = [];
      const history: (string | number | null)[] = [];
      const count = Math.min(total, start + BATCH) - start;
      for (let k = 0; k < count; k++) {
        const i = start + k;
        // Skewed like a real funnel: most deals in the first stages.
        const stage = i < N ? (working[Math.min(working.length - 1, Math.floor(pick() ** 1.6 * working.length))] ?? working[0]) : one(closing);
        if (!stage) throw new Error("no stage");
        const id = Bun.randomUUIDv7();
        const status = stage.isWon ? "won" : stage.isLost ? "lost" : "open";
        const created = now - (total - i) * 60_000;
        deals.push(id, ws.id, pipelineId, stage.id, one(contactIds), i % 3 ? ownerId : null, `${one(WORDS)} ${one(BIZ)} ${i}`, Math.floor(pick() * 5_000_000), i % 4 ? null : 70, status, i % 5 ? "[]" : '["vip"]', i, status === "open" ? null : created + 3_600_000, created, created);
        history.push(Bun.randomUUIDv7(), ws.id, id, stage.id, ownerId, created);
      }
      await tx.execute({
        sql: `INSERT INTO deals (id, workspace_id, pipeline_id, stage_id, contact_id, owner_user_id, title, value_cents, probability, status, tags, position, closed_at, created_at, updated_at) VALUES ${Array.from({ length: count }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        args: deals,
      });
      await tx.execute({
        sql: `INSERT INTO deal_stage_history (id, workspace_id, deal_id, to_stage_id, actor_type, user_id, created_at) VALUES ${Array.from({ length: count }, () => "(?, ?, ?, ?, 'user', ?, ?)").join(", ")}`,
        args: history,
      });
    }
    await tx.commit();
    await client.execute("ANALYZE");
    const seedSeconds = (performance.now() - t0) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    const scope: WorkspaceScope = { id: ws.id, name: "Bench Funil", ownerId, role: "owner", permissions: {} as WorkspaceScope["permissions"] };
    const ctx: ServiceContext = { ...deps, actor: { type: "system", job: "bench" }, meta: { ipAddress: null, userAgent: null, requestId: "bench" }, workspace: scope };
    const timed = async (fn: () => Promise<unknown>) => {
      const s = performance.now();
      await fn();
      return performance.now() - s;
    };
    const board = () => loadBoard(ctx, scope, { pipelineId, perStage: 20 });
    // Warm the page cache and the prepared statements once.
    for (let i = 0; i < 5; i++) await board();

    const plain: number[] = [];
    const filtered: number[] = [];
    const more: number[] = [];
    const list: number[] = [];
    const stats: number[] = [];
    const first = await board();
    const biggest = [...first.columns].sort((a, b) => b.totals.count - a.totals.count)[0];
    for (let i = 0; i < QUERIES; i++) {
      plain.push(await timed(board));
      filtered.push(await timed(() => loadBoard(ctx, scope, { pipelineId, perStage: 20, ownerUserId: ownerId, search: one(BIZ).split(" ")[0] })));
      if (biggest?.nextCursor) {
        const after = biggest.nextCursor;
        more.push(await timed(() => loadColumnPage(ctx, scope, { stageId: biggest.stage.id, after, limit: 20 })));
      }
      list.push(await timed(() => listDeals(ctx, scope, { pipelineId, sort: (["recent", "value_desc", "title", "close_date"] as const)[i % 4] ?? "recent", page: 1 + (i % 5), pageSize: 25 })));
      if (i < 20) stats.push(await timed(() => funnelStats(ctx, scope, { pipelineId })));
    }
    return {
      open_deals: N,
      loads: QUERIES,
      seed_seconds: Number(seedSeconds.toFixed(1)),
      board_p50_ms: pct(plain, 50),
      board_p99_ms: pct(plain, 99),
      board_filtered_p50_ms: pct(filtered, 50),
      board_filtered_p99_ms: pct(filtered, 99),
      column_more_p50_ms: pct(more, 50),
      list_page_p50_ms: pct(list, 50),
      list_page_p99_ms: pct(list, 99),
      stats_p50_ms: pct(stats, 50),
    };
  });
}

if (import.meta.main) console.log(JSON.stringify(await run()));
