import { useState } from "react";
import { useLocation } from "wouter";
import { Dialog } from "../../../components/ui/dialog";
import { Icon } from "../../../components/ui/icons";
import { Spinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { useSwitchWorkspace, useWorkspaces } from "../hooks/use-workspaces";
import { CreateWorkspaceDialog } from "./create-workspace-dialog";

/** 'Seus Workspaces': pick another workspace or open 'Criar Workspace'. */
export function WorkspacesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { list, current, isPending } = useWorkspaces();
  const switchWs = useSwitchWorkspace();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);

  function pick(id: string) {
    if (id === current?.id || switchWs.isPending) return;
    switchWs.mutate(id, {
      onSuccess: () => {
        onClose();
        navigate("/dashboard");
        toast({ title: "Workspace atualizado!", description: "Seus dados foram atualizados com sucesso" });
      },
      onError: () =>
        toast({ variant: "destructive", title: "Erro ao trocar workspace", description: "Tente novamente em alguns segundos" }),
    });
  }

  return (
    <>
      <Dialog
        open={open && !creating}
        onClose={onClose}
        title="Seus Workspaces"
        description="Escolha a área de trabalho que deseja usar."
      >
        <div className="relative">
          {switchWs.isPending && (
            <div className="absolute inset-0 z-10 flex items-center justify-center rounded-box bg-base-100/85">
              <Spinner label="Trocando workspace..." />
            </div>
          )}
          {isPending ? (
            <Spinner label="Carregando..." />
          ) : (
            <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
              {list.map((w) => {
                const selected = w.id === current?.id;
                return (
                  <li key={w.id}>
                    <button
                      type="button"
                      onClick={() => pick(w.id)}
                      aria-current={selected ? "true" : undefined}
                      className={`flex w-full items-center gap-3 rounded-box border p-3 text-left transition ${
                        selected ? "border-primary bg-primary/5" : "border-base-300 hover:border-primary/40 hover:bg-base-200"
                      }`}
                    >
                      <span className="flex size-9 shrink-0 items-center justify-center rounded-field bg-base-200 font-semibold">
                        {w.name.charAt(0).toUpperCase()}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{w.name}</span>
                        <span className="block text-base-content/60 text-xs">{w.plan?.name ?? "Gratuito"}</span>
                      </span>
                      {selected && <span className="badge badge-primary badge-sm">Selecionado</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <button type="button" className="btn btn-outline btn-primary mt-4 w-full" onClick={() => setCreating(true)}>
          <Icon name="plus" className="size-4" />
          Nova área de trabalho
        </button>
      </Dialog>
      <CreateWorkspaceDialog
        open={open && creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          onClose();
        }}
      />
    </>
  );
}
