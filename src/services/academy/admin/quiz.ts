/**
 * A module's quiz and its questions as the admin writes them. Option ids are kept across edits:
 * attempts already submitted point at them, and the learner's review must still line up.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { academyQuizQuestions, academyQuizzes } from "../../../../db/schema";
import type { QuestionCreateInput, QuestionReorderInput, QuestionUpdateInput, QuizUpsertInput } from "../../../schemas/academy/admin";
import { AppError } from "../../../lib/errors";
import type { AppDeps } from "../../context";
import { reorderSiblings } from "./courses";
import { requireModule } from "./content";

const QUIZ_NOT_FOUND = "Questionário não encontrado.";
const QUESTION_NOT_FOUND = "Pergunta não encontrada.";

async function requireQuiz(deps: Pick<AppDeps, "db">, id: string) {
  const [row] = await deps.db.select().from(academyQuizzes).where(eq(academyQuizzes.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", QUIZ_NOT_FOUND);
  return row;
}

/** One quiz per module (unique index): an upsert on the module. */
export async function upsertQuiz(deps: AppDeps, input: QuizUpsertInput) {
  const mod = await requireModule(deps, input.moduleId);
  const { moduleId, ...fields } = input;
  const [row] = await deps.db
    .insert(academyQuizzes)
    .values({ ...fields, moduleId, courseId: mod.courseId })
    .onConflictDoUpdate({ target: academyQuizzes.moduleId, set: { ...fields, updatedAt: Date.now() } })
    .returning({ id: academyQuizzes.id });
  if (!row) throw new AppError("INTERNAL", "Não foi possível salvar o questionário.");
  return { id: row.id };
}

export async function deleteQuiz(deps: AppDeps, id: string) {
  await requireQuiz(deps, id);
  await deps.db.delete(academyQuizzes).where(eq(academyQuizzes.id, id));
  return { ok: true as const };
}

/** Short random ids: unique inside a question is all they need. */
const optionId = () => `o_${randomBytes(6).toString("base64url")}`;

function storedOptions(options: QuestionCreateInput["options"], known: Set<string>) {
  // A known id is kept once: a second option sent with it (a copied option) gets its own, or the
  // question would list the id twice and a right answer could never match its correct set.
  const taken = new Set<string>();
  const idOf = (id: string | undefined) => (id && known.has(id) && !taken.has(id) ? id : optionId());
  const withIds = options.map((o) => {
    const id = idOf(o.id);
    taken.add(id);
    return { id, text: o.text, correct: o.correct };
  });
  return { options: withIds.map(({ id, text }) => ({ id, text })), correctOptionIds: withIds.filter((o) => o.correct).map((o) => o.id) };
}

export async function createQuestion(deps: AppDeps, input: QuestionCreateInput) {
  await requireQuiz(deps, input.quizId);
  const [last] = await deps.db.select({ max: sql<number>`coalesce(max(${academyQuizQuestions.sortOrder}), -1)` }).from(academyQuizQuestions).where(eq(academyQuizQuestions.quizId, input.quizId));
  const [row] = await deps.db
    .insert(academyQuizQuestions)
    .values({ quizId: input.quizId, prompt: input.prompt, kind: input.kind, explanation: input.explanation, ...storedOptions(input.options, new Set()), sortOrder: (last?.max ?? -1) + 1 })
    .returning({ id: academyQuizQuestions.id });
  if (!row) throw new AppError("INTERNAL", "Não foi possível criar a pergunta.");
  return { id: row.id };
}

export async function updateQuestion(deps: AppDeps, input: QuestionUpdateInput) {
  const [current] = await deps.db.select().from(academyQuizQuestions).where(eq(academyQuizQuestions.id, input.id)).limit(1);
  if (!current) throw new AppError("NOT_FOUND", QUESTION_NOT_FOUND);
  const known = new Set(current.options.map((o) => o.id));
  await deps.db
    .update(academyQuizQuestions)
    .set({ prompt: input.prompt, kind: input.kind, explanation: input.explanation, ...storedOptions(input.options, known), updatedAt: Date.now() })
    .where(eq(academyQuizQuestions.id, input.id));
  return { ok: true as const };
}

export async function deleteQuestion(deps: AppDeps, id: string) {
  const [row] = await deps.db.delete(academyQuizQuestions).where(eq(academyQuizQuestions.id, id)).returning({ id: academyQuizQuestions.id });
  if (!row) throw new AppError("NOT_FOUND", QUESTION_NOT_FOUND);
  return { ok: true as const };
}

export async function reorderQuestions(deps: AppDeps, input: QuestionReorderInput) {
  await requireQuiz(deps, input.quizId);
  await reorderSiblings(deps, academyQuizQuestions, eq(academyQuizQuestions.quizId, input.quizId), input.ids);
  return { ok: true as const };
}
