/**
 * Builds the SPA once (npm run build, or a boot that finds no current build; never a request):
 * two HTML entries (the app, and the public chat on its own), split by route, minified, Tailwind
 * processed, content-hashed names under /assets/, each asset precompressed with brotli and gzip.
 * Written to a temp folder and renamed into dist/web/<stamp>, so concurrent boots never see half a
 * build; a lock file keeps two processes from building the same stamp at once.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwind from "bun-plugin-tailwind";
import {
  type AssetEntry,
  contentType,
  type GraphOutput,
  MANIFEST_VERSION,
  REPO_ROOT,
  SOURCE_ROOTS,
  WEB_OUT,
  type WebGraph,
  type WebManifest,
  webStamp,
} from "./manifest";

/**
 * Pages whose lazy chunks (web/routes.tsx) the page's HTML names as modulepreload, so they download
 * with the entry instead of after it runs: one round trip less before the first paint. A module
 * missing here fails the build.
 */
const ROUTE_PRELOADS: Record<string, string[]> = {
  "/login": ["web/features/auth/pages/login.tsx"],
  "/register": ["web/features/auth/pages/register.tsx"],
  "/forgot-password": ["web/features/auth/pages/forgot-password.tsx"],
  "/reset-password": ["web/features/auth/pages/reset-password.tsx"],
  "/dashboard": ["web/features/shell/shell-area.tsx", "web/features/dashboard/pages/dashboard.tsx"],
};

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const LOCK_STALE_MS = 3 * 60_000;

export type BuiltDir = { dir: string; stamp: string; built: boolean };

/** The current build's folder, building it first when the sources changed since the last one. */
export async function buildWeb(opts: { outRoot?: string; force?: boolean } = {}): Promise<BuiltDir> {
  const outRoot = opts.outRoot ?? WEB_OUT;
  const stamp = webStamp();
  const dir = join(outRoot, stamp);
  mkdirSync(outRoot, { recursive: true });
  for (;;) {
    if (!opts.force && existsSync(join(dir, "manifest.json"))) return { dir, stamp, built: false };
    const lock = join(outRoot, `.lock-${stamp}`);
    if (!takeLock(lock)) {
      await Bun.sleep(200); // another process builds this stamp: use its result
      continue;
    }
    try {
      // Another process may have finished it between the check above and the lock.
      if (!opts.force && existsSync(join(dir, "manifest.json"))) return { dir, stamp, built: false };
      const tmp = join(outRoot, `.tmp-${stamp}-${process.pid}-${Date.now().toString(36)}`);
      await buildInto(tmp, stamp).catch((e: unknown) => {
        rmSync(tmp, { recursive: true, force: true });
        throw e;
      });
      if (opts.force) rmSync(dir, { recursive: true, force: true });
      try {
        renameSync(tmp, dir);
      } catch (e) {
        rmSync(tmp, { recursive: true, force: true });
        if (!existsSync(join(dir, "manifest.json"))) throw e;
      }
      prune(outRoot, stamp);
      return { dir, stamp, built: true };
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

/**
 * An exclusive lock file holding its owner's pid. One whose owner died (killed mid-build) is taken
 * over at once; one older than LOCK_STALE_MS is taken over anyway.
 */
function takeLock(path: string): boolean {
  try {
    writeFileSync(path, String(process.pid), { flag: "wx" });
    return true;
  } catch {
    const st = statSync(path, { throwIfNoEntry: false });
    const owner = (() => {
      try {
        return Number(readFileSync(path, "utf8"));
      } catch {
        return 0;
      }
    })();
    // A lock just created may not hold its pid yet: give it a second before judging its owner.
    const young = st ? Date.now() - st.mtimeMs < 1000 : false;
    if (st && (Date.now() - st.mtimeMs > LOCK_STALE_MS || (!young && !isAlive(owner)))) rmSync(path, { force: true });
    return false;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
}

/** Older builds, abandoned temp folders and locks. A running server keeps its build in memory (load.ts). */
function prune(outRoot: string, keep: string) {
  for (const name of readdirSync(outRoot)) {
    if (name === keep || name === `.lock-${keep}`) continue;
    const path = join(outRoot, name);
    const old = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0) > LOCK_STALE_MS;
    if (!name.startsWith(".") || old) rmSync(path, { recursive: true, force: true });
  }
}

async function buildInto(tmp: string, stamp: string) {
  const web = join(REPO_ROOT, "web");
  const result = await Bun.build({
    entrypoints: [join(web, "index.html"), join(web, "chat.html")],
    outdir: tmp,
    root: web,
    target: "browser",
    splitting: true,
    minify: true,
    sourcemap: "none",
    metafile: true,
    publicPath: "/",
    naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
    plugins: [tailwind],
    // Folds tiny side-effect-free chunks into one their importers load anyway: fewer requests.
    minChunkSize: 16384,
    // React's production build; without it the bundle carries the development one (3× larger).
    define: { "process.env.NODE_ENV": '"production"' },
    throw: false,
  });
  if (!result.success || !result.metafile) {
    throw new Error(`SPA build failed:\n${result.logs.map(String).join("\n")}`);
  }
  const meta = result.metafile;
  const outside = Object.keys(meta.inputs).filter(
    (p) => !p.includes("node_modules/") && !SOURCE_ROOTS.some((r) => resolve(REPO_ROOT, p).startsWith(join(REPO_ROOT, r, "/"))),
  );
  if (outside.length > 0) {
    throw new Error(`web/ imports files outside ${SOURCE_ROOTS.join(", ")} (add their folder to SOURCE_ROOTS): ${outside.join(", ")}`);
  }

  const assets: WebManifest["assets"] = {};
  const graph: WebGraph = {};
  // Output paths in the metafile are relative to outdir; keys here are URL paths.
  const urlOf = (out: string) => `/${out.replace(/^\.\//, "")}`;
  for (const [out, info] of Object.entries(meta.outputs)) {
    const url = urlOf(out);
    if (url.endsWith(".html")) continue;
    const entry = await compressAsset(tmp, url.slice(1));
    assets[url] = entry;
    const node: GraphOutput = { bytes: info.bytes, inputs: Object.keys(info.inputs), imports: [], dynamicImports: [] };
    for (const imp of info.imports) {
      const target = urlOf(imp.path);
      if (imp.kind === "dynamic-import") node.dynamicImports.push(target);
      else node.imports.push(target);
    }
    graph[url] = node;
  }
  // Files imported `with { type: "file" }` (a stylesheet linked on demand) are copied into assets/
  // but are not outputs of the metafile: served, precompressed and immutable all the same.
  for (const name of readdirSync(join(tmp, "assets"))) {
    const url = `/assets/${name}`;
    if (name.endsWith(".br") || name.endsWith(".gz") || url in assets) continue;
    assets[url] = await compressAsset(tmp, url.slice(1));
  }
  const pages = { app: "index.html", chat: "chat.html" };
  for (const page of Object.values(pages)) {
    if (!existsSync(join(tmp, page))) throw new Error(`SPA build: ${page} missing`);
  }
  const manifest: WebManifest = { version: MANIFEST_VERSION, stamp, pages, assets, preload: await routePreloads(tmp, meta, graph) };
  await Bun.write(join(tmp, "graph.json"), JSON.stringify(graph));
  // Written last: a folder with a manifest is a complete build.
  await Bun.write(join(tmp, "manifest.json"), JSON.stringify(manifest));
}

/** For each ROUTE_PRELOADS path: its chunks and their static imports, less what the app's HTML already loads. */
async function routePreloads(tmp: string, meta: Bun.BuildMetafile, graph: WebGraph): Promise<Record<string, string[]>> {
  const html = await Bun.file(join(tmp, "index.html")).text();
  const inHtml = new Set([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]));
  const chunkOf = new Map<string, string>();
  for (const [out, info] of Object.entries(meta.outputs)) {
    if (info.entryPoint && out.endsWith(".js")) chunkOf.set(resolve(REPO_ROOT, info.entryPoint), `/${out.replace(/^\.\//, "")}`);
  }
  const out: Record<string, string[]> = {};
  for (const [path, modules] of Object.entries(ROUTE_PRELOADS)) {
    const seen = new Set<string>();
    const stack = modules.map((m) => {
      const chunk = chunkOf.get(resolve(REPO_ROOT, m));
      if (!chunk) throw new Error(`SPA build: ROUTE_PRELOADS names ${m}, which is no lazy chunk`);
      return chunk;
    });
    for (let url = stack.pop(); url !== undefined; url = stack.pop()) {
      if (seen.has(url)) continue;
      seen.add(url);
      stack.push(...(graph[url]?.imports ?? []));
    }
    out[path] = [...seen].filter((u) => !inHtml.has(u));
  }
  return out;
}

/** Brotli (best) and gzip (best) beside the file, kept only where smaller than the original. */
async function compressAsset(dir: string, file: string): Promise<AssetEntry> {
  const bytes = await Bun.file(join(dir, file)).bytes();
  const entry: AssetEntry = { file, type: contentType(file), bytes: bytes.length, encodings: {} };
  const [br, gzipped] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gz(bytes, { level: 9 }),
  ]);
  if (br.length < bytes.length) {
    await Bun.write(join(dir, `${file}.br`), br);
    entry.encodings.br = br.length;
  }
  if (gzipped.length < bytes.length) {
    await Bun.write(join(dir, `${file}.gz`), gzipped);
    entry.encodings.gzip = gzipped.length;
  }
  return entry;
}
