/**
 * bun bench/inbox.ts → JSON. The reads of the inbox and the dashboard against one workspace with
 * BENCH_CONVERSATIONS conversations (default 100,000, two messages each) and one credit debit per
 * conversation in the last 30 days: ms per call (p50, max) on the one JS thread, where each call
 * blocks every other request. BENCH_OLD_INDEXES=1 puts back the indexes of before issue 12 (the
 * inbox sorted by a temp B-tree, the badge counting every row) to compare on the same data.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootDeps } from "../src/deps";
import { loadEnv } from "../src/env";
import { creditUsageHistory } from "../src/services/credits";
import { getDashboard } from "../src/services/dashboard";
import type { ServiceContext, WorkspaceScope } from "../src/services/context";
import { conversationCounts, listConversations } from "../src/services/conversations";
import { createWorkspaceRecord } from "../src/services/workspaces";

const N = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const OLD = process.env.BENCH_OLD_INDEXES === "1";
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

const OLD_INDEXES = [
  "DROP INDEX conversations_inbox_idx",
  "CREATE INDEX conversations_inbox_idx ON conversations (workspace_id, last_message_at)",
  "DROP INDEX conversations_unread_idx",
  "DROP INDEX conversations_needs_human_idx",
  "DROP INDEX conversations_workspace_idx",
  "CREATE INDEX conversations_workspace_idx ON conversations (workspace_id, created_at)",
  "DROP INDEX messages_conversation_idx",
  "CREATE INDEX messages_conversation_idx ON messages (conversation_id, sent_at)",
  "DROP INDEX messages_thread_idx",
  "DROP INDEX credit_tx_workspace_idx",
  "CREATE INDEX credit_tx_workspace_idx ON credit_transactions (workspace_id, created_at)",
];

const dataDir = mkdtempSync(join(tmpdir(), "atenda-bench-inbox-"));
const env = loadEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, ADMIN_EMAIL: "admin@bench.local", ADMIN_PASSWORD: "bench-senha-123" });
const { deps, database } = await bootDeps(env);
const client = database.client;
const admin = await client.execute("SELECT id FROM users LIMIT 1");
const ownerId = String(admin.rows[0]?.id);
const ws = await createWorkspaceRecord(deps.db, { id: ownerId }, { name: "Bench" });

log(`seeding ${N} conversations`);
const now = Date.now();
const tx = await client.transaction("write");
for (let i = 0; i < N; i++) {
  const at = now - i * 20_000;
  const cid = Bun.randomUUIDv7();
  await tx.execute({
    sql: "INSERT INTO conversations (id, workspace_id, channel, contact_key, client_name, unread_count, last_message_at, created_at, updated_at) VALUES (?, ?, 'web', ?, 'Visitante', ?, ?, ?, ?)",
    args: [cid, ws.id, `v-${i}`, i % 2, at, at - 1000, at],
  });
  for (const [k, text] of ["Qual o prazo de entrega do produto?", "Entregamos em até 2 dias úteis."].entries()) {
    await tx.execute({ sql: "INSERT INTO messages (id, conversation_id, workspace_id, sender_type, content, sent_at) VALUES (?, ?, ?, ?, ?, ?)", args: [Bun.randomUUIDv7(), cid, ws.id, k ? "agent" : "customer", text, at - 1 + k] });
  }
  await tx.execute({ sql: "INSERT INTO credit_transactions (id, workspace_id, credits_consumed, created_at) VALUES (?, ?, 10, ?)", args: [Bun.randomUUIDv7(), ws.id, now - (i % 30) * 86_400_000] });
}
await tx.commit();
if (OLD) for (const s of OLD_INDEXES) await client.execute(s);

const scope: WorkspaceScope = { id: ws.id, name: "Bench", ownerId, role: "owner", permissions: {} as WorkspaceScope["permissions"] };
const ctx: ServiceContext = { ...deps, actor: { type: "system", job: "bench" }, meta: { ipAddress: null, userAgent: null, requestId: "bench" }, workspace: scope };

async function time(fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: Number((ms[Math.floor(ms.length / 2)] ?? 0).toFixed(2)), max: Number((ms.at(-1) ?? 0).toFixed(2)) };
}

const result = {
  bench: "inbox",
  conversations: N,
  indexes: OLD ? "before issue 12" : "current",
  runs: RUNS,
  ms: {
    list: await time(() => listConversations(ctx, scope, ownerId, {})),
    listRareFilter: await time(() => listConversations(ctx, scope, ownerId, { channel: "telegram" })),
    listSearchNoMatch: await time(() => listConversations(ctx, scope, ownerId, { search: "boleto" })),
    counts: await time(() => conversationCounts(ctx, scope)),
    dashboard: await time(() => getDashboard(deps.db, ws.id, now)),
    usageHistory30: await time(() => creditUsageHistory(deps.db, ws.id, 30, now)),
  },
};
console.log(JSON.stringify(result));
database.close();
rmSync(dataDir, { recursive: true, force: true });
