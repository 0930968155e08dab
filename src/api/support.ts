import { Hono } from "hono";
import type { HonoEnv } from "./context";

/**
 * POST /api/v1/support/requests (SPEC §7, issue 19 H5): multipart type, subject, description,
 * priority, attachments (files and/or screen-recording.webm) → 201 { message }.
 */
export const supportRoutes = new Hono<HonoEnv>();
