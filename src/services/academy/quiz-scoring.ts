/** Scoring of a quiz attempt (issue 19), pure: the server's only source of a score. */

export type ScoredQuestion = { id: string; correctOptionIds: string[] };
export type Score = { correctCount: number; questionCount: number; score: number };

/** A question counts only when the chosen set is exactly the right set: no partial credit on multiple choice. */
export function isExactlyRight(chosen: readonly string[] | undefined, correct: readonly string[]): boolean {
  const picked = new Set(chosen ?? []);
  if (picked.size !== correct.length) return false;
  return correct.every((id) => picked.has(id));
}

/**
 * Whole percent, rounded down: the pass mark is whole, so floor(score) ≥ 70 exactly when the true score
 * is (69.5% never passes as "70"). A quiz without questions scores 0 (nothing to pass on).
 */
export function scoreAnswers(questions: readonly ScoredQuestion[], answers: Record<string, readonly string[]>): Score {
  const correctCount = questions.filter((q) => isExactlyRight(answers[q.id], q.correctOptionIds)).length;
  const questionCount = questions.length;
  const score = questionCount === 0 ? 0 : Math.floor((correctCount * 100) / questionCount);
  return { correctCount, questionCount, score };
}

/** Keeps only answers to this quiz's questions and options, so stored answers hold no junk. */
export function cleanAnswers(
  questions: readonly { id: string; options: readonly { id: string }[] }[],
  answers: Record<string, readonly string[]>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const q of questions) {
    const valid = new Set(q.options.map((o) => o.id));
    const chosen = [...new Set(answers[q.id] ?? [])].filter((id) => valid.has(id));
    if (chosen.length > 0) out[q.id] = chosen;
  }
  return out;
}
