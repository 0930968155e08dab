import type { QuizQuestionView } from "../../../../src/schemas/academy/quiz";

/** The right answers beside the learner's last ones, with the explanations (after a pass or the last attempt). */
export function QuizReview({ questions, answers }: { questions: QuizQuestionView[]; answers: Record<string, string[]> | null }) {
  return (
    <section aria-labelledby="quiz-review" className="flex flex-col gap-3">
      <h2 id="quiz-review" className="font-semibold text-lg">
        Respostas corretas
      </h2>
      <ol className="flex flex-col gap-3">
        {questions.map((q, i) => {
          const correct = q.correctOptionIds ?? [];
          const mine = answers?.[q.id] ?? [];
          const right = mine.length === correct.length && correct.every((id) => mine.includes(id));
          return (
            <li key={q.id} className="rounded-box border border-base-300 p-4">
              <p className="font-medium">
                {i + 1}. {q.prompt}{" "}
                <span className={`badge badge-sm ${right ? "badge-success" : "badge-error"}`}>{right ? "Você acertou" : "Você errou"}</span>
              </p>
              <ul className="mt-2 flex flex-col gap-1 text-sm">
                {q.options.map((o) => {
                  const isCorrect = correct.includes(o.id);
                  return (
                    <li key={o.id} className={isCorrect ? "font-semibold" : "text-base-content/80"}>
                      {isCorrect ? "✓ " : "· "}
                      {o.text}
                      {mine.includes(o.id) && <span className="ml-2 text-base-content/60 text-xs">(sua resposta)</span>}
                      {isCorrect && <span className="ml-2 text-xs">(correta)</span>}
                    </li>
                  );
                })}
              </ul>
              {q.explanation && <p className="mt-2 text-base-content/70 text-sm">{q.explanation}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
