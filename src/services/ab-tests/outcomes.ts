import { and, eq, inArray, sql } from "drizzle-orm";
import { abTestAssignments, abTestResults, abTests, conversations, handoffs, messages } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { log } from "../../lib/logger";
import type { AbMetric } from "../../schemas/ab-tests";
import type { AppDeps } from "../context";
import { subjectKeyOf } from "./assign";
import { contactOfConversation } from "./subject";

/**
 * Real outcomes of assigned contacts (issue 18): a deal created or won, a lead registered, a like,
 * a conversation resolved without a person, a reply after the agent's answer. Counted once per
 * assignment and metric (ab_test_results_unique_idx); never throws, so no hook can fail its caller.
 */
export async function recordAbOutcome(deps: AppDeps, input: { workspaceId: string; conversationId: string; metric: AbMetric }): Promise<number> {
  return recordAbOutcomeIn(deps.db, { ...input, now: deps.now() });
}

/** The same inside the caller's transaction (deal and contact writes): a failure is logged and swallowed. */
export async function recordAbOutcomeIn(
  db: DbOrTx,
  input: { workspaceId: string; metric: AbMetric; conversationId?: string | null; contactId?: string | null; now?: number },
): Promise<number> {
  try {
    return await record(db, input);
  } catch (err) {
    log.warn("ab outcome not recorded", { metric: input.metric, conversationId: input.conversationId ?? null, error: String(err) });
    return 0;
  }
}

async function record(db: DbOrTx, input: { workspaceId: string; metric: AbMetric; conversationId?: string | null; contactId?: string | null; now?: number }): Promise<number> {
  const keys: string[] = [];
  let agentIds: string[] | null = null;
  if (input.conversationId) {
    const [conv] = await db
      .select({ agentId: conversations.agentId, activeAgentId: conversations.activeAgentId, channel: conversations.channel, contactKey: conversations.contactKey })
      .from(conversations)
      .where(and(eq(conversations.id, input.conversationId), eq(conversations.workspaceId, input.workspaceId)))
      .limit(1);
    if (!conv) return 0;
    agentIds = [conv.agentId, conv.activeAgentId].filter((a): a is string => Boolean(a));
    const contactId = input.contactId ?? (await contactOfConversation(db, input.conversationId));
    if (contactId) keys.push(contactId);
    keys.push(subjectKeyOf(null, conv.channel, conv.contactKey));
  } else if (input.contactId) {
    keys.push(input.contactId);
  }
  if (!keys.length || (agentIds && !agentIds.length)) return 0;
  // Running tests of the conversation's agents (ab_tests_agent_idx), or of the workspace for a contact alone.
  const tests = await db
    .select({ id: abTests.id, metrics: abTests.successMetrics })
    .from(abTests)
    .where(and(agentIds ? inArray(abTests.agentId, agentIds) : eq(abTests.workspaceId, input.workspaceId), eq(abTests.status, "running"), eq(abTests.workspaceId, input.workspaceId)))
    .limit(20);
  let recorded = 0;
  for (const test of tests) {
    if (!(test.metrics ?? []).includes(input.metric)) continue;
    const found = await db
      .select({ id: abTestAssignments.id, variantId: abTestAssignments.variantId, subjectKey: abTestAssignments.subjectKey })
      .from(abTestAssignments)
      .where(and(eq(abTestAssignments.testId, test.id), inArray(abTestAssignments.subjectKey, keys)));
    // The contact's assignment first (a re-keyed one), else the channel's.
    const assignment = keys.map((k) => found.find((f) => f.subjectKey === k)).find(Boolean);
    if (!assignment) continue;
    const inserted = await db
      .insert(abTestResults)
      .values({
        testId: test.id,
        variantId: assignment.variantId,
        assignmentId: assignment.id,
        workspaceId: input.workspaceId,
        metric: input.metric,
        conversationId: input.conversationId ?? null,
        occurredAt: input.now ?? Date.now(),
      })
      .onConflictDoNothing()
      .returning({ id: abTestResults.id });
    recorded += inserted.length;
  }
  return recorded;
}

/** Resolved by the AI alone: still handled by the AI and never handed to a person. */
export async function recordResolvedOutcome(deps: AppDeps, input: { workspaceId: string; conversationId: string }): Promise<number> {
  try {
    const [conv] = await deps.db
      .select({ handledBy: conversations.handledBy })
      .from(conversations)
      .where(and(eq(conversations.id, input.conversationId), eq(conversations.workspaceId, input.workspaceId)))
      .limit(1);
    if (conv?.handledBy !== "ai") return 0;
    const [toPerson] = await deps.db
      .select({ id: handoffs.id })
      .from(handoffs)
      .where(and(eq(handoffs.conversationId, input.conversationId), eq(handoffs.toType, "human")))
      .limit(1);
    if (toPerson) return 0;
    return await recordAbOutcome(deps, { ...input, metric: "resolved_without_human" });
  } catch (err) {
    log.warn("ab resolved outcome not recorded", { conversationId: input.conversationId, error: String(err) });
    return 0;
  }
}

/** The customer wrote again after the agent had answered (an agent message older than this turn's). */
export async function recordReplyOutcome(deps: AppDeps, input: { workspaceId: string; conversationId: string; replyMessageId: string; firstCustomerMessageId: string | undefined }): Promise<number> {
  try {
    if (!input.firstCustomerMessageId) return 0;
    const [earlier] = await deps.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, input.conversationId), eq(messages.senderType, "agent"), sql`${messages.id} < ${input.firstCustomerMessageId}`))
      .limit(1);
    if (!earlier) return 0;
    return await recordAbOutcome(deps, { workspaceId: input.workspaceId, conversationId: input.conversationId, metric: "reply_rate" });
  } catch (err) {
    log.warn("ab reply outcome not recorded", { conversationId: input.conversationId, error: String(err) });
    return 0;
  }
}

/** A like in the public chat or widget: the web conversation whose contact key is the feedback's session. */
export async function recordFeedbackOutcome(deps: AppDeps, input: { workspaceId: string; agentId: string; sessionId: string }): Promise<number> {
  try {
    const [conv] = await deps.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.agentId, input.agentId), eq(conversations.channel, "web"), eq(conversations.contactKey, input.sessionId)))
      .orderBy(sql`${conversations.createdAt} desc`)
      .limit(1);
    if (!conv) return 0;
    return await recordAbOutcome(deps, { workspaceId: input.workspaceId, conversationId: conv.id, metric: "positive_feedback" });
  } catch (err) {
    log.warn("ab feedback outcome not recorded", { agentId: input.agentId, error: String(err) });
    return 0;
  }
}
