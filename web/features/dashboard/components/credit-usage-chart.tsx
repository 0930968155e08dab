import { lazy, Suspense } from "react";
import { formatNumber } from "../../../lib/format";
import { useCreditHistory } from "../hooks/use-dashboard";

const CreditChartCanvas = lazy(() => import("./credit-chart-canvas"));

export const PERIODS = [7, 15, 30] as const;
export type Period = (typeof PERIODS)[number];

type Props = { period: Period; onPeriodChange: (p: Period) => void; workspaceId: string | null };

/** 'Uso de Créditos' card: total of the period, the period picker and the bar chart. */
export function CreditUsageChart({ period, onPeriodChange, workspaceId }: Props) {
  const history = useCreditHistory(period, workspaceId);
  const points = history.data ?? [];
  const used = points.reduce((s, p) => s + p.credits, 0);
  const loading = <div className="flex h-full items-center justify-center text-base-content/60 text-sm">Carregando gráfico...</div>;

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="credit-usage-title">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="credit-usage-title" className="card-title text-lg">
              Uso de Créditos
            </h2>
            <p className="text-base-content/70 text-sm" data-testid="credit-usage-summary">
              {history.isPending
                ? "Carregando gráfico..."
                : `${formatNumber(used)} créditos usados nos últimos ${period} dias`}
            </p>
          </div>
          <fieldset className="join" aria-label="Período">
            {PERIODS.map((p) => (
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
        <div className="h-72 w-full">
          {history.isPending ? (
            loading
          ) : history.isError ? (
            <div className="flex h-full items-center justify-center text-error text-sm">
              Não foi possível carregar o histórico de créditos.
            </div>
          ) : (
            <Suspense fallback={loading}>
              <CreditChartCanvas points={points} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
