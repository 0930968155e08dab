import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { VALIDATION_STATUSES, VALIDATION_STATUS_LABEL, type ValidationStatus } from "../../../../src/schemas/campaigns/lists";
import { MEMBER_SOURCE_LABEL } from "../../../../src/schemas/campaigns/lists";
import { formatPhone } from "../../../../src/schemas/crm/normalize";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useCrmPermissions } from "../../crm/contacts/hooks/use-contacts";
import { AddMenu } from "../lists/add-members";
import { Pager } from "../lists/pager";
import { useRefreshCampaignLists } from "../lists/use-campaign-lists";

const PAGE_SIZE = 50;
const BADGE: Record<ValidationStatus, string> = { pending: "badge-ghost", valid: "badge-success", invalid: "badge-error" };

/** /campanhas/listas/:listId: a list's members (search, validation filter, pages), filling, removal, export. */
export default function CampaignListDetailPage() {
  const { listId = "" } = useParams<{ listId: string }>();
  const { canWrite } = useCrmPermissions();
  const list = useQuery(trpc.campaigns.lists.get.queryOptions({ id: listId }));
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<ValidationStatus | "">("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);
  const members = useQuery(
    trpc.campaigns.lists.members.queryOptions({ listId, search: search || undefined, validationStatus: status || undefined, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData }),
  );
  const toast = useToast();
  const refresh = useRefreshCampaignLists();
  const qc = useQueryClient();
  const remove = useMutation(
    trpc.campaigns.lists.removeMembers.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: r.removed === 1 ? "1 contato removido da lista" : `${formatNumber(r.removed)} contatos removidos da lista` });
        setSelected(new Set());
        setConfirming(false);
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível remover", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      const r = await qc.fetchQuery(trpc.campaigns.lists.exportCsv.queryOptions({ listId }, { staleTime: 0 }));
      const url = URL.createObjectURL(new Blob([r.csv], { type: "text/csv;charset=utf-8" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = r.filename;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      toast({ variant: "destructive", title: "Não foi possível exportar", description: trpcErrorMessage(e, "Tente novamente.") });
    } finally {
      setExporting(false);
    }
  }

  if (list.isError) {
    return (
      <div className="flex flex-col gap-3 p-6">
        <div role="alert" className="alert alert-error">
          {trpcErrorMessage(list.error, "Lista não encontrada.")}
        </div>
        <Link href="/campanhas" className="link">
          Voltar para Campanhas
        </Link>
      </div>
    );
  }
  const items = members.data?.items ?? [];
  const allOnPage = items.length > 0 && items.every((m) => selected.has(m.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <div className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link href="/campanhas">Campanhas</Link>
          </li>
          <li>{list.data?.name ?? "Lista"}</li>
        </ul>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">{list.data?.name ?? "Carregando…"}</h1>
          {list.data?.description && <p className="text-base-content/70 text-sm">{list.data.description}</p>}
          {list.data && (
            <p className="mt-1 text-sm" aria-live="polite">
              {formatNumber(list.data.contactCount)} {list.data.contactCount === 1 ? "contato" : "contatos"} · {formatNumber(list.data.byStatus.valid)} válidos ·{" "}
              {formatNumber(list.data.byStatus.invalid)} inválidos · {formatNumber(list.data.byStatus.pending)} pendentes
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-sm" onClick={exportCsv} disabled={exporting || !list.data?.contactCount}>
            {exporting && <ButtonSpinner />}
            Exportar CSV
          </button>
          {canWrite && <AddMenu listId={listId} />}
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs">
          <span className="font-medium">Buscar contatos da lista</span>
          <input type="search" className="input input-sm w-64" placeholder="Nome, telefone ou empresa" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-xs">
          <span className="font-medium">Validação</span>
          <select
            className="select select-sm w-40"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ValidationStatus | "");
              setPage(1);
            }}
          >
            <option value="">Todas</option>
            {VALIDATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {VALIDATION_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        {canWrite && selected.size > 0 && (
          <button type="button" className="btn btn-error btn-sm btn-outline" onClick={() => setConfirming(true)}>
            Remover {selected.size === 1 ? "1 selecionado" : `${formatNumber(selected.size)} selecionados`}
          </button>
        )}
      </div>
      {members.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando contatos" />
      ) : !items.length ? (
        <div className="rounded-box border border-base-300 border-dashed p-8 text-center text-base-content/70 text-sm">
          {search || status ? "Nenhum contato encontrado com estes filtros." : "Lista vazia. Use “Adicionar” para trazer contatos, um CSV, leads ou números."}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table-sm table">
            <caption className="sr-only">Contatos da lista</caption>
            <thead>
              <tr>
                {canWrite && (
                  <th scope="col">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      aria-label="Selecionar todos desta página"
                      checked={allOnPage}
                      onChange={(e) =>
                        setSelected((s) => {
                          const next = new Set(s);
                          for (const m of items) if (e.target.checked) next.add(m.id);
                          else next.delete(m.id);
                          return next;
                        })
                      }
                    />
                  </th>
                )}
                <th scope="col">Nome</th>
                <th scope="col">Telefone</th>
                <th scope="col">Empresa</th>
                <th scope="col">Cargo</th>
                <th scope="col">Cidade</th>
                <th scope="col">Origem</th>
                <th scope="col">Validação</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id}>
                  {canWrite && (
                    <td>
                      <input type="checkbox" className="checkbox checkbox-sm" aria-label={`Selecionar ${m.name ?? formatPhone(m.phone)}`} checked={selected.has(m.id)} onChange={() => toggle(m.id)} />
                    </td>
                  )}
                  <td>{m.name ?? <span className="text-base-content/60">Sem nome</span>}</td>
                  <td className="whitespace-nowrap tabular-nums">{formatPhone(m.phone)}</td>
                  <td>{m.company}</td>
                  <td>{m.role}</td>
                  <td>{m.city}</td>
                  <td>{MEMBER_SOURCE_LABEL[m.source] ?? m.source}</td>
                  <td>
                    <span className={`badge badge-sm ${BADGE[m.validationStatus]}`}>{VALIDATION_STATUS_LABEL[m.validationStatus]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {members.data && <Pager page={page} pageSize={PAGE_SIZE} total={members.data.total} onPage={setPage} label="contatos da lista" />}
      <ConfirmDialog
        open={confirming}
        title="Remover da lista"
        description={<>{selected.size === 1 ? "1 contato será removido" : `${formatNumber(selected.size)} contatos serão removidos`} desta lista. Os contatos do CRM não são excluídos.</>}
        confirmLabel="Remover"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate({ listId, ids: [...selected] })}
      />
    </div>
  );
}
