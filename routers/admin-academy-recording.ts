import { router } from "./trpc";

/** Issue 19, recording templates and saving a recording as a lesson (H4). */
export const adminAcademyRecordingRouter = router({});
