import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

export type ContactCardData = inferRouterOutputs<AppRouter>["conversations"]["contact"];

/** The conversation's CRM contact and open deals (issue 14). */
export const useContactCard = (conversationId: string) => useQuery(trpc.conversations.contact.queryOptions({ conversationId }, { staleTime: 15_000 }));

function useRefreshCard() {
  const qc = useQueryClient();
  return (conversationId: string) => qc.invalidateQueries({ queryKey: trpc.conversations.contact.queryKey({ conversationId }) });
}

/** "Criar contato" from what the conversation knows. */
export function useCreateContact() {
  const refresh = useRefreshCard();
  const toast = useToast();
  return useMutation(
    trpc.conversations.createContact.mutationOptions({
      onSuccess: (_d, v) => {
        toast({ title: "Contato criado" });
        return refresh(v.conversationId);
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível criar o contato", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
}

/** "Criar negócio": the form shows the error itself, the card refreshes on success. */
export function useCreateDeal() {
  const refresh = useRefreshCard();
  return useMutation(trpc.conversations.createDeal.mutationOptions({ onSuccess: (_d, v) => refresh(v.conversationId) }));
}
