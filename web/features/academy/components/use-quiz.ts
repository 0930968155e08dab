import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useToast } from "../../../components/ui/toast";
import { session } from "../../../lib/storage";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

/** A module quiz (issue 19): the read, and start/submit that refresh it and the academy pages. */
export const useQuiz = (quizId: string) => useQuery(trpc.academyQuiz.get.queryOptions({ quizId }, { enabled: quizId !== "", retry: false }));

export function useQuizWrites() {
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: trpc.academyQuiz.pathKey() });
    // A pass may complete the course: its page and the catalogue show the certificate.
    await qc.invalidateQueries({ queryKey: trpc.academy.pathKey() });
  };
  const onError = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  return {
    start: useMutation(trpc.academyQuiz.start.mutationOptions({ onSuccess: refresh, onError: onError("Não foi possível iniciar a tentativa") })),
    submit: useMutation(trpc.academyQuiz.submit.mutationOptions({ onSuccess: refresh, onError: onError("Não foi possível enviar as respostas") })),
  };
}

type Answers = Record<string, string[]>;
const draftKey = (attemptId: string) => `atenda:quiz-draft:${attemptId}`;

function readDraft(attemptId: string | null): Answers {
  if (!attemptId) return {};
  try {
    const parsed: unknown = JSON.parse(session.get(draftKey(attemptId)) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Answers) : {};
  } catch {
    return {};
  }
}

/**
 * The marked answers of the open attempt, kept in sessionStorage: a reload mid-attempt (the timer
 * keeps running on the server) does not lose what was already marked.
 */
export function useDraftAnswers(attemptId: string | null) {
  const [state, setState] = useState<{ attemptId: string | null; answers: Answers }>(() => ({ attemptId, answers: readDraft(attemptId) }));
  // Another attempt (a retry, or the data arriving): its own draft.
  const answers = state.attemptId === attemptId ? state.answers : readDraft(attemptId);
  useEffect(() => {
    if (state.attemptId !== attemptId) setState({ attemptId, answers: readDraft(attemptId) });
  }, [attemptId, state.attemptId]);
  const setAnswer = useCallback(
    (questionId: string, optionIds: string[]) =>
      setState((s) => {
        const next = { ...(s.attemptId === attemptId ? s.answers : readDraft(attemptId)), [questionId]: optionIds };
        if (attemptId) session.set(draftKey(attemptId), JSON.stringify(next));
        return { attemptId, answers: next };
      }),
    [attemptId],
  );
  const clear = useCallback(() => {
    if (attemptId) session.remove(draftKey(attemptId));
    setState({ attemptId, answers: {} });
  }, [attemptId]);
  return { answers, setAnswer, clear };
}
