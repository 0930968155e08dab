import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import type { ConversationChannel } from "../../../../src/schemas/conversations";
import { useToast } from "../../../components/ui/toast";
import { queryClient } from "../../../lib/query-client";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { CONVERSATIONS_STALE_MS, MESSAGES_STALE_MS, installInboxCacheLimits } from "../cache-limits";

type Outputs = inferRouterOutputs<AppRouter>["conversations"];
/** What the list is filtered by (the server's contract is src/schemas/conversations.ts). */
export type ListFilters = {
  channel?: ConversationChannel;
  status?: "active" | "resolved";
  unread?: boolean;
  needsHuman?: boolean;
  mine?: boolean;
  search?: string;
};
export type ConversationItem = Outputs["list"]["items"][number];
export type ThreadPage = Outputs["thread"];
export type ConversationDetail = ThreadPage["conversation"];
export type ThreadMessage = ThreadPage["messages"][number];

installInboxCacheLimits(queryClient);

/** The inbox list, 30 a page, newest activity first. */
export const useConversationList = (filters: ListFilters) =>
  useInfiniteQuery(
    trpc.conversations.list.infiniteQueryOptions(filters, {
      getNextPageParam: (last) => last.nextCursor,
      staleTime: CONVERSATIONS_STALE_MS,
    }),
  );

/** Unread conversations and those waiting for a person: the sidebar badge polls it once a minute. */
export const useInboxCounts = (enabled = true) =>
  useQuery(trpc.conversations.counts.queryOptions(undefined, { enabled, staleTime: 30_000, refetchInterval: 60_000, refetchIntervalInBackground: false }));

/** A conversation with its newest 100 messages; older pages come with fetchNextPage. */
export const useThread = (id: string | null) =>
  useInfiniteQuery(
    trpc.conversations.thread.infiniteQueryOptions(
      { id: id ?? "" },
      { enabled: Boolean(id), getNextPageParam: (last) => last.olderCursor, staleTime: MESSAGES_STALE_MS },
    ),
  );

/** Oldest → newest across the loaded pages (page 0 is the newest). */
export const threadMessages = (pages: ThreadPage[] | undefined): ThreadMessage[] => (pages ? [...pages].reverse().flatMap((p) => p.messages) : []);

/** The members a conversation can be assigned to (read-only members cannot answer). */
export function useAssignableMembers() {
  const q = useQuery(trpc.workspaces.members.list.queryOptions(undefined, { staleTime: 60_000 }));
  return (q.data ?? []).filter((m) => m.role !== "viewer" || m.isOwner).map((m) => ({ id: m.userId, name: [m.firstName, m.lastName].filter(Boolean).join(" ") || m.email }));
}

/** Whether the caller may change conversations (a viewer only reads). */
export function useCanAnswer() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  return { canAnswer: scope.data ? scope.data.role !== "viewer" : false, loaded: Boolean(scope.data) };
}

/** Re-reads what shows a conversation: the lists, the counts, and that thread (or every thread). */
export function useRefreshInbox() {
  const qc = useQueryClient();
  return (conversationId?: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.conversations.list.pathKey() }),
      qc.invalidateQueries({ queryKey: trpc.conversations.counts.queryKey() }),
      qc.invalidateQueries({ queryKey: conversationId ? trpc.conversations.thread.infiniteQueryKey({ id: conversationId }) : trpc.conversations.thread.pathKey() }),
      // Handoffs (badge, banner, timeline, the "Transferências" tab) change with the conversation.
      qc.invalidateQueries({ queryKey: trpc.handoffs.pathKey() }),
    ]);
}

/** A state change from the thread's header; failures say why in a toast. */
function useAction<K extends "takeOver" | "handBack" | "resolve" | "reopen">(name: K, success: string) {
  const refresh = useRefreshInbox();
  const toast = useToast();
  return useMutation(
    trpc.conversations[name].mutationOptions({
      onSuccess: (_d, v) => {
        toast({ title: success });
        return refresh(v.id);
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível atualizar a conversa", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
}

export const useTakeOver = () => useAction("takeOver", "Você assumiu a conversa");
export const useHandBack = () => useAction("handBack", "Conversa devolvida para a IA");
export const useResolve = () => useAction("resolve", "Conversa resolvida");
export const useReopen = () => useAction("reopen", "Conversa reaberta");

export function useAssign() {
  const refresh = useRefreshInbox();
  const toast = useToast();
  return useMutation(
    trpc.conversations.assign.mutationOptions({
      onSuccess: (d, v) => {
        toast({ title: d.assignedTo ? `Atribuída a ${d.assignedTo.name}` : "Conversa sem responsável" });
        return refresh(v.id);
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível atribuir", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
}

export function useReply() {
  const refresh = useRefreshInbox();
  return useMutation(trpc.conversations.reply.mutationOptions({ onSuccess: (_d, v) => refresh(v.id) }));
}

/** Silent: opening a conversation clears its badge; a failure only leaves the badge. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation(
    trpc.conversations.markRead.mutationOptions({
      onSuccess: () =>
        Promise.all([qc.invalidateQueries({ queryKey: trpc.conversations.list.pathKey() }), qc.invalidateQueries({ queryKey: trpc.conversations.counts.queryKey() })]),
    }),
  );
}
