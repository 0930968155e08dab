import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { storedFiles } from "./files";
import { users } from "./users";
import { plans, workspaces } from "./workspaces";

/**
 * The academy (SPEC §3 Academy): courses → modules → lessons, a quiz per module, the learner's
 * progress, quiz attempts and certificates, who may see a course, and the recording templates.
 */
export const academyCourses = sqliteTable(
  "academy_courses",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** What the learner gets, one line per item (the course page lists them). */
    outcomes: text("outcomes", { mode: "json" }).$type<string[]>().notNull().default([]),
    difficultyLevel: text("difficulty_level", { enum: ["beginner", "intermediate", "advanced"] })
      .notNull()
      .default("beginner"),
    /** public: every signed-in user · plan: users whose plan is listed · workspace: members of listed workspaces. */
    accessLevel: text("access_level", { enum: ["public", "plan", "workspace"] })
      .notNull()
      .default("public"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    publishedAt: ms("published_at"),
    sortOrder: integer("sort_order").notNull().default(0),
    thumbnailFileId: text("thumbnail_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    /** Stable key of a seeded course, so the seed never makes a second copy. */
    seedKey: text("seed_key"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("academy_courses_published_idx").on(t.isPublished, t.sortOrder), uniqueIndex("academy_courses_seed_key_idx").on(t.seedKey)],
);

/** Course permissions: the plans (accessLevel plan) or workspaces (accessLevel workspace) allowed. */
export const academyCourseAccess = sqliteTable(
  "academy_course_access",
  {
    id: id(),
    courseId: text("course_id")
      .notNull()
      .references(() => academyCourses.id, { onDelete: "cascade" }),
    planId: text("plan_id").references(() => plans.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
  },
  (t) => [index("academy_course_access_course_idx").on(t.courseId), index("academy_course_access_workspace_idx").on(t.workspaceId)],
);

export const academyModules = sqliteTable(
  "academy_modules",
  {
    id: id(),
    courseId: text("course_id")
      .notNull()
      .references(() => academyCourses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("academy_modules_course_idx").on(t.courseId, t.sortOrder)],
);

export const academyLessons = sqliteTable(
  "academy_lessons",
  {
    id: id(),
    moduleId: text("module_id")
      .notNull()
      .references(() => academyModules.id, { onDelete: "cascade" }),
    /** Denormalised from the module: progress and access look a lesson's course up in one read. */
    courseId: text("course_id")
      .notNull()
      .references(() => academyCourses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** video: an uploaded file · embed: a YouTube/Vimeo URL · text: markdown only. */
    lessonType: text("lesson_type", { enum: ["video", "embed", "text"] })
      .notNull()
      .default("video"),
    /** Markdown shown under the video, or the whole lesson for a text lesson. */
    contentMd: text("content_md").notNull().default(""),
    videoFileId: text("video_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    embedUrl: text("embed_url"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    /** An uploaded video is pending until the worker has read it (duration) → ready, or failed. */
    processingStatus: text("processing_status", { enum: ["pending", "processing", "ready", "failed"] })
      .notNull()
      .default("pending"),
    processingError: text("processing_error"),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("academy_lessons_module_idx").on(t.moduleId, t.sortOrder), index("academy_lessons_course_idx").on(t.courseId)],
);

/** Materials to download under a lesson. */
export const academyLessonMaterials = sqliteTable(
  "academy_lesson_materials",
  {
    id: id(),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => academyLessons.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("academy_lesson_materials_lesson_idx").on(t.lessonId, t.sortOrder)],
);

/** One quiz at the end of a module (SPEC §3/§9: passingScore 70, maxAttempts 3, timeLimit). */
export const academyQuizzes = sqliteTable(
  "academy_quizzes",
  {
    id: id(),
    moduleId: text("module_id")
      .notNull()
      .references(() => academyModules.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => academyCourses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    passingScore: integer("passing_score").notNull().default(70),
    maxAttempts: integer("max_attempts").notNull().default(3),
    /** Minutes; null: no limit. */
    timeLimitMinutes: integer("time_limit_minutes"),
    ...timestamps,
  },
  (t) => [uniqueIndex("academy_quizzes_module_idx").on(t.moduleId), index("academy_quizzes_course_idx").on(t.courseId)],
);

export const academyQuizQuestions = sqliteTable(
  "academy_quiz_questions",
  {
    id: id(),
    quizId: text("quiz_id")
      .notNull()
      .references(() => academyQuizzes.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull(),
    kind: text("kind", { enum: ["single", "multiple"] })
      .notNull()
      .default("single"),
    options: text("options", { mode: "json" }).$type<{ id: string; text: string }[]>().notNull(),
    /** Never sent to a learner before their last attempt or a pass. */
    correctOptionIds: text("correct_option_ids", { mode: "json" }).$type<string[]>().notNull(),
    explanation: text("explanation").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("academy_quiz_questions_quiz_idx").on(t.quizId, t.sortOrder)],
);

/** A learner in a course: "enrolled" from the first lesson opened; completedAt when every lesson and quiz is done. */
export const academyEnrollments = sqliteTable(
  "academy_enrollments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => academyCourses.id, { onDelete: "cascade" }),
    /** "Continuar de onde parei". */
    lastLessonId: text("last_lesson_id"),
    completedAt: ms("completed_at"),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index("academy_enrollments_course_idx").on(t.courseId)],
);

/** User progress per lesson. */
export const academyLessonProgress = sqliteTable(
  "academy_lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => academyLessons.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => academyCourses.id, { onDelete: "cascade" }),
    /** 0–100. */
    percent: integer("percent").notNull().default(0),
    /** Where the video stopped, to resume. */
    positionSeconds: integer("position_seconds").notNull().default(0),
    completedAt: ms("completed_at"),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index("academy_lesson_progress_course_idx").on(t.userId, t.courseId)],
);

/** Quiz results: one row per attempt; the unique number makes the attempt limit hold under races. */
export const academyQuizAttempts = sqliteTable(
  "academy_quiz_attempts",
  {
    id: id(),
    quizId: text("quiz_id")
      .notNull()
      .references(() => academyQuizzes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attemptNumber: integer("attempt_number").notNull(),
    /** questionId → chosen option ids. */
    answers: text("answers", { mode: "json" }).$type<Record<string, string[]>>().notNull().default({}),
    /** 0–100; null while the attempt is open. */
    score: integer("score"),
    passed: integer("passed", { mode: "boolean" }).notNull().default(false),
    startedAt: ms("started_at").notNull(),
    submittedAt: ms("submitted_at"),
  },
  (t) => [uniqueIndex("academy_quiz_attempts_number_idx").on(t.quizId, t.userId, t.attemptNumber)],
);

export const academyCertificates = sqliteTable(
  "academy_certificates",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => academyCourses.id, { onDelete: "cascade" }),
    /** Printed on the PDF and checked at /certificado/{code}. */
    verificationCode: text("verification_code").notNull(),
    /** Frozen at issue: a later rename does not change a certificate already given. */
    recipientName: text("recipient_name").notNull(),
    courseTitle: text("course_title").notNull(),
    issuedAt: ms("issued_at").notNull(),
  },
  (t) => [uniqueIndex("academy_certificates_user_course_idx").on(t.userId, t.courseId), uniqueIndex("academy_certificates_code_idx").on(t.verificationCode)],
);

/** Recording templates of /admin/academy/record: resolution and frame rate. */
export const academyRecordingTemplates = sqliteTable("academy_recording_templates", {
  id: id(),
  name: text("name").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  frameRate: integer("frame_rate").notNull(),
  withMicrophone: integer("with_microphone", { mode: "boolean" }).notNull().default(true),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  ...timestamps,
});
