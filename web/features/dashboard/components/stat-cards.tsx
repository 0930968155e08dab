import type { ReactNode } from "react";
import { Icon, type IconName } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatNumber } from "../../../lib/format";
import { creditSummary, type Dashboard } from "../hooks/use-dashboard";

function StatCard({ title, icon, children }: { title: string; icon: IconName; children: ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-label={title}>
      <div className="card-body gap-2">
        <div className="flex items-center justify-between">
          <h2 className="font-medium text-base-content/70 text-sm">{title}</h2>
          <span className="flex size-9 items-center justify-center rounded-field bg-primary/10 text-primary">
            <Icon name={icon} />
          </span>
        </div>
        {children}
      </div>
    </section>
  );
}

export function StatCards({ data, loading }: { data: Dashboard | undefined; loading: boolean }) {
  const active = Number(data?.activeAgentsCount ?? 0);
  const served = Number(data?.stats?.usersServed ?? 0);
  const { remaining, bonus } = creditSummary(data);
  const planName = data?.subscription?.plan?.name || "Plano";
  const value = (v: ReactNode) =>
    loading ? <Skeleton className="h-9 w-24" /> : <p className="font-semibold text-3xl tabular-nums">{v}</p>;

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
      <StatCard title="Agentes ativos" icon="bot">
        {value(formatNumber(active))}
        {!loading && (
          <p className="text-base-content/60 text-sm">{active > 0 ? "agentes em funcionamento" : "nenhum agente ativo"}</p>
        )}
      </StatCard>
      <StatCard title="Créditos" icon="coins">
        {loading ? (
          <>
            <Skeleton className="h-9 w-28" />
            <Skeleton className="h-4 w-40" />
          </>
        ) : (
          <>
            <p className="font-semibold text-3xl tabular-nums" data-testid="credits-remaining">
              {formatNumber(remaining)}
            </p>
            <p className="text-base-content/60 text-sm">
              <span className="badge badge-ghost badge-sm mr-1">{planName}</span>
              {formatNumber(bonus)} créditos bônus
            </p>
          </>
        )}
      </StatCard>
      <StatCard title="Usuários atendidos" icon="contacts">
        {value(formatNumber(served))}
        {!loading && (
          <p className="text-base-content/60 text-sm">
            {served > 0 ? "usuários atendidos este mês" : "nenhum usuário atendido ainda"}
          </p>
        )}
      </StatCard>
    </div>
  );
}
