/**
 * Who may open a course and its lessons (issue 19, owned by the learner side): published courses by
 * access level (public: every signed-in user; plan: users whose plan is listed; workspace: members of
 * a listed workspace); platform admins open everything, published or not.
 * Fixed signatures: src/services/files/access.ts serves lesson files through these.
 *
 * A plan belongs to a workspace (user_subscriptions), so "the user's plan" is the plan of any
 * workspace they are a member of — the free plan for a workspace without an active subscription.
 */
import { eq, inArray } from "drizzle-orm";
import { academyCourseAccess, academyCourses, academyLessons, workspaceMembers } from "../../../db/schema";
import type { AppDeps } from "../context";
import { getFreePlan, getPlansOf } from "../plans";
import type { SessionUser } from "../sessions";

export type Learner = Pick<SessionUser, "id" | "role">;

type CourseGate = { id: string; accessLevel: "public" | "plan" | "workspace"; isPublished: boolean };
type AccessRow = { courseId: string; planId: string | null; workspaceId: string | null };

/** What a non-admin's access depends on: their workspaces and those workspaces' plans. */
export type LearnerStanding = { workspaceIds: Set<string>; planIds: Set<string> };

export async function learnerStanding(deps: Pick<AppDeps, "db">, userId: string): Promise<LearnerStanding> {
  const rows = await deps.db.select({ workspaceId: workspaceMembers.workspaceId }).from(workspaceMembers).where(eq(workspaceMembers.userId, userId));
  const workspaceIds = new Set(rows.map((r) => r.workspaceId));
  const plans = await getPlansOf(deps.db, [...workspaceIds]);
  const planIds = new Set([...plans.values()].map((p) => p.id));
  if (plans.size < workspaceIds.size) {
    // A workspace without an active subscription is on the free plan (getWorkspacePlan's rule).
    const free = await getFreePlan(deps.db).catch(() => null);
    if (free) planIds.add(free.id);
  }
  return { workspaceIds, planIds };
}

/** The rule itself, over rows already read (the catalogue checks many courses with one query each). */
export function courseOpensFor(user: Learner, course: CourseGate, access: AccessRow[], standing: LearnerStanding | null): boolean {
  if (user.role === "admin") return true;
  if (!course.isPublished) return false;
  if (course.accessLevel === "public") return true;
  if (!standing) return false;
  const mine = access.filter((a) => a.courseId === course.id);
  if (course.accessLevel === "plan") return mine.some((a) => a.planId !== null && standing.planIds.has(a.planId));
  return mine.some((a) => a.workspaceId !== null && standing.workspaceIds.has(a.workspaceId));
}

export async function accessRowsOf(deps: Pick<AppDeps, "db">, courseIds: string[]): Promise<AccessRow[]> {
  if (courseIds.length === 0) return [];
  return deps.db
    .select({ courseId: academyCourseAccess.courseId, planId: academyCourseAccess.planId, workspaceId: academyCourseAccess.workspaceId })
    .from(academyCourseAccess)
    .where(inArray(academyCourseAccess.courseId, courseIds));
}

export async function canOpenCourse(deps: Pick<AppDeps, "db">, user: Learner, courseId: string): Promise<boolean> {
  const [course] = await deps.db
    .select({ id: academyCourses.id, accessLevel: academyCourses.accessLevel, isPublished: academyCourses.isPublished })
    .from(academyCourses)
    .where(eq(academyCourses.id, courseId))
    .limit(1);
  if (!course) return false;
  if (user.role === "admin" || (course.isPublished && course.accessLevel === "public")) return courseOpensFor(user, course, [], null);
  if (!course.isPublished) return false;
  const [access, standing] = await Promise.all([accessRowsOf(deps, [course.id]), learnerStanding(deps, user.id)]);
  return courseOpensFor(user, course, access, standing);
}

export async function canOpenLesson(deps: Pick<AppDeps, "db">, user: Learner, lessonId: string): Promise<boolean> {
  const [lesson] = await deps.db.select({ courseId: academyLessons.courseId }).from(academyLessons).where(eq(academyLessons.id, lessonId)).limit(1);
  if (!lesson) return false;
  return canOpenCourse(deps, user, lesson.courseId);
}
