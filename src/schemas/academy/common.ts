/** The academy's shared vocabulary (issue 19; SPEC §3 Academy, §9 quiz 70 and 3 attempts). Pure. */
export const DIFFICULTY_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];
export const DIFFICULTY_LABEL: Record<DifficultyLevel, string> = { beginner: "Iniciante", intermediate: "Intermediário", advanced: "Avançado" };

export const ACCESS_LEVELS = ["public", "plan", "workspace"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const ACCESS_LEVEL_LABEL: Record<AccessLevel, string> = { public: "Todos os usuários", plan: "Planos selecionados", workspace: "Workspaces selecionados" };

export const LESSON_TYPES = ["video", "embed", "text"] as const;
export type LessonType = (typeof LESSON_TYPES)[number];
export const LESSON_TYPE_LABEL: Record<LessonType, string> = { video: "Vídeo enviado", embed: "YouTube/Vimeo", text: "Texto" };

export const PROCESSING_STATUSES = ["pending", "processing", "ready", "failed"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];
export const PROCESSING_STATUS_LABEL: Record<ProcessingStatus, string> = { pending: "Pendente", processing: "Processando", ready: "Pronto", failed: "Falhou" };

export const QUESTION_KINDS = ["single", "multiple"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** SPEC §3/§9. */
export const QUIZ_DEFAULTS = { passingScore: 70, maxAttempts: 3 } as const;

/** The seeded course (src/services/academy/seed-course.ts). */
export const STARTER_COURSE_TITLE = "Primeiros passos com a Atenda";
