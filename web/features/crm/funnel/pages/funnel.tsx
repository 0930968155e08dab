import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { DealFilter } from "../../../../../src/schemas/crm/funnel";
import { Icon } from "../../../../components/ui/icons";
import { PageLoader } from "../../../../components/ui/spinner";
import { trpc } from "../../../../lib/trpc";
import { DealList } from "../components/deal-list";
import { DueTodayReminder } from "../components/due-today-reminder";
import { FunnelCharts } from "../components/funnel-charts";
import { FunnelFilters } from "../components/funnel-filters";
import { type DropRequest, KanbanBoard } from "../components/kanban-board";
import { LostReasonDialog } from "../components/lost-reason-dialog";
import { ManageStagesDialog } from "../components/manage-stages-dialog";
import { NewDealDialog, useMemberOptions } from "../components/new-deal-dialog";
import { NewPipelineDialog, PipelineSettingsDialog } from "../components/pipeline-dialogs";
import { formatBrl } from "../hooks/use-deal";
import { PER_STAGE, useBoard, useLoadMore, useMoveDeal, usePipelines, useRefreshFunnel } from "../hooks/use-funnel";

type View = "board" | "list";
type Open = null | "deal" | "stages" | "pipeline" | "newPipeline";

/** /funil: the pipeline picker, the kanban (or the list), filters, charts and the set-up dialogs. */
export default function FunnelPage() {
  const pipelines = usePipelines();
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  const canWrite = scope.data ? scope.data.role !== "viewer" : false;
  const canManage = Boolean(scope.data?.permissions.canManageSettings);
  const [chosen, setChosen] = useState<string | null>(null);
  const [view, setView] = useState<View>("board");
  const [filter, setFilter] = useState<DealFilter>({});
  const [open, setOpen] = useState<Open>(null);
  const [showCharts, setShowCharts] = useState(false);
  const [lostDrop, setLostDrop] = useState<DropRequest | null>(null);
  const owners = useMemberOptions();
  const refresh = useRefreshFunnel();

  const list = pipelines.data ?? [];
  const pipeline = list.find((p) => p.id === chosen) ?? list.find((p) => p.isDefault) ?? list[0];
  const board = useBoard(pipeline?.id, filter);
  const boardKey = useMemo(() => trpc.funnel.deals.board.queryKey({ pipelineId: pipeline?.id, perStage: PER_STAGE, ...filter }), [pipeline?.id, filter]);
  const move = useMoveDeal(boardKey);
  const more = useLoadMore(boardKey, filter);
  const onFilter = useCallback((f: DealFilter) => setFilter(f), []);

  function drop(r: DropRequest) {
    const stage = board.data?.columns.find((c) => c.stage.id === r.targetStageId)?.stage;
    if (stage?.isLost && r.card.stageId !== stage.id) return setLostDrop(r);
    move.mutate({ dealId: r.card.id, targetStageId: r.targetStageId, beforeDealId: r.beforeDealId ?? undefined, expectedVersion: r.card.version });
  }

  if (pipelines.isPending) return <PageLoader label="Carregando funil..." />;
  if (!pipeline) return <div className="alert alert-error">Não foi possível carregar o funil.</div>;
  const open$ = board.data?.columns.filter((c) => !c.stage.isWon && !c.stage.isLost) ?? [];
  const openValue = open$.reduce((s, c) => s + c.totals.valueCents, 0);
  const forecast = open$.reduce((s, c) => s + c.totals.weightedCents, 0);
  const lostStage = lostDrop ? board.data?.columns.find((c) => c.stage.id === lostDrop.targetStageId)?.stage.name : "";

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-semibold text-2xl">Funil de vendas</h1>
          <p className="text-base-content/70 text-sm" data-testid="funnel-summary">
            Em aberto: {formatBrl(openValue)} · Previsão ponderada: {formatBrl(forecast)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <DueTodayReminder />
          {canWrite && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen("deal")}>
              <Icon name="plus" className="size-4" />
              Novo negócio
            </button>
          )}
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium">Funil</span>
          <select className="select select-sm max-w-56" value={pipeline.id} onChange={(e) => setChosen(e.target.value)}>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.isDefault ? `${p.name} (padrão)` : p.name}
              </option>
            ))}
          </select>
        </label>
        {canManage && (
          <>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen("stages")}>
              <Icon name="sliders" className="size-4" />
              Gerenciar etapas
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen("pipeline")}>
              Configurar funil
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen("newPipeline")}>
              Novo funil
            </button>
          </>
        )}
        <fieldset className="join ml-auto" aria-label="Visualização">
          {(["board", "list"] as const).map((v) => (
            <button key={v} type="button" aria-pressed={view === v} className={`btn join-item btn-sm ${view === v ? "btn-primary" : "btn-ghost border-base-300"}`} onClick={() => setView(v)}>
              {v === "board" ? "Quadro" : "Lista"}
            </button>
          ))}
        </fieldset>
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={showCharts} onClick={() => setShowCharts(!showCharts)}>
          Indicadores
        </button>
      </div>

      <FunnelFilters value={filter} onChange={onFilter} owners={owners} />
      {showCharts && <FunnelCharts pipelineId={pipeline.id} />}

      {view === "list" ? (
        <DealList pipelineId={pipeline.id} filter={filter} />
      ) : board.isPending ? (
        <PageLoader label="Carregando quadro..." />
      ) : board.isError || !board.data ? (
        <div role="alert" className="alert alert-error">
          Não foi possível carregar o quadro.
        </div>
      ) : (
        <KanbanBoard
          board={board.data}
          canWrite={canWrite}
          onDrop={drop}
          onLoadMore={(stageId, after) => more.mutate({ stageId, after })}
          loadingStageId={more.isPending ? (more.variables?.stageId ?? null) : null}
        />
      )}

      {canWrite && <NewDealDialog open={open === "deal"} onClose={() => setOpen(null)} pipeline={pipeline} onCreated={refresh} />}
      {canManage && (
        <>
          <ManageStagesDialog open={open === "stages"} onClose={() => setOpen(null)} pipeline={pipeline} onChanged={refresh} />
          <PipelineSettingsDialog
            key={pipeline.id}
            open={open === "pipeline"}
            onClose={() => setOpen(null)}
            pipeline={pipeline}
            pipelines={list}
            onChanged={refresh}
            onDeleted={() => { setOpen(null); setChosen(null); refresh(); }}
          />
          <NewPipelineDialog open={open === "newPipeline"} onClose={() => setOpen(null)} onCreated={(id) => { setChosen(id); refresh(); }} />
        </>
      )}
      <LostReasonDialog
        dealTitle={lostDrop?.card.title ?? null}
        stageName={lostStage ?? ""}
        onCancel={() => setLostDrop(null)}
        onConfirm={(reason) => {
          if (lostDrop) move.mutate({ dealId: lostDrop.card.id, targetStageId: lostDrop.targetStageId, beforeDealId: lostDrop.beforeDealId ?? undefined, expectedVersion: lostDrop.card.version, lostReason: reason });
          setLostDrop(null);
        }}
      />
    </div>
  );
}
