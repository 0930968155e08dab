import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useAgentsList } from "../../agents/hooks/use-agents";
import { type OrchestrationMember, useRefreshOrchestrations } from "../hooks/use-orchestrations";

/** The members: add one, choose the entry, remove one (its rules go with it; the entry needs a successor). */
export function AgentsPanel({ orchestrationId, members, canEdit }: { orchestrationId: string; members: OrchestrationMember[]; canEdit: boolean }) {
  const agents = useAgentsList();
  const toast = useToast();
  const refresh = useRefreshOrchestrations();
  const [adding, setAdding] = useState("");
  const [removing, setRemoving] = useState<OrchestrationMember | null>(null);
  const [successor, setSuccessor] = useState("");
  const onError = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const add = useMutation(
    trpc.orchestrations.addAgent.mutationOptions({
      onSuccess: async () => {
        setAdding("");
        toast({ title: "Agente adicionado" });
        await refresh();
      },
      onError: onError("Não foi possível adicionar o agente"),
    }),
  );
  const entry = useMutation(
    trpc.orchestrations.setEntryPoint.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Entrada alterada" });
        await refresh();
      },
      onError: onError("Não foi possível alterar a entrada"),
    }),
  );
  const remove = useMutation(
    trpc.orchestrations.removeAgent.mutationOptions({
      onSuccess: async () => {
        setRemoving(null);
        toast({ title: "Agente removido" });
        await refresh();
      },
      onError: (e) => {
        setRemoving(null);
        onError("Não foi possível remover o agente")(e);
      },
    }),
  );
  const candidates = (agents.data ?? []).filter((a) => !members.some((m) => m.agentId === a.id));
  const others = members.filter((m) => m.agentId !== removing?.agentId);
  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-2">
      <h2 id="members-title" className="font-semibold">
        Agentes
      </h2>
      <ul className="flex flex-col gap-1">
        {members.map((m) => (
          <li key={m.agentId} className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 px-3 py-2 text-sm">
            <span className="flex items-center gap-2">
              <span className="font-medium">{m.name}</span>
              {m.isEntryPoint && <span className="badge badge-primary badge-sm">Entrada</span>}
              {!m.isActive && <span className="badge badge-ghost badge-sm">Agente inativo</span>}
            </span>
            {canEdit && (
              <span className="flex gap-1">
                {!m.isEntryPoint && (
                  <button type="button" className="btn btn-ghost btn-xs" disabled={entry.isPending} onClick={() => entry.mutate({ id: orchestrationId, agentId: m.agentId })} aria-label={`Tornar entrada: ${m.name}`}>
                    Tornar entrada
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-ghost btn-xs text-error"
                  onClick={() => {
                    setSuccessor(members.find((o) => o.agentId !== m.agentId)?.agentId ?? "");
                    setRemoving(m);
                  }}
                  aria-label={`Remover ${m.name}`}
                >
                  Remover
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (adding) add.mutate({ id: orchestrationId, agentId: adding, position: { x: members.length * 220, y: members.length === 0 ? 0 : 200 } });
          }}
        >
          <label className="flex flex-col gap-1 text-xs" htmlFor="add-agent">
            <span className="font-medium">Adicionar agente</span>
            <select id="add-agent" className="select select-sm w-56" value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">Escolha um agente</option>
              {candidates.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-sm" disabled={!adding || add.isPending}>
            Adicionar
          </button>
        </form>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remover agente"
        description={
          <div className="flex flex-col gap-2">
            <p>
              <strong>{removing?.name}</strong> sai da orquestração e as regras ligadas a ele são excluídas.
            </p>
            {removing?.isEntryPoint && others.length > 0 && (
              <label className="flex flex-col gap-1 text-sm" htmlFor="successor">
                <span>Ele é a entrada. Nova entrada:</span>
                <select id="successor" className="select select-sm" value={successor} onChange={(e) => setSuccessor(e.target.value)}>
                  {others.map((o) => (
                    <option key={o.agentId} value={o.agentId}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
        }
        confirmLabel="Remover agente"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ id: orchestrationId, agentId: removing.agentId, newEntryAgentId: removing.isEntryPoint && successor ? successor : undefined })}
      />
    </section>
  );
}
