import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { LeadFilters } from "../../../../src/schemas/campaigns/leads";
import { formatPhone } from "../../../../src/schemas/crm/normalize";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { EditLeadDialog, type LeadItem } from "./edit-lead";

const PAGE_SIZE = 50;
const tri = (v: boolean | undefined) => (v === undefined ? "" : v ? "sim" : "nao");
const fromTri = (v: string) => (v === "" ? undefined : v === "sim");

/** The list's leads: filters, pages, selection, edit/delete and the export menu (contatos, campanha, CSV). */
export function LeadsTable({ listId, refreshEveryMs }: { listId: string; refreshEveryMs: number | false }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [filters, setFilters] = useState<LeadFilters>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<LeadItem | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [toCampaign, setToCampaign] = useState(false);
  const [campaignListId, setCampaignListId] = useState("");
  const q = useQuery({ ...trpc.leads.list.queryOptions({ listId, filters, page, pageSize: PAGE_SIZE }), refetchInterval: refreshEveryMs, placeholderData: (p) => p });
  const campaignLists = useQuery({ ...trpc.campaigns.lists.list.queryOptions({ page: 1, pageSize: 100 }), enabled: toCampaign });
  const setFilter = (p: Partial<LeadFilters>) => {
    setFilters((f) => ({ ...f, ...p }));
    setPage(1);
    setSelected(new Set());
  };
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.leads.pathKey() });
  // The selection, or (nothing ticked) every lead under the filters.
  const selection = () => ({ listId, filters, ids: selected.size ? [...selected] : undefined });
  const scopeLabel = selected.size ? `${selected.size} lead(s) selecionado(s)` : `todos os ${q.data?.total ?? 0} lead(s) do filtro`;
  const failed = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const toContacts = useMutation(
    trpc.leads.exportToContacts.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: "Exportado para contatos", description: `${r.created} criado(s), ${r.matched} já existia(m), ${r.already} já exportado(s)` });
        await refresh();
      },
      onError: failed("Erro ao exportar"),
    }),
  );
  const toList = useMutation(
    trpc.leads.exportToCampaignList.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: "Adicionado à lista de campanha", description: `${r.added} adicionado(s), ${r.duplicates} repetido(s), ${r.invalid} sem telefone válido, ${r.optedOut} descadastrado(s)` });
        setToCampaign(false);
        await refresh();
      },
      onError: failed("Erro ao exportar"),
    }),
  );
  const remove = useMutation(
    trpc.leads.delete.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: `${r.deleted} lead(s) excluído(s)` });
        setSelected(new Set());
        setConfirmDelete(false);
        await refresh();
      },
      onError: failed("Erro ao excluir"),
    }),
  );
  async function downloadCsv() {
    try {
      const r = await qc.fetchQuery(trpc.leads.exportCsv.queryOptions(selection(), { staleTime: 0 }));
      const url = URL.createObjectURL(new Blob([r.csv], { type: "text/csv;charset=utf-8" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = r.fileName;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      failed("Erro ao gerar o CSV")(e);
    }
  }
  const items = q.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));
  const allOnPage = items.length > 0 && items.every((l) => selected.has(l.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <section aria-labelledby="leads" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="leads" className="font-semibold text-lg">
          Leads {q.data && <span className="text-base-content/60 text-sm">({q.data.total.toLocaleString("pt-BR")})</span>}
        </h2>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" disabled={!q.data?.total || toContacts.isPending} onClick={() => toContacts.mutate(selection())}>
            Exportar para contatos
          </button>
          <button type="button" className="btn btn-sm" disabled={!q.data?.total} onClick={() => setToCampaign(true)}>
            Adicionar à lista de campanha
          </button>
          <button type="button" className="btn btn-sm" disabled={!q.data?.total} onClick={() => void downloadCsv()}>
            Baixar CSV
          </button>
          <button type="button" className="btn btn-sm btn-error btn-outline" disabled={!selected.size} onClick={() => setConfirmDelete(true)}>
            Excluir selecionados
          </button>
        </div>
      </div>
      <fieldset className="grid gap-2 rounded-box border border-base-300 bg-base-100 p-3 sm:grid-cols-3 lg:grid-cols-6">
        <legend className="sr-only">Filtros</legend>
        <label className="input input-sm w-full lg:col-span-2">
          <span className="sr-only">Buscar leads</span>
          <input type="search" placeholder="Buscar por nome, telefone, e-mail" value={filters.search ?? ""} onChange={(e) => setFilter({ search: e.target.value || undefined })} />
        </label>
        {(
          [
            ["hasPhone", "Telefone"],
            ["hasWebsite", "Site"],
            ["validWhatsApp", "WhatsApp válido"],
          ] as const
        ).map(([key, label]) => (
          <select key={key} aria-label={label} className="select select-sm w-full" value={tri(filters[key])} onChange={(e) => setFilter({ [key]: fromTri(e.target.value) })}>
            <option value="">{label}: todos</option>
            <option value="sim">{label}: sim</option>
            <option value="nao">{label}: não</option>
          </select>
        ))}
        <select aria-label="Nota mínima" className="select select-sm w-full" value={filters.minRating ?? ""} onChange={(e) => setFilter({ minRating: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">Qualquer nota</option>
          {[3, 3.5, 4, 4.5].map((r) => (
            <option key={r} value={r}>
              Nota ≥ {r.toLocaleString("pt-BR")}
            </option>
          ))}
        </select>
        <select aria-label="Categoria" className="select select-sm w-full" value={filters.category ?? ""} onChange={(e) => setFilter({ category: e.target.value || undefined })}>
          <option value="">Todas as categorias</option>
          {(q.data?.categories ?? []).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </fieldset>
      {q.isPending ? (
        <Spinner label="Carregando leads..." />
      ) : q.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(q.error, "Não foi possível carregar os leads.")}
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70">Nenhum lead encontrado.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm">
            <thead>
              <tr>
                <th>
                  <input type="checkbox" className="checkbox checkbox-sm" aria-label="Selecionar todos da página" checked={allOnPage} onChange={() => setSelected(allOnPage ? new Set() : new Set(items.map((l) => l.id)))} />
                </th>
                <th>Empresa</th>
                <th>Telefone</th>
                <th>Site</th>
                <th>Nota</th>
                <th>Cidade</th>
                <th>Exportado</th>
                <th>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((l) => (
                <tr key={l.id}>
                  <td>
                    <input type="checkbox" className="checkbox checkbox-sm" aria-label={`Selecionar ${l.businessName}`} checked={selected.has(l.id)} onChange={() => toggle(l.id)} />
                  </td>
                  <td>
                    <span className="font-medium">{l.businessName}</span>
                    {l.category && <p className="text-base-content/60 text-xs">{l.category}</p>}
                  </td>
                  <td className="whitespace-nowrap">
                    {l.phone ? formatPhone(l.phone) : "—"}
                    {l.isValidWhatsApp && <span className="badge badge-xs badge-success badge-soft ml-1">WhatsApp</span>}
                  </td>
                  <td className="max-w-48 truncate">
                    {l.website ? (
                      <a href={l.website} target="_blank" rel="noreferrer noopener" className="link">
                        {l.website.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "")}
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="tabular-nums">{l.rating === null ? "—" : `${l.rating.toLocaleString("pt-BR")} (${l.reviewsCount ?? 0})`}</td>
                  <td>{l.city ?? "—"}</td>
                  <td className="text-xs">{[l.exportedToContactsAt && "Contatos", l.exportedToCampaignAt && "Campanha"].filter(Boolean).join(", ") || "—"}</td>
                  <td className="text-right">
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(l)}>
                      Editar<span className="sr-only"> {l.businessName}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Paginação" className="flex items-center justify-end gap-2">
        <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Anterior
        </button>
        <span className="text-sm">
          Página {page} de {pages}
        </span>
        <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Próxima
        </button>
      </nav>
      {editing && <EditLeadDialog lead={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={confirmDelete}
        title="Excluir leads?"
        description={`${selected.size} lead(s) serão excluídos desta lista.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ listId, ids: [...selected] })}
        onCancel={() => setConfirmDelete(false)}
      />
      <Dialog
        open={toCampaign}
        onClose={() => setToCampaign(false)}
        title="Adicionar à lista de campanha"
        description={`Vão ${scopeLabel}. Leads sem telefone e números descadastrados ficam de fora.`}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setToCampaign(false)}>
              Cancelar
            </button>
            <button type="button" className="btn btn-primary" disabled={!campaignListId || toList.isPending} onClick={() => toList.mutate({ ...selection(), campaignListId })}>
              Adicionar
            </button>
          </>
        }
      >
        <label className="flex flex-col gap-1">
          <span className="text-sm">Lista de campanha</span>
          <select className="select w-full" value={campaignListId} onChange={(e) => setCampaignListId(e.target.value)}>
            <option value="">Escolha uma lista</option>
            {(campaignLists.data?.items ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </Dialog>
    </section>
  );
}
