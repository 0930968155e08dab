import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import type { ListHandoffsInput } from "../../../../src/schemas/handoffs";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>["handoffs"];
export type HandoffItem = Outputs["list"]["items"][number];
export type HandoffSettingsData = Outputs["settings"]["get"];

/** The live stream re-reads these (useRefreshInbox); the interval is the fallback when it is down. */
const POLL_MS = 30_000;

export const useHandoffList = (input: ListHandoffsInput) =>
  useQuery(trpc.handoffs.list.queryOptions(input, { refetchInterval: POLL_MS, refetchIntervalInBackground: false, placeholderData: (prev) => prev }));

/** Customers waiting for a person: the inbox badge. */
export const usePendingHandoffCount = (enabled = true) =>
  useQuery(trpc.handoffs.pendingCount.queryOptions(undefined, { enabled, staleTime: 10_000, refetchInterval: POLL_MS, refetchIntervalInBackground: false }));

/** Every handoff of a conversation (its timeline) and the pending one, if any. */
export const useConversationHandoffs = (conversationId: string | null) =>
  useQuery(trpc.handoffs.forConversation.queryOptions({ conversationId: conversationId ?? "" }, { enabled: Boolean(conversationId), staleTime: 10_000 }));

export const useHandoffSettings = () => useQuery(trpc.handoffs.settings.get.queryOptions());

/** After any change: the handoff lists, counts and timelines, and the inbox that shows the conversation. */
export function useRefreshHandoffs() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.handoffs.pathKey() }),
      qc.invalidateQueries({ queryKey: trpc.conversations.pathKey() }),
    ]);
}

function useVerb<K extends "accept" | "complete" | "cancel">(name: K, success: string) {
  const refresh = useRefreshHandoffs();
  const toast = useToast();
  return useMutation(
    trpc.handoffs[name].mutationOptions({
      onSuccess: () => {
        toast({ title: success });
        return refresh();
      },
      onError: (e) => {
        toast({ variant: "destructive", title: "Não foi possível atualizar a transferência", description: trpcErrorMessage(e, "Tente novamente.") });
        return refresh();
      },
    }),
  );
}

export const useAcceptHandoff = () => useVerb("accept", "Atendimento aceito: a conversa é sua");
export const useCompleteHandoff = () => useVerb("complete", "Atendimento concluído: a IA volta a responder");
export const useCancelHandoff = () => useVerb("cancel", "Transferência cancelada");

export function useUpdateHandoffSettings() {
  const qc = useQueryClient();
  return useMutation(
    trpc.handoffs.settings.update.mutationOptions({
      onSuccess: (data) => qc.setQueryData(trpc.handoffs.settings.get.queryKey(), data),
    }),
  );
}

/** Whether the caller may accept handoffs (a viewer only reads) and change the settings. */
export function useHandoffPermissions() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  const s = scope.data;
  return { canAnswer: s ? s.role !== "viewer" : false, canManage: s ? s.role === "owner" || s.permissions.canManageSettings : false };
}
