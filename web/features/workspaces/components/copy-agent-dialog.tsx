import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { copyAgentInput } from "../../../../src/schemas/workspace-admin";
import { Dialog } from "../../../components/ui/dialog";
import { SelectInput, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useWorkspaces } from "../hooks/use-workspaces";

/**
 * "Copiar para outro workspace" (SPEC §5 Workspace copy target): the configuration, intents and
 * training go along (re-trained there); channels, integrations and secrets stay here.
 */
export function CopyAgentButton({ agent }: { agent: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const { list, current } = useWorkspaces();
  const targets = list.filter((w) => w.id !== current?.id);
  const [target, setTarget] = useState("");
  const [name, setName] = useState(`${agent.name} (cópia)`.slice(0, 100));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const copy = useMutation(
    trpc.agents.copyToWorkspace.mutationOptions({
      onSuccess: (r) => {
        const where = targets.find((w) => w.id === r.workspaceId)?.name ?? "o outro workspace";
        toast({
          title: "Agente copiado!",
          description: `"${r.name}" está em ${where}${r.sourcesQueued ? `; ${r.sourcesQueued} fonte(s) de treinamento sendo processada(s)` : ""}.`,
        });
        setOpen(false);
      },
    }),
  );
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = copyAgentInput.safeParse({ agentId: agent.id, targetWorkspaceId: target, newName: name });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    copy.mutate(parsed.data);
  }
  const options = [{ value: "", label: "Escolha o workspace" }, ...targets.map((w) => ({ value: w.id, label: w.name }))];
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(true)} title="Copiar para outro workspace" aria-label={`Copiar ${agent.name} para outro workspace`}>
        Copiar
      </button>
      <Dialog
        open={open}
        onClose={() => !copy.isPending && setOpen(false)}
        title="Copiar agente para outro workspace"
        description="Vão junto a configuração, as intenções e o treinamento (processado de novo no destino). Canais, integrações e senhas não são copiados."
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)} disabled={copy.isPending}>
              Cancelar
            </button>
            <button type="submit" form={`copy-${agent.id}`} className="btn btn-primary" disabled={copy.isPending || targets.length === 0}>
              {copy.isPending && <ButtonSpinner />}
              Copiar agente
            </button>
          </>
        }
      >
        <form id={`copy-${agent.id}`} onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
          {targets.length === 0 ? (
            <p className="text-base-content/70 text-sm">Você não participa de outro workspace. Crie um para copiar este agente.</p>
          ) : (
            <SelectInput label="Workspace de destino" value={target} onChange={setTarget} options={options} error={errors.targetWorkspaceId} />
          )}
          <TextInput label="Nome da cópia" value={name} onChange={setName} max={100} error={errors.newName} />
          {copy.isError && (
            <div role="alert" className="alert alert-error alert-soft text-sm">
              {trpcErrorMessage(copy.error, "Não foi possível copiar o agente.")}
            </div>
          )}
        </form>
      </Dialog>
    </>
  );
}
