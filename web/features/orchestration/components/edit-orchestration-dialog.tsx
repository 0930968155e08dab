import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { orchestrationDescription, orchestrationName } from "../../../../src/schemas/orchestration";
import { Dialog } from "../../../components/ui/dialog";
import { TextArea, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useRefreshOrchestrations } from "../hooks/use-orchestrations";
import { z } from "zod";

const editForm = z.object({ name: orchestrationName, description: orchestrationDescription });

export function EditOrchestrationDialog({ id, name: initialName, description: initialDescription, onClose }: { id: string; name: string; description: string; onClose: () => void }) {
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [errors, setErrors] = useState<FieldErrors>({});
  const toast = useToast();
  const refresh = useRefreshOrchestrations();
  const save = useMutation(
    trpc.orchestrations.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Orquestração salva" });
        await refresh();
        onClose();
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
        else toast({ variant: "destructive", title: "Não foi possível salvar", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  function submit() {
    const parsed = editForm.safeParse({ name, description });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate({ id, patch: parsed.data });
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Editar orquestração"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </button>
          <button type="submit" form="orchestration-edit-form" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <ButtonSpinner />}
            Salvar
          </button>
        </>
      }
    >
      <form
        id="orchestration-edit-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput label="Nome" value={name} onChange={setName} max={200} error={errors.name} autoFocus />
        <TextArea label="Descrição" value={description} onChange={setDescription} max={1000} rows={3} error={errors.description} />
      </form>
    </Dialog>
  );
}
