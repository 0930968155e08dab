import { useQuery } from "@tanstack/react-query";
import { Suspense, lazy, useState } from "react";
import { INSIGHT_PERIODS, type InsightPeriod } from "../../../../src/schemas/insights-api";
import { formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { AlertRulesPanel } from "./alert-rules-panel";
import { AlertsPanel } from "./alerts-panel";
import { PopularTags } from "./popular-tags";

const SentimentChart = lazy(() => import("./sentiment-chart-canvas"));

function Card({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4">
      <p className="text-base-content/70 text-xs">{label}</p>
      <p className="font-semibold text-2xl tabular-nums">{value}</p>
      {hint && <p className="text-base-content/60 text-xs">{hint}</p>}
    </div>
  );
}

/** /multi-agentes?aba=sentimento: how customers feel per day, the alerts, their rules and the popular tags (issue 18). */
export default function InsightsTab() {
  const [period, setPeriod] = useState<InsightPeriod>(7);
  const [agentId, setAgentId] = useState("");
  const agents = useQuery(trpc.agents.list.queryOptions());
  const filter = { period, agentId: agentId || undefined };
  const daily = useQuery(trpc.insights.daily.queryOptions(filter));
  const summary = useQuery(trpc.insights.summary.queryOptions(filter));
  const s = summary.data;
  const agentList = (agents.data ?? []) as { id: string; name: string }[];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium text-xs">Período</legend>
          <div className="join">
            {INSIGHT_PERIODS.map((p) => (
              <button key={p} type="button" className={`btn btn-sm join-item ${period === p ? "btn-primary" : "btn-ghost border-base-300"}`} aria-pressed={period === p} onClick={() => setPeriod(p)}>
                {p} dias
              </button>
            ))}
          </div>
        </fieldset>
        <label className="flex flex-col gap-1 text-xs" htmlFor="insights-agent">
          <span className="font-medium">Agente</span>
          <select id="insights-agent" className="select select-sm" value={agentId} onChange={(e) => setAgentId(e.target.value)}>
            <option value="">Todos os agentes</option>
            {agentList.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {(daily.data?.offline || s?.offline) && (
        <div role="note" className="alert alert-info text-sm">
          Modo offline: o sentimento das mensagens é calculado pelo dicionário offline em português, sem custo de créditos.
        </div>
      )}
      {summary.isError ? (
        <div role="alert" className="alert alert-error">
          {trpcErrorMessage(summary.error, "Não foi possível carregar os totais.")}
        </div>
      ) : (
        <section aria-label="Totais do período" className="grid grid-cols-2 gap-3 md:grid-cols-5">
          <Card label="Mensagens analisadas" value={formatNumber(s?.total ?? 0)} />
          <Card label="Positivas" value={formatNumber(s?.positive ?? 0)} />
          <Card label="Negativas" value={formatNumber(s?.negative ?? 0)} hint={`${formatNumber(Math.round((s?.negativeShare ?? 0) * 100))}% do total`} />
          <Card label="Score médio" value={s?.avgScore === null || s?.avgScore === undefined ? "—" : s.avgScore.toLocaleString("pt-BR", { minimumFractionDigits: 2 })} hint="de -1 a 1" />
          <Card label="Alertas abertos" value={formatNumber(s?.openAlerts ?? 0)} hint={`${formatNumber(s?.alerts ?? 0)} no período`} />
        </section>
      )}
      <section aria-labelledby="sentiment-chart-title" className="flex flex-col gap-2">
        <h2 id="sentiment-chart-title" className="font-semibold">
          Sentimento por dia
        </h2>
        <div className="h-72 rounded-box border border-base-300 bg-base-100 p-3">
          {daily.isPending ? (
            <span role="status" className="loading loading-spinner" aria-label="Carregando gráfico" />
          ) : daily.isError ? (
            <div role="alert" className="alert alert-error">
              {trpcErrorMessage(daily.error, "Não foi possível carregar o gráfico.")}
            </div>
          ) : (
            <Suspense fallback={<span role="status" className="loading loading-spinner" aria-label="Carregando gráfico" />}>
              <SentimentChart days={daily.data.days} />
            </Suspense>
          )}
        </div>
      </section>
      <AlertsPanel agents={agentList} />
      <AlertRulesPanel agents={agentList} />
      <PopularTags />
    </div>
  );
}
