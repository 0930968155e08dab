import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatNumber } from "../../../lib/format";
import { trpc } from "../../../lib/trpc";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** What the semantic cache saved: answers served from it, credits and R$ not spent (since it began). */
export function CacheSavings() {
  const q = useQuery(trpc.billingUsage.cacheSavings.queryOptions());
  if (q.isPending) return <Skeleton className="h-24 w-full" />;
  if (q.isError) return null;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="cache-savings-title">
      <div className="card-body gap-2">
        <h2 id="cache-savings-title" className="card-title text-base">
          Economia do cache de respostas
        </h2>
        <div className="stats stats-vertical sm:stats-horizontal">
          <div className="stat px-0 sm:px-4">
            <div className="stat-title">Respostas do cache</div>
            <div className="stat-value text-2xl">{formatNumber(q.data.answers)}</div>
          </div>
          <div className="stat px-0 sm:px-4">
            <div className="stat-title">Créditos economizados</div>
            <div className="stat-value text-2xl">{formatNumber(q.data.savedCredits)}</div>
          </div>
          <div className="stat px-0 sm:px-4">
            <div className="stat-title">Valor economizado</div>
            <div className="stat-value text-2xl">{brl.format(q.data.savedBrl)}</div>
          </div>
        </div>
        <p className="text-base-content/70 text-xs">Desde a ativação do cache; perguntas repetidas respondidas sem consultar o modelo.</p>
      </div>
    </section>
  );
}
