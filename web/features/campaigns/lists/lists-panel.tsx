import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { campaignListFields } from "../../../../src/schemas/campaigns/lists";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Dialog } from "../../../components/ui/dialog";
import { TextArea, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { formatDate, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useCrmPermissions } from "../../crm/contacts/hooks/use-contacts";
import { OptOutsPanel } from "./opt-outs-panel";
import { Pager } from "./pager";
import { type CampaignListRow, useRefreshCampaignLists } from "./use-campaign-lists";

const PAGE_SIZE = 20;

/** The "Listas" tab of /campanhas: campaign lists (search, create, delete, open) and the opt-out list. */
export function CampaignListsPanel() {
  const [view, setView] = useState<"lists" | "optouts">("lists");
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label="Listas e descadastrados" className="tabs tabs-box tabs-sm w-fit">
        {(
          [
            ["lists", "Listas de campanha"],
            ["optouts", "Descadastrados"],
          ] as const
        ).map(([id, label]) => (
          <button key={id} type="button" role="tab" id={`lists-tab-${id}`} aria-controls={`lists-panel-${id}`} aria-selected={view === id} className={`tab ${view === id ? "tab-active" : ""}`} onClick={() => setView(id)}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`lists-panel-${view}`} aria-labelledby={`lists-tab-${view}`}>
        {view === "lists" ? <ListsView /> : <OptOutsPanel />}
      </div>
    </div>
  );
}

function ListsView() {
  const { canWrite } = useCrmPermissions();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CampaignListRow | null>(null);
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);
  const lists = useQuery(trpc.campaigns.lists.list.queryOptions({ search: search || undefined, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData }));
  const toast = useToast();
  const refresh = useRefreshCampaignLists();
  const remove = useMutation(
    trpc.campaigns.lists.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Lista excluída" });
        setDeleting(null);
        await refresh();
      },
      onError: (e) => {
        setDeleting(null);
        toast({ variant: "destructive", title: "Não foi possível excluir a lista", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  const data = lists.data;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="flex flex-col gap-1 text-xs">
          <span className="font-medium">Buscar listas</span>
          <input type="search" className="input input-sm w-64" placeholder="Nome da lista" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        {canWrite && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
            Nova lista
          </button>
        )}
      </div>
      {lists.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando listas" />
      ) : lists.isError ? (
        <div role="alert" className="alert alert-error">
          {trpcErrorMessage(lists.error, "Não foi possível carregar as listas.")}
        </div>
      ) : !data?.items.length ? (
        <div className="rounded-box border border-base-300 border-dashed p-8 text-center text-base-content/70 text-sm">
          {search ? "Nenhuma lista encontrada para esta busca." : "Nenhuma lista de campanha ainda. Crie uma e adicione contatos, um CSV, leads ou números."}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table-sm table">
            <caption className="sr-only">Listas de campanha</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Contatos</th>
                <th scope="col">Criada em</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((l) => (
                <tr key={l.id}>
                  <td>
                    <Link href={`/campanhas/listas/${l.id}`} className="link link-hover font-medium">
                      {l.name}
                    </Link>
                    {l.description && <p className="text-base-content/70 text-xs">{l.description}</p>}
                  </td>
                  <td className="tabular-nums">{formatNumber(l.contactCount)}</td>
                  <td>{formatDate(l.createdAt)}</td>
                  <td className="text-right">
                    {canWrite && (
                      <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDeleting(l)} aria-label={`Excluir ${l.name}`}>
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
      {data && <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} label="listas" />}
      {creating && <NewListDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir lista"
        description={
          <>
            A lista <strong>{deleting?.name}</strong> e seus {formatNumber(deleting?.contactCount ?? 0)} contatos serão excluídos. Os contatos do CRM continuam cadastrados.
          </>
        }
        confirmLabel="Excluir lista"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}

function NewListDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const toast = useToast();
  const refresh = useRefreshCampaignLists();
  const create = useMutation(
    trpc.campaigns.lists.create.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Lista criada" });
        await refresh();
        onClose();
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
        else toast({ variant: "destructive", title: "Não foi possível criar a lista", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  function submit() {
    const parsed = campaignListFields.safeParse({ name, description });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate({ name, description });
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Nova lista"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={create.isPending}>
            Cancelar
          </button>
          <button type="submit" form="campaign-list-form" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <ButtonSpinner />}
            Criar lista
          </button>
        </>
      }
    >
      <form
        id="campaign-list-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput label="Nome da lista" value={name} onChange={setName} error={errors.name} max={200} autoFocus />
        <TextArea label="Descrição (opcional)" value={description} onChange={setDescription} error={errors.description} max={1000} rows={3} />
      </form>
    </Dialog>
  );
}
