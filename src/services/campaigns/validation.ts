/**
 * WhatsApp number validation (/validation): a run snapshots the numbers to check into
 * validation_results (valid = null) and queues the job (validation-job.ts) that checks them in
 * batches through the workspace's own-server WhatsApp (UAZAPI /chat/check).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import Papa from "papaparse";
import { campaignContacts, campaignLists, channelConnections, contacts, leadLists, leads, validationResults, validationRuns } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { formatPhone } from "../../schemas/crm/normalize";
import {
  type StartValidationInput,
  VALIDATION_ERRORS,
  VALIDATION_MAX_NUMBERS,
  VALIDATION_RESULTS_PAGE,
  parseTypedNumbers,
} from "../../schemas/campaigns/validation";
import type { InboxWriterScope } from "../access";
import type { ServiceContext, WorkspaceScope } from "../context";
import { uazapiConfig } from "../channel-view";
import { enqueueJob } from "../jobs";
import { contactFilterWhere } from "../crm/contact-filter";
import { VALIDATION_JOB } from "./validation-job";

const live = ["pending", "running"] as ("pending" | "running")[];

const summary = {
  id: validationRuns.id,
  connectionId: validationRuns.connectionId,
  targetKind: validationRuns.targetKind,
  targetId: validationRuns.targetId,
  status: validationRuns.status,
  totalCount: validationRuns.totalCount,
  processedCount: validationRuns.processedCount,
  validCount: validationRuns.validCount,
  invalidCount: validationRuns.invalidCount,
  errorMessage: validationRuns.errorMessage,
  createdAt: validationRuns.createdAt,
  updatedAt: validationRuns.updatedAt,
};

/** The workspace's own-server WhatsApp connections a run may use (the official API has no check). */
export async function listValidationConnections(ctx: ServiceContext, scope: WorkspaceScope) {
  const rows = await ctx.db
    .select({ id: channelConnections.id, channel: channelConnections.channel, config: channelConnections.config })
    .from(channelConnections)
    .where(and(eq(channelConnections.workspaceId, scope.id), eq(channelConnections.channel, "whatsapp_uaz")))
    .limit(200);
  return rows.map((r) => {
      const c = uazapiConfig(r as typeof channelConnections.$inferSelect);
    return { id: r.id, name: c.instanceName, phoneNumber: c.phoneNumber, connected: c.sessionActive === true };
  });
}

async function connectionFor(ctx: ServiceContext, scope: WorkspaceScope, connectionId: string) {
  const [row] = await ctx.db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.id, connectionId), eq(channelConnections.workspaceId, scope.id)));
  if (!row) {
    const any = await listValidationConnections(ctx, scope);
    throw new AppError("NOT_FOUND", any.length ? "Conexão não encontrada" : VALIDATION_ERRORS.noConnection, { field: "connectionId" });
  }
  if (row.channel === "whatsapp_cloud") throw new AppError("VALIDATION", VALIDATION_ERRORS.officialApi, { field: "connectionId" });
  if (row.channel !== "whatsapp_uaz") throw new AppError("VALIDATION", VALIDATION_ERRORS.noConnection, { field: "connectionId" });
  if (uazapiConfig(row).sessionActive !== true) throw new AppError("VALIDATION", VALIDATION_ERRORS.notConnected, { field: "connectionId" });
  return row;
}

const cap = VALIDATION_MAX_NUMBERS + 1;

/** The phones a target names, E.164, deduplicated, at most VALIDATION_MAX_NUMBERS (+1 to tell "too many"). */
async function phonesOf(ctx: ServiceContext, scope: WorkspaceScope, target: StartValidationInput["target"]): Promise<{ phones: string[]; targetId: string | null }> {
  if (target.kind === "numbers") return { phones: parseTypedNumbers(target.text).phones, targetId: null };
  if (target.kind === "campaign_list") {
    const [list] = await ctx.db.select({ id: campaignLists.id }).from(campaignLists).where(and(eq(campaignLists.id, target.listId), eq(campaignLists.workspaceId, scope.id)));
    if (!list) throw new AppError("NOT_FOUND", VALIDATION_ERRORS.targetNotFound);
    const rows = await ctx.db.select({ phone: campaignContacts.phone }).from(campaignContacts).where(eq(campaignContacts.listId, list.id)).limit(cap);
    return { phones: rows.map((r) => r.phone), targetId: list.id };
  }
  if (target.kind === "lead_list") {
    const [list] = await ctx.db.select({ id: leadLists.id }).from(leadLists).where(and(eq(leadLists.id, target.listId), eq(leadLists.workspaceId, scope.id)));
    if (!list) throw new AppError("NOT_FOUND", VALIDATION_ERRORS.targetNotFound);
    const rows = await ctx.db
      .select({ phone: leads.phone })
      .from(leads)
      .where(and(eq(leads.listId, list.id), isNotNull(leads.phone)))
      .limit(cap);
    return { phones: [...new Set(rows.flatMap((r) => (r.phone ? [r.phone] : [])))], targetId: list.id };
  }
  const rows = await ctx.db
    .select({ phone: contacts.phone })
    .from(contacts)
    .where(and(contactFilterWhere(scope.id, target.filter ?? {}), isNotNull(contacts.phone)))
    .limit(cap);
  return { phones: rows.flatMap((r) => (r.phone ? [r.phone] : [])), targetId: null };
}

/** Snapshots the numbers (one result row each, unchecked) and queues the job. */
export async function startValidationRun(ctx: ServiceContext, scope: InboxWriterScope, input: StartValidationInput) {
  const connection = await connectionFor(ctx, scope, input.connectionId);
  const { phones, targetId } = await phonesOf(ctx, scope, input.target);
  if (!phones.length) throw new AppError("VALIDATION", VALIDATION_ERRORS.empty, { field: "target" });
  if (phones.length > VALIDATION_MAX_NUMBERS) throw new AppError("VALIDATION", VALIDATION_ERRORS.tooMany, { field: "target" });
  const now = ctx.now();
  const userId = ctx.actor.type === "user" ? ctx.actor.userId : null;
  const run = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(validationRuns)
      .values({ workspaceId: scope.id, connectionId: connection.id, targetKind: input.target.kind, targetId, totalCount: phones.length, createdByUserId: userId, createdAt: now, updatedAt: now })
      .returning(summary);
    if (!created) throw new Error("validation run insert returned nothing");
    for (let i = 0; i < phones.length; i += 500) {
      await tx.insert(validationResults).values(phones.slice(i, i + 500).map((phone) => ({ runId: created.id, phone })));
    }
    return created;
  });
  await enqueueJob(ctx.db, { type: VALIDATION_JOB, data: { runId: run.id }, workspaceId: scope.id, userId, dedupeKey: `validation:${run.id}`, maxAttempts: 5 }, now);
  return run;
}

/** The workspace's latest runs, newest first (validation_runs_workspace_idx). */
export function listValidationRuns(ctx: ServiceContext, scope: WorkspaceScope) {
  return ctx.db.select(summary).from(validationRuns).where(eq(validationRuns.workspaceId, scope.id)).orderBy(desc(validationRuns.createdAt)).limit(50);
}

export async function getValidationRun(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const [row] = await ctx.db
    .select(summary)
    .from(validationRuns)
    .where(and(eq(validationRuns.id, id), eq(validationRuns.workspaceId, scope.id)));
  if (!row) throw new AppError("NOT_FOUND", VALIDATION_ERRORS.notFound);
  return row;
}

const resultFilter = (filter: "all" | "valid" | "invalid" | "pending") =>
  filter === "valid" ? eq(validationResults.valid, true) : filter === "invalid" ? eq(validationResults.valid, false) : filter === "pending" ? isNull(validationResults.valid) : undefined;

/** The filter's total from the run's counters, kept by every batch in the same transaction as its verdicts (no count). */
function filterTotal(run: { totalCount: number; validCount: number; invalidCount: number }, filter: "all" | "valid" | "invalid" | "pending") {
  if (filter === "valid") return run.validCount;
  if (filter === "invalid") return run.invalidCount;
  if (filter === "pending") return Math.max(0, run.totalCount - run.validCount - run.invalidCount);
  return run.totalCount;
}

/** One page of a run's results (phone order, off the primary key), with the filter's total. */
export async function listValidationResults(ctx: ServiceContext, scope: WorkspaceScope, input: { id: string; filter: "all" | "valid" | "invalid" | "pending"; page: number }) {
  const run = await getValidationRun(ctx, scope, input.id);
  const where = and(eq(validationResults.runId, run.id), resultFilter(input.filter));
  const rows = await ctx.db
    .select({ phone: validationResults.phone, valid: validationResults.valid, jid: validationResults.jid, verifiedName: validationResults.verifiedName, checkedAt: validationResults.checkedAt })
    .from(validationResults)
    .where(where)
    .orderBy(asc(validationResults.phone))
    .limit(VALIDATION_RESULTS_PAGE)
    .offset((input.page - 1) * VALIDATION_RESULTS_PAGE);
  return { run, rows, total: filterTotal(run, input.filter), pageSize: VALIDATION_RESULTS_PAGE };
}

const verdict = (v: boolean | null) => (v === null ? "pendente" : v ? "com WhatsApp" : "sem WhatsApp");

/** "Baixar CSV": every result of the run (≤ VALIDATION_MAX_NUMBERS rows), with a BOM for Excel. */
export async function validationResultsCsv(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const run = await getValidationRun(ctx, scope, id);
  const rows = await ctx.db
    .select({ phone: validationResults.phone, valid: validationResults.valid, verifiedName: validationResults.verifiedName, checkedAt: validationResults.checkedAt })
    .from(validationResults)
    .where(eq(validationResults.runId, run.id))
    .orderBy(asc(validationResults.phone))
    .limit(VALIDATION_MAX_NUMBERS);
  const csv = Papa.unparse({
    fields: ["telefone", "telefone_formatado", "whatsapp", "nome_verificado", "verificado_em"],
    data: rows.map((r) => [r.phone, formatPhone(r.phone), verdict(r.valid), r.verifiedName ?? "", r.checkedAt ? new Date(r.checkedAt).toISOString() : ""]),
  });
  return { fileName: `validacao-${run.id.slice(0, 8)}.csv`, csv: `\uFEFF${csv}\r\n` };
}

/** Stops a run before its next batch: what was checked stays (and was written back). */
export async function cancelValidationRun(ctx: ServiceContext, scope: InboxWriterScope, id: string) {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(validationRuns)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(validationRuns.id, id), eq(validationRuns.workspaceId, scope.id), inArray(validationRuns.status, live)))
    .returning(summary);
  if (row) return row;
  await getValidationRun(ctx, scope, id);
  throw new AppError("CONFLICT", VALIDATION_ERRORS.finished);
}

/** The lists a run may check (the page's pickers): the workspace's newest campaign and lead lists. */
export async function listValidationTargets(ctx: ServiceContext, scope: WorkspaceScope) {
  const [campaign, lead] = await Promise.all([
    ctx.db
      .select({ id: campaignLists.id, name: campaignLists.name, count: campaignLists.contactCount })
      .from(campaignLists)
      .where(eq(campaignLists.workspaceId, scope.id))
      .orderBy(desc(campaignLists.createdAt))
      .limit(200),
    ctx.db
      .select({ id: leadLists.id, name: leadLists.name, count: leadLists.leadsCount })
      .from(leadLists)
      .where(eq(leadLists.workspaceId, scope.id))
      .orderBy(desc(leadLists.createdAt))
      .limit(200),
  ]);
  return { campaignLists: campaign, leadLists: lead };
}
