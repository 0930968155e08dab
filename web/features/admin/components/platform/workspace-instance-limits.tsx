import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { workspaceUsageInput } from "../../../../../src/schemas/admin-platform";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { TextInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

type Row = { id: string; name: string; ownerEmail: string; override: number | null; limit: number; used: number };

/** The per-workspace instance limits on the platform gateway: found by the owner's e-mail, set or reset to the default. */
export function WorkspaceInstanceLimits({ defaultLimit }: { defaultLimit: number }) {
  const [email, setEmail] = useState("");
  const [searched, setSearched] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = useQuery({ ...trpc.adminPlatform.uazapi.workspaces.queryOptions({ ownerEmail: searched ?? "" }), enabled: searched !== null });

  function search(e: FormEvent) {
    e.preventDefault();
    const parsed = workspaceUsageInput.safeParse({ ownerEmail: email.trim() });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "E-mail inválido");
    setError(null);
    setSearched(parsed.data.ownerEmail.toLowerCase());
  }

  return (
    <section aria-labelledby="limits-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div>
          <h2 id="limits-title" className="card-title text-lg">
            Limite por workspace
          </h2>
          <p className="text-base-content/60 text-sm">Padrão: {defaultLimit} por workspace. Busque os workspaces de um dono pelo e-mail para dar um limite próprio.</p>
        </div>
        <form onSubmit={search} noValidate aria-label="Buscar workspaces por dono" className="flex flex-wrap items-start gap-2">
          <TextInput label="E-mail do dono" type="email" value={email} onChange={setEmail} error={error} placeholder="dono@empresa.com.br" className="min-w-64 flex-1" />
          <button type="submit" className="btn btn-outline mt-7">
            Buscar
          </button>
        </form>
        {searched !== null &&
          (rows.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : rows.isError ? (
            <p className="text-error text-sm">{trpcErrorMessage(rows.error, "Não foi possível buscar.")}</p>
          ) : rows.data.length === 0 ? (
            <p className="text-base-content/70 text-sm">Nenhum workspace deste dono.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th>Workspace</th>
                    <th className="text-right">Em uso</th>
                    <th>Limite</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.data.map((r) => (
                    <LimitRow key={r.id} row={r} />
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </div>
    </section>
  );
}

function LimitRow({ row }: { row: Row }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [value, setValue] = useState(String(row.limit));
  const [confirmReset, setConfirmReset] = useState(false);
  const set = useMutation(
    trpc.adminPlatform.uazapi.setWorkspaceLimit.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Limite do workspace salvo" });
        setConfirmReset(false);
        await qc.invalidateQueries({ queryKey: trpc.adminPlatform.uazapi.workspaces.pathKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar o limite", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const n = Number(value);
  const valid = value.trim() !== "" && Number.isInteger(n) && n >= 0 && n <= 1000;
  return (
    <tr>
      <td>
        <p className="font-medium">{row.name}</p>
        <p className="text-base-content/60 text-xs">{row.override === null ? "Usa o padrão" : "Limite próprio"}</p>
      </td>
      <td className="text-right tabular-nums">{row.used}</td>
      <td>
        <div className="flex flex-wrap items-center gap-2">
          <input
            type="number"
            min={0}
            max={1000}
            className={`input input-sm w-24 ${valid ? "" : "input-error"}`}
            aria-label={`Limite de instâncias de ${row.name}`}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="button" className="btn btn-sm btn-primary" disabled={!valid || set.isPending} onClick={() => set.mutate({ workspaceId: row.id, uazapiInstances: n })}>
            {set.isPending && <ButtonSpinner />}
            Salvar
          </button>
          {row.override !== null && (
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirmReset(true)}>
              Usar o padrão
            </button>
          )}
        </div>
        {!valid && <p className="text-error mt-1 text-xs">Use um número inteiro de 0 a 1000</p>}
        <ConfirmDialog
        open={confirmReset}
        title="Voltar ao limite padrão?"
        description={`"${row.name}" passa a seguir o limite padrão da plataforma. As instâncias já conectadas continuam funcionando.`}
        confirmLabel="Usar o padrão"
        tone="primary"
        pending={set.isPending}
        onConfirm={() => set.mutate({ workspaceId: row.id, uazapiInstances: null })}
          onCancel={() => setConfirmReset(false)}
        />
      </td>
    </tr>
  );
}
