import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { CAMPAIGN_STATUSES, CAMPAIGN_STATUS_LABEL, type CampaignStatus } from "../../../../src/schemas/campaigns/status";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { CampaignProgress, CampaignStatusBadge } from "../components/campaign-status";
import { type CampaignItem, useCampaignActions, useCampaignPermissions, useCampaigns } from "../hooks/use-campaigns";
import { CampaignListsPanel } from "../lists/lists-panel";

type Tab = "campanhas" | "listas";

/** /campanhas: the workspace's campaigns (search, status filter, pages, live progress) and its lists. */
export default function CampaignsPage() {
  const initial = new URLSearchParams(useSearch()).get("aba") === "listas" ? "listas" : "campanhas";
  const [tab, setTab] = useState<Tab>(initial);
  const perms = useCampaignPermissions();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Envios em massa pelo WhatsApp</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Campanhas</h1>
        </div>
        {tab === "campanhas" && perms.canWrite && (
          <Link href="/campanhas/criar" className="btn btn-primary btn-sm">
            <Icon name="plus" className="size-4" />
            Criar campanha
          </Link>
        )}
      </div>
      <div role="tablist" aria-label="Seções de campanhas" className="tabs tabs-border">
        {(["campanhas", "listas"] as const).map((t) => (
          <button key={t} type="button" role="tab" id={`tab-${t}`} aria-controls={`panel-${t}`} aria-selected={tab === t} className={`tab ${tab === t ? "tab-active" : ""}`} onClick={() => setTab(t)}>
            {t === "campanhas" ? "Campanhas" : "Listas"}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="flex flex-col gap-4">
        {tab === "campanhas" ? <CampaignsTab canWrite={perms.canWrite} /> : <CampaignListsPanel />}
      </div>
    </div>
  );
}

function CampaignsTab({ canWrite }: { canWrite: boolean }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<CampaignStatus | "">("");
  const [page, setPage] = useState(1);
  const list = useCampaigns({ search: search.trim() || undefined, status: status || undefined, page });
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState<CampaignItem | null>(null);
  const actions = useCampaignActions((action, r) => {
    if (action === "delete") setDeleting(null);
    if (action === "duplicate") navigate(`/campanhas/${r.id}`);
  });
  const data = list.data;
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <label className="input input-sm w-full sm:w-72">
          <Icon name="search" className="size-4 opacity-60" />
          <input
            type="search"
            aria-label="Buscar campanhas pelo nome"
            placeholder="Buscar pelo nome"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <select
          className="select select-sm w-full sm:w-56"
          aria-label="Filtrar por status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as CampaignStatus | "");
            setPage(1);
          }}
        >
          <option value="">Todos os status</option>
          {CAMPAIGN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CAMPAIGN_STATUS_LABEL[s]}
            </option>
          ))}
        </select>
        {data && <span className="text-base-content/60 text-sm">{`${formatNumber(data.total)} ${data.total === 1 ? "campanha" : "campanhas"}`}</span>}
      </div>
      {list.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error">
          Não foi possível carregar as campanhas.
        </div>
      ) : data && data.items.length === 0 ? (
        <div className="rounded-box border border-base-300 p-8 text-center text-base-content/70">
          {search || status ? "Nenhuma campanha encontrada com esses filtros." : "Nenhuma campanha ainda. Crie a primeira para falar com seus contatos."}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Nome</th>
                <th>Status</th>
                <th>Lista</th>
                <th>Progresso</th>
                <th>Criada em</th>
                <th>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data?.items.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link href={`/campanhas/${c.id}`} className="link link-hover font-medium">
                      {c.name}
                    </Link>
                  </td>
                  <td>
                    <CampaignStatusBadge status={c.status} />
                  </td>
                  <td>{c.listName ?? "—"}</td>
                  <td>
                    <CampaignProgress done={c.sentCount + c.failedCount} total={c.totalCount} label={`Progresso de ${c.name}`} />
                  </td>
                  <td className="whitespace-nowrap text-sm">{formatDateTime(c.createdAt)}</td>
                  <td className="text-right">
                    {canWrite && (
                      <div className="flex justify-end gap-1">
                        <button type="button" className="btn btn-ghost btn-xs" aria-label={`Duplicar ${c.name}`} onClick={() => actions.duplicate.mutate({ id: c.id })}>
                          <Icon name="copy" className="size-4" />
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs text-error"
                          aria-label={`Excluir ${c.name}`}
                          disabled={c.status === "running"}
                          title={c.status === "running" ? "Pause ou cancele antes de excluir" : undefined}
                          onClick={() => setDeleting(c)}
                        >
                          <Icon name="trash" className="size-4" />
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pageCount > 1 && (
        <nav className="join self-center" aria-label="Páginas de campanhas">
          <button type="button" className="btn join-item btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </button>
          <span className="btn join-item btn-sm pointer-events-none">
            Página {data.page} de {data.pageCount}
          </span>
          <button type="button" className="btn join-item btn-sm" disabled={page >= data.pageCount} onClick={() => setPage(page + 1)}>
            Próxima
          </button>
        </nav>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir campanha?"
        description={`A campanha "${deleting?.name ?? ""}" e seus resultados serão excluídos. Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        pending={actions.delete.isPending}
        onConfirm={() => deleting && actions.delete.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
