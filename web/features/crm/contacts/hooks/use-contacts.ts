import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../routers/_app";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>["contacts"];
type Inputs = inferRouterInputs<AppRouter>["contacts"];
export type ContactListInput = Omit<NonNullable<Inputs["list"]>, "cursor">;
export type ContactItem = Outputs["list"]["items"][number];
export type ContactDetail = Outputs["get"];
export type TimelineItem = Outputs["timeline"][number];
export type ContactList = Outputs["lists"]["list"][number];
export type BulkAction = Inputs["bulk"]["action"];

/** The contacts list, keyset pages of 50 ("Carregar mais"). */
export const useContactsList = (input: ContactListInput) =>
  useInfiniteQuery(trpc.contacts.list.infiniteQueryOptions({ ...input, limit: 50 }, { getNextPageParam: (last) => last.nextCursor, staleTime: 15_000 }));

export const useContactLists = () => useQuery(trpc.contacts.lists.list.queryOptions(undefined, { staleTime: 30_000 }));

/** Whether the caller may change contacts (a viewer only reads) and erase them (owner only). */
export function useCrmPermissions() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  const role = scope.data?.role;
  return { canWrite: Boolean(role && role !== "viewer"), canErase: role === "owner" };
}

/** Every screen showing contacts (list, page, lists, timeline) reads again after a change. */
export function useRefreshContacts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
}

export function useBulkContacts() {
  const toast = useToast();
  const refresh = useRefreshContacts();
  return useMutation(
    trpc.contacts.bulk.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: r.affected === 1 ? "1 contato atualizado" : `${r.affected} contatos atualizados` });
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Ação em massa não concluída", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
}
