import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { createAgentInput } from "../../../../src/schemas/agents";
import { Dialog } from "../../../components/ui/dialog";
import { TextArea, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useRefreshAgents } from "../hooks/use-agents";

type Props = { open: boolean; onClose: () => void };
const EMPTY = { name: "", activity: "", description: "" };

/**
 * 'Novo agente': validated by createAgentInput (the server's contract) with the pt-BR messages under
 * each field; a refusal (plan limit, permission) shows the server's message; success opens the editor.
 */
export function CreateAgentDialog({ open, onClose }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const toast = useToast();
  const refresh = useRefreshAgents();
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const create = useMutation(trpc.agents.create.mutationOptions());
  const parsed = createAgentInput.safeParse(values);
  // The server's refusal of one field (its own zod message) shows under that field, like the form's.
  const server = serverFieldError(create.error);
  const onField = server !== null && server.field in EMPTY;
  const errors = { ...(onField && server ? { [server.field]: server.message } : {}), ...(submitted && !parsed.success ? fieldErrors(parsed.error) : {}) };
  const set = (k: keyof typeof EMPTY) => (v: string) => {
    if (create.isError) create.reset();
    setValues((cur) => ({ ...cur, [k]: v }));
  };

  function close() {
    setValues(EMPTY);
    setSubmitted(false);
    create.reset();
    onClose();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success || create.isPending) return;
    create.mutate(parsed.data, {
      onSuccess: async (agent) => {
        qc.setQueryData(trpc.agents.get.queryKey({ id: agent.id }), agent);
        await refresh();
        close();
        toast({ title: "Agente criado!", description: `"${agent.name}" está pronto para ser configurado.` });
        navigate(`/agent/${agent.id}`);
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} title="Novo agente" description="Dê um nome e diga o que ele faz. O resto você ajusta depois, no editor.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput label="Nome do agente" value={values.name} onChange={set("name")} error={errors.name} max={100} placeholder="Ex.: Ana" autoFocus />
        <TextInput
          label="Atividade"
          value={values.activity}
          onChange={set("activity")}
          error={errors.activity}
          max={100}
          placeholder="Ex.: Atendimento da loja"
        />
        <TextArea
          label="Descrição (opcional)"
          value={values.description}
          onChange={set("description")}
          error={errors.description}
          max={500}
          rows={3}
          placeholder="O que este agente faz e para quem."
        />
        {create.isError && !onField && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {trpcErrorMessage(create.error, "Não foi possível criar o agente. Tente novamente.")}
          </div>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <ButtonSpinner />}
            Criar agente
          </button>
        </div>
      </form>
    </Dialog>
  );
}
