import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Dialog } from "../../../components/ui/dialog";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { resetWorkspaceCaches } from "../hooks/use-workspaces";

/** Owner only: hand the workspace to a member (the owner stays as administrator). */
export function TransferOwnership() {
  const members = useQuery(trpc.workspaces.members.list.queryOptions());
  const [userId, setUserId] = useState("");
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  const qc = useQueryClient();
  const toast = useToast();
  const candidates = (members.data ?? []).filter((m) => !m.isOwner);
  const chosen = candidates.find((m) => m.userId === userId);
  const transfer = useMutation(
    trpc.workspaces.transferOwnership.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        toast({ title: "Propriedade transferida", description: "Você continua como administrador deste workspace." });
        await resetWorkspaceCaches(qc);
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao transferir", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  if (candidates.length === 0) return <p className="text-base-content/60 text-sm">Convide alguém para poder transferir a propriedade.</p>;
  const label = (m: (typeof candidates)[number]) => [m.firstName, m.lastName].filter(Boolean).join(" ") || m.email;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={selectId} className="mb-1 block font-medium text-sm">
          Novo proprietário
        </label>
        <select id={selectId} className="select w-full" value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">Escolha um membro</option>
          {candidates.map((m) => (
            <option key={m.userId} value={m.userId}>
              {label(m)} ({m.email})
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="btn btn-warning" disabled={!chosen} onClick={() => setConfirming(true)}>
        Transferir propriedade
      </button>
      <ConfirmDialog
        open={confirming}
        title="Transferir a propriedade?"
        description={
          <>
            <strong>{chosen ? label(chosen) : ""}</strong> passa a ser o proprietário. Você continua como administrador, mas não poderá mais excluir
            o workspace nem transferi-lo de novo.
          </>
        }
        confirmLabel="Transferir"
        tone="primary"
        pending={transfer.isPending}
        onConfirm={() => chosen && transfer.mutate({ userId: chosen.userId })}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** Owner only: erases the workspace and everything in it after the exact name is typed. */
export function DeleteWorkspace({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const qc = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const matches = typed.trim() === name.trim();
  const remove = useMutation(
    trpc.workspaces.delete.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        await resetWorkspaceCaches(qc);
        toast({ title: "Workspace excluído", description: `"${name}" e todos os seus dados foram apagados.` });
        navigate("/dashboard");
      },
    }),
  );
  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setTyped("");
    remove.reset();
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="max-w-prose text-base-content/70 text-sm">
        Apaga os agentes, conversas, contatos, treinamentos, campanhas e créditos deste workspace e desconecta os canais. Não pode ser desfeito.
      </p>
      <button type="button" className="btn btn-error" onClick={() => setOpen(true)}>
        Excluir workspace
      </button>
      <Dialog
        open={open}
        onClose={close}
        title="Excluir workspace?"
        size="sm"
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={close} disabled={remove.isPending}>
              Cancelar
            </button>
            <button type="button" className="btn btn-error" disabled={!matches || remove.isPending} onClick={() => remove.mutate({ confirmName: typed })}>
              {remove.isPending && <ButtonSpinner />}
              Excluir definitivamente
            </button>
          </>
        }
      >
        <div className="flex flex-col gap-3 text-sm">
          <p>
            Todos os dados de <strong>{name}</strong> serão apagados e os membros perdem o acesso. Para confirmar, digite o nome do workspace.
          </p>
          <label htmlFor={inputId} className="font-medium">
            Nome do workspace
          </label>
          <input id={inputId} className="input w-full" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" placeholder={name} />
          {remove.isError && (
            <div role="alert" className="alert alert-error alert-soft">
              {trpcErrorMessage(remove.error, "Não foi possível excluir o workspace.")}
            </div>
          )}
        </div>
      </Dialog>
    </div>
  );
}
