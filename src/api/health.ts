import type { Context } from "hono";
import { JOB_TYPES } from "../jobs/job-types";
import { log } from "../lib/logger";
import type { AppDeps } from "../services/context";
import { type JobsStatus, queueLag } from "../services/jobs";

/** A due job may wait behind busy lanes for a lease; this much more and the queue is lagging. */
const QUEUE_MARGIN_MS = 30_000;

type Check = { ok: boolean; message?: string } & Record<string, unknown>;

const WORKER_MESSAGES: Record<JobsStatus["state"], string> = {
  running: "",
  idle: "",
  starting: "O processador de tarefas está iniciando.",
  restarting: "O processador de tarefas parou e está sendo reiniciado.",
  stopped: "O processador de tarefas está parado.",
};

function workerCheck(status: JobsStatus | null): Check {
  if (!status) return { ok: false, state: "starting", message: WORKER_MESSAGES.starting };
  const base = { state: status.state, restarts: status.restarts };
  // A lazy Worker that no work has needed yet is healthy: the first job starts it.
  return status.state === "running" || status.state === "idle" ? { ok: true, ...base } : { ok: false, ...base, message: WORKER_MESSAGES[status.state] };
}

async function queueCheck(deps: AppDeps, status: JobsStatus | null): Promise<Check> {
  const now = deps.now();
  try {
    const lag = await queueLag(deps.db, JOB_TYPES, { now, since: status?.since ?? now, leaseMs: deps.env.JOB_LEASE_MS, marginMs: QUEUE_MARGIN_MS });
    if (!lag) return { ok: true };
    const message =
      lag.reason === "waiting" ? "Há tarefas esperando além do prazo: a fila está atrasada." : "Uma tarefa em execução perdeu o prazo e não foi retomada.";
    return { ok: false, ...lag, message };
  } catch (err) {
    log.error("health: queue check failed", { error: err instanceof Error ? err.message : String(err) });
    return { ok: false, reason: "database", message: "O banco de dados não respondeu." };
  }
}

/** The checks /health answers with, also shown on /admin/status (services/admin/platform/status.ts). */
export async function healthChecks(deps: AppDeps, status: JobsStatus | null) {
  const checks = { jobWorker: workerCheck(status), jobQueue: await queueCheck(deps, status) };
  return { ok: Object.values(checks).every((check) => check.ok), checks };
}

/**
 * GET /api/v1/health: 200 { status: "ok", checks } when the job loop runs and the queue keeps up;
 * 503 { status: "unavailable", checks } naming the failing check otherwise. No session needed.
 */
export function healthRoute(deps: AppDeps, jobs: () => JobsStatus | null) {
  return async (c: Context) => {
    const { ok, checks } = await healthChecks(deps, jobs());
    return c.json({ status: ok ? "ok" : "unavailable", checks }, ok ? 200 : 503);
  };
}
