import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

/** The learner's academy queries (issue 19); progress writes refresh the catalogue and the course. */
export const useCourses = () => useQuery(trpc.academy.courses.queryOptions(undefined, { staleTime: 15_000 }));
export const useCourse = (id: string) => useQuery(trpc.academy.course.queryOptions({ id }, { enabled: id !== "", retry: false }));
export const useLesson = (id: string) => useQuery(trpc.academy.lesson.queryOptions({ id }, { enabled: id !== "", retry: false }));

export function useLessonWrites() {
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.academy.pathKey() });
  return {
    // Background saves: a failed one is retried by the next tick, so it stays quiet.
    progress: useMutation(trpc.academy.progress.mutationOptions()),
    complete: useMutation(
      trpc.academy.complete.mutationOptions({
        onSuccess: async (r) => {
          toast(r.courseCompleted ? { title: "Curso concluído!", description: "Seu certificado está disponível na página do curso." } : { title: "Aula concluída" });
          await refresh();
        },
        onError: (e) => toast({ variant: "destructive", title: "Não foi possível concluir a aula", description: trpcErrorMessage(e, "Tente novamente.") }),
      }),
    ),
    refresh,
  };
}
