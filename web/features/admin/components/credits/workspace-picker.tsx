import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useId, useState } from "react";
import { Icon } from "../../../../components/ui/icons";
import { formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

type Props = { value: string | null; onChange: (id: string | null) => void; error?: string | null };

/**
 * Workspace picker of /admin/gestao-creditos: a search by workspace name or owner's e-mail (the
 * server answers up to 20), then the chosen one with its owner and current balance.
 */
export function WorkspacePicker({ value, onChange, error }: Props) {
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const id = useId();
  const options = useQuery({ ...trpc.adminCredits.workspaces.queryOptions({ search: deferred }), enabled: value === null, placeholderData: keepPreviousData });
  const chosen = useQuery({ ...trpc.adminCredits.workspace.queryOptions({ workspaceId: value ?? "" }), enabled: value !== null });

  if (value !== null) {
    return (
      <div className="flex flex-col gap-1">
        <span className="font-medium text-sm">Workspace</span>
        <div className="flex flex-wrap items-start justify-between gap-3 rounded-box border border-base-300 bg-base-200/40 p-3">
          {chosen.isPending ? (
            <span role="status" className="loading loading-dots loading-sm" aria-label="Carregando workspace" />
          ) : chosen.isError ? (
            <span className="text-error text-sm">{trpcErrorMessage(chosen.error, "Workspace não encontrado")}</span>
          ) : (
            <div className="min-w-0" data-testid="workspace-escolhido">
              <p className="font-semibold">{chosen.data.name}</p>
              <p className="break-all text-base-content/70 text-sm">
                {chosen.data.ownerName} · {chosen.data.ownerEmail}
              </p>
              <p className="mt-1 text-sm">
                Saldo: <strong>{formatNumber(chosen.data.wallet.remainingCredits)}</strong> créditos + <strong>{formatNumber(chosen.data.wallet.remainingBonusCredits)}</strong> bônus
              </p>
            </div>
          )}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)}>
            Trocar workspace
          </button>
        </div>
      </div>
    );
  }

  const items = options.data ?? [];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        Workspace
      </label>
      <label className={`input w-full ${error ? "input-error" : ""}`}>
        <Icon name="search" className="size-4 opacity-60" />
        <input
          className="min-w-0"
          id={id}
          type="search"
          placeholder="Buscar por nome do workspace ou e-mail do dono"
          value={search}
          maxLength={100}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      {error && (
        <p id={`${id}-err`} className="text-error text-xs">
          {error}
        </p>
      )}
      <div className="max-h-60 overflow-y-auto rounded-box border border-base-300">
        {options.isPending ? (
          <p className="p-3 text-base-content/60 text-sm">Carregando...</p>
        ) : items.length === 0 ? (
          <p className="p-3 text-base-content/60 text-sm">Nenhum workspace encontrado.</p>
        ) : (
          <ul className="menu w-full p-1" aria-label="Workspaces encontrados">
            {items.map((w) => (
              <li key={w.id}>
                <button type="button" className="flex min-w-0 flex-col items-start gap-0" onClick={() => onChange(w.id)}>
                  <span className="break-words font-medium">{w.name}</span>
                  <span className="break-all text-base-content/70 text-xs">
                    {w.ownerEmail} · {formatNumber(w.remainingCredits + w.bonusCredits)} créditos
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
