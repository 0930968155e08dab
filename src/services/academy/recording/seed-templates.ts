/** The recording templates /admin/academy/record starts with (issue 19). Idempotent. Owned by the recording side. */
import type { AppDeps } from "../../context";

export async function seedRecordingTemplates(_deps: Pick<AppDeps, "db">): Promise<void> {}
