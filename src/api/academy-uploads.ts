import { Hono } from "hono";
import type { HonoEnv } from "./context";

/**
 * Academy uploads for admins (issue 19 H4), raw bodies streamed to disk:
 * POST /api/v1/admin/academy/lessons/{id}/video and POST …/lessons/{id}/materials.
 */
export const academyUploadRoutes = new Hono<HonoEnv>();
