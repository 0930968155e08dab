import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { IMAGE_ERRORS } from "../schemas/account";
import { readableFile } from "../services/files/access";
import { contentRange, noneMatch, parseRange, rangeStillValid } from "../services/files/range";
import { absoluteFilePath } from "../services/files/store";
import type { HonoEnv } from "./context";

/** Types a browser may show in the page; anything else (HTML, SVG, archives…) is only ever downloaded. */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf)$/i;

/** `inline` or `attachment` with the name as RFC 6266/5987 wants it (ASCII fallback plus UTF-8). */
function disposition(mimeType: string, fileName: string): string {
  const kind = INLINE.test(mimeType) ? "inline" : "attachment";
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * GET (and HEAD, which Hono answers from GET without the body) /api/v1/files/{id} (issue 19): a
 * stored file to those allowed (src/services/files/access.ts), with single byte ranges so <video>
 * seeks, and SPEC §8's statuses otherwise.
 */
export const fileRoutes = new Hono<HonoEnv>().get("/:id", async (c) => {
  const deps = c.get("deps");
  const session = c.get("session");
  const row = await readableFile(deps, session ? session.user : null, c.req.param("id"));
  const file = Bun.file(absoluteFilePath(deps.env, row));
  // The row outlived its bytes (a crash between writes, a restored backup): the file is gone.
  if (!(await file.exists())) throw new AppError("NOT_FOUND", IMAGE_ERRORS.notFound);
  const size = file.size;
  // Bytes never change under an id (a replacement is a new file), so the id and size validate them.
  const etag = `"${row.id}-${size}"`;
  const headers: Record<string, string> = {
    "Content-Type": row.mimeType,
    "Content-Disposition": disposition(row.mimeType, row.fileName),
    "Accept-Ranges": "bytes",
    // Private: a shared cache must never hand one person's file to another viewer.
    "Cache-Control": "private, max-age=3600",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (noneMatch(c.req.header("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  const decision = rangeStillValid(c.req.header("if-range"), etag) ? parseRange(c.req.header("range"), size) : { kind: "full" as const };
  if (decision.kind === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  }
  if (decision.kind === "range") {
    const { start, end } = decision.range;
    return new Response(file.slice(start, end + 1), {
      status: 206,
      headers: { ...headers, "Content-Range": contentRange(decision.range, size), "Content-Length": String(end - start + 1) },
    });
  }
  return new Response(file, { status: 200, headers: { ...headers, "Content-Length": String(size) } });
});
