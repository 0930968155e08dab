import { useCallback, useState } from "react";
import { Link, useParams } from "wouter";
import { QUIZ_ERRORS, type QuizSubmitResult, type QuizView } from "../../../../src/schemas/academy/quiz";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { QuizQuestion } from "../components/quiz-question";
import { QuizResult } from "../components/quiz-result";
import { QuizReview } from "../components/quiz-review";
import { QuizTimer } from "../components/quiz-timer";
import { useDraftAnswers, useQuiz, useQuizWrites } from "../components/use-quiz";
import { AcademyPageSkeleton, AcademyUnavailable } from "../components/page-states";

function AttemptHistory({ quiz }: { quiz: QuizView }) {
  // Every attempt but the one being answered: one left open past its time counts, as "Tempo esgotado".
  const done = quiz.attempts.filter((a) => a.id !== quiz.openAttempt?.id);
  if (done.length === 0) return null;
  return (
    <section aria-labelledby="attempts" className="flex flex-col gap-2">
      <h2 id="attempts" className="font-semibold text-lg">
        Suas tentativas
      </h2>
      <table className="table-sm table">
        <thead>
          <tr>
            <th scope="col">Tentativa</th>
            <th scope="col">Nota</th>
            <th scope="col">Resultado</th>
            <th scope="col">Enviada em</th>
          </tr>
        </thead>
        <tbody>
          {done.map((a) => (
            <tr key={a.id}>
              <td>{a.attemptNumber}</td>
              <td>{a.score ?? 0}%</td>
              <td>{a.submittedAt === null ? "Tempo esgotado" : a.passed ? "Aprovado" : "Reprovado"}</td>
              <td>{a.submittedAt === null ? "—" : formatDateTime(a.submittedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** /academy/quizzes/{quizId}: start an attempt, answer (with a timer when limited), one submit, the result and the review when allowed. */
export default function QuizPage() {
  const { quizId = "" } = useParams<{ quizId: string }>();
  const quiz = useQuiz(quizId);
  const { start, submit } = useQuizWrites();
  const [result, setResult] = useState<QuizSubmitResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const attemptId = quiz.data?.openAttempt?.id ?? null;
  const { answers, setAnswer, clear } = useDraftAnswers(attemptId);

  const send = useCallback(() => {
    if (!attemptId || submit.isPending) return;
    setConfirming(false);
    submit.mutate(
      { attemptId, answers },
      {
        onSuccess: (r) => {
          setResult(r);
          clear();
          window.scrollTo({ top: 0 });
        },
      },
    );
  }, [attemptId, answers, submit, clear]);

  const begin = () => {
    setResult(null);
    start.mutate({ quizId });
  };

  if (quiz.isPending) return <AcademyPageSkeleton body="h-48 w-full" width="max-w-3xl" />;
  if (quiz.isError) return <AcademyUnavailable title="Questionário indisponível" error={quiz.error} fallback="Não foi possível carregar o questionário." />;

  const q = quiz.data;
  const used = q.attempts.length;
  const unanswered = q.questions.filter((x) => (answers[x.id] ?? []).length === 0).length;
  const canStart = !q.passed && q.attemptsLeft > 0 && !q.openAttempt && q.questions.length > 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4 md:p-6">
      <nav aria-label="Navegação">
        <Link href={`/academy/courses/${q.courseId}`} className="link link-hover text-sm">
          ← {q.courseTitle}
        </Link>
      </nav>
      <header className="flex flex-col gap-2">
        <p className="text-base-content/70 text-sm">{q.moduleTitle}</p>
        <h1 className="font-semibold text-2xl">{q.title}</h1>
        {q.description && <p className="text-base-content/80">{q.description}</p>}
        <p className="text-base-content/70 text-sm">
          {q.questions.length} questões · Nota mínima: {q.passingScore}% · Tentativas usadas: {used} de {q.maxAttempts}
          {q.timeLimitMinutes ? ` · Tempo: ${q.timeLimitMinutes} minutos` : " · Sem limite de tempo"}
        </p>
        {q.passed && !result && <p className="font-medium">Você já foi aprovado neste questionário.</p>}
        {q.questions.length === 0 && <p className="font-medium">{QUIZ_ERRORS.empty}</p>}
      </header>

      {result && <QuizResult result={result} passingScore={q.passingScore} courseId={q.courseId} onRetry={canStart ? begin : null} />}

      {q.openAttempt ? (
        <form
          aria-label="Responder questionário"
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (unanswered > 0) setConfirming(true);
            else send();
          }}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">Tentativa {q.openAttempt.attemptNumber} de {q.maxAttempts}</p>
            {q.openAttempt.deadline !== null && <QuizTimer deadline={q.openAttempt.deadline} onExpire={send} />}
          </div>
          {q.questions.map((question, i) => (
            <QuizQuestion
              key={question.id}
              question={question}
              index={i}
              chosen={answers[question.id] ?? []}
              disabled={submit.isPending}
              onChange={(ids) => setAnswer(question.id, ids)}
            />
          ))}
          <button type="submit" className="btn btn-primary self-start" disabled={submit.isPending}>
            {submit.isPending && <ButtonSpinner />}
            Enviar respostas
          </button>
        </form>
      ) : (
        !result &&
        canStart && (
          <div className="flex flex-col items-start gap-2">
            <p className="text-sm">
              Você tem {q.attemptsLeft} {q.attemptsLeft === 1 ? "tentativa restante" : "tentativas restantes"}. Acerte pelo menos {q.passingScore}% para passar.
            </p>
            <button type="button" className="btn btn-primary" onClick={begin} disabled={start.isPending}>
              {start.isPending && <ButtonSpinner />}
              {used === 0 ? "Iniciar questionário" : "Nova tentativa"}
            </button>
          </div>
        )
      )}

      {!q.openAttempt && !q.passed && q.attemptsLeft === 0 && !result && <p className="font-medium">Você já usou as {q.maxAttempts} tentativas deste questionário.</p>}
      {q.reviewAvailable && !q.openAttempt && <QuizReview questions={q.questions} answers={q.lastAnswers} />}
      <AttemptHistory quiz={q} />

      <ConfirmDialog
        open={confirming}
        title="Enviar com questões em branco?"
        description={`${unanswered} ${unanswered === 1 ? "questão está" : "questões estão"} sem resposta e ${unanswered === 1 ? "contará" : "contarão"} como erro. O envio usa esta tentativa.`}
        confirmLabel="Enviar assim mesmo"
        tone="primary"
        pending={submit.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
