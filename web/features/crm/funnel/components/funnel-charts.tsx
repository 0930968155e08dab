import { useQuery } from "@tanstack/react-query";
import { Suspense, lazy } from "react";
import { formatNumber } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";

const WonPerWeekChart = lazy(() => import("./funnel-chart-canvas").then((m) => ({ default: m.WonPerWeekChart })));
const ConversionChart = lazy(() => import("./funnel-chart-canvas").then((m) => ({ default: m.ConversionChart })));

const loading = <div className="flex h-full items-center justify-center text-base-content/60 text-sm">Carregando gráfico...</div>;

/** "Indicadores": deals won per week (12 São Paulo weeks) and the share that reached each stage. */
export function FunnelCharts({ pipelineId }: { pipelineId: string }) {
  const stats = useQuery(trpc.funnel.stats.queryOptions({ pipelineId }, { staleTime: 60_000 }));
  const won = stats.data?.weeks.reduce((s, w) => s + w.count, 0) ?? 0;
  const body = (chart: React.ReactNode) =>
    stats.isPending ? loading : stats.isError ? <div className="flex h-full items-center justify-center text-error text-sm">Não foi possível carregar os indicadores.</div> : <Suspense fallback={loading}>{chart}</Suspense>;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <section className="card border border-base-300 bg-base-100" aria-labelledby="won-week-title">
        <div className="card-body gap-2 p-4">
          <h2 id="won-week-title" className="font-semibold">
            Negócios ganhos por semana
          </h2>
          <p className="text-base-content/70 text-sm">{stats.data ? `${formatNumber(won)} ganhos nas últimas 12 semanas` : " "}</p>
          <div className="h-56">{body(stats.data && <WonPerWeekChart weeks={stats.data.weeks} />)}</div>
        </div>
      </section>
      <section className="card border border-base-300 bg-base-100" aria-labelledby="conversion-title">
        <div className="card-body gap-2 p-4">
          <h2 id="conversion-title" className="font-semibold">
            Conversão por etapa
          </h2>
          <p className="text-base-content/70 text-sm">{stats.data ? `Dos ${formatNumber(stats.data.cohort)} negócios criados nas últimas 12 semanas` : " "}</p>
          <div className="h-56">{body(stats.data && <ConversionChart conversion={stats.data.conversion} />)}</div>
        </div>
      </section>
    </div>
  );
}
