import { Hono } from "hono";
import type { HonoEnv } from "./context";

/** GET /api/v1/files/{id} (issue 19 H8): a stored file to those allowed, with range requests and SPEC §8 statuses. */
export const fileRoutes = new Hono<HonoEnv>();
