/**
 * Module quizzes (issue 19; SPEC §3/§9): the learner sees the questions without the right answers,
 * starts a numbered attempt (the unique (quiz, user, number) index holds the attempt limit under
 * races), and submits answers that are scored here — never by the client. A pass may complete the course.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { academyCourses, academyModules, academyQuizAttempts, academyQuizQuestions, academyQuizzes } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import {
  QUIZ_ERRORS,
  QUIZ_SUBMIT_GRACE_MS,
  type QuizStartResult,
  type QuizSubmitInput,
  type QuizSubmitResult,
  type QuizView,
} from "../../schemas/academy/quiz";
import type { AppDeps, DbOrTx } from "../context";
import { withTransaction } from "../context";
import { type Learner, canOpenCourse } from "./access";
import { settleCourseCompletion } from "./completion";
import { cleanAnswers, scoreAnswers } from "./quiz-scoring";

type Deps = Pick<AppDeps, "db" | "now">;
type Quiz = typeof academyQuizzes.$inferSelect;
type Attempt = typeof academyQuizAttempts.$inferSelect;

/** The quiz if the learner may open its course; otherwise "not found", so ids of closed courses leak nothing. */
async function openableQuiz(deps: Deps, learner: Learner, quizId: string): Promise<Quiz> {
  const quiz = await deps.db.select().from(academyQuizzes).where(eq(academyQuizzes.id, quizId)).get();
  if (!quiz || !(await canOpenCourse(deps, learner, quiz.courseId))) throw new AppError("NOT_FOUND", QUIZ_ERRORS.notFound);
  return quiz;
}

const deadlineOf = (quiz: Quiz, startedAt: number) => (quiz.timeLimitMinutes ? startedAt + quiz.timeLimitMinutes * 60_000 : null);
const expired = (quiz: Quiz, attempt: Attempt, now: number) => {
  const deadline = deadlineOf(quiz, attempt.startedAt);
  return deadline !== null && now > deadline + QUIZ_SUBMIT_GRACE_MS;
};

const attemptsOf = (db: DbOrTx, quizId: string, userId: string) =>
  db
    .select()
    .from(academyQuizAttempts)
    .where(and(eq(academyQuizAttempts.quizId, quizId), eq(academyQuizAttempts.userId, userId)))
    .orderBy(asc(academyQuizAttempts.attemptNumber));

const questionsOf = (db: AppDeps["db"], quizId: string) =>
  db.select().from(academyQuizQuestions).where(eq(academyQuizQuestions.quizId, quizId)).orderBy(asc(academyQuizQuestions.sortOrder));

/**
 * An attempt left open past its time counts as used: the read shows it closed, with no score. Such
 * an expired attempt stays unsubmitted next to the one started after it, so the open attempt is the
 * unsubmitted one still within its time, not merely the first unsubmitted (which would hide attempt
 * n+1 and let a reload burn attempt n+2).
 */
function openAttemptOf(quiz: Quiz, attempts: Attempt[], now: number) {
  const open = attempts.find((a) => a.submittedAt === null && !expired(quiz, a, now));
  if (!open) return null;
  return { id: open.id, attemptNumber: open.attemptNumber, startedAt: open.startedAt, deadline: deadlineOf(quiz, open.startedAt) };
}

export async function getQuiz(deps: Deps, learner: Learner, quizId: string): Promise<QuizView> {
  const quiz = await openableQuiz(deps, learner, quizId);
  const [questions, attempts, mod, course] = await Promise.all([
    questionsOf(deps.db, quiz.id),
    attemptsOf(deps.db, quiz.id, learner.id),
    deps.db.select({ title: academyModules.title }).from(academyModules).where(eq(academyModules.id, quiz.moduleId)).get(),
    deps.db.select({ title: academyCourses.title }).from(academyCourses).where(eq(academyCourses.id, quiz.courseId)).get(),
  ]);
  const passed = attempts.some((a) => a.passed);
  const attemptsLeft = Math.max(0, quiz.maxAttempts - attempts.length);
  const openAttempt = openAttemptOf(quiz, attempts, deps.now());
  // The right answers only once nothing can be retried: after a pass or the last attempt submitted.
  const reviewAvailable = passed || (attemptsLeft === 0 && openAttempt === null);
  const lastSubmitted = attempts.filter((a) => a.submittedAt !== null).at(-1);
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    courseId: quiz.courseId,
    courseTitle: course?.title ?? "",
    moduleTitle: mod?.title ?? "",
    passingScore: quiz.passingScore,
    maxAttempts: quiz.maxAttempts,
    timeLimitMinutes: quiz.timeLimitMinutes,
    questions: questions.map((q) => ({
      id: q.id,
      prompt: q.prompt,
      kind: q.kind,
      options: q.options,
      correctOptionIds: reviewAvailable ? q.correctOptionIds : null,
      explanation: reviewAvailable ? q.explanation : null,
    })),
    attempts: attempts.map((a) => ({
      id: a.id,
      attemptNumber: a.attemptNumber,
      score: a.score,
      passed: a.passed,
      startedAt: a.startedAt,
      submittedAt: a.submittedAt,
    })),
    openAttempt,
    passed,
    attemptsLeft,
    reviewAvailable,
    lastAnswers: reviewAvailable && lastSubmitted ? lastSubmitted.answers : null,
  };
}

const isUniqueViolation = (e: unknown) => /UNIQUE constraint failed/i.test(String((e as { cause?: unknown })?.cause ?? e));

/**
 * Opens attempt n+1, or hands back the attempt still open (a reload must not burn an attempt).
 * Two concurrent starts race on the unique attempt number: the loser is refused, never a 4th attempt.
 */
export async function startQuiz(deps: Deps, learner: Learner, quizId: string): Promise<QuizStartResult> {
  const quiz = await openableQuiz(deps, learner, quizId);
  if ((await questionsOf(deps.db, quiz.id)).length === 0) throw new AppError("PRECONDITION_FAILED", QUIZ_ERRORS.empty);
  try {
    return await withTransaction(deps.db, async (tx) => {
      const now = deps.now();
      const attempts = await attemptsOf(tx, quiz.id, learner.id);
      if (attempts.some((a) => a.passed)) throw new AppError("CONFLICT", QUIZ_ERRORS.alreadyPassed);
      const open = openAttemptOf(quiz, attempts, now);
      if (open) return { attemptId: open.id, attemptNumber: open.attemptNumber, startedAt: open.startedAt, deadline: open.deadline };
      if (attempts.length >= quiz.maxAttempts) throw new AppError("LIMIT_EXCEEDED", QUIZ_ERRORS.noAttemptsLeft(quiz.maxAttempts));
      const attemptNumber = (attempts.at(-1)?.attemptNumber ?? 0) + 1;
      const [row] = await tx
        .insert(academyQuizAttempts)
        .values({ quizId: quiz.id, userId: learner.id, attemptNumber, startedAt: now })
        .returning({ id: academyQuizAttempts.id });
      if (!row) throw new AppError("CONFLICT", QUIZ_ERRORS.busy);
      return { attemptId: row.id, attemptNumber, startedAt: now, deadline: deadlineOf(quiz, now) };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("CONFLICT", QUIZ_ERRORS.busy);
    throw e;
  }
}

export async function submitQuiz(deps: Deps, learner: Learner, input: QuizSubmitInput): Promise<QuizSubmitResult> {
  const attempt = await deps.db
    .select()
    .from(academyQuizAttempts)
    .where(and(eq(academyQuizAttempts.id, input.attemptId), eq(academyQuizAttempts.userId, learner.id)))
    .get();
  if (!attempt) throw new AppError("NOT_FOUND", QUIZ_ERRORS.attemptNotFound);
  const quiz = await openableQuiz(deps, learner, attempt.quizId);
  if (attempt.submittedAt !== null) throw new AppError("CONFLICT", QUIZ_ERRORS.alreadySubmitted);

  const now = deps.now();
  const questions = await questionsOf(deps.db, quiz.id);
  const answers = cleanAnswers(questions, input.answers);
  const late = expired(quiz, attempt, now);
  const scored = scoreAnswers(questions, answers);
  const score = late ? 0 : scored.score;
  const passed = score >= quiz.passingScore;
  // Only the first submit lands: a double click or a second tab finds the attempt already closed.
  const updated = await deps.db
    .update(academyQuizAttempts)
    .set({ answers, score, passed, submittedAt: now })
    .where(and(eq(academyQuizAttempts.id, attempt.id), isNull(academyQuizAttempts.submittedAt)))
    .returning({ id: academyQuizAttempts.id });
  if (updated.length === 0) throw new AppError("CONFLICT", QUIZ_ERRORS.alreadySubmitted);

  const used = (await attemptsOf(deps.db, quiz.id, learner.id)).length;
  const completion = passed ? await settleCourseCompletion(deps, learner.id, quiz.courseId) : { completed: false, certificateId: null };
  return {
    score,
    passed,
    correctCount: late ? 0 : scored.correctCount,
    questionCount: scored.questionCount,
    late,
    attemptsLeft: passed ? 0 : Math.max(0, quiz.maxAttempts - used),
    courseCompleted: completion.completed,
    certificateId: completion.certificateId,
  };
}
