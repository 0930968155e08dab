import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "wouter";
import { createOrchestrationInput } from "../../../../src/schemas/orchestration";
import { Dialog } from "../../../components/ui/dialog";
import { TextArea, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useAgentsList } from "../../agents/hooks/use-agents";
import { useRefreshOrchestrations } from "../hooks/use-orchestrations";

/** Name, description, the agents and which one receives the conversations; opens the new orchestration. */
export function CreateOrchestrationDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [agentIds, setAgentIds] = useState<string[]>([]);
  const [entryAgentId, setEntry] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const agents = useAgentsList();
  const toast = useToast();
  const refresh = useRefreshOrchestrations();
  const [, navigate] = useLocation();
  const create = useMutation(
    trpc.orchestrations.create.mutationOptions({
      onSuccess: async (row) => {
        toast({ title: "Orquestração criada" });
        await refresh();
        onClose();
        navigate(`/multi-agentes/${row.id}`);
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
        else toast({ variant: "destructive", title: "Não foi possível criar a orquestração", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...agentIds, id] : agentIds.filter((a) => a !== id);
    setAgentIds(next);
    if (!on && entryAgentId === id) setEntry(next[0] ?? null);
    if (on && !entryAgentId) setEntry(id);
  };
  function submit() {
    const input = { name, description, agentIds, entryAgentId };
    const parsed = createOrchestrationInput.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(parsed.data);
  }
  const list = agents.data ?? [];
  return (
    <Dialog
      open
      onClose={onClose}
      title="Nova orquestração"
      size="lg"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={create.isPending}>
            Cancelar
          </button>
          <button type="submit" form="orchestration-create-form" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <ButtonSpinner />}
            Criar orquestração
          </button>
        </>
      }
    >
      <form
        id="orchestration-create-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput label="Nome" value={name} onChange={setName} max={200} error={errors.name} autoFocus />
        <TextArea label="Descrição" value={description} onChange={setDescription} max={1000} rows={3} error={errors.description} />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium text-sm">Agentes (pode adicionar depois no grafo)</legend>
          {agents.isPending && <span role="status" className="loading loading-spinner loading-sm" aria-label="Carregando agentes" />}
          {!agents.isPending && list.length === 0 && <p className="text-base-content/70 text-sm">Nenhum agente no workspace.</p>}
          {list.map((a) => (
            <div key={a.id} className="flex items-center justify-between gap-2 rounded-box px-2 py-1 hover:bg-base-200">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" checked={agentIds.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} />
                {a.name}
              </label>
              {agentIds.includes(a.id) && (
                <label className="flex items-center gap-1 text-xs">
                  <input type="radio" name="entry-agent" checked={entryAgentId === a.id} onChange={() => setEntry(a.id)} />
                  Entrada
                </label>
              )}
            </div>
          ))}
          {(errors.agentIds || errors.entryAgentId) && (
            <p role="alert" className="text-error text-xs">
              {errors.agentIds ?? errors.entryAgentId}
            </p>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
