import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { useToast } from "../../../components/ui/toast";
import { api } from "../../../lib/http";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { isBusy } from "../components/training/training-format";

type Outputs = inferRouterOutputs<AppRouter>;
export type TrainingSource = Outputs["training"]["list"][number];
export type CacheStats = Outputs["training"]["cacheStats"];

/** Jobs run in the background: the list is re-read every second while any source is still training. */
export const TRAINING_POLL_MS = 1000;

export function useTrainingSources(agentId: string) {
  return useQuery(
    trpc.training.list.queryOptions(
      { agentId },
      { refetchInterval: (q) => (q.state.data?.some(isBusy) ? TRAINING_POLL_MS : false), refetchIntervalInBackground: false },
    ),
  );
}

export const useCacheStats = (agentId: string) => useQuery(trpc.training.cacheStats.queryOptions({ agentId }));

/** After any change: the list (which starts the polling) and the cache, which retraining empties. */
export function useRefreshTraining(agentId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.training.list.queryKey({ agentId }) }),
      qc.invalidateQueries({ queryKey: trpc.training.cacheStats.queryKey({ agentId }) }),
    ]);
}

/** Success toast + refresh; failures stay with the form that made the call (shown inline there). */
function useAfterSave(agentId: string) {
  const toast = useToast();
  const refresh = useRefreshTraining(agentId);
  return (title: string, description?: string) => {
    toast({ title, description });
    void refresh();
  };
}

export function useAddText(agentId: string) {
  const done = useAfterSave(agentId);
  return useMutation(trpc.training.addText.mutationOptions({ onSuccess: () => done("Texto adicionado", "O agente está aprendendo este conteúdo.") }));
}

export function useAddWebsite(agentId: string) {
  const done = useAfterSave(agentId);
  return useMutation(trpc.training.addWebsite.mutationOptions({ onSuccess: () => done("Site adicionado", "Estamos lendo as páginas do site.") }));
}

export function useAddVideo(agentId: string) {
  const done = useAfterSave(agentId);
  return useMutation(trpc.training.addVideo.mutationOptions({ onSuccess: () => done("Vídeo adicionado", "Estamos lendo a transcrição do vídeo.") }));
}

export const useDiscover = () => useMutation(trpc.training.discover.mutationOptions());

/** Multipart POST through lib/http (cookies, x-csrf-token); the server answers 400 in pt-BR for type or size. */
export function useUploadDocument(agentId: string) {
  const done = useAfterSave(agentId);
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file, file.name);
      return api.post<TrainingSource>(`/api/v1/agents/${encodeURIComponent(agentId)}/training/documents`, body);
    },
    onSuccess: () => done("Documento enviado", "Estamos extraindo o texto do arquivo."),
  });
}

export function useUpdateSource(agentId: string) {
  const done = useAfterSave(agentId);
  return useMutation(trpc.training.update.mutationOptions({ onSuccess: () => done("Alterações salvas", "O conteúdo será treinado novamente.") }));
}

/** Retrain and delete have no form of their own: their errors go to a toast. */
function useFailToast(title: string) {
  const toast = useToast();
  return (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
}

export function useRetrain(agentId: string) {
  const done = useAfterSave(agentId);
  const fail = useFailToast("Não foi possível treinar novamente");
  return useMutation(
    trpc.training.retrain.mutationOptions({
      onSuccess: (r, vars) =>
        vars.sourceId
          ? done("Treinamento reiniciado")
          : done("Treinamento reiniciado", `${r.queued} ${r.queued === 1 ? "conteúdo verificado" : "conteúdos verificados"}; só o que mudou será processado.`),
      onError: fail,
    }),
  );
}

export function useDeleteSource(agentId: string) {
  const done = useAfterSave(agentId);
  const fail = useFailToast("Não foi possível excluir");
  return useMutation(trpc.training.delete.mutationOptions({ onSuccess: () => done("Conteúdo excluído", "O agente não usa mais este conteúdo."), onError: fail }));
}
