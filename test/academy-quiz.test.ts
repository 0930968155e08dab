/**
 * academyQuiz.* (issue 19, H2): the score is the server's, at most 3 attempts (also when starts race),
 * the right answers stay hidden until a pass or the last attempt, and the time limit holds.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { academyCourses, academyQuizAttempts } from "../db/schema";
import type { QuizStartResult, QuizSubmitResult, QuizView } from "../src/schemas/academy/quiz";
import { type TestApp, startTestApp } from "./helpers/app";
import { type StarterQuiz, answersWithWrong, rightAnswers, starterCourse } from "./helpers/academy-starter";
import { type Client, must } from "./helpers/client";
import { registerUser } from "./helpers/factories";

let app: TestApp;
let quiz: StarterQuiz;
let timedQuiz: StarterQuiz;

beforeAll(async () => {
  app = await startTestApp();
  const starter = await starterCourse(app);
  quiz = must(starter.quizzes[1], "module 2 quiz");
  timedQuiz = must(starter.quizzes[0], "module 1 quiz (10 minutes)");
}, 30_000);
afterAll(async () => {
  await app.stop();
}, 30_000);

const learner = async () => (await registerUser(app)).client;

async function get(client: Client, quizId: string) {
  const r = await client.query<QuizView>("academyQuiz.get", { quizId });
  if (!r.ok) throw new Error(r.error?.message);
  return r.data;
}
async function start(client: Client, quizId: string) {
  const r = await client.mutate<QuizStartResult>("academyQuiz.start", { quizId });
  if (!r.ok) throw new Error(r.error?.message);
  return r.data;
}
async function submit(client: Client, attemptId: string, answers: Record<string, string[]>, extra: Record<string, unknown> = {}) {
  const r = await client.mutate<QuizSubmitResult>("academyQuiz.submit", { attemptId, answers, ...extra });
  if (!r.ok) throw new Error(r.error?.message);
  return r.data;
}

describe("scoring", () => {
  test("is done on the server: a client's own score and pass are ignored", async () => {
    const c = await learner();
    const { attemptId } = await start(c, quiz.id);
    const result = await submit(c, attemptId, answersWithWrong(quiz, quiz.questions.length), { score: 100, passed: true });
    expect(result.score).toBe(0);
    expect(result.passed).toBe(false);
    expect(result.attemptsLeft).toBe(2);
  });

  test("a question counts only when exactly right; 70% passes", async () => {
    const c = await learner();
    const multiple = must(quiz.questions.find((q) => q.kind === "multiple"), "a multiple-choice question");
    // One right option of a multiple-choice question is not the question right.
    const partial = { ...rightAnswers(quiz), [multiple.id]: multiple.correct.slice(0, 1) };
    const first = await submit(c, (await start(c, quiz.id)).attemptId, partial);
    const n = quiz.questions.length;
    expect(first.correctCount).toBe(n - 1);
    expect(first.score).toBe(Math.round(((n - 1) * 100) / n));
    expect(first.passed).toBe(first.score >= 70);

    const c2 = await learner();
    const wrongTwo = await submit(c2, (await start(c2, quiz.id)).attemptId, answersWithWrong(quiz, 2));
    expect(wrongTwo.score).toBe(Math.round(((n - 2) * 100) / n));
    expect(wrongTwo.passed).toBe(false);
  });

  test("an attempt is submitted once", async () => {
    const c = await learner();
    const { attemptId } = await start(c, quiz.id);
    await submit(c, attemptId, answersWithWrong(quiz, 4));
    const again = await c.mutate("academyQuiz.submit", { attemptId, answers: rightAnswers(quiz) });
    expect(again.error?.message).toBe("Esta tentativa já foi enviada.");
  });

  test("another user's attempt is not found", async () => {
    const owner = await learner();
    const { attemptId } = await start(owner, quiz.id);
    const stranger = await learner();
    const r = await stranger.mutate("academyQuiz.submit", { attemptId, answers: rightAnswers(quiz) });
    expect(r.status).toBe(404);
    expect((await get(owner, quiz.id)).openAttempt?.id).toBe(attemptId);
  });
});

describe("attempt limit and review", () => {
  test("answers stay hidden until the last attempt; a 4th attempt is refused", async () => {
    const c = await learner();
    for (let i = 1; i <= 3; i++) {
      const view = await get(c, quiz.id);
      expect(view.reviewAvailable).toBe(false);
      expect(view.questions.every((q) => q.correctOptionIds === null && q.explanation === null)).toBe(true);
      expect(view.attemptsLeft).toBe(4 - i);
      const { attemptId, attemptNumber } = await start(c, quiz.id);
      expect(attemptNumber).toBe(i);
      await submit(c, attemptId, answersWithWrong(quiz, 3));
    }
    const fourth = await c.mutate("academyQuiz.start", { quizId: quiz.id });
    expect(fourth.ok).toBe(false);
    expect(fourth.error?.message).toBe("Você já usou as 3 tentativas deste questionário.");
    const after = await get(c, quiz.id);
    expect(after.reviewAvailable).toBe(true);
    expect(after.attemptsLeft).toBe(0);
    expect(after.questions.map((q) => q.correctOptionIds)).toEqual(quiz.questions.map((q) => q.correct));
    expect(after.questions.every((q) => (q.explanation ?? "").length > 0)).toBe(true);
  });

  test("a pass shows the answers and closes the quiz", async () => {
    const c = await learner();
    const result = await submit(c, (await start(c, quiz.id)).attemptId, rightAnswers(quiz));
    expect(result).toMatchObject({ score: 100, passed: true, attemptsLeft: 0 });
    const view = await get(c, quiz.id);
    expect(view.passed).toBe(true);
    expect(view.reviewAvailable).toBe(true);
    const again = await c.mutate("academyQuiz.start", { quizId: quiz.id });
    expect(again.error?.message).toBe("Você já foi aprovado neste questionário.");
  });

  test("reopening the page resumes the open attempt instead of spending another", async () => {
    const c = await learner();
    const first = await start(c, quiz.id);
    const second = await start(c, quiz.id);
    expect(second.attemptId).toBe(first.attemptId);
    expect((await get(c, quiz.id)).attemptsLeft).toBe(2);
  });

  test("concurrent starts never open more than 3 attempts", async () => {
    const { client: c, user } = await registerUser(app);
    // Two attempts used, then many tabs start at once: at most one more attempt may exist.
    for (let i = 0; i < 2; i++) await submit(c, (await start(c, quiz.id)).attemptId, answersWithWrong(quiz, 4));
    const results = await Promise.all(Array.from({ length: 8 }, () => c.mutate<QuizStartResult>("academyQuiz.start", { quizId: quiz.id })));
    expect(results.every((r) => r.status < 500)).toBe(true);
    const opened = new Set(results.filter((r) => r.ok).map((r) => r.data.attemptId));
    expect(opened.size).toBe(1);
    const rows = await app.deps.db
      .select()
      .from(academyQuizAttempts)
      .where(and(eq(academyQuizAttempts.quizId, quiz.id), eq(academyQuizAttempts.userId, user.id)));
    expect(rows).toHaveLength(3);
    const view = await get(c, quiz.id);
    expect(view.attempts).toHaveLength(3);
    expect(view.attempts.map((a) => a.attemptNumber)).toEqual([1, 2, 3]);
  });
});

describe("time limit", () => {
  test("a submit after the deadline scores 0 and spends the attempt", async () => {
    const c = await learner();
    const { attemptId, deadline, startedAt } = await start(c, timedQuiz.id);
    expect(deadline).toBe(startedAt + 10 * 60_000);
    // The attempt began 20 minutes ago (moved in the database; no waiting on the clock).
    await app.deps.db.update(academyQuizAttempts).set({ startedAt: startedAt - 20 * 60_000 }).where(eq(academyQuizAttempts.id, attemptId));
    const result = await submit(c, attemptId, rightAnswers(timedQuiz));
    expect(result).toMatchObject({ score: 0, passed: false, late: true, attemptsLeft: 2 });
  });

  test("an attempt left to expire unsubmitted does not hide the next one: a reload resumes it", async () => {
    const c = await learner();
    const first = await start(c, timedQuiz.id);
    // The tab was closed and the time ran out: the first attempt stays unsubmitted, past its deadline.
    await app.deps.db.update(academyQuizAttempts).set({ startedAt: first.startedAt - 20 * 60_000 }).where(eq(academyQuizAttempts.id, first.attemptId));
    const second = await start(c, timedQuiz.id);
    expect(second.attemptNumber).toBe(2);
    expect((await get(c, timedQuiz.id)).openAttempt?.id).toBe(second.attemptId);
    // Reopening the page must hand back attempt 2, not spend attempt 3.
    const again = await start(c, timedQuiz.id);
    expect(again.attemptId).toBe(second.attemptId);
    expect((await get(c, timedQuiz.id)).attemptsLeft).toBe(1);
  });
});

describe("access", () => {
  test("a quiz of a course the user cannot open is not found", async () => {
    const c = await learner();
    const starter = await starterCourse(app);
    await app.deps.db.update(academyCourses).set({ isPublished: false }).where(eq(academyCourses.id, starter.course.id));
    try {
      const r = await c.query("academyQuiz.get", { quizId: quiz.id });
      expect(r.status).toBe(404);
      const s = await c.mutate("academyQuiz.start", { quizId: quiz.id });
      expect(s.status).toBe(404);
    } finally {
      await app.deps.db.update(academyCourses).set({ isPublished: true }).where(eq(academyCourses.id, starter.course.id));
    }
  });
});

describe("malformed input", () => {
  test("is refused as a validation error, never a server error", async () => {
    const c = await learner();
    const inputs: [string, "query" | "mutate", unknown][] = [
      ["academyQuiz.get", "query", { quizId: "nao-e-um-id" }],
      ["academyQuiz.start", "mutate", {}],
      ["academyQuiz.submit", "mutate", { attemptId: quiz.id, answers: "todas" }],
      ["academyQuiz.submit", "mutate", { attemptId: quiz.id, answers: { x: [1, 2] } }],
      ["certificates.verify", "query", { code: "X".repeat(500) }],
      ["certificates.verify", "query", { code: 42 }],
    ];
    for (const [path, kind, input] of inputs) {
      const r = kind === "query" ? await c.query(path, input) : await c.mutate(path, input);
      expect({ path, status: r.status }).toEqual({ path, status: 400 });
    }
  });
});
