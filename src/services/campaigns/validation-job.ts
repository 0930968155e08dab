/**
 * The validation job: checks a run's unchecked numbers in batches through UAZAPI /chat/check and
 * writes each batch's verdicts (results, run counters, write-backs) in one transaction. A rerun
 * (crash, retry) picks up the rows still unchecked, so a finished batch is never checked again.
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { campaignContacts, channelConnections, contacts, leads, validationResults, validationRuns } from "../../../db/schema";
import { type NumberCheck, UazapiApiError, checkNumbers } from "../../adapters/uazapi/client";
import { uazapiTarget } from "../../channels/targets";
import { VALIDATION_BATCH_SIZE, VALIDATION_ERRORS, VALIDATION_PAUSE_MS } from "../../schemas/campaigns/validation";
import { uazapiConfig } from "../channel-view";
import type { AppDeps } from "../context";
import { VALIDATION_JOB } from "../../jobs/job-types";

export { VALIDATION_JOB };

export type ValidationRunOptions = {
  batchSize?: number;
  pauseMs?: number;
  /** Tests: throw after this many batches, as a crash between two batches would. */
  stopAfterBatches?: number;
  sleep?: (ms: number) => Promise<void>;
};

/** A 429 is waited out here (Retry-After, bounded) this many times before the job itself retries. */
const MAX_RATE_LIMIT_WAITS = 5;
const DEFAULT_RETRY_AFTER_MS = 5_000;
const MAX_RETRY_AFTER_MS = 60_000;

const live = ["pending", "running"] as ("pending" | "running")[];

async function settle(db: Db, runId: string, status: "completed" | "failed", error: string | null, now: number) {
  await db
    .update(validationRuns)
    .set({ status, errorMessage: error, updatedAt: now })
    .where(and(eq(validationRuns.id, runId), inArray(validationRuns.status, live)));
}

const digits = (phone: string) => phone.replace(/\D/g, "");

/** One batch's verdicts: only rows still unchecked count (a second run at once writes nothing twice). */
async function writeBatch(db: Db, run: typeof validationRuns.$inferSelect, phones: string[], checks: NumberCheck[], now: number): Promise<"written" | "cancelled"> {
  const byDigits = new Map(checks.map((c) => [digits(c.query), c]));
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: validationRuns.status }).from(validationRuns).where(eq(validationRuns.id, run.id));
    if (!current || !live.includes(current.status as "pending")) return "cancelled";
    let valid = 0;
    let invalid = 0;
    const validPhones: string[] = [];
    const invalidPhones: string[] = [];
    for (const phone of phones) {
      const c = byDigits.get(digits(phone));
      const ok = c?.isInWhatsapp === true;
      const changed = await tx
        .update(validationResults)
        .set({ valid: ok, jid: c?.jid ?? null, verifiedName: c?.verifiedName ?? null, checkedAt: now })
        .where(and(eq(validationResults.runId, run.id), eq(validationResults.phone, phone), isNull(validationResults.valid)))
        .returning({ phone: validationResults.phone });
      if (!changed.length) continue;
      if (ok) {
        valid++;
        validPhones.push(phone);
      } else {
        invalid++;
        invalidPhones.push(phone);
      }
    }
    await tx
      .update(validationRuns)
      .set({
        status: "running",
        processedCount: sql`${validationRuns.processedCount} + ${valid + invalid}`,
        validCount: sql`${validationRuns.validCount} + ${valid}`,
        invalidCount: sql`${validationRuns.invalidCount} + ${invalid}`,
        updatedAt: now,
      })
      .where(eq(validationRuns.id, run.id));
    // Written back by phone in the workspace: the contact, every campaign list member and, for a lead list, its leads.
    for (const [ok, list] of [
      [true, validPhones],
      [false, invalidPhones],
    ] as const) {
      if (!list.length) continue;
      await tx
        .update(campaignContacts)
        .set({ validationStatus: ok ? "valid" : "invalid" })
        .where(and(eq(campaignContacts.workspaceId, run.workspaceId), inArray(campaignContacts.phone, list)));
      await tx
        .update(contacts)
        .set({ isValidWhatsApp: ok, updatedAt: now })
        .where(and(eq(contacts.workspaceId, run.workspaceId), inArray(contacts.phone, list)));
      if (run.targetKind === "lead_list" && run.targetId) {
        await tx
          .update(leads)
          .set({ isValidWhatsApp: ok })
          .where(and(eq(leads.listId, run.targetId), inArray(leads.phone, list)));
      }
    }
    return "written";
  });
}

/** /chat/check with 429s waited out (Retry-After); other errors go up to the runner. */
async function checkWithBackoff(target: Parameters<typeof checkNumbers>[0], phones: string[], sleep: (ms: number) => Promise<void>) {
  for (let waits = 0; ; waits++) {
    try {
      return await checkNumbers(target, phones);
    } catch (err) {
      if (!(err instanceof UazapiApiError) || err.status !== 429 || waits >= MAX_RATE_LIMIT_WAITS) throw err;
      await sleep(Math.min(MAX_RETRY_AFTER_MS, err.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS));
    }
  }
}

export async function runValidation(deps: AppDeps, runId: string, progress: (percent: number) => Promise<void>, opts: ValidationRunOptions = {}): Promise<Record<string, unknown>> {
  const [run] = await deps.db.select().from(validationRuns).where(eq(validationRuns.id, runId));
  if (!run || !live.includes(run.status as "pending")) return { runId, skipped: run?.status ?? "missing" };
  const [connection] = run.connectionId ? await deps.db.select().from(channelConnections).where(eq(channelConnections.id, run.connectionId)) : [];
  if (connection?.channel !== "whatsapp_uaz") {
    await settle(deps.db, runId, "failed", VALIDATION_ERRORS.noConnection, deps.now());
    return { runId, failed: "connection" };
  }
  await deps.db
    .update(validationRuns)
    .set({ status: "running", updatedAt: deps.now() })
    .where(and(eq(validationRuns.id, runId), inArray(validationRuns.status, live)));
  const target = uazapiTarget(deps, uazapiConfig(connection));
  const size = opts.batchSize ?? VALIDATION_BATCH_SIZE;
  const pauseMs = opts.pauseMs ?? VALIDATION_PAUSE_MS;
  const sleep = opts.sleep ?? ((ms: number) => Bun.sleep(ms));
  let batches = 0;
  // Batches go in phone order: the next one starts after the last (no re-walk of checked rows).
  let after: string | null = null;
  for (;;) {
    const pending = await deps.db
      .select({ phone: validationResults.phone })
      .from(validationResults)
      .where(and(eq(validationResults.runId, runId), isNull(validationResults.valid), after === null ? undefined : gt(validationResults.phone, after)))
      .orderBy(validationResults.phone)
      .limit(size);
    if (!pending.length) break;
    if (batches > 0 && pauseMs > 0) await sleep(pauseMs);
    const phones = pending.map((p) => p.phone);
    after = phones[phones.length - 1] ?? null;
    let checks: NumberCheck[];
    try {
      checks = await checkWithBackoff(target, phones, sleep);
    } catch (err) {
      if (err instanceof UazapiApiError && !err.retryable) {
        await settle(deps.db, runId, "failed", `A verificação parou: ${err.message}. Os números já verificados foram mantidos.`, deps.now());
        return { runId, failed: err.message };
      }
      throw err;
    }
    if ((await writeBatch(deps.db, run, phones, checks, deps.now())) === "cancelled") return { runId, cancelled: true };
    batches++;
    const [now] = await deps.db.select({ processed: validationRuns.processedCount }).from(validationRuns).where(eq(validationRuns.id, runId));
    await progress(run.totalCount ? ((now?.processed ?? 0) / run.totalCount) * 100 : 100);
    if (opts.stopAfterBatches !== undefined && batches >= opts.stopAfterBatches) throw new Error("validação interrompida (teste)");
  }
  await settle(deps.db, runId, "completed", null, deps.now());
  return { runId, batches };
}

/** A dead job ends its run as failed (the checked numbers stay). */
export const failValidationRun = (db: Db, runId: string, now: number) =>
  settle(db, runId, "failed", "A verificação parou por um erro. Os números já verificados foram mantidos.", now);
