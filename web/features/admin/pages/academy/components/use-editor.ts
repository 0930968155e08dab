import { useQueryClient } from "@tanstack/react-query";
import { useToast } from "../../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../../lib/trpc";

/** What every editor mutation needs: refetch the course tree after a change, a toast on failure. */
export function useEditor(courseId: string) {
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.adminAcademy.courses.get.queryKey({ id: courseId }) });
  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const saved = (title: string) => async () => {
    toast({ title });
    await refresh();
  };
  return { refresh, fail, saved, toast };
}
