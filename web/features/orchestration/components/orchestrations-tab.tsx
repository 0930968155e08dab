import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useToast } from "../../../components/ui/toast";
import { formatDate, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { Pager } from "../../campaigns/lists/pager";
import { type OrchestrationListItem, useCanEditOrchestrations, useRefreshOrchestrations } from "../hooks/use-orchestrations";
import { CreateOrchestrationDialog } from "./create-orchestration-dialog";

const PAGE_SIZE = 20;

/** The "Orquestrações" tab of /multi-agentes: search, create, open and delete orchestrations. */
export default function OrchestrationsTab() {
  const canEdit = useCanEditOrchestrations();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<OrchestrationListItem | null>(null);
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);
  const list = useQuery(trpc.orchestrations.list.queryOptions({ search, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData }));
  const toast = useToast();
  const refresh = useRefreshOrchestrations();
  const remove = useMutation(
    trpc.orchestrations.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Orquestração excluída" });
        setDeleting(null);
        await refresh();
      },
      onError: (e) => {
        setDeleting(null);
        toast({ variant: "destructive", title: "Não foi possível excluir a orquestração", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  const data = list.data;
  return (
    <section aria-labelledby="orchestrations-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="orchestrations-title" className="font-semibold text-lg">
            Orquestrações
          </h2>
          <p className="text-base-content/70 text-sm">Um agente de entrada recebe a conversa e as regras a levam ao agente certo.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-xs">
            <span className="font-medium">Buscar orquestrações</span>
            <input type="search" className="input input-sm w-64" placeholder="Nome da orquestração" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </label>
          {canEdit && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
              Nova orquestração
            </button>
          )}
        </div>
      </div>
      {list.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando orquestrações" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error">
          {trpcErrorMessage(list.error, "Não foi possível carregar as orquestrações.")}
        </div>
      ) : !data?.items.length ? (
        <div className="rounded-box border border-base-300 border-dashed p-8 text-center text-base-content/70 text-sm">
          {search ? "Nenhuma orquestração encontrada para esta busca." : "Nenhuma orquestração ainda. Crie uma e ligue seus agentes com regras."}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table-sm table">
            <caption className="sr-only">Orquestrações</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Entrada</th>
                <th scope="col">Agentes</th>
                <th scope="col">Situação</th>
                <th scope="col">Criada em</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link href={`/multi-agentes/${o.id}`} className="link link-hover font-medium">
                      {o.name}
                    </Link>
                    {o.description && <p className="text-base-content/70 text-xs">{o.description}</p>}
                  </td>
                  <td>{o.entryAgentName ?? "—"}</td>
                  <td className="tabular-nums">{formatNumber(o.agentCount)}</td>
                  <td>
                    <span className={`badge badge-sm ${o.isActive ? "badge-success" : "badge-ghost"}`}>{o.isActive ? "Ativa" : "Inativa"}</span>
                  </td>
                  <td>{formatDate(o.createdAt)}</td>
                  <td className="text-right">
                    {canEdit && (
                      <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDeleting(o)} aria-label={`Excluir ${o.name}`}>
                        Excluir
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} label="orquestrações" />}
      {creating && <CreateOrchestrationDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir orquestração"
        description={
          <>
            A orquestração <strong>{deleting?.name}</strong>, suas regras e roteadores serão excluídos. Os agentes continuam existindo e voltam a responder sozinhos.
          </>
        }
        confirmLabel="Excluir orquestração"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </section>
  );
}
