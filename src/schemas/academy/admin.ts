/**
 * Contracts of the academy admin (issue 19, /admin/academy): courses, modules, lessons, materials,
 * quizzes and questions, their order, and the per-course statistics. Pure: the web imports it.
 */
import { z } from "zod";
import { ACCESS_LEVELS, DIFFICULTY_LEVELS, LESSON_TYPES, QUESTION_KINDS, QUIZ_DEFAULTS } from "./common";

const uuid = z.uuid("Identificador inválido");
const title = (what: string) => z.string().trim().min(3, `${what} deve ter pelo menos 3 caracteres`).max(160, `${what} deve ter no máximo 160 caracteres`);
const description = z.string().trim().max(5000, "A descrição deve ter no máximo 5000 caracteres").default("");

export const academyIdInput = z.object({ id: uuid });
export type AcademyIdInput = z.infer<typeof academyIdInput>;

export const PUBLISHED_FILTERS = ["all", "published", "draft"] as const;
export type PublishedFilter = (typeof PUBLISHED_FILTERS)[number];

export const courseListInput = z.object({
  q: z.string().trim().max(100).default(""),
  published: z.enum(PUBLISHED_FILTERS).default("all"),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type CourseListInput = z.infer<typeof courseListInput>;

const courseFields = {
  title: title("O título do curso"),
  description,
  outcomes: z.array(z.string().trim().min(1).max(200, "Cada resultado deve ter no máximo 200 caracteres")).max(20, "No máximo 20 resultados").default([]),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS).default("beginner"),
  accessLevel: z.enum(ACCESS_LEVELS).default("public"),
};
export const courseCreateInput = z.object(courseFields);
export type CourseCreateInput = z.infer<typeof courseCreateInput>;
export const courseUpdateInput = z.object({ id: uuid, ...courseFields });
export type CourseUpdateInput = z.infer<typeof courseUpdateInput>;

/** Who may open a plan/workspace course; the lists replace what was set. */
export const courseAccessInput = z.object({
  courseId: uuid,
  planIds: z.array(uuid).max(50).default([]),
  workspaceIds: z.array(uuid).max(200).default([]),
});
export type CourseAccessInput = z.infer<typeof courseAccessInput>;

export const accessOptionsInput = z.object({ q: z.string().trim().max(100).default("") });
export type AccessOptionsInput = z.infer<typeof accessOptionsInput>;

/** A full new order of siblings: every id of the parent, each once. */
const orderedIds = z
  .array(uuid)
  .min(1)
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, "A nova ordem repete um item");
export const courseReorderInput = z.object({ ids: orderedIds });
export const moduleReorderInput = z.object({ courseId: uuid, ids: orderedIds });
export const lessonReorderInput = z.object({ moduleId: uuid, ids: orderedIds });
export const questionReorderInput = z.object({ quizId: uuid, ids: orderedIds });
export type CourseReorderInput = z.infer<typeof courseReorderInput>;
export type ModuleReorderInput = z.infer<typeof moduleReorderInput>;
export type LessonReorderInput = z.infer<typeof lessonReorderInput>;
export type QuestionReorderInput = z.infer<typeof questionReorderInput>;

export const moduleCreateInput = z.object({ courseId: uuid, title: title("O título do módulo"), description });
export type ModuleCreateInput = z.infer<typeof moduleCreateInput>;
export const moduleUpdateInput = z.object({ id: uuid, title: title("O título do módulo"), description });
export type ModuleUpdateInput = z.infer<typeof moduleUpdateInput>;

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be", "www.youtube-nocookie.com", "youtube-nocookie.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

/** Only YouTube and Vimeo are framed by the lesson page (its CSP frame-src allows those two). */
export function isEmbedUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:") return false;
  return YOUTUBE_HOSTS.has(url.hostname) || VIMEO_HOSTS.has(url.hostname);
}
export const EMBED_URL_MESSAGE = "Informe um link https do YouTube ou do Vimeo";

const lessonFields = {
  title: title("O título da aula"),
  description,
  lessonType: z.enum(LESSON_TYPES).default("text"),
  contentMd: z.string().max(100_000, "O conteúdo deve ter no máximo 100000 caracteres").default(""),
  embedUrl: z.string().trim().max(500).nullable().default(null),
};
/** An embed lesson needs a YouTube/Vimeo URL; other types drop the field. */
const embedRule = <T extends { lessonType: string; embedUrl: string | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.lessonType === "embed" && !(v.embedUrl && isEmbedUrl(v.embedUrl))) ctx.addIssue({ code: "custom", path: ["embedUrl"], message: EMBED_URL_MESSAGE });
};
export const lessonCreateInput = z.object({ moduleId: uuid, ...lessonFields }).superRefine(embedRule);
export type LessonCreateInput = z.infer<typeof lessonCreateInput>;
export const lessonUpdateInput = z.object({ id: uuid, ...lessonFields }).superRefine(embedRule);
export type LessonUpdateInput = z.infer<typeof lessonUpdateInput>;
/** Moves a lesson to the end of another module of the same course. */
export const lessonMoveInput = z.object({ id: uuid, moduleId: uuid });
export type LessonMoveInput = z.infer<typeof lessonMoveInput>;

export const materialListInput = z.object({ lessonId: uuid });
export const materialRenameInput = z.object({ id: uuid, title: z.string().trim().min(1, "Informe o nome do material").max(160) });
export type MaterialRenameInput = z.infer<typeof materialRenameInput>;

export const quizUpsertInput = z.object({
  moduleId: uuid,
  title: title("O título do questionário"),
  description,
  passingScore: z.number().int().min(1, "A nota mínima vai de 1 a 100").max(100, "A nota mínima vai de 1 a 100").default(QUIZ_DEFAULTS.passingScore),
  maxAttempts: z.number().int().min(1, "Entre 1 e 10 tentativas").max(10, "Entre 1 e 10 tentativas").default(QUIZ_DEFAULTS.maxAttempts),
  timeLimitMinutes: z.number().int().min(1, "O tempo limite vai de 1 a 240 minutos").max(240, "O tempo limite vai de 1 a 240 minutos").nullable().default(null),
});
export type QuizUpsertInput = z.infer<typeof quizUpsertInput>;

export const QUESTION_OPTIONS = { min: 2, max: 8 } as const;
const questionFields = {
  prompt: z.string().trim().min(3, "O enunciado deve ter pelo menos 3 caracteres").max(2000),
  kind: z.enum(QUESTION_KINDS).default("single"),
  /** An option keeps its id across edits (attempts already saved point at it); new ones get one on the server. */
  options: z
    .array(z.object({ id: z.string().max(40).optional(), text: z.string().trim().min(1, "Preencha o texto de cada alternativa").max(500), correct: z.boolean() }))
    .min(QUESTION_OPTIONS.min, "A pergunta precisa de 2 a 8 alternativas")
    .max(QUESTION_OPTIONS.max, "A pergunta precisa de 2 a 8 alternativas"),
  explanation: z.string().trim().max(2000).default(""),
};
const correctRule = <T extends { kind: string; options: { correct: boolean }[] }>(v: T, ctx: z.RefinementCtx) => {
  const right = v.options.filter((o) => o.correct).length;
  if (right === 0) ctx.addIssue({ code: "custom", path: ["options"], message: "Marque pelo menos uma alternativa correta" });
  else if (v.kind === "single" && right !== 1) ctx.addIssue({ code: "custom", path: ["options"], message: "Uma pergunta de escolha única tem exatamente uma alternativa correta" });
};
export const questionCreateInput = z.object({ quizId: uuid, ...questionFields }).superRefine(correctRule);
export type QuestionCreateInput = z.infer<typeof questionCreateInput>;
export const questionUpdateInput = z.object({ id: uuid, ...questionFields }).superRefine(correctRule);
export type QuestionUpdateInput = z.infer<typeof questionUpdateInput>;

export const courseStatsInput = z.object({ courseId: uuid });
export type CourseStatsInput = z.infer<typeof courseStatsInput>;
