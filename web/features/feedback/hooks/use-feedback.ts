import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>["feedback"];
type Inputs = inferRouterInputs<AppRouter>["feedback"];
export type FeedbackItem = Outputs["list"]["items"][number];
export type FeedbackStats = Outputs["stats"];
export type FeedbackFilter = Omit<Inputs["list"], "cursor" | "limit" | "agentId">;

/** Keyset pages of 20, newest first ("Carregar mais"). */
export const useFeedbackList = (agentId: string, filter: FeedbackFilter) =>
  useInfiniteQuery(trpc.feedback.list.infiniteQueryOptions({ agentId, ...filter, limit: 20 }, { getNextPageParam: (last) => last.nextCursor, staleTime: 10_000 }));

export const useFeedbackStats = (agentId: string, period: 7 | 15 | 30) => useQuery(trpc.feedback.stats.queryOptions({ agentId, period }, { staleTime: 30_000 }));

/** After a change the list, the chart and the agent's training section read again. */
function useRefresh(agentId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.feedback.list.pathKey() }),
      qc.invalidateQueries({ queryKey: trpc.feedback.stats.pathKey() }),
      qc.invalidateQueries({ queryKey: trpc.training.list.queryKey({ agentId }) }),
    ]);
}

export function useResolveFeedback(agentId: string) {
  const toast = useToast();
  const refresh = useRefresh(agentId);
  return useMutation(
    trpc.feedback.resolve.mutationOptions({
      onSuccess: (r) => {
        toast({ title: r.resolved ? "Feedback marcado como resolvido" : "Feedback reaberto" });
        void refresh();
      },
      onError: (e) => toast({ title: "Não foi possível salvar", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" }),
    }),
  );
}

export function useFeedbackToTraining(agentId: string) {
  const toast = useToast();
  const refresh = useRefresh(agentId);
  return useMutation(
    trpc.feedback.toTraining.mutationOptions({
      onSuccess: () => {
        toast({ title: "Texto de treinamento criado", description: "O agente está aprendendo esta resposta." });
        void refresh();
      },
    }),
  );
}
