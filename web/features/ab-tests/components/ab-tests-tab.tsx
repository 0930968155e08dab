import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { AB_METRIC_LABEL, AB_STATUSES, AB_STATUS_LABEL, type AbStatus } from "../../../../src/schemas/ab-tests";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { formatDate } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { Pager } from "../../campaigns/lists/pager";
import { type AbTestListItem, STATUS_BADGE, useCanEditAbTests, useRefreshAbTests } from "../hooks/use-ab-tests";
import { AbTestDialog } from "./ab-test-dialog";

const PAGE_SIZE = 20;

/** "Testes A/B" of /multi-agentes: the workspace's tests, filtered by status, agent and name. */
export default function AbTestsTab() {
  const [status, setStatus] = useState<AbStatus | "">("");
  const [agentId, setAgentId] = useState("");
  const [search, setSearch] = useState("");
  const [typed, setTyped] = useState("");
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AbTestListItem | null>(null);
  const canEdit = useCanEditAbTests();
  const agents = useQuery(trpc.agents.list.queryOptions());
  const list = useQuery(
    trpc.abTests.list.queryOptions({ status: status || undefined, agentId: agentId || undefined, search: search || undefined, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData }),
  );
  const refresh = useRefreshAbTests();
  const toast = useToast();
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);
  const remove = useMutation(
    trpc.abTests.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        await refresh();
        toast({ title: "Teste A/B excluído" });
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível excluir o teste", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  return (
    <section aria-labelledby="ab-tests-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="ab-tests-title" className="font-semibold text-lg">
            Testes A/B
          </h2>
          <p className="text-base-content/70 text-sm">Compare instruções, saudação ou modelo de um agente com contatos reais. Cada contato fica sempre na mesma variante.</p>
        </div>
        {canEdit && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            Novo teste A/B
          </button>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <label className="input input-sm w-64">
          <span className="sr-only">Buscar teste por nome</span>
          <input type="search" placeholder="Buscar por nome" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <label className="select select-sm w-48">
          <span className="sr-only">Filtrar por status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as AbStatus | "");
              setPage(1);
            }}
          >
            <option value="">Todos os status</option>
            {AB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {AB_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="select select-sm w-56">
          <span className="sr-only">Filtrar por agente</span>
          <select
            value={agentId}
            onChange={(e) => {
              setAgentId(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Todos os agentes</option>
            {(agents.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isLoading ? (
        <Skeleton className="h-32 w-full" />
      ) : list.isError ? (
        <p className="text-error" role="alert">
          Não foi possível carregar os testes. {trpcErrorMessage(list.error, "")}
        </p>
      ) : !list.data?.items.length ? (
        <div className="rounded-box border border-base-300 border-dashed p-8 text-center text-base-content/70">
          {search || status || agentId ? "Nenhum teste encontrado com esses filtros." : "Nenhum teste A/B ainda. Crie um para comparar variantes de um agente."}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table">
            <caption className="sr-only">Testes A/B do espaço de trabalho</caption>
            <thead>
              <tr>
                <th scope="col">Teste</th>
                <th scope="col">Agente</th>
                <th scope="col">Status</th>
                <th scope="col">Métrica principal</th>
                <th scope="col">Início</th>
                {canEdit && <th scope="col">Ações</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((t) => (
                <tr key={t.id}>
                  <td>
                    <Link href={`/multi-agentes/testes-ab/${t.id}`} className="link link-hover font-medium">
                      {t.name}
                    </Link>
                  </td>
                  <td>{t.agentName}</td>
                  <td>
                    <span className={`badge badge-sm ${STATUS_BADGE[t.status] ?? ""}`}>{AB_STATUS_LABEL[t.status]}</span>
                  </td>
                  <td>{t.successMetrics[0] ? AB_METRIC_LABEL[t.successMetrics[0]] : "—"}</td>
                  <td>{t.startedAt ? formatDate(t.startedAt) : "—"}</td>
                  {canEdit && (
                    <td>
                      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setDeleting(t)} aria-label={`Excluir o teste ${t.name}`}>
                        Excluir
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} label="testes A/B" />
      <AbTestDialog open={creating} onClose={() => setCreating(false)} test={null} />
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir teste A/B?"
        description={`O teste "${deleting?.name ?? ""}" e todos os seus resultados serão excluídos. Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
