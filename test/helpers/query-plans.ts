/**
 * Captures every SQL statement the server's main thread runs (a wrapper on the libSQL client the
 * app already holds: no production hook), reads each distinct statement's EXPLAIN QUERY PLAN with
 * the arguments it first ran with, and names the plans that read without a bound. The job Worker
 * has its own connection and is not seen: work there does not stall requests.
 */
import type { Client, InArgs, InStatement, Transaction, TransactionMode } from "@libsql/client";

export type Captured = { sql: string; args: InArgs; count: number; labels: Set<string> };
export type PlanLine = { id: number; parent: number; detail: string };

/**
 * Tables by how they grow (every table must be in one list: test/perf-query-plans.test.ts checks).
 * CONFIG: a handful of admin-curated rows; reading all of them is fine.
 */
export const CONFIG_TABLES = [
  "plans",
  "ai_models_config",
  "system_prompts",
  "credit_system_config",
  "model_pricing",
  "platform_settings",
  "config_heads",
  // Commerce catalogue the admin curates (issue 15): a few packs and coupons.
  "credit_packs",
  "coupons",
  // One row at most per platform mail type the admin edited (issue 17, src/services/mail-templates).
  "email_templates",
  // The academy's content (issue 19): courses, modules, lessons, quizzes the admin writes by hand.
  "academy_courses",
  "academy_course_access",
  "academy_modules",
  "academy_lessons",
  "academy_lesson_materials",
  "academy_quizzes",
  "academy_quiz_questions",
  "academy_recording_templates",
];
/**
 * PER_TENANT: grows with the number of users/workspaces, but one tenant's rows are few (plan
 * limits, or made by hand): a scan of the table is not fine, a read of one tenant's rows is.
 */
export const PER_TENANT_TABLES = [
  "users",
  // Account (issue 17): at most one resized picture per user, read by its primary key.
  "user_avatars",
  // Affiliates (issue 15): one row per user; payouts few per affiliate.
  "affiliates",
  "affiliate_payouts",
  "workspaces",
  "workspace_members",
  "workspace_invitations",
  "user_subscriptions",
  "user_credits",
  // A workspace's spend caps: at most one per scope/agent (issue 15).
  "spend_caps",
  // One Stripe customer per workspace (issue 15).
  "billing_customers",
  "online_users",
  "agents",
  "agent_intents",
  "agent_integrations",
  "channel_connections",
  "embedding_sources",
  // One row per agent (the semantic cache's key and counters).
  "semantic_cache_heads",
  // CRM set-up made by hand: a few pipelines, stages, variable definitions and lists per workspace.
  "pipelines",
  "pipeline_stages",
  "variable_definitions",
  "contact_lists",
  // Campaign lists are made by hand too (issue 16): a few per workspace.
  "campaign_lists",
  // Campaigns and their message variants (issue 16): made by hand, a few per workspace.
  "campaigns",
  "campaign_messages",
  // Routing counters (issue 18): one row per orchestration, agent and method.
  "routing_counters",
  // Orchestrations, their agents, rules and routers, A/B tests and variants, alert rules and handoff
  // settings (issue 18): all made by hand, a few per workspace.
  "orchestrations",
  "orchestration_agents",
  "orchestration_rules",
  "channel_routers",
  "handoff_settings",
  "ab_tests",
  "ab_test_variants",
  "alert_rules",
  "alert_rule_seeds",
  // A learner's own rows (issue 19): one per course, lesson or attempt (at most 3 per quiz).
  "academy_enrollments",
  "academy_lesson_progress",
  "academy_quiz_attempts",
  "academy_certificates",
];
/** GROWING: grows with usage, per tenant too (every message, turn, visitor, log line). */
export const GROWING_TABLES = [
  "messages",
  // Issue 19: every upload, support request and its replies, suggestion and vote adds rows.
  "stored_files",
  "support_requests",
  "support_messages",
  "feature_suggestions",
  "feature_suggestion_votes",
  // Affiliates (issue 15): every click, sign-up and paid invoice of a referral adds a row.
  "affiliate_clicks",
  "affiliate_referrals",
  "affiliate_commissions",
  "conversations",
  "chat_feedback",
  "embeddings",
  "embeddings_fts",
  "semantic_cache",
  "jobs",
  "credit_transactions",
  "credit_reservations",
  "bonus_credit_history",
  // One row per month and cap subject (every end customer of a capped workspace): grows.
  "spend_counters",
  // Commerce (issue 15): every checkout, event, payment, grant and coupon redemption.
  "checkout_sessions",
  "stripe_events",
  "payments",
  "credit_grants",
  "coupon_redemptions",
  "sessions",
  "user_activity_logs",
  "rate_limit_hits",
  "mail_outbox",
  "inbound_message_ids",
  "channel_routes",
  "calendar_events",
  "crm_links",
  // The CRM grows with every person and deal (100k contacts a workspace is a target).
  "contacts",
  "contacts_fts",
  "contact_identities",
  "contact_list_members",
  "contact_imports",
  "contact_import_files",
  "contact_variables",
  "variable_extractions",
  "conversation_contacts",
  // Contact memory and summaries (issue 18): facts per contact, a summary per resolved/idle conversation, an extraction per customer message.
  "contact_memories",
  "conversation_summaries",
  "memory_extractions",
  "deals",
  "deal_stage_history",
  "deal_activities",
  "deal_products",
  // Number validation (issue 16): runs per workspace, one result row per checked number.
  "validation_runs",
  "validation_results",
  // Campaign lists (issue 16): members by the thousand per list; opt-outs grow with every 'SAIR'.
  "campaign_contacts",
  "campaign_opt_outs",
  // One send per campaign member (issue 16): the scheduler's queue and the per-connection caps.
  "campaign_sends",
  // Leads Hunter (issue 16): lists and searches per workspace, leads by the thousand per list.
  "lead_lists",
  "lead_searches",
  "leads",
  // Every routing decision of an orchestration's turns (issue 18).
  "routing_decisions",
  // Issue 18: handoffs, A/B assignments/outcomes/analyses, per-message sentiment, alerts, daily
  // metrics and tags all grow with conversations.
  "handoffs",
  "ab_test_assignments",
  "ab_test_results",
  "ab_test_analyses",
  "message_sentiments",
  "sentiment_alerts",
  "sentiment_daily",
  "conversation_tags",
  "popular_tags",
];

/** SQL that has no plan worth reading (connection and transaction control). */
const CONTROL = /^\s*(PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|END)\b/i;

/** Records statements under the label of the request being driven (calls are made one at a time). */
export function captureStatements(client: Client) {
  const seen = new Map<string, Captured>();
  let label = "(setup)";
  const record = (stmt: InStatement, extra?: InArgs) => {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    if (CONTROL.test(sql)) return;
    const known = seen.get(sql);
    if (known) {
      known.count++;
      known.labels.add(label);
      return;
    }
    const args = typeof stmt === "string" ? (extra ?? []) : (stmt.args ?? []);
    seen.set(sql, { sql, args, count: 1, labels: new Set([label]) });
  };
  const original = { execute: client.execute, batch: client.batch, transaction: client.transaction };
  const wrapTx = (tx: Transaction): Transaction => {
    const execute = tx.execute.bind(tx);
    const batch = tx.batch.bind(tx);
    tx.execute = (stmt: InStatement) => {
      record(stmt);
      return execute(stmt);
    };
    tx.batch = (stmts: InStatement[]) => {
      for (const s of stmts) record(s);
      return batch(stmts);
    };
    return tx;
  };
  client.execute = ((stmt: InStatement, args?: InArgs) => {
    record(stmt, args);
    return original.execute.call(client, stmt as never, args as never);
  }) as Client["execute"];
  client.batch = ((stmts: InStatement[], mode?: Parameters<Client["batch"]>[1]) => {
    for (const s of stmts) record(s);
    return original.batch.call(client, stmts, mode);
  }) as Client["batch"];
  const begin = original.transaction.bind(client) as (mode?: TransactionMode) => Promise<Transaction>;
  client.transaction = (async (mode?: TransactionMode) => wrapTx(await begin(mode))) as Client["transaction"];
  return {
    setLabel: (l: string) => {
      label = l;
    },
    statements: () => [...seen.values()],
    stop: () => Object.assign(client, original),
  };
}

export async function explain(client: Client, s: Pick<Captured, "sql" | "args">): Promise<PlanLine[]> {
  const res = await client.execute({ sql: `EXPLAIN QUERY PLAN ${s.sql}`, args: s.args });
  return res.rows.map((r) => ({ id: Number(r.id), parent: Number(r.parent), detail: String(r.detail) }));
}

/** The plan as SQLite's shell prints it (indented by depth), for failure messages. */
export function showPlan(plan: PlanLine[]): string {
  const depth = new Map<number, number>([[0, 0]]);
  return plan
    .map((l) => {
      const d = (depth.get(l.parent) ?? 0) + 1;
      depth.set(l.id, d);
      return `${"  ".repeat(d)}${l.detail}`;
    })
    .join("\n");
}

/** Unique indexes per table (name → columns), read once: equality on all their columns is one row. */
export type UniqueIndexes = Map<string, string[]>;
export async function uniqueIndexes(client: Client): Promise<UniqueIndexes> {
  const out: UniqueIndexes = new Map();
  const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
  for (const t of tables.rows) {
    const list = await client.execute(`PRAGMA index_list("${String(t.name)}")`);
    for (const i of list.rows.filter((r) => Number(r.unique) === 1)) {
      const cols = await client.execute(`PRAGMA index_info("${String(i.name)}")`);
      const names = cols.rows.map((c) => String(c.name));
      out.set(String(i.name), names);
      // A WITHOUT ROWID table's plan says "USING PRIMARY KEY", not the name of its key's index.
      if (i.origin === "pk") out.set(`pk:${String(t.name)}`, names);
    }
  }
  return out;
}

const SQL_WORDS = new Set(["where", "on", "left", "inner", "join", "order", "group", "limit", "set", "using", "cross", "natural", "union", "values", "returning"]);

/** alias → table for `FROM t a` / `JOIN t AS a` (plans name the alias). */
function aliases(sql: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of sql.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi)) {
    const table = (m[1] ?? "").toLowerCase();
    out.set(table, table);
    const alias = m[2]?.toLowerCase();
    if (alias && !SQL_WORDS.has(alias)) out.set(alias, table);
  }
  return out;
}

type Access = { line: PlanLine; table: string; kind: "scan" | "one" | "window" | "slice" | "fts" };

/** How one plan line reads a table: whole, one row, a range (time window), or an equality slice. */
function access(line: PlanLine, names: Map<string, string>, unique: UniqueIndexes): Access | null {
  const m = /^(SCAN|SEARCH) (\w+)(?: AS \w+)?(.*)$/.exec(line.detail);
  if (!m) return null;
  const table = names.get((m[2] ?? "").toLowerCase()) ?? (m[2] ?? "").toLowerCase();
  // "SCAN CONSTANT ROW", "SCAN (subquery-1)", table-valued functions: not a stored table.
  if (![...CONFIG_TABLES, ...PER_TENANT_TABLES, ...GROWING_TABLES].includes(table)) return null;
  const rest = m[3] ?? "";
  if (rest.includes("VIRTUAL TABLE INDEX")) return { line, table, kind: /:M|MATCH/i.test(rest) ? "fts" : "scan" };
  if (m[1] === "SCAN") return { line, table, kind: "scan" };
  const cons = /\(([^)]*)\)\s*(?:LEFT-JOIN)?\s*$/.exec(rest)?.[1] ?? "";
  if (/[<>]/.test(cons)) return { line, table, kind: "window" };
  const eqCols = [...cons.matchAll(/(\w+)=\?/g)].map((c) => c[1] ?? "");
  if (/INTEGER PRIMARY KEY/.test(rest) && eqCols.includes("rowid")) return { line, table, kind: "one" };
  const index = /INDEX (\w+)/.exec(rest)?.[1] ?? "";
  const cols = / USING PRIMARY KEY /.test(rest) ? unique.get(`pk:${table}`) : unique.get(index);
  if (cols?.every((c) => eqCols.includes(c))) return { line, table, kind: "one" };
  return { line, table, kind: "slice" };
}

/**
 * The reasons a plan reads without a bound, or [] when it is fine:
 * - a SCAN of any non-config table (unless a LIMIT stops it and nothing is sorted first);
 * - a TEMP B-TREE (sort, group, distinct) over a growing table's rows not cut by a range;
 * - a read of a growing table by an equality slice (a workspace's, an agent's, a conversation's
 *   rows) with no LIMIT: it reads everything that tenant ever wrote.
 */
export function planProblems(sql: string, plan: PlanLine[], unique: UniqueIndexes): string[] {
  const names = aliases(sql);
  const hasLimit = /\blimit\s+(\?|\d+)/i.test(sql);
  const sorts = plan.some((l) => l.detail.startsWith("USE TEMP B-TREE"));
  // A plain INSERT reads nothing; the child-table lines SQLite prints for it are foreign-key
  // actions that run only when a parent key is replaced.
  if (/^\s*insert\b/i.test(sql) && !/\bselect\b/i.test(sql.replace(/returning[\s\S]*$/i, ""))) return [];
  const problems: string[] = [];
  const reads = plan.map((l) => access(l, names, unique)).filter((a): a is Access => a !== null);
  for (const a of reads) {
    if (CONFIG_TABLES.includes(a.table)) continue;
    const growing = GROWING_TABLES.includes(a.table);
    if (a.kind === "scan" && !(hasLimit && !sorts)) problems.push(`full scan of ${a.table}: ${a.line.detail}`);
    if (a.kind === "slice" && growing && !hasLimit) problems.push(`every row of a slice of ${a.table}, no LIMIT: ${a.line.detail}`);
  }
  for (const sort of plan.filter((l) => l.detail.startsWith("USE TEMP B-TREE"))) {
    const siblings = reads.filter((a) => a.line.parent === sort.parent && GROWING_TABLES.includes(a.table) && (a.kind === "scan" || a.kind === "slice"));
    for (const a of siblings) problems.push(`${sort.detail.toLowerCase()} over ${a.table} (${a.line.detail})`);
  }
  return [...new Set(problems)];
}
