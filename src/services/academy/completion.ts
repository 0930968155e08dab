/**
 * A course is complete when every lesson is completed and every module quiz passed; then its
 * certificate is issued once (issue 19, owned by the quiz/certificate side). Called after a lesson
 * is marked complete (progress.ts) and after a passing quiz attempt. Fixed signature.
 */
import type { AppDeps } from "../context";

export type CourseCompletion = { completed: boolean; certificateId: string | null };

export async function settleCourseCompletion(_deps: Pick<AppDeps, "db" | "now">, _userId: string, _courseId: string): Promise<CourseCompletion> {
  return { completed: false, certificateId: null };
}
