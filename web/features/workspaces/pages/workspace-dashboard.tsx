import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense, lazy, useState } from "react";
import { Link } from "wouter";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime, formatDayLabel, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

const UsageBarCanvas = lazy(() => import("../components/usage-bar-canvas"));

const PERIODS = [7, 15, 30] as const;
type Period = (typeof PERIODS)[number];

const chartLoading = <div className="flex h-full items-center justify-center text-base-content/60 text-sm">Carregando gráfico...</div>;

function Card({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-label={title}>
      <div className="card-body gap-4">
        <div>
          <h2 className="card-title text-lg">{title}</h2>
          {description && <p className="text-base-content/60 text-sm">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-1">
        <p className="text-base-content/60 text-sm">{label}</p>
        <p className="font-semibold text-3xl">{value}</p>
        <p className="text-base-content/60 text-xs">{hint}</p>
      </div>
    </div>
  );
}

/** /workspace/dashboard: the workspace's usage over 7, 15 or 30 days, in its own time zone. */
export default function WorkspaceDashboardPage() {
  const [period, setPeriod] = useState<Period>(30);
  const usage = useQuery(trpc.workspaces.usage.queryOptions({ period }, { staleTime: 30_000 }));
  const d = usage.data;
  const credits = d?.creditsPerAgent ?? [];
  const totalCredits = credits.reduce((s, c) => s + c.credits, 0);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">
            <Link href="/workspace" className="link">
              Visão geral
            </Link>{" "}
            / Uso
          </p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Dashboard do Workspace</h1>
          {d && <p className="text-base-content/60 text-xs">Dias contados no fuso {d.timezone}.</p>}
        </div>
        <fieldset className="join" aria-label="Período">
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={p === period}
              className={`btn join-item btn-sm ${p === period ? "btn-primary" : "btn-ghost border-base-300"}`}
              onClick={() => setPeriod(p)}
            >
              {p} dias
            </button>
          ))}
        </fieldset>
      </div>

      {usage.isError && <p className="text-error text-sm">{trpcErrorMessage(usage.error, "Não foi possível carregar o uso do workspace.")}</p>}
      {usage.isPending && <Skeleton className="h-28 w-full" />}
      {d && (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Stat label="Agentes" value={formatNumber(d.agents.total)} hint={`${formatNumber(d.agents.active)} em funcionamento`} />
            <Stat label="Conversas" value={formatNumber(d.conversations.total)} hint={`nos últimos ${period} dias`} />
            <Stat label="Créditos usados" value={formatNumber(totalCredits)} hint={`nos últimos ${period} dias`} />
          </div>

          <Card title="Conversas por dia" description={`${formatNumber(d.conversations.total)} conversas iniciadas nos últimos ${period} dias`}>
            <div className="h-64 w-full">
              <Suspense fallback={chartLoading}>
                <UsageBarCanvas
                  labels={d.conversations.perDay.map((p) => formatDayLabel(p.date))}
                  values={d.conversations.perDay.map((p) => p.count)}
                  series="Conversas"
                  tooltip={(n) => `Conversas: ${formatNumber(n)}`}
                  ariaLabel="Gráfico de conversas por dia"
                />
              </Suspense>
            </div>
          </Card>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card title="Créditos por agente" description={`Consumo de cada agente nos últimos ${period} dias`}>
              {credits.length === 0 ? (
                <p className="text-base-content/60 text-sm">Nenhum crédito usado no período.</p>
              ) : (
                <div className="w-full" style={{ height: Math.max(160, credits.length * 40) }}>
                  <Suspense fallback={chartLoading}>
                    <UsageBarCanvas
                      horizontal
                      labels={credits.map((c) => c.name)}
                      values={credits.map((c) => c.credits)}
                      series="Créditos"
                      tooltip={(n) => `Créditos utilizados: ${formatNumber(n)}`}
                      ariaLabel="Gráfico de créditos usados por agente"
                      color="rgba(79, 70, 229, 0.85)"
                    />
                  </Suspense>
                </div>
              )}
            </Card>

            <Card title="Atividade dos membros" description="Ações registradas no período (veja os detalhes em Logs)">
              {d.membersActivity.length === 0 ? (
                <p className="text-base-content/60 text-sm">Nenhuma atividade no período.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="table table-sm">
                    <thead>
                      <tr>
                        <th>Pessoa</th>
                        <th className="text-right">Ações</th>
                        <th>Última</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.membersActivity.map((m) => (
                        <tr key={m.userId}>
                          <td>
                            <p className="font-medium">{m.name}</p>
                            <p className="text-base-content/60 text-xs">{m.email}</p>
                          </td>
                          <td className="text-right tabular-nums">{formatNumber(m.actions)}</td>
                          <td className="text-base-content/70 text-xs">{formatDateTime(m.lastAt)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Card>
          </div>

          <Card title="Agentes" description="Todos os agentes deste workspace">
            {d.agents.list.length === 0 ? (
              <p className="text-base-content/60 text-sm">Nenhum agente criado ainda.</p>
            ) : (
              <ul className="divide-y divide-base-300">
                {d.agents.list.map((a) => (
                  <li key={a.id} className="flex items-center justify-between py-2">
                    <Link href={`/agent/${a.id}`} className="link link-hover font-medium">
                      {a.name}
                    </Link>
                    <span className={`badge badge-sm ${a.isActive ? "badge-success badge-soft" : "badge-ghost"}`}>{a.isActive ? "Ativo" : "Inativo"}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
