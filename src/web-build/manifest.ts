/**
 * The built SPA as the server sees it (dist/web/<stamp>/manifest.json): its two pages and every
 * asset with the precompressed variants written beside it. graph.json (same folder) holds the
 * module graph for tests and bench/web.ts; the server never reads it.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export const MANIFEST_VERSION = 1;

/** Where a checkout builds the SPA; one folder per stamp (src/web-build/build.ts). */
export const REPO_ROOT = resolve(import.meta.dir, "../..");
export const WEB_OUT = join(REPO_ROOT, "dist", "web");

export type Encoding = "br" | "gzip";

export type AssetEntry = {
  /** Path of the file inside the build folder: "assets/chat-x1y2z3.js". */
  file: string;
  type: string;
  bytes: number;
  /** Precompressed variants, each at `${file}.br` / `${file}.gz`; none where it would not be smaller. */
  encodings: Partial<Record<Encoding, number>>;
};

export type WebManifest = {
  version: number;
  stamp: string;
  /** The HTML of the app and of the public chat (/chat/{id}), each a file of the build folder. */
  pages: { app: string; chat: string };
  /** By URL path: "/assets/chat-x1y2z3.js". */
  assets: Record<string, AssetEntry>;
  /** App pages (by exact path) whose HTML also preloads these chunks: the page's own lazy chunks. */
  preload: Record<string, string[]>;
};

/** Every file of a build the server may read: the pages, each asset and its compressed variants. */
export function buildFiles(manifest: WebManifest): string[] {
  const files = [...Object.values(manifest.pages)];
  for (const a of Object.values(manifest.assets)) {
    files.push(a.file);
    if (a.encodings.br) files.push(`${a.file}.br`);
    if (a.encodings.gzip) files.push(`${a.file}.gz`);
  }
  return files;
}

/** One output of the build: what it is made of and what it loads. */
export type GraphOutput = { bytes: number; inputs: string[]; imports: string[]; dynamicImports: string[] };
export type WebGraph = Record<string, GraphOutput>;

/** Sources the SPA is built from. A build fails if it reads a file outside them (build.ts). */
export const SOURCE_ROOTS = ["web", "src/schemas", "src/web-build"];
/** Files outside the roots whose change means the bundle may differ (dependencies, this config). */
const SOURCE_FILES = ["package.json", "node_modules/.package-lock.json", "bunfig.toml"];

/**
 * A cheap fingerprint of everything the build reads: each source's path, size and mtime (no file
 * is read), the Bun version and the manifest format. Same stamp → the build on disk is current.
 */
export function webStamp(root = REPO_ROOT): string {
  const parts: string[] = [`v${MANIFEST_VERSION}`, Bun.version];
  const add = (abs: string) => {
    const st = statSync(abs, { throwIfNoEntry: false });
    if (st?.isFile()) parts.push(`${relative(root, abs)}\0${st.size}\0${st.mtimeMs}`);
  };
  for (const dir of SOURCE_ROOTS) {
    const abs = join(root, dir);
    if (!existsSync(abs)) continue;
    const names = readdirSync(abs, { recursive: true, encoding: "utf8" }).filter((n) => !n.includes(".test.")).sort();
    for (const name of names) add(join(abs, name));
  }
  for (const file of SOURCE_FILES) add(join(root, file));
  return Bun.hash(parts.join("\n")).toString(16).padStart(16, "0");
}

/** Content types of what the bundle emits; anything else is served as bytes. */
export function contentType(file: string): string {
  const ext = file.slice(file.lastIndexOf(".") + 1).toLowerCase();
  const types: Record<string, string> = {
    js: "text/javascript;charset=utf-8",
    css: "text/css;charset=utf-8",
    html: "text/html;charset=utf-8",
    json: "application/json;charset=utf-8",
    svg: "image/svg+xml",
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    gif: "image/gif",
    webp: "image/webp",
    ico: "image/x-icon",
    woff: "font/woff",
    woff2: "font/woff2",
    ttf: "font/ttf",
    wasm: "application/wasm",
  };
  return types[ext] ?? "application/octet-stream";
}
