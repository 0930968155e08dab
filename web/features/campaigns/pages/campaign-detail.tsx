import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { CAMPAIGN_STATUS_LABEL } from "../../../../src/schemas/campaigns/status";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { CampaignSendsTable } from "../components/campaign-sends-table";
import { CampaignProgress, CampaignStatusBadge } from "../components/campaign-status";
import { useCampaign, useCampaignActions, useCampaignPermissions, useCampaignResults } from "../hooks/use-campaigns";

const CampaignChartCanvas = lazy(() => import("../components/campaign-chart-canvas"));
const percent = (n: number) => `${(n * 100).toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%`;

/** /campanhas/:campaignId: status and reason, controls, live progress, counters, the chart and per-contact statuses. */
export default function CampaignDetailPage() {
  const { campaignId = "" } = useParams<{ campaignId: string }>();
  const campaign = useCampaign(campaignId);
  const status = campaign.data?.status;
  const [bucket, setBucket] = useState<"hour" | "day">("hour");
  const results = useCampaignResults(campaignId, bucket, status);
  const perms = useCampaignPermissions();
  const [, navigate] = useLocation();
  const [confirm, setConfirm] = useState<"cancel" | "delete" | null>(null);
  const actions = useCampaignActions((action) => {
    setConfirm(null);
    if (action === "delete") navigate("/campanhas");
  });

  if (campaign.isPending) return <Skeleton className="h-64 w-full" />;
  if (campaign.isError || !campaign.data)
    return (
      <div className="flex flex-col gap-2">
        <p>Campanha não encontrada.</p>
        <Link href="/campanhas" className="link">
          Voltar para Campanhas
        </Link>
      </div>
    );
  const c = campaign.data;
  const r = results.data;
  const counters = r?.counters;
  const cards: [string, string][] = counters
    ? [
        ["Enviadas", formatNumber(counters.sent)],
        ["Entregues", formatNumber(counters.delivered)],
        ["Lidas", formatNumber(counters.read)],
        ["Falhas", formatNumber(counters.failed)],
        ["Responderam", formatNumber(counters.responded)],
        ["Conversão", percent(counters.conversionRate)],
      ]
    : [];
  const busy = Object.values(actions).some((m) => m.isPending);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Link href="/campanhas" className="link text-sm">
            ← Campanhas
          </Link>
          <h1 className="font-semibold text-2xl sm:text-3xl">{c.name}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <CampaignStatusBadge status={c.status} />
            <span className="text-base-content/70">
              {c.listName ?? "Lista removida"} · {c.connection?.label ?? "Sem conexão"}
            </span>
          </div>
          {c.statusReason && (
            <p role="status" className={`text-sm ${c.status === "paused_failures" ? "text-error" : "text-base-content/70"}`}>
              {`${CAMPAIGN_STATUS_LABEL[c.status]}: ${c.statusReason}`}
            </p>
          )}
          {c.startAt && c.status === "scheduled" && <p className="text-base-content/70 text-sm">Início agendado para {formatDateTime(c.startAt)}</p>}
        </div>
        {perms.canWrite && (
          <div className="flex flex-wrap gap-2">
            {c.status === "draft" && (
              <Link href={`/campanhas/criar?id=${c.id}`} className="btn btn-sm">
                Editar
              </Link>
            )}
            {(c.status === "draft" || c.status === "scheduled") && perms.canStart && (
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => actions.start.mutate({ id: c.id })}>
                Iniciar campanha
              </button>
            )}
            {(c.status === "running" || c.status === "scheduled") && (
              <button type="button" className="btn btn-warning btn-sm" disabled={busy} onClick={() => actions.pause.mutate({ id: c.id })}>
                Pausar
              </button>
            )}
            {(c.status === "paused" || c.status === "paused_failures") && perms.canStart && (
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => actions.resume.mutate({ id: c.id })}>
                Retomar
              </button>
            )}
            {["scheduled", "running", "paused", "paused_failures"].includes(c.status) && (
              <button type="button" className="btn btn-outline btn-error btn-sm" disabled={busy} onClick={() => setConfirm("cancel")}>
                Cancelar campanha
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => actions.duplicate.mutate({ id: c.id })}>
              Duplicar
            </button>
            {c.status !== "running" && (
              <button type="button" className="btn btn-ghost btn-sm text-error" disabled={busy} onClick={() => setConfirm("delete")}>
                Excluir
              </button>
            )}
          </div>
        )}
      </div>

      <section className="card border border-base-300 bg-base-100" aria-labelledby="progress-title">
        <div className="card-body gap-3">
          <h2 id="progress-title" className="card-title text-lg">
            Progresso
          </h2>
          <CampaignProgress done={r?.progress.done ?? 0} total={r?.progress.total ?? c.listContactCount} label="Progresso da campanha" large />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {cards.map(([k, v]) => (
              <div key={k} className="rounded-box bg-base-200 p-3">
                <dt className="text-base-content/70 text-xs">{k}</dt>
                <dd className="font-semibold text-xl tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="card border border-base-300 bg-base-100" aria-labelledby="chart-title">
        <div className="card-body gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="chart-title" className="card-title text-lg">
              Envios ao longo do tempo
            </h2>
            <fieldset className="join" aria-label="Agrupar por">
              {(["hour", "day"] as const).map((b) => (
                <button key={b} type="button" aria-pressed={b === bucket} className={`btn join-item btn-sm ${b === bucket ? "btn-primary" : "btn-ghost border-base-300"}`} onClick={() => setBucket(b)}>
                  {b === "hour" ? "Por hora" : "Por dia"}
                </button>
              ))}
            </fieldset>
          </div>
          <div className="h-64 w-full">
            {!r ? (
              <p className="text-base-content/60 text-sm">Carregando gráfico...</p>
            ) : r.series.length === 0 ? (
              <p className="flex h-full items-center justify-center text-base-content/60 text-sm">Nenhum envio ainda.</p>
            ) : (
              <Suspense fallback={<p className="text-base-content/60 text-sm">Carregando gráfico...</p>}>
                <CampaignChartCanvas points={r.series} bucket={r.bucket} />
              </Suspense>
            )}
          </div>
        </div>
      </section>

      <CampaignSendsTable campaignId={c.id} campaignStatus={c.status} />

      <ConfirmDialog
        open={confirm !== null}
        title={confirm === "cancel" ? "Cancelar campanha?" : "Excluir campanha?"}
        description={
          confirm === "cancel"
            ? "Os envios que faltam não serão feitos. Uma campanha cancelada não pode ser retomada."
            : `A campanha "${c.name}" e seus resultados serão excluídos. Esta ação não pode ser desfeita.`
        }
        confirmLabel={confirm === "cancel" ? "Cancelar campanha" : "Excluir"}
        cancelLabel="Voltar"
        pending={actions.cancel.isPending || actions.delete.isPending}
        onConfirm={() => (confirm === "cancel" ? actions.cancel.mutate({ id: c.id }) : actions.delete.mutate({ id: c.id }))}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
