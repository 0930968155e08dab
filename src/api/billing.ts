import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { statementFilter } from "../schemas/billing/statement";
import { exportStatementCsv, statementFileName } from "../services/billing/statement-csv";
import { type HonoEnv, serviceContext } from "./context";
import { requireCurrentWorkspace } from "./guards";

/** /api/v1/billing: the credit statement's CSV (a download, not JSON). Any member reads it, like the statement. */
export const billingRoutes = new Hono<HonoEnv>().get("/statement.csv", async (c) => {
  const scope = await requireCurrentWorkspace(c);
  const parsed = statementFilter.safeParse(c.req.query());
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Filtro inválido");
  const ctx = serviceContext(c, scope);
  c.header("content-disposition", `attachment; filename="${statementFileName(parsed.data)}"`);
  c.header("cache-control", "no-store");
  return c.body(exportStatementCsv(ctx.db, scope.id, parsed.data), 200, { "content-type": "text/csv; charset=utf-8" });
});
