/**
 * Searches that fill a lead list (lead_searches): started here, run by the job (lead-search-job.ts),
 * watched by the pages (progress, leadsFound, errorMessage) and cancellable while live.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { leadSearches } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { StartLeadSearchInput } from "../../schemas/campaigns/leads";
import { startLeadSearchInput } from "../../schemas/campaigns/leads";
import type { InboxWriterScope } from "../access";
import type { ServiceContext, WorkspaceScope } from "../context";
import { enqueueJob } from "../jobs";
import { LEAD_SEARCH_JOB, settleLeadSearch } from "./lead-search-job";
import { scopedLeadList } from "./lead-lists";
import { leadSourceStatus } from "./lead-sources";

export const MAX_LIVE_SEARCHES = 3;
const SEARCH_NOT_FOUND = "Busca não encontrada";
const CUSTOM_HAS_NO_SEARCH = "Listas personalizadas são preenchidas por CSV: use “Importar CSV”.";

const cols = {
  id: leadSearches.id,
  listId: leadSearches.listId,
  query: leadSearches.query,
  location: leadSearches.location,
  source: leadSearches.source,
  status: leadSearches.status,
  progress: leadSearches.progress,
  leadsFound: leadSearches.leadsFound,
  maxResults: leadSearches.maxResults,
  errorMessage: leadSearches.errorMessage,
  createdAt: leadSearches.createdAt,
  updatedAt: leadSearches.updatedAt,
};

export async function startLeadSearch(ctx: ServiceContext, scope: InboxWriterScope, input: StartLeadSearchInput) {
  const v = startLeadSearchInput.parse(input);
  const list = await scopedLeadList(ctx.db, scope.id, v.listId);
  if (list.source === "custom") throw new AppError("PRECONDITION_FAILED", CUSTOM_HAS_NO_SEARCH);
  const status = await leadSourceStatus(ctx);
  if (list.source === "google_maps" && status.googleMessage) throw new AppError("PRECONDITION_FAILED", status.googleMessage);
  if (list.source !== "google_maps" && status.webSearchMessage) throw new AppError("PRECONDITION_FAILED", status.webSearchMessage);
  const liveOnes = await ctx.db
    .select({ id: leadSearches.id })
    .from(leadSearches)
    .where(and(eq(leadSearches.workspaceId, scope.id), inArray(leadSearches.status, ["pending", "running"])))
    .limit(MAX_LIVE_SEARCHES);
  if (liveOnes.length >= MAX_LIVE_SEARCHES) throw new AppError("CONFLICT", `Já há ${MAX_LIVE_SEARCHES} buscas em andamento neste workspace. Aguarde uma terminar.`);
  const userId = ctx.actor.type === "user" ? ctx.actor.userId : null;
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(leadSearches)
    .values({ workspaceId: scope.id, listId: list.id, query: v.term, location: v.location || null, source: list.source, maxResults: v.maxResults, createdByUserId: userId, createdAt: now, updatedAt: now })
    .returning(cols);
  if (!row) throw new Error("lead search insert returned nothing");
  try {
    await enqueueJob(ctx.db, { type: LEAD_SEARCH_JOB, data: { searchId: row.id }, workspaceId: scope.id, userId, dedupeKey: `lead-search:${row.id}`, maxAttempts: 5 }, now);
  } catch (err) {
    await settleLeadSearch(ctx.db, row.id, "failed", "Não foi possível iniciar a busca. Tente de novo.", ctx.now());
    throw err;
  }
  return row;
}

/** A list's searches, newest first (the history on /leads-hunter/:listId). */
export async function listLeadSearches(ctx: ServiceContext, scope: WorkspaceScope, listId: string | undefined) {
  if (listId) await scopedLeadList(ctx.db, scope.id, listId);
  return ctx.db
    .select(cols)
    .from(leadSearches)
    .where(listId ? and(eq(leadSearches.workspaceId, scope.id), eq(leadSearches.listId, listId)) : eq(leadSearches.workspaceId, scope.id))
    .orderBy(desc(leadSearches.createdAt))
    .limit(50);
}

async function scopedSearch(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const [row] = await ctx.db
    .select(cols)
    .from(leadSearches)
    .where(and(eq(leadSearches.id, id), eq(leadSearches.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", SEARCH_NOT_FOUND);
  return row;
}

export const getLeadSearch = (ctx: ServiceContext, scope: WorkspaceScope, id: string) => scopedSearch(ctx, scope, id);

/** Stops a live search: the job sees it before its next page and writes nothing more. */
export async function cancelLeadSearch(ctx: ServiceContext, scope: InboxWriterScope, id: string) {
  const row = await scopedSearch(ctx, scope, id);
  if (row.status !== "pending" && row.status !== "running") throw new AppError("CONFLICT", "Esta busca já terminou");
  await ctx.db
    .update(leadSearches)
    .set({ status: "cancelled", updatedAt: ctx.now() })
    .where(and(eq(leadSearches.id, id), inArray(leadSearches.status, ["pending", "running"])));
  return scopedSearch(ctx, scope, id);
}
