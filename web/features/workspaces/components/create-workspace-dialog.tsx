import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useLocation } from "wouter";
import { Dialog } from "../../../components/ui/dialog";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { api } from "../../../lib/http";
import { resetWorkspaceCaches, useCreateWorkspace, workspacesKey } from "../hooks/use-workspaces";

const REDIRECT_DELAY_MS = 500;

type Props = { open: boolean; onClose: () => void; onCreated: () => void };

/**
 * 'Criar Workspace' (§2, §4): trimmed non-empty name; a failure shows the server message inline
 * (e.g. the plan limit) and no toast; success switches to it and lands on /dashboard after 500 ms.
 */
export function CreateWorkspaceDialog({ open, onClose, onCreated }: Props) {
  const [name, setName] = useState("");
  const create = useCreateWorkspace();
  const qc = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const inputId = useId();
  const trimmed = name.trim();

  function close() {
    create.reset();
    onClose();
  }

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!trimmed || create.isPending) return;
    create.mutate(trimmed, {
      onSuccess: async (ws) => {
        const createdName = ws?.name ?? trimmed;
        setName("");
        create.reset();
        onCreated();
        try {
          if (ws?.id) await api.post(`/api/v1/workspaces/${encodeURIComponent(ws.id)}/switch`);
          await resetWorkspaceCaches(qc);
        } catch {
          // Created but a later step failed: generic success, no redirect (§4).
          void qc.invalidateQueries({ queryKey: workspacesKey });
          toast({ title: "Workspace criado!" });
          return;
        }
        setTimeout(() => {
          navigate("/dashboard");
          toast({
            title: "Workspace criado!",
            description: `O workspace "${createdName}" foi criado e você foi redirecionado para ele.`,
          });
        }, REDIRECT_DELAY_MS);
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} title="Criar Workspace" description="Dê um nome para a nova área de trabalho.">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <div>
          <label htmlFor={inputId} className="mb-1 block font-medium text-sm">
            Nome do workspace
          </label>
          <input
            id={inputId}
            className="input w-full"
            value={name}
            placeholder="Ex.: Loja Centro"
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              // Enter submits only when there is a name.
              if (e.key === "Enter" && !trimmed) e.preventDefault();
            }}
          />
        </div>
        {create.isError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {create.error instanceof Error && create.error.message ? create.error.message : "Failed to create workspace"}
          </div>
        )}
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={!trimmed || create.isPending}>
            {create.isPending && <ButtonSpinner />}
            Criar
          </button>
        </div>
      </form>
    </Dialog>
  );
}
