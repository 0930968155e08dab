import { Hono } from "hono";
import { and, desc, eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { AppError } from "../lib/errors";
import { isOfflineMode } from "../services/ai-config";
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
  const to = c.req.query("to")?.toLowerCase();
  const rows = await c
    .get("deps")
    .db.select()
    .from(mailOutbox)
    .where(to ? and(eq(mailOutbox.toAddress, to)) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(50);
  return c.json({ data: rows.map((r) => ({ to: r.toAddress, subject: r.subject, text: c.get("deps").secrets.decrypt(r.text), template: r.template, createdAt: r.createdAt })) });
});
