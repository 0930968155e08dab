/**
 * The contact page's "Memória do cliente" and "Resumos de conversas" (issue 18): list, add, edit,
 * delete facts and page through summaries. Every id is checked against the caller's workspace
 * (another workspace's is NOT_FOUND); a person's edit makes the fact "Manual".
 */
import { and, desc, eq, lt } from "drizzle-orm";
import { contactMemories, contacts, conversationSummaries, conversations } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { type CreateMemoryInput, type ListSummariesInput, MEMORY_ERRORS, type UpdateMemoryInput, createMemoryInput, listSummariesInput } from "../../schemas/memory";
import type { InboxWriterScope } from "../access";
import { logActivity } from "../activity";
import type { ServiceContext, WorkspaceScope } from "../context";
import { scopedConversation } from "../conversations";
import { foldFact } from "./patterns";
import { summarizeConversation } from "./summarize";

/** A contact keeps at most this many facts on screen (recall uses the newest 20). */
const LIST_MAX = 200;

async function scopedContact(ctx: ServiceContext, workspaceId: string, contactId: string) {
  const [row] = await ctx.db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(and(eq(contacts.id, contactId), eq(contacts.workspaceId, workspaceId))).limit(1);
  if (!row) throw new AppError("NOT_FOUND", MEMORY_ERRORS.contactNotFound);
  return row;
}

async function scopedMemory(ctx: ServiceContext, workspaceId: string, id: string) {
  const [row] = await ctx.db.select().from(contactMemories).where(and(eq(contactMemories.id, id), eq(contactMemories.workspaceId, workspaceId))).limit(1);
  if (!row) throw new AppError("NOT_FOUND", MEMORY_ERRORS.memoryNotFound);
  return row;
}

const audit = (ctx: ServiceContext, scope: WorkspaceScope, userId: string, action: string, id: string, description: string, details?: Record<string, unknown>) =>
  logActivity(ctx.db, ctx.meta, { userId, workspaceId: scope.id, action, category: "crm", resourceType: "contact_memory", resourceId: id, description, details });

export async function listMemories(ctx: ServiceContext, scope: WorkspaceScope, contactId: string) {
  await scopedContact(ctx, scope.id, contactId);
  const rows = await ctx.db
    .select()
    .from(contactMemories)
    .where(and(eq(contactMemories.contactId, contactId), eq(contactMemories.workspaceId, scope.id)))
    .orderBy(desc(contactMemories.updatedAt))
    .limit(LIST_MAX);
  return rows.map((r) => ({ id: r.id, fact: r.fact, category: r.category, source: r.source, confidence: r.confidence, sourceConversationId: r.sourceConversationId, createdAt: r.createdAt, updatedAt: r.updatedAt }));
}

/** The same fact (folded) already on the contact: refused with the field's message. */
async function refuseDuplicate(ctx: ServiceContext, contactId: string, factKey: string, exceptId: string | null) {
  const [dup] = await ctx.db.select({ id: contactMemories.id }).from(contactMemories).where(and(eq(contactMemories.contactId, contactId), eq(contactMemories.factKey, factKey))).limit(1);
  if (dup && dup.id !== exceptId) throw new AppError("CONFLICT", MEMORY_ERRORS.duplicate, { field: "fact" });
}

export async function createMemory(ctx: ServiceContext, scope: WorkspaceScope, userId: string, raw: CreateMemoryInput) {
  const input = createMemoryInput.parse(raw);
  await scopedContact(ctx, scope.id, input.contactId);
  const factKey = foldFact(input.fact);
  await refuseDuplicate(ctx, input.contactId, factKey, null);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(contactMemories)
    .values({ workspaceId: scope.id, contactId: input.contactId, fact: input.fact, factKey, category: input.category, source: "manual", confidence: 1, createdByUserId: userId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new AppError("INTERNAL", "Não foi possível salvar a memória.");
  await audit(ctx, scope, userId, "memory.create", row.id, `Memória adicionada ao contato: ${input.fact}`, { contactId: input.contactId });
  return { id: row.id };
}

export async function updateMemory(ctx: ServiceContext, scope: WorkspaceScope, userId: string, input: UpdateMemoryInput) {
  const before = await scopedMemory(ctx, scope.id, input.id);
  const factKey = foldFact(input.fact);
  await refuseDuplicate(ctx, before.contactId, factKey, before.id);
  await ctx.db
    .update(contactMemories)
    .set({ fact: input.fact, factKey, category: input.category, source: "manual", confidence: 1, updatedAt: ctx.now() })
    .where(and(eq(contactMemories.id, before.id), eq(contactMemories.workspaceId, scope.id)));
  await logActivity(ctx.db, ctx.meta, {
    userId,
    workspaceId: scope.id,
    action: "memory.update",
    category: "crm",
    resourceType: "contact_memory",
    resourceId: before.id,
    description: "Memória do cliente editada",
    oldValues: { fact: before.fact, category: before.category },
    newValues: { fact: input.fact, category: input.category },
  });
  return { id: before.id };
}

export async function deleteMemory(ctx: ServiceContext, scope: WorkspaceScope, userId: string, id: string) {
  const row = await scopedMemory(ctx, scope.id, id);
  await ctx.db.delete(contactMemories).where(and(eq(contactMemories.id, row.id), eq(contactMemories.workspaceId, scope.id)));
  await audit(ctx, scope, userId, "memory.delete", row.id, `Memória excluída: ${row.fact}`, { contactId: row.contactId });
  return { id: row.id };
}

/**
 * Keyset pages on createdAt desc (cursor: the last createdAt). Ordered by the index alone, no sort:
 * two summaries of one contact in the same millisecond do not happen (each is its own job run).
 */
export async function listSummaries(ctx: ServiceContext, scope: WorkspaceScope, raw: ListSummariesInput) {
  const input = listSummariesInput.parse(raw);
  if (input.contactId) await scopedContact(ctx, scope.id, input.contactId);
  if (input.conversationId) await scopedConversation(ctx.db, scope, input.conversationId);
  const at = Number(input.cursor);
  const after = input.cursor && Number.isFinite(at) ? lt(conversationSummaries.createdAt, at) : undefined;
  const owner = input.contactId ? eq(conversationSummaries.contactId, input.contactId) : eq(conversationSummaries.conversationId, input.conversationId ?? "");
  const rows = await ctx.db
    .select({
      id: conversationSummaries.id,
      conversationId: conversationSummaries.conversationId,
      summary: conversationSummaries.summary,
      reason: conversationSummaries.reason,
      source: conversationSummaries.source,
      messageCount: conversationSummaries.messageCount,
      createdAt: conversationSummaries.createdAt,
      channel: conversations.channel,
    })
    .from(conversationSummaries)
    .innerJoin(conversations, eq(conversations.id, conversationSummaries.conversationId))
    .where(and(owner, eq(conversationSummaries.workspaceId, scope.id), after))
    .orderBy(desc(conversationSummaries.createdAt))
    .limit(input.limit + 1);
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > input.limit && last ? String(last.createdAt) : null };
}

/** "Gerar resumo": a person asks for one now (the agent's switch does not apply; online it is charged as "summary"). */
export async function summarizeOnRequest(ctx: ServiceContext, scope: InboxWriterScope, userId: string, conversationId: string) {
  await scopedConversation(ctx.db, scope, conversationId);
  const out = await summarizeConversation(ctx, { workspaceId: scope.id, conversationId, reason: "manual", honourSwitch: false });
  if (out.kind === "empty") throw new AppError("PRECONDITION_FAILED", MEMORY_ERRORS.nothingToSummarize);
  if (out.kind === "written" && out.summary) await audit(ctx, scope, userId, "memory.summarize", out.summary.id, "Resumo de conversa gerado", { conversationId });
  return { written: out.kind === "written", summary: out.summary };
}
