/**
 * bun bench/crm.ts → one JSON object with the CRM's three figures of issue 14, each scenario on its
 * own fresh data directory, one after the other (run alone on an idle machine):
 * - search: contact search p50/p99 over 100k contacts (bench/crm-search.ts; target p50 ≤ 20 ms)
 * - kanban: board load of a pipeline with 5k open deals, server time (bench/crm-kanban.ts; ≤ 50 ms)
 * - import: CSV import rows/s for 100k rows (bench/crm-import.ts; ≥ 10k rows/s)
 * Each scenario also runs alone: `bun bench/crm-search.ts` and so on; their env knobs apply here too.
 */
const scenarios = {
  search: () => import("./crm-search"),
  kanban: () => import("./crm-kanban"),
  import: () => import("./crm-import"),
} as const;

const out: Record<string, Record<string, number>> = {};
for (const [name, load] of Object.entries(scenarios)) {
  const mod = await load();
  out[name] = await mod.run();
}
console.log(JSON.stringify(out, null, 2));
