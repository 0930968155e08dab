/**
 * Who may open a course and its lessons (issue 19, owned by the learner side): published courses by
 * access level (public: every signed-in user; plan: users whose plan is listed; workspace: members of
 * a listed workspace); platform admins open everything, published or not.
 * Fixed signatures: src/services/files/access.ts serves lesson files through these.
 */
import type { AppDeps } from "../context";
import type { SessionUser } from "../sessions";

export type Learner = Pick<SessionUser, "id" | "role">;

export async function canOpenCourse(_deps: Pick<AppDeps, "db">, _user: Learner, _courseId: string): Promise<boolean> {
  return false;
}

export async function canOpenLesson(_deps: Pick<AppDeps, "db">, _user: Learner, _lessonId: string): Promise<boolean> {
  return false;
}
