import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { Dialog } from "../../../../components/ui/dialog";
import { Icon } from "../../../../components/ui/icons";
import { Spinner } from "../../../../components/ui/spinner";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

type Props = { open: boolean; onClose: () => void; onAdd: (provider: string, modelId: string) => void };

/** "Buscar modelos": the models each configured provider lists (GET {baseUrl}/models); an unpriced one can be added. */
export function ProviderModels({ open, onClose, onAdd }: Props) {
  const [filter, setFilter] = useState("");
  const fetchModels = useMutation(trpc.adminCredits.models.fetchFromProviders.mutationOptions());
  const { mutate } = fetchModels;
  useEffect(() => {
    if (open) mutate();
  }, [open, mutate]);
  const needle = filter.trim().toLowerCase();

  return (
    <Dialog open={open} onClose={onClose} title="Modelos dos provedores" description="Modelos que os provedores configurados oferecem. Adicione um preço para os que ainda não têm." size="lg">
      {fetchModels.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner label="Buscando modelos..." />
        </div>
      ) : fetchModels.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(fetchModels.error, "Não foi possível buscar os modelos.")}
        </div>
      ) : fetchModels.data && fetchModels.data.length === 0 ? (
        <p className="text-sm">
          Nenhum provedor de IA ativo.{" "}
          <Link href="/admin/openai-config" className="link">
            Configure um provedor
          </Link>{" "}
          para buscar os modelos dele.
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <label className="input input-sm w-full">
            <Icon name="search" className="size-4 opacity-60" />
            <input type="search" aria-label="Filtrar modelos" placeholder="Filtrar modelos" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
          {(fetchModels.data ?? []).map((p) => {
            const models = p.models.filter((m) => !needle || m.id.toLowerCase().includes(needle));
            return (
              <section key={p.provider} aria-label={p.displayName}>
                <h3 className="mb-1 font-semibold text-sm">
                  {p.displayName} <span className="font-normal text-base-content/60">({p.provider})</span>
                </h3>
                {p.error ? (
                  <p role="alert" className="text-error text-sm">
                    {p.error}
                  </p>
                ) : models.length === 0 ? (
                  <p className="text-base-content/60 text-sm">Nenhum modelo encontrado.</p>
                ) : (
                  <ul className="max-h-72 divide-y divide-base-300 overflow-y-auto rounded-box border border-base-300">
                    {models.map((m) => (
                      <li key={m.id} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                        <span className="truncate font-mono">{m.id}</span>
                        {m.priced ? (
                          <span className="badge badge-ghost badge-sm">Com preço</span>
                        ) : (
                          <button type="button" className="btn btn-xs btn-primary" aria-label={`Adicionar preço de ${m.id}`} onClick={() => onAdd(p.provider, m.id)}>
                            <Icon name="plus" className="size-3" />
                            Adicionar
                          </button>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </Dialog>
  );
}
