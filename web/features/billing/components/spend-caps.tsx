import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { SPEND_CAP_SCOPES, SPEND_CAP_SCOPE_LABEL, type SpendCapScope, spendCapInput } from "../../../../src/schemas/billing/spend-caps";

/** Monthly spend caps (workspace, per agent, per end customer): list, set, remove (asks first). */
export function SpendCaps() {
  const qc = useQueryClient();
  const toast = useToast();
  const caps = useQuery(trpc.billingUsage.caps.list.queryOptions());
  const agents = useQuery(trpc.agents.list.queryOptions());
  const [scope, setScope] = useState<SpendCapScope>("workspace");
  const [agentId, setAgentId] = useState("");
  const [monthly, setMonthly] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.billingUsage.caps.list.queryKey() });
  const onError = (e: unknown) => toast({ variant: "destructive", title: "Não foi possível salvar", description: trpcErrorMessage(e, "Tente novamente.") });
  const save = useMutation(trpc.billingUsage.caps.save.mutationOptions({ onSuccess: () => { setMonthly(""); toast({ title: "Limite salvo" }); void refresh(); }, onError }));
  const remove = useMutation(trpc.billingUsage.caps.delete.mutationOptions({ onSuccess: () => { setRemoving(null); toast({ title: "Limite removido" }); void refresh(); }, onError }));
  const agentName = (id: string | null) => agents.data?.find((a) => a.id === id)?.name ?? "Agente";

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = spendCapInput.safeParse({ scope, agentId: scope === "agent" ? agentId : undefined, monthlyCredits: monthly });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos");
    setError(null);
    save.mutate(parsed.data);
  }

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="spend-caps-title">
      <div className="card-body gap-3">
        <h2 id="spend-caps-title" className="card-title text-base">
          Limites de gasto mensais
        </h2>
        <p className="text-base-content/70 text-sm">Ao atingir um limite, o cliente recebe "Limite de uso atingido. Tente novamente mais tarde." e você é avisado por e-mail uma vez no mês.</p>
        {caps.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : caps.data && caps.data.caps.length > 0 ? (
          <ul className="divide-y divide-base-300" aria-label="Limites definidos">
            {caps.data.caps.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <strong>{c.scope === "agent" ? `Agente: ${agentName(c.agentId)}` : SPEND_CAP_SCOPE_LABEL[c.scope]}</strong> — {formatNumber(c.monthlyCredits)} créditos/mês
                  {c.usedCredits !== null ? ` · usado: ${formatNumber(c.usedCredits)}` : ""}
                </span>
                <button type="button" className="btn btn-xs btn-ghost text-error" onClick={() => setRemoving(c.id)}>
                  Remover
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">Nenhum limite definido.</p>
        )}
        <form className="flex flex-wrap items-end gap-2" onSubmit={submit} aria-label="Definir limite">
          <label className="form-control">
            <span className="label-text text-xs">Aplicar a</span>
            <select className="select select-sm select-bordered" value={scope} onChange={(e) => setScope(e.target.value as SpendCapScope)}>
              {SPEND_CAP_SCOPES.map((s) => (
                <option key={s} value={s}>
                  {SPEND_CAP_SCOPE_LABEL[s]}
                </option>
              ))}
            </select>
          </label>
          {scope === "agent" ? (
            <label className="form-control">
              <span className="label-text text-xs">Agente</span>
              <select className="select select-sm select-bordered" value={agentId} onChange={(e) => setAgentId(e.target.value)}>
                <option value="">Escolha…</option>
                {(agents.data ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="form-control">
            <span className="label-text text-xs">Créditos por mês</span>
            <input type="number" min={1} className="input input-sm input-bordered w-36" value={monthly} onChange={(e) => setMonthly(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
            Salvar limite
          </button>
        </form>
        {error ? (
          <p className="text-error text-sm" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remover limite?"
        description="Sem o limite, o consumo deste escopo deixa de ser controlado."
        confirmLabel="Remover"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing })}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
