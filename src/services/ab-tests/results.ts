import { and, count, desc, eq } from "drizzle-orm";
import { abTestAnalyses, abTestAssignments, abTestResults, abTests } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { AppError } from "../../lib/errors";
import { AB_ERRORS, AB_RECOMMENDATION_LABEL, type AbMetric } from "../../schemas/ab-tests";
import { updateAgentInput } from "../../schemas/agents";
import type { EditorScope } from "../access";
import { updateAgent } from "../agents";
import type { ServiceContext, WorkspaceScope } from "../context";
import { withTransaction } from "../context";
import { definedOverrides } from "./assign";
import { analyzeVariants } from "./stats";
import { type AbTestRow, type AbVariantRow, audit, changeAbTestStatus, scopedTest, variantsOf } from "./tests";

/** How many stored analyses a results read returns (the history under the chart). */
const HISTORY = 10;

/** Per variant: assigned contacts (covering index on test_id) and conversions of the metric. */
async function countsOf(db: DbOrTx, test: AbTestRow, variants: AbVariantRow[], metric: AbMetric) {
  const samples = await db
    .select({ variantId: abTestAssignments.variantId, n: count() })
    .from(abTestAssignments)
    .where(eq(abTestAssignments.testId, test.id))
    .groupBy(abTestAssignments.variantId);
  const conversions = await db
    .select({ variantId: abTestResults.variantId, n: count() })
    .from(abTestResults)
    .where(and(eq(abTestResults.testId, test.id), eq(abTestResults.metric, metric)))
    .groupBy(abTestResults.variantId);
  return variants.map((v) => ({
    variantId: v.id,
    name: v.name,
    isControl: v.isControl,
    sample: samples.find((s) => s.variantId === v.id)?.n ?? 0,
    conversions: conversions.find((c) => c.variantId === v.id)?.n ?? 0,
  }));
}

async function analysisOf(db: DbOrTx, test: AbTestRow, metric?: AbMetric) {
  const variants = await variantsOf(db, test.id);
  const chosen = metric ?? test.successMetrics[0] ?? "reply_rate";
  const verdict = analyzeVariants(await countsOf(db, test, variants, chosen), { significance: test.significanceLevel, minimumSample: test.minimumSampleSize });
  return { metric: chosen, primary: chosen === test.successMetrics[0], ...verdict };
}

/** The figures of a test for a metric (default the primary one), and the analyses stored so far. */
export async function abTestResultsOf(ctx: ServiceContext, scope: WorkspaceScope, id: string, metric?: AbMetric) {
  const test = await scopedTest(ctx.db, scope, id);
  const analysis = await analysisOf(ctx.db, test, metric);
  const history = await ctx.db
    .select({ id: abTestAnalyses.id, metric: abTestAnalyses.metric, recommendation: abTestAnalyses.recommendation, pValue: abTestAnalyses.pValue, winnerVariantId: abTestAnalyses.winnerVariantId, createdAt: abTestAnalyses.createdAt })
    .from(abTestAnalyses)
    .where(eq(abTestAnalyses.testId, id))
    .orderBy(desc(abTestAnalyses.createdAt))
    .limit(HISTORY);
  return {
    testId: id,
    status: test.status,
    minimumSampleSize: test.minimumSampleSize,
    significanceLevel: test.significanceLevel,
    successMetrics: test.successMetrics,
    /** The variant promoted (or set at completion), apart from the current verdict's winner. */
    promotedVariantId: test.winnerVariantId,
    ...analysis,
    history,
  };
}

/** Stores the primary metric's analysis (ab_test_analyses) and returns it. */
export async function saveAbAnalysis(ctx: ServiceContext, scope: EditorScope, userId: string, id: string) {
  return withTransaction(ctx.db, async (tx) => {
    const test = await scopedTest(tx, scope, id);
    const a = await storeAnalysis(tx, test, ctx.now());
    await audit(tx, ctx, scope, userId, test, "ab_test.analyze", `Análise do teste A/B registrada: ${test.name} (${AB_RECOMMENDATION_LABEL[a.recommendation]})`);
    return a;
  });
}

async function storeAnalysis(tx: DbOrTx, test: AbTestRow, now: number) {
  const a = await analysisOf(tx, test);
  await tx.insert(abTestAnalyses).values({
    testId: test.id,
    workspaceId: test.workspaceId,
    metric: a.metric,
    results: a.variants.map((v) => ({ ...v })),
    recommendation: a.recommendation,
    winnerVariantId: a.winnerVariantId,
    pValue: a.pValue,
    createdAt: now,
  });
  return a;
}

/**
 * Applies the winner's overrides to the agent through the agents service (its configHash and
 * activity log follow) and completes the test. Without a significant winner only with `force`
 * (the UI asks first), and then the chosen variant (or the best rate) is promoted.
 */
export async function promoteAbWinner(ctx: ServiceContext, scope: EditorScope, userId: string, input: { id: string; force: boolean; variantId?: string }) {
  const test = await scopedTest(ctx.db, scope, input.id);
  if (test.status === "draft") throw new AppError("PRECONDITION_FAILED", "Inicie o teste antes de promover uma variante.");
  const analysis = await analysisOf(ctx.db, test);
  let chosenId = analysis.recommendation === "winner" ? analysis.winnerVariantId : null;
  if (!chosenId) {
    if (!input.force) throw new AppError("PRECONDITION_FAILED", AB_ERRORS.noWinner);
    const best = [...analysis.variants].sort((a, b) => b.rate - a.rate)[0];
    chosenId = input.variantId ?? best?.variantId ?? null;
  }
  const variant = (await variantsOf(ctx.db, test.id)).find((v) => v.id === chosenId);
  if (!variant) throw new AppError("NOT_FOUND", "Variante não encontrada", { field: "variantId" });
  const patch = updateAgentInput.parse(definedOverrides(variant.overrides ?? {}));
  const applied = Object.keys(patch);
  if (applied.length) await updateAgent(ctx, scope, userId, test.agentId, patch);
  await withTransaction(ctx.db, async (tx) => {
    await storeAnalysis(tx, test, ctx.now());
    await tx.update(abTests).set({ winnerVariantId: variant.id, updatedAt: ctx.now() }).where(eq(abTests.id, test.id));
    await audit(tx, ctx, scope, userId, test, "ab_test.promote", `Variante promovida no teste A/B ${test.name}: ${variant.name}`, { variantId: variant.id, fields: applied, forced: analysis.recommendation !== "winner" });
  });
  const completed = test.status === "completed" ? test : await changeAbTestStatus(ctx, scope, userId, test.id, "complete", variant.id);
  return { test: completed, variantId: variant.id, applied };
}
