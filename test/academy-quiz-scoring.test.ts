/** The quiz score (issue 19, H2), pure: exact sets only, rounding down, and answers cleaned to the quiz's own options. */
import { describe, expect, test } from "bun:test";
import { cleanAnswers, isExactlyRight, scoreAnswers } from "../src/services/academy/quiz-scoring";

const questions = [
  { id: "q1", correctOptionIds: ["a"], options: [{ id: "a" }, { id: "b" }] },
  { id: "q2", correctOptionIds: ["a", "c"], options: [{ id: "a" }, { id: "b" }, { id: "c" }] },
  { id: "q3", correctOptionIds: ["b"], options: [{ id: "a" }, { id: "b" }] },
];

describe("quiz scoring", () => {
  test("a multiple-choice question counts only with exactly the right set", () => {
    expect(isExactlyRight(["a", "c"], ["a", "c"])).toBe(true);
    expect(isExactlyRight(["c", "a"], ["a", "c"])).toBe(true);
    expect(isExactlyRight(["a"], ["a", "c"])).toBe(false);
    expect(isExactlyRight(["a", "b", "c"], ["a", "c"])).toBe(false);
    expect(isExactlyRight(undefined, ["a"])).toBe(false);
  });

  test("the score is the whole percent of exactly right questions", () => {
    expect(scoreAnswers(questions, { q1: ["a"], q2: ["a", "c"], q3: ["b"] })).toEqual({ correctCount: 3, questionCount: 3, score: 100 });
    expect(scoreAnswers(questions, { q1: ["a"], q2: ["a", "c"], q3: ["a"] })).toEqual({ correctCount: 2, questionCount: 3, score: 66 });
    expect(scoreAnswers(questions, {})).toEqual({ correctCount: 0, questionCount: 3, score: 0 });
    expect(scoreAnswers([], {})).toEqual({ correctCount: 0, questionCount: 0, score: 0 });
    // Rounded down, so 69.5% is not taken for the pass mark of 70.
    const many = Array.from({ length: 200 }, (_, i) => ({ id: `p${i}`, correctOptionIds: ["a"] }));
    const answers = Object.fromEntries(many.slice(0, 139).map((q) => [q.id, ["a"]]));
    expect(scoreAnswers(many, answers).score).toBe(69);
  });

  test("answers are kept only for this quiz's questions and options, without repeats", () => {
    expect(cleanAnswers(questions, { q1: ["a", "a", "z"], q9: ["a"], q3: [] })).toEqual({ q1: ["a"] });
  });
});
