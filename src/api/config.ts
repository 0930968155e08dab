import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { isOfflineMode } from "../services/ai-config";
import { recentOutbox } from "../services/mail";
import type { HonoEnv } from "./context";

/** Facts the SPA needs before login: where logout goes, whether the AI runs offline, the public URL (widget snippet). */
export const configRoutes = new Hono<HonoEnv>().get("/public", async (c) => {
  const env = c.get("deps").env;
  return c.json({
    data: {
      publicSiteUrl: env.PUBLIC_SITE_URL,
      appUrl: c.get("deps").appUrl,
      offlineMode: await isOfflineMode(c.get("deps")),
      mailConfigured: c.get("deps").mailer.configured,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION === "true",
      trainingMaxUploadMb: env.TRAINING_MAX_UPLOAD_MB,
    },
  });
});

/** Test-only window into the outbox so browser tests can follow emailed links. Absent otherwise. */
export const devRoutes = new Hono<HonoEnv>().get("/outbox", async (c) => {
  if (c.get("deps").env.NODE_ENV !== "test") throw new AppError("NOT_FOUND", "Não encontrado");
  const deps = c.get("deps");
  return c.json({ data: await recentOutbox(deps.db, deps.secrets, c.req.query("to")) });
});
