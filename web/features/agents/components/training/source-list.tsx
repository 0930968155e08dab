import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { type TrainingSource, useDeleteSource, useRetrain, useTrainingSources } from "../../hooks/use-training";
import { SourceEditDialog } from "./source-edit-dialog";
import { SourceItem, sourceLabel } from "./source-item";
import { isBusy, STATUS_LABEL } from "./training-format";

/**
 * What a screen reader hears as training moves on (WCAG 4.1.3): each source whose status changed
 * since the last refresh, e.g. "Treinamento de "Horários": Pronto". The first load is not announced.
 */
function useTrainingAnnouncement(list: TrainingSource[] | undefined): string {
  const seen = useRef<Map<string, string> | null>(null);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (!list) return;
    const before = seen.current;
    seen.current = new Map(list.map((s) => [s.id, s.status]));
    if (!before) return;
    const changed = list.filter((s) => before.get(s.id) !== s.status);
    if (changed.length === 0) return;
    const label = (status: string) => STATUS_LABEL[status as keyof typeof STATUS_LABEL] ?? status;
    setMessage(changed.map((s) => `Treinamento de "${sourceLabel(s)}": ${label(s.status)}`).join(". "));
  }, [list]);
  return message;
}

/** The agent's sources, refreshed every second while any of them is training. */
export function SourceList({ agentId, canEdit }: { agentId: string; canEdit: boolean }) {
  const sources = useTrainingSources(agentId);
  const retrain = useRetrain(agentId);
  const remove = useDeleteSource(agentId);
  const [editing, setEditing] = useState<TrainingSource | null>(null);
  const [removing, setRemoving] = useState<TrainingSource | null>(null);
  const list = sources.data ?? [];
  const busy = list.filter(isBusy).length;
  const announcement = useTrainingAnnouncement(sources.data);

  return (
    <div className="flex flex-col gap-3">
      <p className="sr-only" role="status" aria-live="polite" data-testid="training-announcer">
        {announcement}
      </p>
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
