/**
 * The learner's progress (issue 19): the lesson page reports how far it got (throttled) and may mark
 * a lesson complete. The first report enrols the learner; every report moves "Continuar de onde
 * parei" (enrollment.lastLessonId). A lesson completes at COMPLETE_AT_PERCENT or explicitly, once;
 * then the course completion (certificate) is settled.
 */
import { and, eq, sql } from "drizzle-orm";
import { academyEnrollments, academyLessonProgress } from "../../../db/schema";
import { COMPLETE_AT_PERCENT, type LessonProgressInput } from "../../schemas/academy/learner";
import type { AppDeps, DbOrTx } from "../context";
import { withTransaction } from "../context";
import type { Learner } from "./access";
import { settleCourseCompletion } from "./completion";
import { requireCourse } from "./course-view";
import { lessonCourseId } from "./lesson-view";

type Deps = Pick<AppDeps, "db" | "now">;

async function enrol(tx: DbOrTx, userId: string, courseId: string, lessonId: string, now: number) {
  await tx
    .insert(academyEnrollments)
    .values({ userId, courseId, lastLessonId: lessonId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [academyEnrollments.userId, academyEnrollments.courseId], set: { lastLessonId: lessonId, updatedAt: now } });
}

/**
 * One upsert: the percent never goes back (re-watching the start keeps 100), the position is the
 * latest, and completedAt is set once. Returns whether this call completed the lesson.
 */
async function record(deps: Deps, user: Learner, lessonId: string, percent: number, positionSeconds: number | null, forceComplete: boolean) {
  const courseId = await lessonCourseId(deps, lessonId);
  await requireCourse(deps, user, courseId);
  const now = deps.now();
  const completesNow = forceComplete || percent >= COMPLETE_AT_PERCENT;
  const result = await withTransaction(deps.db, async (tx) => {
    const [before] = await tx
      .select({ completedAt: academyLessonProgress.completedAt })
      .from(academyLessonProgress)
      .where(and(eq(academyLessonProgress.userId, user.id), eq(academyLessonProgress.lessonId, lessonId)));
    await tx
      .insert(academyLessonProgress)
      .values({ userId: user.id, lessonId, courseId, percent, positionSeconds: positionSeconds ?? 0, completedAt: completesNow ? now : null, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [academyLessonProgress.userId, academyLessonProgress.lessonId],
        set: {
          percent: sql`max(${academyLessonProgress.percent}, ${percent})`,
          ...(positionSeconds === null ? {} : { positionSeconds }),
          completedAt: completesNow ? sql`coalesce(${academyLessonProgress.completedAt}, ${now})` : sql`${academyLessonProgress.completedAt}`,
          updatedAt: now,
        },
      });
    await enrol(tx, user.id, courseId, lessonId, now);
    return { justCompleted: completesNow && !before?.completedAt, completed: completesNow || Boolean(before?.completedAt) };
  });
  // A new completion can finish the course, and so can an explicit "Marcar como concluída" on a lesson
  // already done (the admin may have removed the one lesson left). Settling is idempotent.
  const course = result.justCompleted || forceComplete ? await settleCourseCompletion(deps, user.id, courseId) : null;
  return { completed: result.completed, courseCompleted: course?.completed ?? false, certificateId: course?.certificateId ?? null };
}

export async function saveProgress(deps: Deps, user: Learner, input: LessonProgressInput) {
  return record(deps, user, input.lessonId, input.percent, input.positionSeconds, false);
}

/** "Marcar como concluída": 100% without moving the saved video position. */
export async function completeLesson(deps: Deps, user: Learner, lessonId: string) {
  return record(deps, user, lessonId, 100, null, true);
}
