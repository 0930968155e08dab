import { eq } from "drizzle-orm";
import { creditSystemConfig } from "../../../../db/schema";
import type { DbOrTx } from "../../../../db/client";
import { log } from "../../../lib/logger";
import type { CreditConfigInput } from "../../../schemas/admin-credits";
import { changedFields, logActivity } from "../../activity";
import type { AppDeps, ServiceContext } from "../../context";
import { invalidatePricing } from "../../credit-debit";
import { type Fetcher, fetchUsdBrl } from "./exchange-rate";

/**
 * /admin/configuracoes/creditos (issue 17): creditsPerUsd, usdToBrlRate and its automatic daily
 * update from the quote API. Every write drops the debit's price cache (credit-debit.ts) so the
 * next charge uses it; other threads follow through the platform version (migration 0012 triggers).
 */
export const AUTO_UPDATE_EVERY_MS = 24 * 60 * 60 * 1000;

type ConfigRow = typeof creditSystemConfig.$inferSelect;

/** The single row (id = 1); seeded at first start, created here if an old database lacks it. */
async function configRow(db: DbOrTx): Promise<ConfigRow> {
  const [row] = await db.select().from(creditSystemConfig).where(eq(creditSystemConfig.id, 1)).limit(1);
  if (row) return row;
  const [created] = await db.insert(creditSystemConfig).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await configRow(db));
}

export async function getCreditConfig(deps: Pick<AppDeps, "db" | "now">) {
  const row = await configRow(deps.db);
  return {
    creditsPerUsd: row.creditsPerUsd,
    usdToBrlRate: row.usdToBrlRate,
    autoUpdateExchangeRate: row.autoUpdateExchangeRate,
    lastExchangeRateUpdate: row.lastExchangeRateUpdate,
    exchangeRateCheckedAt: row.exchangeRateCheckedAt,
    exchangeRateError: row.exchangeRateError,
    /** When the daily update runs next (null: automatic update is off). */
    nextAutoUpdateAt: row.autoUpdateExchangeRate ? Math.max(deps.now(), (row.lastExchangeRateUpdate ?? 0) + AUTO_UPDATE_EVERY_MS) : null,
    updatedAt: row.updatedAt,
  };
}

export async function saveCreditConfig(ctx: ServiceContext, adminUserId: string, input: CreditConfigInput) {
  const before = await configRow(ctx.db);
  await ctx.db
    .update(creditSystemConfig)
    .set({ creditsPerUsd: input.creditsPerUsd, usdToBrlRate: input.usdToBrlRate, autoUpdateExchangeRate: input.autoUpdateExchangeRate, updatedAt: ctx.now() })
    .where(eq(creditSystemConfig.id, 1));
  invalidatePricing();
  const pick = (r: CreditConfigInput) => ({ creditsPerUsd: r.creditsPerUsd, usdToBrlRate: r.usdToBrlRate, autoUpdateExchangeRate: r.autoUpdateExchangeRate });
  const diff = changedFields(pick(before), pick(input));
  await logActivity(ctx.db, ctx.meta, {
    userId: adminUserId,
    action: "credits.config_updated",
    category: "admin",
    resourceType: "credit_system_config",
    resourceId: "1",
    description: "Configuração de créditos alterada",
    oldValues: diff.oldValues,
    newValues: diff.newValues,
  });
  return getCreditConfig(ctx);
}

/**
 * Asks the quote API for USD→BRL and stores it (the rate and when), or stores why it could not
 * (offline, an error answer): the current rate is kept and the screen says so.
 */
export async function refreshExchangeRate(deps: AppDeps, by: { adminUserId: string; ctx: ServiceContext } | null, fetcher?: Fetcher) {
  const before = await configRow(deps.db);
  const quote = await fetchUsdBrl(deps.env.EXCHANGE_RATE_API_BASE, fetcher);
  const now = deps.now();
  if (quote.ok) {
    await deps.db
      .update(creditSystemConfig)
      .set({ usdToBrlRate: quote.rate, lastExchangeRateUpdate: now, exchangeRateCheckedAt: now, exchangeRateError: null, updatedAt: now })
      .where(eq(creditSystemConfig.id, 1));
    invalidatePricing();
  } else {
    await deps.db.update(creditSystemConfig).set({ exchangeRateCheckedAt: now, exchangeRateError: quote.error }).where(eq(creditSystemConfig.id, 1));
  }
  await logActivity(deps.db, by?.ctx.meta ?? null, {
    userId: by?.adminUserId ?? null,
    action: quote.ok ? "credits.exchange_rate_updated" : "credits.exchange_rate_failed",
    category: "admin",
    resourceType: "credit_system_config",
    resourceId: "1",
    description: quote.ok
      ? `Cotação do dólar atualizada ${by ? "pelo administrador" : "automaticamente"}: R$ ${quote.rate.toFixed(4).replace(".", ",")}`
      : `Falha ao atualizar a cotação do dólar${by ? "" : " (automática)"}: ${quote.error}`,
    oldValues: quote.ok ? { usdToBrlRate: before.usdToBrlRate } : null,
    newValues: quote.ok ? { usdToBrlRate: quote.rate } : null,
  });
  return { quote, config: await getCreditConfig(deps) };
}

/**
 * The daily job (workers/schedulers.ts, checked hourly): with automatic update on, refresh once a
 * day since the last success. A failure retries at the next check (an hour later), not the next day.
 */
export async function updateExchangeRateIfDue(deps: AppDeps, fetcher?: Fetcher) {
  const row = await configRow(deps.db);
  if (!row.autoUpdateExchangeRate) return "off" as const;
  const now = deps.now();
  if (row.lastExchangeRateUpdate !== null && now - row.lastExchangeRateUpdate < AUTO_UPDATE_EVERY_MS) return "not-due" as const;
  const { quote } = await refreshExchangeRate(deps, null, fetcher);
  if (!quote.ok) log.warn("exchange rate auto-update failed", { error: quote.error });
  return quote.ok ? ("updated" as const) : ("failed" as const);
}
