import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Dialog } from "../../../../components/ui/dialog";
import { TextInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { useDebounced } from "../../../../lib/use-debounced";

type Source = { id: string; title: string };

/**
 * Folds a duplicate into another suggestion: the admin finds the target by search, picks it, and
 * confirms (the source closes for good and its votes move over). Keyed by the source in the page,
 * so each opening starts blank.
 */
export function MergeDialog({ source, onClose }: { source: Source | null; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [targetId, setTargetId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const q = useDebounced(search.trim().slice(0, 200));
  const candidates = useQuery({
    ...trpc.adminSuggestions.list.queryOptions({ page: 1, pageSize: 10, sort: "votes", ...(q ? { q } : {}) }),
    enabled: source !== null,
  });
  const options = (candidates.data?.items ?? []).filter((s) => s.id !== source?.id && s.status !== "mesclada");
  const target = options.find((s) => s.id === targetId) ?? null;
  const merge = useMutation(
    trpc.adminSuggestions.merge.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Sugestões mescladas", description: "Os votos foram levados para a sugestão de destino." });
        onClose();
        await qc.invalidateQueries({ queryKey: trpc.adminSuggestions.list.queryKey() });
      },
      onError: (e) => {
        setConfirming(false);
        toast({ variant: "destructive", title: "Não foi possível mesclar", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  return (
    <>
      <Dialog
        open={source !== null && !confirming}
        onClose={onClose}
        title="Mesclar sugestão"
        description={source ? `Escolha a sugestão que fica no lugar de "${source.title}".` : undefined}
        size="lg"
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancelar
            </button>
            <button type="button" className="btn btn-primary" disabled={!target} onClick={() => setConfirming(true)}>
              Mesclar
            </button>
          </>
        }
      >
        <TextInput label="Buscar sugestão de destino" value={search} onChange={setSearch} placeholder="Título ou descrição" />
        <fieldset className="mt-3 flex max-h-72 flex-col gap-1 overflow-y-auto">
          <legend className="sr-only">Sugestão de destino</legend>
          {candidates.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : options.length === 0 ? (
            <p className="text-base-content/70 text-sm">Nenhuma outra sugestão encontrada.</p>
          ) : (
            options.map((s) => (
              <label key={s.id} className="flex cursor-pointer items-center gap-3 rounded-box p-2 hover:bg-base-200">
                <input type="radio" className="radio radio-sm" name="merge-target" checked={targetId === s.id} onChange={() => setTargetId(s.id)} />
                <span className="flex-1 text-sm">{s.title}</span>
                <span className="text-base-content/70 text-xs">{s.score} pts</span>
              </label>
            ))
          )}
        </fieldset>
      </Dialog>
      <ConfirmDialog
        open={confirming && source !== null && target !== null}
        title="Mesclar sugestões?"
        description={`"${source?.title ?? ""}" será marcada como mesclada em "${target?.title ?? ""}" e seus votos serão transferidos. Isso não pode ser desfeito.`}
        confirmLabel="Mesclar"
        pending={merge.isPending}
        onConfirm={() => source && target && merge.mutate({ sourceId: source.id, targetId: target.id })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
