/**
 * What the generated guard rails (matrix, fuzzing) need from the running server: the procedure list
 * of appRouter, the route list of the Hono app, raw calls by name (the whole point is to reach
 * procedures nobody wrote a typed call for), and a snapshot of a workspace's rows.
 */
import { sql } from "drizzle-orm";
import superjson from "superjson";
import type { ZodType } from "zod";
import { appRouter, loadAllRouters } from "../../routers/_app";
import { allRoutes } from "../../src/api/lazy-routes";
import { createApp } from "../../src/app";
import type { TestApp } from "./app";
import type { Client } from "./client";

export type ProcedureInfo = { path: string; type: "query" | "mutation"; input: ZodType | null };

let routeKeys: string[] | null = null;

/**
 * Loads every domain router and route module, which the app imports on first use (routers/_app.ts,
 * src/api/lazy-routes.ts), so the lists below hold them all. Call it in beforeAll, before listing.
 */
export async function loadAllEndpoints(app: TestApp): Promise<void> {
  await loadAllRouters();
  const keys = (await allRoutes(createApp(app.deps))).filter((r) => r.method !== "ALL" && !r.path.startsWith("/trpc")).map((r) => `${r.method} ${r.path}`);
  routeKeys = [...new Set(keys)].sort();
}

/** Every procedure of appRouter, flattened by tRPC itself ("agents.intents.list"). */
export function listProcedures(): ProcedureInfo[] {
  if (Object.keys(appRouter._def.lazy).length > 0) throw new Error("listProcedures: call loadAllEndpoints(app) first");
  const record = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string; inputs: ZodType[] } }> }).procedures;
  return Object.entries(record)
    .map(([path, p]) => ({ path, type: p._def.type === "query" ? ("query" as const) : ("mutation" as const), input: p._def.inputs[0] ?? null }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Every HTTP route of the app as "METHOD /path/:param" (middleware and the tRPC mount left out). */
export function listRoutes(): string[] {
  if (!routeKeys) throw new Error("listRoutes: call loadAllEndpoints(app) first");
  return routeKeys;
}

export type Outcome = { status: number; code: string | null; body: string };

/** Headers a browser with this client's cookies would send (or none: anonymous, no cookie at all). */
function browserHeaders(client: Client | null, method: string): Headers {
  const headers = new Headers();
  if (!client) return headers;
  headers.set("x-forwarded-for", client.ip);
  const cookie = [...client.jar.entries()].map(([k, c]) => `${k}=${encodeURIComponent(c.value)}`).join("; ");
  if (cookie) headers.set("cookie", cookie);
  const csrf = client.jar.get("atenda_csrf")?.value;
  if (method !== "GET" && method !== "HEAD" && csrf) headers.set("x-csrf-token", csrf);
  return headers;
}

/**
 * One HTTP call; the body is read up to `maxBytes` then the stream is cancelled, so an SSE route
 * answers with its status instead of hanging the test.
 */
export async function send(
  base: string,
  client: Client | null,
  method: string,
  path: string,
  body?: { json?: unknown; raw?: BodyInit; contentType?: string },
  maxBytes = 64 * 1024,
): Promise<Outcome> {
  const headers = browserHeaders(client, method);
  let payload: BodyInit | undefined;
  if (body?.raw !== undefined) payload = body.raw;
  else if (body && "json" in body) payload = JSON.stringify(body.json);
  if (payload !== undefined && !(payload instanceof FormData)) headers.set("content-type", body?.contentType ?? "application/json");
  const ctl = new AbortController();
  const res = await fetch(`${base}${path}`, { method, headers, body: payload, redirect: "manual", signal: ctl.signal });
  let text = "";
  if (res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const streaming = (res.headers.get("content-type") ?? "").includes("text/event-stream");
    try {
      while (text.length < maxBytes) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (streaming) break;
      }
    } finally {
      ctl.abort();
    }
  }
  let code: string | null = null;
  try {
    const parsed = JSON.parse(text) as { error?: { code?: string; json?: { data?: { code?: string } } } };
    code = parsed.error?.json?.data?.code ?? parsed.error?.code ?? null;
  } catch {
    // not JSON (redirects, text, SSE)
  }
  return { status: res.status, code, body: text };
}

/** A tRPC call by name, with the SPA's wire format (superjson; GET for queries, POST for mutations). */
export function callProcedure(base: string, client: Client | null, p: Pick<ProcedureInfo, "path" | "type">, input: unknown): Promise<Outcome> {
  const encoded = superjson.serialize(input);
  if (p.type === "query") {
    const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(encoded))}`;
    return send(base, client, "GET", `/trpc/${p.path}${qs}`);
  }
  // Like the tRPC client: a mutation always carries a JSON body ({} when it takes no input).
  return send(base, client, "POST", `/trpc/${p.path}`, { json: encoded });
}

/** Runs `tasks` at most `width` at a time (one shared server, a 2-core machine). */
export async function inBatches<T>(tasks: (() => Promise<T>)[], width = 12): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < tasks.length; i += width) out.push(...(await Promise.all(tasks.slice(i, i + width).map((t) => t()))));
  return out;
}

/** Tables whose rows change by themselves (sessions, presence, the queue, logs): not a tenant's data. */
const VOLATILE = new Set(["sessions", "online_users", "rate_limit_hits", "jobs", "user_activity_logs", "mail_outbox", "semantic_cache", "semantic_cache_heads"]);

/**
 * Every row that belongs to the workspace, as JSON: tables with a workspace_id column, tables keyed
 * by one of its agents, and the workspace row itself. Two equal snapshots = nothing was written.
 */
export async function snapshotWorkspace(app: TestApp, workspaceId: string): Promise<Record<string, string>> {
  const db = app.deps.db;
  const tables = (await db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' AND name NOT LIKE '__drizzle%'`)).map((t) => t.name);
  const agentIds = (await db.all<{ id: string }>(sql`SELECT id FROM agents WHERE workspace_id = ${workspaceId}`)).map((a) => a.id);
  const out: Record<string, string> = {};
  out.workspaces = JSON.stringify(await db.all(sql`SELECT * FROM workspaces WHERE id = ${workspaceId}`));
  for (const table of tables.filter((t) => !VOLATILE.has(t))) {
    const info = await db.all<{ name: string; pk: number }>(sql.raw(`PRAGMA table_info("${table}")`));
    const columns = info.map((c) => c.name);
    // A WITHOUT ROWID table (credit_reservations) has no rowid: its primary key orders it.
    const keyColumns = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const order = keyColumns.length ? sql.join(keyColumns.map((c) => sql.identifier(c.name)), sql`, `) : sql`rowid`;
    let rows: unknown[] | null = null;
    if (columns.includes("workspace_id")) rows = await db.all(sql`SELECT * FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId} ORDER BY ${order}`);
    else if (columns.includes("agent_id") && agentIds.length) {
      rows = await db.all(sql`SELECT * FROM ${sql.identifier(table)} WHERE agent_id IN (${sql.join(agentIds.map((id) => sql`${id}`), sql`, `)}) ORDER BY ${order}`);
    }
    if (rows) out[table] = JSON.stringify(rows);
  }
  return out;
}

/** The tables whose rows differ between two snapshots, with both versions (short) for the report. */
export function snapshotDiff(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after })
    .filter((t) => before[t] !== after[t])
    .map((t) => ({ table: t, before: (before[t] ?? "").slice(0, 400), after: (after[t] ?? "").slice(0, 400) }));
}

/**
 * A loopback stand-in for every outside service the env points at (AI provider, Meta Graph,
 * Agendor, Google, Tavily, Nuvemshop, Notion): it refuses at once, so a call that slips
 * through a guard fails fast and never leaves the machine.
 */
export function startBlackHole() {
  // 401 like a provider refusing the token: the product answers its own 4xx, never a 5xx of ours.
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ error: { message: "invalid token", code: 190 } }, { status: 401 }) });
  const host = `127.0.0.1:${server.port}`;
  const url = `http://${host}`;
  const env: Record<string, string> = {
    WHATSAPP_GRAPH_BASE: url,
    INSTAGRAM_GRAPH_BASE: url,
    AGENDOR_API_BASE: url,
    GOOGLE_OAUTH_AUTHORIZE_URL: `${url}/auth`,
    GOOGLE_OAUTH_TOKEN_URL: `${url}/token`,
    GOOGLE_OAUTH_REVOKE_URL: `${url}/revoke`,
    GOOGLE_CALENDAR_API_BASE: url,
    TAVILY_API_BASE: url,
    NUVEMSHOP_API_BASE: url,
    NOTION_API_BASE: url,
    EXCHANGE_RATE_API_BASE: url,
  };
  return { url, host, env, stop: () => server.stop(true) };
}
