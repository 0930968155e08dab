import { useMutation, useQuery } from "@tanstack/react-query";
import { Suspense, lazy, useState } from "react";
import { Link, useParams } from "wouter";
import { AB_METRIC_LABEL, AB_RECOMMENDATION_LABEL, AB_STATUS_LABEL, type AbMetric } from "../../../../src/schemas/ab-tests";
import { ROUTING_CHANNEL_LABEL, type RoutingChannel } from "../../../../src/schemas/orchestration";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { AbTestDialog } from "../components/ab-test-dialog";
import { STATUS_BADGE, useCanEditAbTests, useRefreshAbTests } from "../hooks/use-ab-tests";

const RatesChart = lazy(() => import("../components/rates-chart-canvas"));

type Action = "start" | "pause" | "resume" | "complete" | "promote" | "force";
const CONFIRM: Record<Action, { title: string; body: string; label: string; tone: "danger" | "primary" }> = {
  start: { title: "Iniciar o teste?", body: "Os próximos contatos do agente passam a ser distribuídos entre as variantes. Depois de iniciado, variantes, divisão e métricas não mudam mais.", label: "Iniciar", tone: "primary" },
  pause: { title: "Pausar o teste?", body: "Enquanto pausado, todos os contatos recebem o agente como ele está, e nenhum resultado é contado.", label: "Pausar", tone: "primary" },
  resume: { title: "Retomar o teste?", body: "Os contatos voltam a receber a variante em que já estavam.", label: "Retomar", tone: "primary" },
  complete: { title: "Concluir o teste?", body: "O teste para de vez e não pode ser retomado. O agente continua como está.", label: "Concluir", tone: "danger" },
  promote: { title: "Promover a vencedora?", body: "As configurações da variante vencedora são aplicadas ao agente e o teste é concluído.", label: "Promover", tone: "primary" },
  force: {
    title: "Promover sem significância?",
    body: "Ainda não há uma vencedora com significância estatística. A variante com a maior taxa será aplicada ao agente mesmo assim, e o teste será concluído.",
    label: "Promover mesmo assim",
    tone: "danger",
  },
};

const pct = (v: number) => `${(v * 100).toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%`;
const pValueText = (p: number | null) => (p === null ? "—" : p < 0.0001 ? "< 0,0001" : p.toLocaleString("pt-BR", { maximumFractionDigits: 4 }));
const VERDICT_BADGE: Record<string, string> = { winner: "badge-success", loser: "badge-error", inconclusive: "badge-ghost" };

/** /multi-agentes/testes-ab/{testId}: status controls, results per variant, the chart and "Promover vencedora". */
export default function AbTestDetailPage() {
  const { testId = "" } = useParams<{ testId: string }>();
  const [metric, setMetric] = useState<AbMetric | undefined>(undefined);
  const [asking, setAsking] = useState<Action | null>(null);
  const [editing, setEditing] = useState(false);
  const test = useQuery(trpc.abTests.get.queryOptions({ id: testId }));
  const results = useQuery(trpc.abTests.results.queryOptions({ id: testId, metric }, { refetchInterval: 30_000 }));
  const canEdit = useCanEditAbTests();
  const refresh = useRefreshAbTests();
  const toast = useToast();
  const opts = (done: string) => ({
    onSuccess: async () => {
      setAsking(null);
      await refresh();
      toast({ title: done });
    },
    onError: (e: unknown) => {
      setAsking(null);
      toast({ variant: "destructive", title: "Não foi possível concluir a ação", description: trpcErrorMessage(e, "Tente novamente.") });
    },
  });
  const start = useMutation(trpc.abTests.start.mutationOptions(opts("Teste iniciado")));
  const pause = useMutation(trpc.abTests.pause.mutationOptions(opts("Teste pausado")));
  const resume = useMutation(trpc.abTests.resume.mutationOptions(opts("Teste retomado")));
  const complete = useMutation(trpc.abTests.complete.mutationOptions(opts("Teste concluído")));
  const promote = useMutation(trpc.abTests.promote.mutationOptions(opts("Variante promovida para o agente")));
  const save = useMutation(trpc.abTests.saveAnalysis.mutationOptions(opts("Análise registrada")));
  const pending = start.isPending || pause.isPending || resume.isPending || complete.isPending || promote.isPending;

  if (test.isLoading) return <Skeleton className="h-64 w-full" />;
  if (test.isError || !test.data) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-3">
        <h1 className="font-semibold text-2xl">Teste A/B</h1>
        <p role="alert" className="text-error">
          {trpcErrorMessage(test.error, "Teste A/B não encontrado")}
        </p>
        <Link href="/multi-agentes?aba=testes-ab" className="link">
          Voltar aos testes A/B
        </Link>
      </div>
    );
  }
  const t = test.data;
  const r = results.data;
  const metricLabel = r ? AB_METRIC_LABEL[r.metric as AbMetric] : "";
  const run = (a: Action) => {
    const ref = { id: t.id };
    if (a === "start") start.mutate(ref);
    else if (a === "pause") pause.mutate(ref);
    else if (a === "resume") resume.mutate(ref);
    else if (a === "complete") complete.mutate(ref);
    else promote.mutate({ id: t.id, force: a === "force" });
  };
  const hasWinner = r?.primary && r.recommendation === "winner";

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <nav aria-label="Trilha" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link href="/multi-agentes?aba=testes-ab">Testes A/B</Link>
          </li>
          <li aria-current="page">{t.name}</li>
        </ul>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">{t.name}</h1>
          <p className="text-base-content/70 text-sm">
            Agente {t.agentName} · <span className={`badge badge-sm ${STATUS_BADGE[t.status] ?? ""}`}>{AB_STATUS_LABEL[t.status]}</span>
            {t.startedAt ? ` · Início ${formatDateTime(t.startedAt)}` : ""}
            {t.endedAt ? ` · Fim ${formatDateTime(t.endedAt)}` : ""}
          </p>
          {t.description && <p className="mt-1 text-sm">{t.description}</p>}
          <p className="mt-1 text-base-content/70 text-xs">
            Canais: {t.targets.channels.length ? t.targets.channels.map((c) => ROUTING_CHANNEL_LABEL[c as RoutingChannel] ?? c).join(", ") : "todos"} · Significância{" "}
            {t.significanceLevel.toLocaleString("pt-BR")}
          </p>
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            {t.status !== "completed" && (
              <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
                Editar
              </button>
            )}
            {t.status === "draft" && (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setAsking("start")}>
                Iniciar
              </button>
            )}
            {t.status === "running" && (
              <button type="button" className="btn btn-sm" onClick={() => setAsking("pause")}>
                Pausar
              </button>
            )}
            {t.status === "paused" && (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setAsking("resume")}>
                Retomar
              </button>
            )}
            {(t.status === "running" || t.status === "paused") && (
              <button type="button" className="btn btn-sm" onClick={() => setAsking("complete")}>
                Concluir
              </button>
            )}
            {t.status !== "draft" && (
              <button type="button" className="btn btn-success btn-sm" onClick={() => setAsking(hasWinner ? "promote" : "force")}>
                Promover vencedora
              </button>
            )}
          </div>
        )}
      </div>

      <section aria-labelledby="results-title" className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="results-title" className="font-semibold text-lg">
            Resultados
          </h2>
          <label className="select select-sm w-64">
            <span className="sr-only">Métrica</span>
            <select value={metric ?? t.successMetrics[0] ?? ""} onChange={(e) => setMetric(e.target.value as AbMetric)}>
              {t.successMetrics.map((m, i) => (
                <option key={m} value={m}>
                  {AB_METRIC_LABEL[m]}
                  {i === 0 ? " (principal)" : ""}
                </option>
              ))}
            </select>
          </label>
        </div>
        {!r ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <>
            <p className="text-sm" role="status">
              {r.enoughData
                ? r.recommendation === "winner"
                  ? `Recomendação: a variante "${r.variants.find((v) => v.variantId === r.winnerVariantId)?.name ?? ""}" é a vencedora.`
                  : r.recommendation === "loser"
                    ? "Recomendação: as variantes testadas foram piores que o controle; mantenha o agente como está."
                    : "Recomendação: inconclusivo — ainda sem diferença estatisticamente significativa."
                : `Sem veredito até cada variante ter ${formatNumber(r.minimumSampleSize)} contatos.`}
              {r.variants.length > 2 && ` Com ${r.variants.length - 1} comparações, cada uma usa significância ${r.alphaPerComparison.toLocaleString("pt-BR", { maximumFractionDigits: 4 })} (Bonferroni).`}
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              {r.variants.map((v) => (
                <div key={v.variantId} className="text-sm">
                  <div className="flex justify-between">
                    <span>{v.name}</span>
                    <span>
                      {formatNumber(v.sample)} / {formatNumber(r.minimumSampleSize)}
                    </span>
                  </div>
                  <progress
                    className={`progress w-full ${v.reachedMinimum ? "progress-success" : "progress-primary"}`}
                    value={Math.min(v.sample, r.minimumSampleSize)}
                    max={r.minimumSampleSize}
                    aria-label={`Amostra mínima: ${formatNumber(r.minimumSampleSize)} por variante — ${v.name}`}
                  />
                </div>
              ))}
            </div>
            <p className="text-base-content/70 text-xs">Amostra mínima: {formatNumber(r.minimumSampleSize)} por variante</p>
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <caption className="sr-only">Resultados por variante: {metricLabel}</caption>
                <thead>
                  <tr>
                    <th scope="col">Variante</th>
                    <th scope="col">Amostra</th>
                    <th scope="col">Conversões</th>
                    <th scope="col">Taxa</th>
                    <th scope="col">Diferença</th>
                    <th scope="col">Valor-p</th>
                    <th scope="col">Veredito</th>
                  </tr>
                </thead>
                <tbody>
                  {r.variants.map((v) => (
                    <tr key={v.variantId}>
                      <th scope="row">
                        {v.name} {v.isControl && <span className="badge badge-neutral badge-sm">Controle</span>}
                      </th>
                      <td>{formatNumber(v.sample)}</td>
                      <td>{formatNumber(v.conversions)}</td>
                      <td>{pct(v.rate)}</td>
                      <td>{v.lift === null ? "—" : `${v.lift >= 0 ? "+" : ""}${(v.lift * 100).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} p.p.`}</td>
                      <td>{pValueText(v.pValue)}</td>
                      <td>
                        <span className={`badge badge-sm ${VERDICT_BADGE[v.verdict] ?? ""}`}>{AB_RECOMMENDATION_LABEL[v.verdict]}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="h-64">
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <RatesChart rows={r.variants} metricLabel={metricLabel} />
              </Suspense>
            </div>
            {canEdit && t.status !== "draft" && (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <button type="button" className="btn btn-sm" onClick={() => save.mutate({ id: t.id })} disabled={save.isPending}>
                  Registrar análise
                </button>
                {r.history.length > 0 && <span className="text-base-content/70">Última análise: {formatDateTime(r.history[0]?.createdAt ?? 0)}</span>}
              </div>
            )}
          </>
        )}
      </section>
      {asking && (
        <ConfirmDialog
          open
          title={CONFIRM[asking].title}
          description={CONFIRM[asking].body}
          confirmLabel={CONFIRM[asking].label}
          tone={CONFIRM[asking].tone}
          pending={pending}
          onConfirm={() => run(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
      <AbTestDialog open={editing} onClose={() => setEditing(false)} test={t} />
    </div>
  );
}
