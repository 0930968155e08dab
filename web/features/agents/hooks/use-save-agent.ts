import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

/**
 * agents.update({ id, patch }) with only one section's fields. The answer replaces the cached agent,
 * so the section re-opens from what the server stored (trimmed, collapsed).
 */
export function useSaveAgent(agentId: string, sectionLabel: string) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation(
    trpc.agents.update.mutationOptions({
      onSuccess: (row) => {
        qc.setQueryData(trpc.agents.get.queryKey({ id: agentId }), row);
        void qc.invalidateQueries({ queryKey: trpc.agents.list.queryKey() });
        toast({ title: "Alterações salvas", description: `${sectionLabel} atualizado com sucesso.` });
      },
      onError: (e) =>
        toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Não foi possível salvar. Tente novamente.") }),
    }),
  );
}
