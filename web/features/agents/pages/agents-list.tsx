import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpcErrorMessage } from "../../../lib/trpc";
import { AgentCard } from "../components/agent-card";
import { CreateAgentDialog } from "../components/create-agent-dialog";
import { type Agent, useAgentPermissions, useAgentsList, useDeleteAgent, useToggleAgent } from "../hooks/use-agents";

/** /agents: the workspace's agents as cards, with create, toggle and delete. */
export default function AgentsListPage() {
  const agents = useAgentsList();
  const perms = useAgentPermissions();
  const toggle = useToggleAgent();
  const remove = useDeleteAgent();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const list = agents.data ?? [];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Agentes de IA</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Meus Agentes</h1>
        </div>
        {perms.canCreate && list.length > 0 && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <Icon name="plus" className="size-4" />
            Novo agente
          </button>
        )}
      </div>

      {agents.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-52 w-full" />
          ))}
        </div>
      ) : agents.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(agents.error, "Não foi possível carregar os agentes. Tente novamente em instantes.")}
        </div>
      ) : list.length === 0 ? (
        <EmptyState canCreate={perms.canCreate} onCreate={() => setCreating(true)} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((a) => (
            <AgentCard
              key={a.id}
              agent={a}
              canEdit={perms.canEdit}
              canDelete={perms.canDelete}
              toggling={toggle.isPending && toggle.variables?.id === a.id}
              onToggle={(isActive) => toggle.mutate({ id: a.id, isActive })}
              onDelete={() => setDeleting(a)}
            />
          ))}
        </div>
      )}

      <CreateAgentDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir agente"
        description={
          <>
            O agente <strong>{deleting?.name}</strong>, suas configurações e intenções serão removidos, e o link público deixará de funcionar.
            Esta ação não pode ser desfeita.
          </>
        }
        confirmLabel="Excluir agente"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}

function EmptyState({ canCreate, onCreate }: { canCreate: boolean; onCreate: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-box border border-base-300 border-dashed bg-base-100 px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon name="bot" className="size-8" />
      </span>
      <h2 className="mt-4 font-semibold text-xl">Crie seu primeiro agente</h2>
      <p className="mt-2 max-w-md text-base-content/70 text-sm">
        Um agente de IA responde seus clientes a qualquer hora, no chat do site e nos canais de mensagem, com as informações do seu negócio.
      </p>
      {canCreate ? (
        <button type="button" className="btn btn-primary mt-6" onClick={onCreate}>
          <Icon name="plus" className="size-4" />
          Criar primeiro agente
        </button>
      ) : (
        <p className="mt-6 text-base-content/60 text-sm">Peça a um administrador do workspace para criar um agente.</p>
      )}
    </div>
  );
}
