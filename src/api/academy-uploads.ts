import { type Context, Hono } from "hono";
import { AppError } from "../lib/errors";
import { LESSON_UPLOAD_ERRORS } from "../schemas/academy/recording";
import { uploadLessonMaterial } from "../services/academy/media/lesson-material";
import { parseDurationHint, uploadLessonVideo } from "../services/academy/media/lesson-video";
import type { HonoEnv } from "./context";
import { requireAdmin } from "./guards";

const LESSON_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function lessonIdOf(c: Context<HonoEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!LESSON_ID.test(id)) throw new AppError("NOT_FOUND", LESSON_UPLOAD_ERRORS.lessonNotFound);
  return id;
}

/** X-File-Name is URI-encoded by web/lib/upload.ts; a raw or broken one is taken as it came. */
function fileNameOf(c: Context<HonoEnv>, fallback: string): string {
  const raw = c.req.header("x-file-name")?.trim();
  if (!raw) return fallback;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The raw body as a stream, so a 1 GB video is never held in memory: src/api/body-limit.ts only
 * checks a declared length here and leaves a chunked body unread; the store counts it as it writes.
 */
async function bodyOf(c: Context<HonoEnv>): Promise<Uint8Array | ReadableStream<Uint8Array>> {
  const raw = c.req.raw;
  if (raw.body && !raw.bodyUsed) return raw.body;
  return new Uint8Array(await c.req.arrayBuffer());
}

/**
 * Academy uploads for admins (issue 19), raw bodies streamed to disk, each limited by
 * src/api/body-limit.ts: POST /api/v1/admin/academy/lessons/{id}/video and …/{id}/materials.
 */
export const academyUploadRoutes = new Hono<HonoEnv>()
  .post("/lessons/:id/video", async (c) => {
    const admin = requireAdmin(c);
    const lessonId = lessonIdOf(c);
    const data = await uploadLessonVideo(c.get("deps"), c.get("meta"), {
      lessonId,
      adminUserId: admin.user.id,
      contentType: c.req.header("content-type") ?? "",
      fileName: fileNameOf(c, "video"),
      durationHint: parseDurationHint(c.req.header("x-duration-seconds")),
      body: await bodyOf(c),
    });
    return c.json({ data }, 201);
  })
  .post("/lessons/:id/materials", async (c) => {
    const admin = requireAdmin(c);
    const lessonId = lessonIdOf(c);
    const data = await uploadLessonMaterial(c.get("deps"), c.get("meta"), {
      lessonId,
      adminUserId: admin.user.id,
      fileName: fileNameOf(c, ""),
      body: await bodyOf(c),
    });
    return c.json({ data }, 201);
  });
