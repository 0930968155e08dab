import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { conversationContacts, conversations, dealActivities, dealStageHistory, deals, pipelineStages, variableExtractions } from "../../../db/schema";
import type { ServiceContext, WorkspaceScope } from "../context";
import { scopedContact } from "./contacts";

export type TimelineItem =
  | { kind: "conversation"; at: number; id: string; channel: string; status: string }
  | { kind: "deal"; at: number; id: string; title: string; valueCents: number; status: string }
  | { kind: "activity"; at: number; id: string; dealId: string | null; type: string; subject: string; status: string; scheduledAt: number | null }
  | { kind: "stage_move"; at: number; id: string; dealId: string; dealTitle: string; fromStage: string | null; toStage: string; actorType: string; notes: string | null }
  | { kind: "extraction"; at: number; id: string; variableName: string; value: string; applied: boolean; method: string };

/** Each kind contributes at most this many of its newest items before the merge. */
const PER_KIND = 50;
const DEALS_FOLLOWED = 10;

/**
 * Everything that happened with a contact, newest first: its conversations (by last activity),
 * deals opened, activities (its own or its deals'), stage moves of its deals and the values the
 * agent extracted. Each kind is read newest-first off its index and bounded; then merged.
 */
export async function contactTimeline(ctx: ServiceContext, scope: WorkspaceScope, input: { id: string; limit: number }): Promise<TimelineItem[]> {
  const contact = await scopedContact(ctx.db, scope.id, input.id);
  const db = ctx.db;
  const dealRows = await db
    .select({ id: deals.id, title: deals.title, valueCents: deals.valueCents, status: deals.status, createdAt: deals.createdAt })
    .from(deals)
    .where(and(eq(deals.contactId, contact.id), eq(deals.workspaceId, scope.id)))
    .limit(PER_KIND);
  // The newest deals' activities and moves (a contact has a handful; more are on each deal's page).
  const dealIds = dealRows
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, DEALS_FOLLOWED)
    .map((d) => d.id);
  const titleOf = new Map(dealRows.map((d) => [d.id, d.title]));
  const fromStage = alias(pipelineStages, "from_stage");
  const [convs, ownActivities, dealActsPer, movesPer, extractions] = await Promise.all([
    db
      .select({ id: conversations.id, channel: conversations.channel, status: conversations.status, lastMessageAt: conversations.lastMessageAt, createdAt: conversations.createdAt })
      .from(conversationContacts)
      .innerJoin(conversations, eq(conversations.id, conversationContacts.conversationId))
      .where(eq(conversationContacts.contactId, contact.id))
      .orderBy(desc(conversationContacts.createdAt))
      .limit(PER_KIND),
    db.select().from(dealActivities).where(eq(dealActivities.contactId, contact.id)).orderBy(desc(dealActivities.createdAt)).limit(PER_KIND),
    // Per deal (newest few), so each read is ordered off (deal_id, created_at) instead of sorted.
    Promise.all(dealIds.map((dealId) => db.select().from(dealActivities).where(eq(dealActivities.dealId, dealId)).orderBy(desc(dealActivities.createdAt)).limit(PER_KIND))),
    Promise.all(
      dealIds.map((dealId) =>
        db
          .select({ h: dealStageHistory, toStage: pipelineStages.name, fromStage: fromStage.name })
          .from(dealStageHistory)
          .innerJoin(pipelineStages, eq(pipelineStages.id, dealStageHistory.toStageId))
          .leftJoin(fromStage, eq(fromStage.id, dealStageHistory.fromStageId))
          .where(eq(dealStageHistory.dealId, dealId))
          .orderBy(desc(dealStageHistory.createdAt))
          .limit(PER_KIND),
      ),
    ),
    db.select().from(variableExtractions).where(eq(variableExtractions.contactId, contact.id)).orderBy(desc(variableExtractions.createdAt)).limit(PER_KIND),
  ]);
  const dealActs = dealActsPer.flat();
  const moves = movesPer.flat();
  const items: TimelineItem[] = [
    ...convs.map((c) => ({ kind: "conversation" as const, at: c.lastMessageAt ?? c.createdAt, id: c.id, channel: c.channel, status: c.status })),
    ...dealRows.map((d) => ({ kind: "deal" as const, at: d.createdAt, id: d.id, title: d.title, valueCents: d.valueCents, status: d.status })),
    ...moves.map(({ h, toStage, fromStage: from }) => ({
      kind: "stage_move" as const,
      at: h.createdAt,
      id: h.id,
      dealId: h.dealId,
      dealTitle: titleOf.get(h.dealId) ?? "",
      fromStage: from,
      toStage,
      actorType: h.actorType,
      notes: h.notes,
    })),
    ...extractions.map((e) => ({ kind: "extraction" as const, at: e.createdAt, id: e.id, variableName: e.variableName, value: e.value, applied: e.applied, method: e.method })),
  ];
  const seen = new Set<string>();
  for (const a of [...ownActivities, ...dealActs]) {
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    items.push({ kind: "activity", at: a.createdAt, id: a.id, dealId: a.dealId, type: a.type, subject: a.subject, status: a.status, scheduledAt: a.scheduledAt });
  }
  return items.sort((a, b) => b.at - a.at).slice(0, input.limit);
}
