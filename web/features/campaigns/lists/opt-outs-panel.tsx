import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatPhone } from "../../../../src/schemas/crm/normalize";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useCrmPermissions } from "../../crm/contacts/hooks/use-contacts";
import { Pager } from "./pager";
import { useRefreshCampaignLists } from "./use-campaign-lists";

const PAGE_SIZE = 50;

/** "Descadastrados": numbers that asked not to be contacted ('SAIR', 'PARAR'…) or were added by hand. */
export function OptOutsPanel() {
  const { canWrite } = useCrmPermissions();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);
  const list = useQuery(trpc.campaigns.lists.optOuts.list.queryOptions({ search: search || undefined, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData }));
  const toast = useToast();
  const refresh = useRefreshCampaignLists();
  const add = useMutation(
    trpc.campaigns.lists.optOuts.add.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: r.added ? "Número descadastrado" : "Este número já estava descadastrado" });
        setPhone("");
        setError(null);
        await refresh();
      },
      onError: (e) => setError(trpcErrorMessage(e, "Não foi possível descadastrar.")),
    }),
  );
  const remove = useMutation(
    trpc.campaigns.lists.optOuts.remove.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Número removido dos descadastrados" });
        setRemoving(null);
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível remover", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-base-content/70 text-sm">Números descadastrados nunca entram em uma lista e não recebem campanhas.</p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="flex flex-col gap-1 text-xs">
          <span className="font-medium">Buscar número</span>
          <input type="search" className="input input-sm w-56" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        {canWrite && (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate({ phone });
            }}
          >
            <label className="flex flex-col gap-1 text-xs">
              <span className="font-medium">Descadastrar número</span>
              <input className={`input input-sm w-56 ${error ? "input-error" : ""}`} placeholder="(11) 98765-4321" value={phone} onChange={(e) => setPhone(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? "optout-error" : undefined} />
            </label>
            <button type="submit" className="btn btn-sm" disabled={add.isPending || !phone.trim()}>
              {add.isPending && <ButtonSpinner />}
              Descadastrar
            </button>
          </form>
        )}
      </div>
      {error && (
        <p id="optout-error" role="alert" className="text-error text-sm">
          {error}
        </p>
      )}
      {list.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando descadastrados" />
      ) : !list.data?.items.length ? (
        <div className="rounded-box border border-base-300 border-dashed p-8 text-center text-base-content/70 text-sm">Nenhum número descadastrado.</div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table-sm table">
            <caption className="sr-only">Números descadastrados</caption>
            <thead>
              <tr>
                <th scope="col">Telefone</th>
                <th scope="col">Motivo</th>
                <th scope="col">Desde</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((o) => (
                <tr key={o.phone}>
                  <td className="tabular-nums">{formatPhone(o.phone)}</td>
                  <td>{o.reason === "manual" ? "Manual" : `Respondeu “${o.reason}”`}</td>
                  <td>{formatDateTime(o.createdAt)}</td>
                  <td className="text-right">
                    {canWrite && (
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setRemoving(o.phone)} aria-label={`Remover ${formatPhone(o.phone)} dos descadastrados`}>
                        Remover
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} label="descadastrados" />}
      <ConfirmDialog
        open={removing !== null}
        title="Remover dos descadastrados"
        description={<>O número {formatPhone(removing)} voltará a poder receber campanhas. Só faça isso se a pessoa pediu.</>}
        confirmLabel="Remover"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ phone: removing })}
      />
    </div>
  );
}
