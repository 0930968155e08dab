import { Suspense, lazy } from "react";
import { formatNumber } from "../../../lib/format";
import { useFeedbackStats } from "../hooks/use-feedback";

const FeedbackChartCanvas = lazy(() => import("./feedback-chart-canvas"));
export const STATS_PERIODS = [7, 15, 30] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

const pct = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)}%`);

/** Likes vs dislikes per day over 7/15/30 days, with the totals and the satisfaction rate. */
export function FeedbackStatsCard({ agentId, period, onPeriodChange }: { agentId: string; period: StatsPeriod; onPeriodChange: (p: StatsPeriod) => void }) {
  const stats = useFeedbackStats(agentId, period);
  const t = stats.data?.totals;
  const loading = <div className="flex h-full items-center justify-center text-base-content/70 text-sm">Carregando gráfico...</div>;
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="feedback-stats-title">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="feedback-stats-title" className="card-title text-lg">
            Avaliações por dia
          </h2>
          <fieldset className="join" aria-label="Período do gráfico">
            {STATS_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={p === period}
                className={`btn join-item btn-sm ${p === period ? "btn-primary" : "btn-ghost border-base-300"}`}
                onClick={() => onPeriodChange(p)}
              >
                {p} dias
              </button>
            ))}
          </fieldset>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="feedback-totals">
          <div className="rounded-box bg-base-200 p-3">
            <dt className="text-base-content/70 text-xs">👍 Gostei</dt>
            <dd className="font-semibold text-xl">{formatNumber(t?.likes ?? 0)}</dd>
          </div>
          <div className="rounded-box bg-base-200 p-3">
            <dt className="text-base-content/70 text-xs">👎 Não gostei</dt>
            <dd className="font-semibold text-xl">{formatNumber(t?.dislikes ?? 0)}</dd>
          </div>
          <div className="rounded-box bg-base-200 p-3">
            <dt className="text-base-content/70 text-xs">Satisfação</dt>
            <dd className="font-semibold text-xl">{pct(stats.data?.satisfactionRate ?? null)}</dd>
          </div>
          <div className="rounded-box bg-base-200 p-3">
            <dt className="text-base-content/70 text-xs">Negativos em aberto</dt>
            <dd className="font-semibold text-xl">{formatNumber(t?.openDislikes ?? 0)}</dd>
          </div>
        </dl>
        <div className="h-64 w-full">
          {stats.isPending ? (
            loading
          ) : stats.isError ? (
            <div className="flex h-full items-center justify-center text-error text-sm">Não foi possível carregar as avaliações.</div>
          ) : (
            <Suspense fallback={loading}>
              <FeedbackChartCanvas points={stats.data.points} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
