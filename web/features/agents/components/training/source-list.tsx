import { useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { type TrainingSource, useDeleteSource, useRetrain, useTrainingSources } from "../../hooks/use-training";
import { SourceEditDialog } from "./source-edit-dialog";
import { SourceItem, sourceLabel } from "./source-item";
import { isBusy } from "./training-format";

/** The agent's sources, refreshed every second while any of them is training. */
export function SourceList({ agentId, canEdit }: { agentId: string; canEdit: boolean }) {
  const sources = useTrainingSources(agentId);
  const retrain = useRetrain(agentId);
  const remove = useDeleteSource(agentId);
  const [editing, setEditing] = useState<TrainingSource | null>(null);
  const [removing, setRemoving] = useState<TrainingSource | null>(null);
  const list = sources.data ?? [];
  const busy = list.filter(isBusy).length;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 className="font-semibold">Conteúdos do agente</h3>
          <p className="text-base-content/60 text-xs" aria-live="polite">
            {list.length === 0
              ? "Nada treinado ainda."
              : `${list.length} ${list.length === 1 ? "conteúdo" : "conteúdos"}${busy ? ` · ${busy} em treinamento` : ""}`}
          </p>
        </div>
        {canEdit && list.length > 0 && (
          <div className="flex flex-col items-end gap-1">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={retrain.isPending || busy > 0}
              onClick={() => retrain.mutate({ agentId })}
            >
              {retrain.isPending && !retrain.variables?.sourceId ? <ButtonSpinner /> : <Icon name="refresh" className="size-4" />}
              Treinar tudo novamente
            </button>
            <span className="text-base-content/50 text-xs">Só os conteúdos que mudaram são processados de novo.</span>
          </div>
        )}
      </div>

      {sources.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : sources.isError ? (
        <p role="alert" className="text-error text-sm">
          {trpcErrorMessage(sources.error, "Não foi possível carregar os conteúdos.")}
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/60 text-sm">
          Adicione um texto, site, documento ou vídeo acima. O agente passa a responder com base neles assim que o treinamento ficar pronto.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Conteúdos treinados">
          {list.map((s) => (
            <SourceItem
              key={s.id}
              source={s}
              canEdit={canEdit}
              retraining={retrain.isPending && retrain.variables?.sourceId === s.id}
              onEdit={() => setEditing(s)}
              onRetrain={() => retrain.mutate({ agentId, sourceId: s.id })}
              onDelete={() => setRemoving(s)}
            />
          ))}
        </ul>
      )}

      <SourceEditDialog agentId={agentId} source={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Excluir conteúdo"
        description={`"${removing ? sourceLabel(removing) : ""}" será removido e o agente deixará de usar o que aprendeu com ele.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ agentId, sourceId: removing.id }, { onSuccess: () => setRemoving(null) })}
      />
    </div>
  );
}
