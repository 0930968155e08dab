import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { AVATAR_ERRORS, IMAGE_ERRORS } from "../schemas/account";
import { readAvatar, saveAvatar } from "../services/account/avatar";
import { exportAccountData } from "../services/account/data";
import { type HonoEnv, serviceContext } from "./context";
import { requireSession } from "./guards";

/** A user id in the avatar path: anything else is simply not an image here. */
const USER_ID = /^[0-9a-f-]{1,100}$/i;

/** /api/v1/account: the avatar upload (multipart, field "file") and the LGPD download. */
export const accountRoutes = new Hono<HonoEnv>()
  .post("/avatar", async (c) => {
    requireSession(c);
    // The body was bounded while it was read (src/api/body-limit.ts).
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File)) throw new AppError("VALIDATION", AVATAR_ERRORS.missing, { field: "file" });
    const result = await saveAvatar(serviceContext(c), { type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
    return c.json({ data: result }, 201);
  })
  .get("/export", async (c) => {
    requireSession(c);
    const data = await exportAccountData(serviceContext(c));
    const day = new Date().toISOString().slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="atenda-meus-dados-${day}.json"`);
    c.header("Cache-Control", "no-store");
    return c.body(JSON.stringify(data, null, 2), 200, { "Content-Type": "application/json; charset=utf-8" });
  });

/** GET /api/v1/users/:id/avatar: the protected image path (SPEC §8 errors for 401/403/404). */
export const userAvatarRoutes = new Hono<HonoEnv>().get("/:id/avatar", async (c) => {
  const session = c.get("session");
  if (!session) throw new AppError("UNAUTHORIZED", IMAGE_ERRORS.unauthorized);
  const id = c.req.param("id");
  if (!USER_ID.test(id)) throw new AppError("NOT_FOUND", IMAGE_ERRORS.notFound);
  const row = await readAvatar(c.get("deps"), session.user, id);
  const etag = `"${row.updatedAt}"`;
  // Private: a shared cache must never keep one person's picture for another viewer.
  const headers = { "Content-Type": row.mimeType, "Cache-Control": "private, max-age=3600", ETag: etag };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  return c.body(new Uint8Array(row.bytes), 200, headers);
});
