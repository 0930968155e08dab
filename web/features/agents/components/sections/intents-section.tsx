import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import type { Intent } from "../../hooks/use-agents";
import { ACTION_LABELS, draftFromIntent, emptyDraft, type IntentDraft } from "../intents/intent-draft";
import { IntentForm } from "../intents/intent-form";
import { IntentTestButton } from "../intents/intent-test";
import type { SectionProps } from "./types";

type Editing = { id: string | null; draft: IntentDraft } | null;

/** Intenções: what customers typically ask and what the agent should do about it (SPEC §5 Intent). */
export function IntentsSection({ agent, onDirtyChange }: SectionProps) {
  const qc = useQueryClient();
  const toast = useToast();
  const listKey = trpc.agents.intents.list.queryKey({ agentId: agent.id });
  const intents = useQuery(trpc.agents.intents.list.queryOptions({ agentId: agent.id }));
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Intent | null>(null);

  const done = (title: string) => {
    toast({ title });
    setEditing(null);
    onDirtyChange(false);
    void qc.invalidateQueries({ queryKey: listKey });
  };
  const fail = (e: unknown) => toast({ variant: "destructive", title: "Erro ao salvar intenção", description: trpcErrorMessage(e, "Tente novamente.") });
  const create = useMutation(trpc.agents.intents.create.mutationOptions({ onSuccess: () => done("Intenção criada"), onError: fail }));
  const update = useMutation(trpc.agents.intents.update.mutationOptions({ onSuccess: () => done("Intenção atualizada"), onError: fail }));
  const remove = useMutation(
    trpc.agents.intents.delete.mutationOptions({
      onSuccess: () => {
        setRemoving(null);
        toast({ title: "Intenção excluída" });
        void qc.invalidateQueries({ queryKey: listKey });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao excluir intenção", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  return (
    <section aria-label="Intenções" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="card-title text-lg">Intenções</h2>
            <p className="text-base-content/60 text-sm">Pedidos frequentes dos clientes e o que o agente deve fazer em cada um.</p>
          </div>
          {!editing && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({ id: null, draft: emptyDraft() })}>
              <Icon name="plus" className="size-4" />
              Nova intenção
            </button>
          )}
        </header>
        <div role="note" className="alert alert-info alert-soft text-sm">
          <Icon name="info" className="size-5 shrink-0" />
          <span>
            O agente usa as intenções ativas durante a conversa, as de maior prioridade primeiro. Use “Testar” para conferir a chamada de um webhook.
          </span>
        </div>

        {editing ? (
          <IntentForm
            key={editing.id ?? "new"}
            initial={editing.draft}
            editing={editing.id !== null}
            saving={create.isPending || update.isPending}
            onDirtyChange={onDirtyChange}
            onCancel={() => {
              setEditing(null);
              onDirtyChange(false);
            }}
            onSubmit={(intent) =>
              editing.id ? update.mutate({ agentId: agent.id, id: editing.id, intent }) : create.mutate({ agentId: agent.id, intent })
            }
          />
        ) : intents.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : intents.isError ? (
          <p className="text-error text-sm">{trpcErrorMessage(intents.error, "Não foi possível carregar as intenções.")}</p>
        ) : intents.data.length === 0 ? (
          <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/60 text-sm">
            Nenhuma intenção cadastrada ainda.
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Lista de intenções">
            {intents.data.map((it) => (
              <li key={it.id} className="flex flex-wrap items-start gap-3 rounded-box border border-base-300 p-4">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{it.name}</span>
                    <span className={`badge badge-sm ${it.isActive ? "badge-success badge-soft" : "badge-ghost"}`}>{it.isActive ? "Ativa" : "Inativa"}</span>
                    <span className="badge badge-ghost badge-sm">Prioridade {it.priority}</span>
                  </div>
                  <p className="mt-1 line-clamp-2 text-base-content/70 text-sm">{it.description}</p>
                  <p className="mt-1 text-base-content/50 text-xs">
                    {ACTION_LABELS[draftFromIntent(it).actionType]} · {it.examples.length}{" "}
                    {it.examples.length === 1 ? "exemplo" : "exemplos"}
                  </p>
                </div>
                <div className="flex gap-1">
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing({ id: it.id, draft: draftFromIntent(it) })}>
                    <Icon name="pencil" className="size-4" />
                    Editar
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm btn-square text-error" aria-label={`Excluir intenção ${it.name}`} onClick={() => setRemoving(it)}>
                    <Icon name="trash" className="size-4" />
                  </button>
                </div>
                {draftFromIntent(it).actionType === "webhook" && <IntentTestButton agentId={agent.id} intentId={it.id} />}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Excluir intenção"
        description={`A intenção "${removing?.name ?? ""}" será removida deste agente.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ agentId: agent.id, id: removing.id })}
      />
    </section>
  );
}
