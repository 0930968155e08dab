import { useQuery } from "@tanstack/react-query";
import { Suspense, lazy, useState } from "react";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

const Canvas = lazy(() => import("./usage-chart-canvas"));
const PERIODS = [7, 15, 30] as const;

/** "Créditos por dia": the last 7/15/30 days, per agent (top agents + "Outros"). */
export function UsageChart() {
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>(7);
  const chart = useQuery(trpc.billingUsage.chart.queryOptions({ period }));
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="usage-chart-title">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="usage-chart-title" className="card-title text-base">
            Créditos por dia
          </h2>
          <div className="join" role="group" aria-label="Período do gráfico">
            {PERIODS.map((p) => (
              <button key={p} type="button" className={`btn btn-sm join-item ${p === period ? "btn-primary" : ""}`} aria-pressed={p === period} onClick={() => setPeriod(p)}>
                {p} dias
              </button>
            ))}
          </div>
        </div>
        <div className="h-64">
          {chart.isPending ? (
            <Skeleton className="h-full w-full" />
          ) : chart.isError ? (
            <p className="text-error text-sm">{trpcErrorMessage(chart.error, "Não foi possível carregar o gráfico.")}</p>
          ) : (
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <Canvas days={chart.data.days} series={chart.data.series} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
