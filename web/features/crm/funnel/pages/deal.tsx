import { useState } from "react";
import { Link, useParams } from "wouter";
import { DEAL_STATUS_LABEL } from "../../../../../src/schemas/crm/funnel";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { DealActivities } from "../components/deal-activities";
import { DealEditDialog } from "../components/deal-edit-dialog";
import { DealHistory } from "../components/deal-history";
import { DealProducts } from "../components/deal-products";
import { DealStageMove } from "../components/deal-stage-move";
import { type DealPageData, formatBrl, useCanWriteCrm, useDealPage } from "../hooks/use-deal";

const STATUS_BADGE = { open: "badge-info", won: "badge-success", lost: "badge-error" } as const;

/** "2026-12-20" → "20/12/2026" (a calendar day has no time zone). */
const dayText = (d: string | null) => (d ? d.split("-").reverse().join("/") : "—");

/** /funil/negocios/:dealId — one deal: its header, activities, products and stage history. */
export default function DealPage() {
  const { dealId = "" } = useParams<{ dealId: string }>();
  const page = useDealPage(dealId);
  const canWrite = useCanWriteCrm();

  if (page.isPending) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 md:p-6">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (page.isError) {
    return (
      <div className="mx-auto max-w-xl p-6 text-center">
        <h1 className="font-semibold text-xl">Negócio não encontrado</h1>
        <p className="mt-2 text-base-content/70 text-sm">{trpcErrorMessage(page.error, "Não foi possível carregar o negócio.")}</p>
        <Link href="/funil" className="btn btn-primary mt-4">
          Voltar para o funil
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 md:p-6">
      <DealHeader page={page.data} canWrite={canWrite} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <DealActivities dealId={dealId} canWrite={canWrite} />
            </div>
          </div>
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <DealProducts dealId={dealId} canWrite={canWrite} />
            </div>
          </div>
        </div>
        <aside className="card h-fit border border-base-300 bg-base-100" aria-label="Histórico do negócio">
          <div className="card-body">
            <DealHistory dealId={dealId} />
          </div>
        </aside>
      </div>
    </div>
  );
}

function DealHeader({ page, canWrite }: { page: DealPageData; canWrite: boolean }) {
  const { deal, contact, owner, pipeline } = page;
  const stage = page.stages.find((s) => s.id === deal.stageId);
  const [editing, setEditing] = useState(false);
  return (
    <header className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start gap-3">
          <Link href="/funil" className="btn btn-ghost btn-sm btn-square" aria-label="Voltar para o funil">
            <Icon name="chevronLeft" className="size-4" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="break-words font-semibold text-2xl">{deal.title}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <span className={`badge badge-sm ${STATUS_BADGE[deal.status]}`}>{DEAL_STATUS_LABEL[deal.status]}</span>
              {stage && (
                <span className="inline-flex items-center gap-1">
                  <span className="size-2.5 rounded-full" style={{ backgroundColor: stage.color }} aria-hidden="true" />
                  {stage.name}
                </span>
              )}
              {pipeline.name && <span className="text-base-content/70">· {pipeline.name}</span>}
            </p>
          </div>
          <p className="font-semibold text-2xl tabular-nums" data-testid="deal-value">
            <span className="sr-only">Valor: </span>
            {formatBrl(deal.valueCents)}
          </p>
        </div>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-base-content/70">Contato</dt>
            <dd>
              {contact ? (
                <Link href={`/contatos/${contact.id}`} className="link link-primary break-words">
                  {contact.name}
                </Link>
              ) : (
                "—"
              )}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">Responsável</dt>
            <dd className="break-words">{owner?.name ?? "Sem responsável"}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Previsão de fechamento</dt>
            <dd>{dayText(deal.expectedCloseDate)}</dd>
          </div>
          <div>
            <dt className="text-base-content/70">Probabilidade</dt>
            <dd className="tabular-nums">{deal.probability}%</dd>
          </div>
          {deal.status === "lost" && deal.lostReason && (
            <div className="sm:col-span-2">
              <dt className="text-base-content/70">Motivo da perda</dt>
              <dd className="break-words">{deal.lostReason}</dd>
            </div>
          )}
        </dl>
        {deal.notes && <p className="whitespace-pre-line break-words text-sm">{deal.notes}</p>}
        {canWrite && (
          <div className="flex flex-wrap items-end justify-between gap-3 border-base-300 border-t pt-4">
            <DealStageMove page={page} />
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
              <Icon name="pencil" className="size-4" />
              Editar negócio
            </button>
          </div>
        )}
      </div>
      {canWrite && <DealEditDialog page={page} open={editing} onClose={() => setEditing(false)} />}
    </header>
  );
}
