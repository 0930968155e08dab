/**
 * GET /widget.js: the embeddable chat widget (src/widget/widget.client.js). Imported as text so
 * `bun build --compile` embeds it; compressed once at boot, not per request.
 */
import type { Context } from "hono";
import widgetSource from "./widget.client.js" with { type: "text" };

const body = new TextEncoder().encode(widgetSource);
const gzipped = Bun.gzipSync(body, { level: 9 });
const etag = `"${new Bun.CryptoHasher("sha256").update(body).digest("hex").slice(0, 16)}"`;

export const widgetBytes = { raw: body.byteLength, gzip: gzipped.byteLength };

/** Five minutes of caching: sites keep a fixed URL, so a new release reaches them within minutes. */
export function serveWidget(c: Context) {
  const headers: Record<string, string> = {
    "content-type": "application/javascript; charset=utf-8",
    "cache-control": "public, max-age=300",
    etag,
    vary: "Accept-Encoding",
    "x-content-type-options": "nosniff",
    // Host pages load it with a plain <script>; this only matters for sites that add crossorigin.
    "access-control-allow-origin": "*",
  };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
    return c.body(gzipped, 200, { ...headers, "content-encoding": "gzip" });
  }
  return c.body(body, 200, headers);
}
