import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { pipelineName } from "../../../../../src/schemas/crm/funnel";
import { Dialog } from "../../../../components/ui/dialog";
import { SelectInput, TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import type { Pipeline } from "../hooks/use-funnel";

/** "Novo funil": a name; it starts with the default six stages. */
export function NewPipelineDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const [name, setName] = useState("");
  const [tried, setTried] = useState(false);
  const create = useMutation(trpc.funnel.pipelines.create.mutationOptions());
  const parsed = pipelineName.safeParse(name);
  const error = tried && !parsed.success ? parsed.error.issues[0]?.message : create.isError ? trpcErrorMessage(create.error, "Não foi possível criar o funil") : null;
  const close = () => { setName(""); setTried(false); create.reset(); onClose(); };
  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (parsed.success) create.mutate({ name: parsed.data }, { onSuccess: (p) => { close(); onCreated(p.id); } });
  }
  return (
    <Dialog open={open} onClose={close} title="Novo funil" description="Ele começa com as etapas padrão; ajuste-as depois em Gerenciar etapas.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput label="Nome do funil" value={name} onChange={setName} error={error} max={100} autoFocus />
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <ButtonSpinner />}
            Criar funil
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type DealsChoice = "refuse" | "move" | "delete";

/** "Configurar funil": rename, make default, delete (choosing what happens to its deals). */
export function PipelineSettingsDialog({ open, onClose, pipeline, pipelines, onChanged, onDeleted }: { open: boolean; onClose: () => void; pipeline: Pipeline; pipelines: Pipeline[]; onChanged: () => void; onDeleted: () => void }) {
  const toast = useToast();
  const [name, setName] = useState(pipeline.name);
  const [confirming, setConfirming] = useState(false);
  const [choice, setChoice] = useState<DealsChoice>("refuse");
  const others = pipelines.filter((p) => p.id !== pipeline.id).flatMap((p) => p.stages.map((s) => ({ value: s.id, label: `${p.name} › ${s.name}` })));
  const [target, setTarget] = useState(others[0]?.value ?? "");
  const rename = useMutation(trpc.funnel.pipelines.rename.mutationOptions({ onSuccess: () => { onChanged(); toast({ title: "Funil renomeado" }); } }));
  const makeDefault = useMutation(trpc.funnel.pipelines.setDefault.mutationOptions({ onSuccess: () => { onChanged(); toast({ title: "Funil padrão alterado", description: "Os agentes abrem novos negócios neste funil." }); } }));
  const remove = useMutation(trpc.funnel.pipelines.delete.mutationOptions({ onSuccess: () => { onDeleted(); toast({ title: "Funil excluído" }); } }));
  const parsed = pipelineName.safeParse(name);
  const nameError = !parsed.success ? parsed.error.issues[0]?.message : rename.isError ? trpcErrorMessage(rename.error, "Não foi possível renomear") : null;
  const close = () => { setConfirming(false); remove.reset(); onClose(); };

  return (
    <Dialog open={open} onClose={close} title="Configurar funil" description={pipeline.isDefault ? "Este é o funil padrão: os agentes abrem negócios nele." : undefined}>
      <form
        noValidate
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed.success) rename.mutate({ pipelineId: pipeline.id, name: parsed.data });
        }}
      >
        <TextInput className="flex-1" label="Nome do funil" value={name} onChange={setName} error={nameError} max={100} />
        <button type="submit" className="btn btn-primary mb-0.5" disabled={rename.isPending || name === pipeline.name}>
          Renomear
        </button>
      </form>
      {!pipeline.isDefault && (
        <div className="mt-6 flex flex-col gap-3 border-base-300 border-t pt-4">
          <button type="button" className="btn btn-outline btn-sm self-start" disabled={makeDefault.isPending} onClick={() => makeDefault.mutate({ pipelineId: pipeline.id })}>
            Tornar padrão
          </button>
          {!confirming ? (
            <button type="button" className="btn btn-error btn-outline btn-sm self-start" onClick={() => setConfirming(true)}>
              Excluir funil…
            </button>
          ) : (
            <div className="flex flex-col gap-3 rounded-box border border-error p-3" role="group" aria-label="Confirmar exclusão do funil">
              <p className="text-sm">Excluir "{pipeline.name}" e suas etapas. E os negócios dele?</p>
              <SelectInput<DealsChoice>
                label="Negócios do funil"
                value={choice}
                onChange={setChoice}
                options={[
                  { value: "refuse", label: "Excluir só se não houver negócios" },
                  { value: "move", label: "Mover para outra etapa" },
                  { value: "delete", label: "Excluir os negócios junto" },
                ]}
              />
              {choice === "move" && <SelectInput label="Etapa de destino" value={target} onChange={setTarget} options={others} />}
              {remove.isError && (
                <p role="alert" className="text-error text-sm">
                  {trpcErrorMessage(remove.error, "Não foi possível excluir o funil")}
                </p>
              )}
              <div className="flex gap-2">
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(false)}>
                  Cancelar
                </button>
                <button type="button" className="btn btn-error btn-sm" disabled={remove.isPending} onClick={() => remove.mutate({ pipelineId: pipeline.id, deals: choice, targetStageId: choice === "move" ? target : undefined })}>
                  {remove.isPending && <ButtonSpinner />}
                  Excluir funil
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
