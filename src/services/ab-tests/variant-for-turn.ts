import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { abTestAssignments, abTestVariants, abTests } from "../../../db/schema";
import type { Db, DbOrTx } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { log } from "../../lib/logger";
import type { TurnPlace } from "../../runtime/turn-plan";
import type { AgentRow } from "../../runtime/prompt";
import { routingChannelOf } from "../../schemas/orchestration";
import { computeConfigHash } from "../agents";
import { type AgentGate, gateOf } from "../agent-gate";
import type { AppDeps } from "../context";
import { bucketOf, definedOverrides, subjectKeyOf, variantIndexFor } from "./assign";
import { contactOfConversation } from "./subject";

/**
 * FIXED SIGNATURE (issue 18 foundation; the A/B tests service fills it in): the variant of the
 * agent's running test this contact is stuck to (assigned on first sight), as the agent with the
 * variant's overrides applied; null when no test runs for this agent and channel.
 * An agent without a running test costs one indexed read (ab_tests_agent_idx), prepared once: it
 * runs on every turn, and building it was the largest query-builder cost of a chat turn
 * (bench/chat.ts profile). Nothing is cached (the channel pipeline runs in a worker thread).
 */
const runningTestOf = (db: Db, agentId: string) =>
  prepared(db, "ab-running-test-of-agent", (d) =>
    d
      .select({ id: abTests.id, trafficSplit: abTests.trafficSplit, targets: abTests.targets })
      .from(abTests)
      .where(and(eq(abTests.agentId, sql.placeholder("agentId")), eq(abTests.status, "running")))
      .limit(1)
      .prepare(),
  ).get({ agentId });

export async function variantForTurn(
  deps: AppDeps,
  input: { agent: AgentRow; place: TurnPlace; gate?: AgentGate | null },
): Promise<{ agent: AgentRow; testId: string; variantId: string } | null> {
  const { agent, place } = input;
  // The gate read for this message already says whether a test runs (services/agent-gate.ts).
  if (gateOf(input.gate, agent.id)?.abTestRunning === false) return null;
  try {
    const test = await runningTestOf(deps.db, agent.id);
    if (!test) return null;
    const channels = test.targets?.channels ?? [];
    if (channels.length && !channels.includes(routingChannelOf(place.channel))) return null;
    const variants = await deps.db
      .select({ id: abTestVariants.id, overrides: abTestVariants.overrides, isControl: abTestVariants.isControl })
      .from(abTestVariants)
      .where(eq(abTestVariants.testId, test.id))
      .orderBy(asc(abTestVariants.position));
    if (variants.length < 2) return null;
    const variantId = await assignedVariant(deps.db, { testId: test.id, split: test.trafficSplit, variantIds: variants.map((v) => v.id), place, now: deps.now() });
    const variant = variants.find((v) => v.id === variantId);
    if (!variant) return null;
    return { agent: withOverrides(agent, variant.isControl ? {} : definedOverrides(variant.overrides ?? {})), testId: test.id, variantId: variant.id };
  } catch (err) {
    // A test must never cost the customer their reply: the agent answers as it is.
    log.warn("ab variant not resolved", { agentId: agent.id, conversationId: place.conversationId, error: String(err) });
    return null;
  }
}

/** The agent as the variant sets it; its configHash follows so the semantic cache never mixes variants. */
export function withOverrides(agent: AgentRow, overrides: Partial<Record<string, string>>): AgentRow {
  if (!Object.keys(overrides).length) return agent;
  const next = { ...agent, ...overrides } as AgentRow;
  return { ...next, configHash: computeConfigHash(next) };
}

/**
 * Sticky: the subject's assignment, or a new one from the deterministic hash (a racing turn inserts
 * the same variant; ON CONFLICT DO NOTHING, then read). A conversation linked to a contact after its
 * first turn keeps its variant: the channel-keyed assignment is re-keyed to the contact.
 */
async function assignedVariant(
  db: DbOrTx,
  a: { testId: string; split: number[]; variantIds: string[]; place: TurnPlace; now: number },
): Promise<string | null> {
  const contactId = await contactOfConversation(db, a.place.conversationId);
  const channelKey = subjectKeyOf(null, a.place.channel, a.place.contactKey);
  const subjectKey = subjectKeyOf(contactId, a.place.channel, a.place.contactKey);
  const keys = contactId ? [subjectKey, channelKey] : [subjectKey];
  const found = await db
    .select({ id: abTestAssignments.id, variantId: abTestAssignments.variantId, subjectKey: abTestAssignments.subjectKey })
    .from(abTestAssignments)
    .where(and(eq(abTestAssignments.testId, a.testId), inArray(abTestAssignments.subjectKey, keys)));
  const mine = found.find((f) => f.subjectKey === subjectKey);
  if (mine) return mine.variantId;
  const earlier = found.find((f) => f.subjectKey === channelKey);
  if (earlier) {
    await db.update(abTestAssignments).set({ subjectKey }).where(eq(abTestAssignments.id, earlier.id)).catch(() => undefined);
    return earlier.variantId;
  }
  const variantId = a.variantIds[variantIndexFor(a.split, bucketOf(a.testId, subjectKey))] ?? a.variantIds[0] ?? null;
  if (!variantId) return null;
  await db
    .insert(abTestAssignments)
    .values({ testId: a.testId, variantId, workspaceId: a.place.workspaceId, subjectKey, firstConversationId: a.place.conversationId, assignedAt: a.now })
    .onConflictDoNothing();
  const [row] = await db
    .select({ variantId: abTestAssignments.variantId })
    .from(abTestAssignments)
    .where(and(eq(abTestAssignments.testId, a.testId), eq(abTestAssignments.subjectKey, subjectKey)))
    .limit(1);
  return row?.variantId ?? variantId;
}
