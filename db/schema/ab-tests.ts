import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { AbMetric, VariantOverrides } from "../../src/schemas/ab-tests";
import { id, ms, timestamps } from "./_columns";
import { agents } from "./agents";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** An A/B test of an agent (issue 18, SPEC §3 A/B tests): variants, sticky assignments, outcomes, analyses. */
export const abTests = sqliteTable(
  "ab_tests",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: ["draft", "running", "paused", "completed"] }).notNull().default("draft"),
    /** Percent per variant, in variant order, summing to 100. */
    trafficSplit: text("traffic_split", { mode: "json" }).$type<number[]>().notNull().default([50, 50]),
    /** Where the test applies: channels (empty = all). */
    targets: text("targets", { mode: "json" }).$type<{ channels: string[] }>().notNull().default({ channels: [] }),
    successMetrics: text("success_metrics", { mode: "json" }).$type<AbMetric[]>().notNull().default([]),
    minimumSampleSize: integer("minimum_sample_size").notNull().default(100),
    significanceLevel: real("significance_level").notNull().default(0.05),
    startedAt: ms("started_at"),
    endedAt: ms("ended_at"),
    winnerVariantId: text("winner_variant_id"),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  // ab_tests_agent_idx: a turn finds its agent's running test off the index.
  (t) => [index("ab_tests_workspace_idx").on(t.workspaceId, t.createdAt), index("ab_tests_agent_idx").on(t.agentId, t.status)],
);

export const abTestVariants = sqliteTable(
  "ab_test_variants",
  {
    id: id(),
    testId: text("test_id")
      .notNull()
      .references(() => abTests.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isControl: integer("is_control", { mode: "boolean" }).notNull().default(false),
    overrides: text("overrides", { mode: "json" }).$type<VariantOverrides>().notNull().default({}),
    position: integer("position").notNull().default(0),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("ab_test_variants_test_idx").on(t.testId, t.position)],
);

/** Sticky: a contact (channel + contact key) gets one variant of a test for good. */
export const abTestAssignments = sqliteTable(
  "ab_test_assignments",
  {
    id: id(),
    testId: text("test_id")
      .notNull()
      .references(() => abTests.id, { onDelete: "cascade" }),
    variantId: text("variant_id")
      .notNull()
      .references(() => abTestVariants.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    subjectKey: text("subject_key").notNull(),
    firstConversationId: text("first_conversation_id"),
    assignedAt: ms("assigned_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [uniqueIndex("ab_test_assignments_subject_idx").on(t.testId, t.subjectKey), index("ab_test_assignments_variant_idx").on(t.variantId)],
);

/** An outcome of an assigned contact: counted once per assignment and metric. */
export const abTestResults = sqliteTable(
  "ab_test_results",
  {
    id: id(),
    testId: text("test_id")
      .notNull()
      .references(() => abTests.id, { onDelete: "cascade" }),
    variantId: text("variant_id")
      .notNull()
      .references(() => abTestVariants.id, { onDelete: "cascade" }),
    assignmentId: text("assignment_id")
      .notNull()
      .references(() => abTestAssignments.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    metric: text("metric").notNull(),
    conversationId: text("conversation_id"),
    occurredAt: ms("occurred_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [uniqueIndex("ab_test_results_unique_idx").on(t.assignmentId, t.metric), index("ab_test_results_variant_idx").on(t.testId, t.variantId, t.metric)],
);

/** A stored analysis (SPEC: recommendation default inconclusive): the figures per variant at that time. */
export const abTestAnalyses = sqliteTable(
  "ab_test_analyses",
  {
    id: id(),
    testId: text("test_id")
      .notNull()
      .references(() => abTests.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    metric: text("metric").notNull(),
    results: text("results", { mode: "json" }).$type<Record<string, unknown>[]>().notNull().default([]),
    recommendation: text("recommendation", { enum: ["winner", "loser", "inconclusive"] }).notNull().default("inconclusive"),
    winnerVariantId: text("winner_variant_id"),
    pValue: real("p_value"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("ab_test_analyses_test_idx").on(t.testId, t.createdAt)],
);
