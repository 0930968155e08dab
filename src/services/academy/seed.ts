import type { AppDeps } from "../context";
import { seedRecordingTemplates } from "./recording/seed-templates";
import { seedStarterCourse } from "./seed-course";

/** Boot seed of the academy (src/deps.ts): the starter course and the recording templates, each idempotent. */
export async function seedAcademy(deps: Pick<AppDeps, "db" | "now">): Promise<void> {
  await seedStarterCourse(deps);
  await seedRecordingTemplates(deps);
}
