/**
 * /admin/status's figures (issue 17): database and WAL size, disk free, the job queue's depth and
 * lag per job type, whether the job loop is alive (the same checks as /health), channel
 * connections up and down, and unhandled errors in the last hour.
 */
import { existsSync, statSync } from "node:fs";
import { statfs } from "node:fs/promises";
import { join, resolve } from "node:path";
import { and, eq, lte, sql } from "drizzle-orm";
import { embeddedDatabasePath } from "../../../../db/client";
import { channelConnections, jobs } from "../../../../db/schema";
import { healthChecks } from "../../../api/health";
import { serverErrorsLastHour } from "../../../lib/error-counter";
import { TtlCache, ownerKey } from "../../../lib/ttl-cache";
import type { AppDeps } from "../../context";
import type { JobsStatus } from "../../jobs";
import { queueSummary } from "../../job-admin";

type JobsSource = () => JobsStatus | null;
const sources = new WeakMap<object, JobsSource>();

/** createApp hands over the job loop's status getter (the one /health asks), per database. */
export function registerJobsStatus(db: object, source: JobsSource) {
  sources.set(db, source);
}

const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);

/** The embedded file's size and its WAL's; null for a remote libSQL server (nothing on this disk). */
function databaseFiles(deps: AppDeps) {
  const url = deps.env.DATABASE_URL ?? `file:${join(resolve(deps.env.DATA_DIR), "atenda.db")}`;
  const file = embeddedDatabasePath(url);
  if (!file) return null;
  return { path: file, bytes: size(file), walBytes: size(`${file}-wal`) };
}

async function diskOf(dir: string) {
  try {
    const s = await statfs(resolve(dir));
    return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
  } catch {
    return null;
  }
}

/**
 * Connections per channel and how many are down: a WhatsApp own-server session not linked, a
 * connection whose last test failed, or one not configured. Every connection is read, hence the cache.
 */
async function channelHealth(deps: AppDeps) {
  const down = sql<number>`sum(case when ${channelConnections.configured} = 0
    or json_extract(${channelConnections.config}, '$.testStatus') = 'error'
    or (${channelConnections.channel} = 'whatsapp_uaz' and coalesce(json_extract(${channelConnections.config}, '$.sessionActive'), 0) = 0)
    then 1 else 0 end)`;
  const rows = await deps.db
    .select({ channel: channelConnections.channel, total: sql<number>`count(*)`, down })
    .from(channelConnections)
    .groupBy(channelConnections.channel);
  return rows.map((r) => ({ channel: r.channel, total: Number(r.total), up: Number(r.total) - Number(r.down ?? 0), down: Number(r.down ?? 0) }));
}

/** Per job type: the oldest due job still waiting (its lag), from the claim index's pending slice. */
async function lagPerType(deps: AppDeps, now: number) {
  const rows = await deps.db
    .select({ type: jobs.type, oldest: sql<number>`min(${jobs.runAfter})`, waiting: sql<number>`count(*)` })
    .from(jobs)
    .where(and(eq(jobs.status, "pending"), lte(jobs.runAfter, now)))
    .groupBy(jobs.type);
  return new Map(rows.map((r) => [r.type, { lagMs: Math.max(0, now - Number(r.oldest)), due: Number(r.waiting) }]));
}

/** The page polls every few seconds and several admins may watch: the scans run at most this often. */
const cache = new TtlCache<Awaited<ReturnType<typeof readStatus>>>(10_000);

async function readStatus(deps: AppDeps) {
  const now = deps.now();
  const [summary, lags, channels, disk, health] = await Promise.all([
    queueSummary(deps),
    lagPerType(deps, now),
    channelHealth(deps),
    diskOf(deps.env.DATA_DIR),
    healthChecks(deps, sources.get(deps.db)?.() ?? null),
  ]);
  const types = [...new Set([...summary.counts.map((c) => c.type), ...lags.keys()])].sort();
  const countOf = (type: string, status: string) => summary.counts.find((c) => c.type === type && c.status === status)?.count ?? 0;
  const queue = types.map((type) => ({
    type,
    pending: countOf(type, "pending"),
    running: countOf(type, "running"),
    dead: countOf(type, "dead"),
    completed24h: countOf(type, "completed"),
    due: lags.get(type)?.due ?? 0,
    lagMs: lags.get(type)?.lagMs ?? 0,
  }));
  const worker = health.checks.jobWorker;
  return {
    checkedAt: now,
    healthy: health.ok,
    worker: { ok: worker.ok, state: String(worker.state ?? "starting"), restarts: typeof worker.restarts === "number" ? worker.restarts : 0, message: worker.message ?? null },
    queueCheck: { ok: health.checks.jobQueue.ok, message: health.checks.jobQueue.message ?? null },
    queue,
    database: databaseFiles(deps),
    disk,
    channels,
  };
}

/** Everything the status page shows; the error count is live (it is in memory), the rest at most 10 s old. */
export async function systemStatus(deps: AppDeps) {
  const status = await cache.get(String(ownerKey(deps.db)), () => readStatus(deps), deps.now());
  return { ...status, errorsLastHour: serverErrorsLastHour(deps.now()) };
}

/** "Atualizar agora" on the page: the next read measures again. */
export function dropStatusCache() {
  cache.clear();
}
