/**
 * Serves a built SPA: its two pages (read once) and its hashed assets, each in the encoding the
 * client accepts (brotli, gzip, or none) from the variants written at build time, so no request
 * ever compresses. Hashed names never change content: cached for a year, immutable.
 */
import type { Encoding, WebManifest } from "./manifest";

/** Bytes of one file of the build (a path inside the build folder). */
export type ReadFile = (file: string) => Blob | Uint8Array<ArrayBuffer>;

export type PageKind = "app" | "chat";
export type ShellPage = { html: string; etag: string };

export type BuiltWeb = {
  stamp: string;
  manifest: WebManifest;
  /** The page for a path: the chat's, or the app's with the path's own chunks preloaded. */
  page: (kind: PageKind, path: string) => Promise<ShellPage>;
  /** The answer for a GET/HEAD under /assets/ (404 for a name this build does not have). */
  asset: (req: Request) => Response;
};

const IMMUTABLE = "public, max-age=31536000, immutable";
const SUFFIX: Record<Encoding, string> = { br: "br", gzip: "gz" };

/**
 * The best encoding the Accept-Encoding header allows among those available, brotli first on a
 * tie; null means identity. Honours q-values (q=0 refuses) and the * wildcard.
 */
export function negotiateEncoding(header: string | null, available: Encoding[]): Encoding | null {
  if (!header || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const enc of (["br", "gzip"] as const).filter((e) => available.includes(e))) {
    const weight = q.get(enc) ?? q.get("*") ?? 0;
    if (weight > bestQ) {
      best = enc;
      bestQ = weight;
    }
  }
  return best;
}

export function serveBuild(manifest: WebManifest, read: ReadFile): BuiltWeb {
  // Keyed by page kind, or by path for the few paths with preloads: a bounded set.
  const pages = new Map<string, Promise<ShellPage>>();
  const page = (kind: PageKind, path: string) => {
    const preload = kind === "app" && Object.hasOwn(manifest.preload, path) ? (manifest.preload[path] ?? []) : [];
    const key = preload.length > 0 ? `path:${path}` : kind;
    let p = pages.get(key);
    if (!p) {
      const bytes = read(manifest.pages[kind]);
      const links = preload.map((u) => `<link rel="modulepreload" crossorigin href="${u}">`).join("");
      p = (bytes instanceof Uint8Array ? Promise.resolve(new TextDecoder().decode(bytes)) : bytes.text()).then((text) => {
        const html = links ? text.replace("</head>", `${links}</head>`) : text;
        return { html, etag: `"${Bun.hash(html).toString(36)}"` };
      });
      pages.set(key, p);
    }
    return p;
  };

  const asset = (req: Request): Response => {
    const path = new URL(req.url).pathname;
    const entry = Object.hasOwn(manifest.assets, path) ? manifest.assets[path] : undefined;
    if (!entry) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain;charset=utf-8", "X-Content-Type-Options": "nosniff" } });
    const enc = negotiateEncoding(req.headers.get("accept-encoding"), Object.keys(entry.encodings) as Encoding[]);
    const name = entry.file.slice(entry.file.lastIndexOf("/") + 1);
    const headers: Record<string, string> = {
      "Content-Type": entry.type,
      "Cache-Control": IMMUTABLE,
      Vary: "Accept-Encoding",
      ETag: `"${name}${enc ? `.${SUFFIX[enc]}` : ""}"`,
      "X-Content-Type-Options": "nosniff",
    };
    if (enc) headers["Content-Encoding"] = enc;
    if (req.headers.get("if-none-match") === headers.ETag) return new Response(null, { status: 304, headers });
    return new Response(read(enc ? `${entry.file}.${SUFFIX[enc]}` : entry.file), { headers });
  };

  return { stamp: manifest.stamp, manifest, page, asset };
}
