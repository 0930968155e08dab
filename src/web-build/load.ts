/**
 * The SPA the server serves: the one embedded in the binary, or the current build in dist/web,
 * built first (in a child process, before the server listens) when web/ changed or none exists.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { log } from "../lib/logger";
import { type BuiltWeb, serveBuild } from "./assets";
import { EMBEDDED_WEB } from "./embedded";
import { buildFiles, REPO_ROOT, WEB_OUT, type WebManifest, webStamp } from "./manifest";

export async function loadWeb(): Promise<BuiltWeb> {
  if (EMBEDDED_WEB) {
    const { manifest, files } = EMBEDDED_WEB;
    return serveBuild(manifest, (file) => {
      const path = files[file];
      if (!path) throw new Error(`embedded SPA: ${file} missing`);
      return Bun.file(path);
    });
  }
  return loadDir(await currentBuildDir());
}

/**
 * Reads a build folder whole (about 2 MB): a later boot that rebuilds prunes older folders, and a
 * server still running must keep serving the build it started with.
 */
export async function loadDir(dir: string): Promise<BuiltWeb> {
  const manifest = (await Bun.file(join(dir, "manifest.json")).json()) as WebManifest;
  const bytes = new Map(await Promise.all(buildFiles(manifest).map(async (f) => [f, await Bun.file(join(dir, f)).bytes()] as const)));
  return serveBuild(manifest, (file) => {
    const b = bytes.get(file);
    if (!b) throw new Error(`SPA build ${dir}: ${file} missing`);
    return b;
  });
}

/** dist/web/<stamp>, building it when absent. A failed build falls back to the newest earlier one. */
export async function currentBuildDir(): Promise<string> {
  const dir = join(WEB_OUT, webStamp());
  if (existsSync(join(dir, "manifest.json"))) return dir;
  log.info("Construindo a interface web (web/ mudou ou ainda não foi construída)");
  const proc = Bun.spawn([process.execPath, join(REPO_ROOT, "scripts", "build-web.ts")], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  const built = code === 0 ? parseLastLine(out) : null;
  if (built) return built;
  const fallback = newestBuild();
  const reason = `${err}\n${out}`.trim().slice(-4000);
  if (!fallback) throw new Error(`A interface web não pôde ser construída (scripts/build-web.ts):\n${reason}`);
  log.error("A interface web não pôde ser construída; servindo a construção anterior", { reason, dir: fallback });
  return fallback;
}

function parseLastLine(out: string): string | null {
  const last = out.trim().split("\n").pop() ?? "";
  try {
    const dir = (JSON.parse(last) as { dir?: unknown }).dir;
    return typeof dir === "string" ? dir : null;
  } catch {
    return null;
  }
}

function newestBuild(): string | null {
  if (!existsSync(WEB_OUT)) return null;
  const builds = readdirSync(WEB_OUT)
    .filter((n) => !n.startsWith("."))
    .map((n) => join(WEB_OUT, n, "manifest.json"))
    .filter((m) => existsSync(m))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return builds[0] ? join(builds[0], "..") : null;
}
