import { Link } from "wouter";
import { type QuizSubmitResult, certificatePdfUrl } from "../../../../src/schemas/academy/quiz";

type Props = { result: QuizSubmitResult; passingScore: number; courseId: string; onRetry: (() => void) | null };

/** What an attempt scored, whether it passed, what is left; the certificate when the course is done. */
export function QuizResult({ result, passingScore, courseId, onRetry }: Props) {
  return (
    <section aria-labelledby="quiz-result" className={`alert flex flex-col items-start gap-2 ${result.passed ? "alert-success" : "alert-warning"}`} role="status">
      <h2 id="quiz-result" className="font-semibold text-lg">
        {result.passed ? "Aprovado!" : "Não foi desta vez"}
      </h2>
      <p>
        Sua nota: <strong>{result.score}%</strong> ({result.correctCount} de {result.questionCount} questões certas). Nota mínima: {passingScore}%.
      </p>
      {result.late && <p>O tempo acabou antes do envio: a tentativa ficou com nota 0.</p>}
      {!result.passed && (
        <p>{result.attemptsLeft > 0 ? `Tentativas restantes: ${result.attemptsLeft}` : "Você usou todas as tentativas. Confira as respostas abaixo."}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {onRetry && (
          <button type="button" className="btn btn-sm btn-primary" onClick={onRetry}>
            Tentar novamente
          </button>
        )}
        <Link href={`/academy/courses/${courseId}`} className="btn btn-sm btn-ghost">
          Voltar ao curso
        </Link>
      </div>
      {result.courseCompleted && result.certificateId && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">Curso concluído! Seu certificado está pronto.</span>
          <a className="btn btn-sm btn-outline" href={certificatePdfUrl(result.certificateId)}>
            Baixar certificado
          </a>
        </div>
      )}
    </section>
  );
}
