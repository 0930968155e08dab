import { statementListInput, statementTotalsInput, usageChartInput } from "../src/schemas/billing/statement";
import { cacheSavings, listStatement, statementTotals, usageChart } from "../src/services/billing/statement";
import { spendCapIdInput, spendCapInput } from "../src/schemas/billing/spend-caps";
import { deleteSpendCap, listSpendCaps, saveSpendCap } from "../src/services/billing/spend-caps";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Caps limit what the workspace spends: the settings permission (the owner has every permission). */
const capsWrite = requirePermission("canManageSettings");

/** The credit statement, its chart and CSV, cache savings and spend caps (issue 15): billingUsage.* */
export const billingUsageRouter = router({
  statement: workspaceProcedure.input(statementListInput).query(({ ctx, input }) => listStatement(ctx.deps.db, ctx.workspace.id, input)),
  totals: workspaceProcedure.input(statementTotalsInput).query(({ ctx, input }) => statementTotals(ctx.deps.db, ctx.workspace.id, input.filter)),
  chart: workspaceProcedure.input(usageChartInput).query(({ ctx, input }) => usageChart(ctx.deps.db, ctx.workspace.id, input, ctx.deps.now())),
  cacheSavings: workspaceProcedure.query(({ ctx }) => cacheSavings(ctx.deps.db, ctx.workspace.id)),
  caps: router({
    list: workspaceProcedure.query(({ ctx }) => listSpendCaps(ctx.deps.db, ctx.workspace.id, ctx.deps.now())),
    save: capsWrite.input(spendCapInput).mutation(({ ctx, input }) => saveSpendCap(ctx.svc, ctx.workspace, input)),
    delete: capsWrite.input(spendCapIdInput).mutation(({ ctx, input }) => deleteSpendCap(ctx.svc, ctx.workspace, input.id)),
  }),
});
