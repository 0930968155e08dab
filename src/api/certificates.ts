import { Hono } from "hono";
import type { HonoEnv } from "./context";

/** GET /api/v1/academy/certificates/{id}/pdf (issue 19 H2): the learner's certificate as a PDF. */
export const certificateRoutes = new Hono<HonoEnv>();
