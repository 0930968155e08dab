/** The recording templates /admin/academy/record starts with (issue 19). Idempotent. Owned by the recording side. */
import { academyRecordingTemplates } from "../../../../db/schema";
import type { RecordingTemplateInput } from "../../../schemas/academy/recording";
import type { AppDeps } from "../../context";

/** SPEC §9 records the bug report at 1920×1080 · 30 fps: the same is the lessons' default. */
export const STARTER_TEMPLATES: RecordingTemplateInput[] = [
  { name: "Full HD 1920×1080 · 30 fps", width: 1920, height: 1080, frameRate: 30, withMicrophone: true, isDefault: true },
  { name: "HD 1280×720 · 30 fps", width: 1280, height: 720, frameRate: 30, withMicrophone: true, isDefault: false },
  { name: "HD 1280×720 · 15 fps (arquivo menor)", width: 1280, height: 720, frameRate: 15, withMicrophone: true, isDefault: false },
];

/**
 * Only into an empty table: templates an admin edited or deleted stay as they left them (and the
 * page refuses to delete the last one, so an empty table means a fresh install).
 */
export async function seedRecordingTemplates(deps: Pick<AppDeps, "db">): Promise<void> {
  const [any] = await deps.db.select({ id: academyRecordingTemplates.id }).from(academyRecordingTemplates).limit(1);
  if (any) return;
  await deps.db.insert(academyRecordingTemplates).values(STARTER_TEMPLATES);
}
