/** /academy/quizzes/{quizId} (issue 19, H2): placeholder until its helper builds it. */
export default function QuizPage() {
  return <h1 className="font-semibold text-2xl">Questionário</h1>;
}
