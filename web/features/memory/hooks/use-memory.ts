import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

/** A contact's facts (newest first) and the writes on them; every change reads the memory again. */
export function useContactMemories(contactId: string) {
  return useQuery(trpc.memory.list.queryOptions({ contactId }, { staleTime: 15_000 }));
}

export function useRefreshMemory() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.memory.pathKey() });
}

export function useMemoryWrites(onFieldError: (message: string) => void) {
  const toast = useToast();
  const refresh = useRefreshMemory();
  const done = (title: string) => async () => {
    toast({ title });
    await refresh();
  };
  const fail = (title: string) => (e: unknown) => {
    const message = trpcErrorMessage(e, "Tente novamente.");
    if (/fato|memória do cliente/i.test(message)) onFieldError(message);
    else toast({ variant: "destructive", title, description: message });
  };
  return {
    create: useMutation(trpc.memory.create.mutationOptions({ onSuccess: done("Memória adicionada"), onError: fail("Não foi possível adicionar") })),
    update: useMutation(trpc.memory.update.mutationOptions({ onSuccess: done("Memória salva"), onError: fail("Não foi possível salvar") })),
    remove: useMutation(trpc.memory.delete.mutationOptions({ onSuccess: done("Memória excluída"), onError: fail("Não foi possível excluir") })),
  };
}

/** Summaries of a contact or of one conversation, newest first, in pages. */
export function useSummaries(input: { contactId: string } | { conversationId: string }, limit = 5) {
  return useInfiniteQuery(trpc.memory.summaries.infiniteQueryOptions({ ...input, limit }, { getNextPageParam: (last) => last.nextCursor, staleTime: 15_000 }));
}

export function useSummarize() {
  const toast = useToast();
  const refresh = useRefreshMemory();
  return useMutation(
    trpc.memory.summarize.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: r.written ? "Resumo gerado" : "O resumo já cobre as últimas mensagens" });
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível gerar o resumo", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
}
