/**
 * The import graph of the repository's own TypeScript, read with a regex over import/export-from
 * lines (no compiler): relative paths and the tsconfig aliases are resolved to files; packages are
 * ignored. Good enough for layering rules, cheap enough to run on every `npm test`.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "../..");

export type ImportEdge = {
  /** Repository-relative path of the importing file. */
  from: string;
  /** Repository-relative path of the imported file. */
  to: string;
  /** The specifier as written. */
  spec: string;
  /** `import type` / `export type` (erased at runtime: no load-time dependency). */
  typeOnly: boolean;
  /** `import("…")`: loaded lazily, but still a dependency of the module. */
  dynamic: boolean;
  line: number;
};

const ALIASES: Record<string, string> = { "@db/": "db/", "@src/": "src/", "@routers/": "routers/", "@web/": "web/" };
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

// `import x from`, `import { a, type B } from`, `import type X from`, `export * from`, `export { a } from`, multi-line lists.
const STATIC = /^[ \t]*(import|export)\s+(type\s+)?([\w*{}\s,$]*?)\s*from\s*["']([^"']+)["']/gm;
const BARE = /^[ \t]*import\s*["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

export function listSources(dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const name of readdirSync(abs)) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const p = join(abs, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(relative(ROOT, p));
    }
  };
  for (const d of dirs) if (existsSync(join(ROOT, d))) walk(join(ROOT, d));
  return out.sort();
}

function resolveSpec(fromFile: string, spec: string): string | null {
  let base: string | null = null;
  if (spec.startsWith(".")) base = join(dirname(join(ROOT, fromFile)), spec);
  for (const [alias, dir] of Object.entries(ALIASES)) if (spec.startsWith(alias)) base = join(ROOT, dir, spec.slice(alias.length));
  if (!base) return null;
  for (const ext of EXTENSIONS) {
    const p = base + ext;
    if (existsSync(p) && statSync(p).isFile()) return relative(ROOT, p);
  }
  return null;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** A file's text with comments blanked (they may quote import lines or SQL), offsets kept for line numbers. */
export const codeText = (file: string) =>
  readFileSync(join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, (m) => m.replace(/[^\n]/g, " "));

/** The npm packages a file imports (`drizzle-orm`, `drizzle-orm/sqlite-core`…), which importsOf leaves out. */
export function packageImportsOf(file: string): { from: string; spec: string; line: number }[] {
  const text = codeText(file);
  const out: { from: string; spec: string; line: number }[] = [];
  for (const re of [STATIC, BARE, DYNAMIC]) {
    for (const m of text.matchAll(re)) {
      const spec = (re === STATIC ? m[4] : m[1]) ?? "";
      if (!spec.startsWith(".") && !Object.keys(ALIASES).some((a) => spec.startsWith(a))) out.push({ from: file, spec, line: lineOf(text, m.index ?? 0) });
    }
  }
  return out;
}

export function importsOf(file: string): ImportEdge[] {
  const text = codeText(file);
  const edges: ImportEdge[] = [];
  const add = (spec: string, typeOnly: boolean, dynamic: boolean, index: number) => {
    const to = resolveSpec(file, spec);
    if (to) edges.push({ from: file, to, spec, typeOnly, dynamic, line: lineOf(text, index) });
  };
  for (const m of text.matchAll(STATIC)) {
    const names = (m[3] ?? "").trim();
    // `import { type A, type B } from` is erased too; `export type { A } from` likewise.
    const allTyped = /^\{[^}]*\}$/.test(names) && names.slice(1, -1).split(",").map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith("type "));
    add(m[4] ?? "", Boolean(m[2]) || allTyped, false, m.index ?? 0);
  }
  for (const m of text.matchAll(BARE)) add(m[1] ?? "", false, false, m.index ?? 0);
  for (const m of text.matchAll(DYNAMIC)) add(m[1] ?? "", false, true, m.index ?? 0);
  return edges;
}

export function importGraph(dirs: string[]) {
  const files = listSources(dirs);
  return { files, edges: files.flatMap(importsOf) };
}

/**
 * Strongly connected components (Tarjan) of the value-import graph restricted to `inScope` files;
 * each component of more than one module is a cycle. Returns one concrete cycle path per component.
 */
export function cycles(edges: ImportEdge[], inScope: (file: string) => boolean): string[][] {
  const adj = new Map<string, string[]>();
  for (const e of edges) {
    if (e.typeOnly || !inScope(e.from) || !inScope(e.to)) continue;
    const list = adj.get(e.from) ?? [];
    list.push(e.to);
    adj.set(e.from, list);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const strong = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of adj.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      for (;;) {
        const w = stack.pop() as string;
        onStack.delete(w);
        comp.push(w);
        if (w === v) break;
      }
      if (comp.length > 1 || (adj.get(v) ?? []).includes(v)) components.push(comp);
    }
  };
  for (const v of [...adj.keys()].sort()) if (!index.has(v)) strong(v);
  return components.map((comp) => shortestCycle(adj, new Set(comp), [...comp].sort()[0] as string));
}

/** The shortest path start → … → start inside one component (breadth-first), for a readable report. */
function shortestCycle(adj: Map<string, string[]>, comp: Set<string>, start: string): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift() as string;
    for (const w of adj.get(v) ?? []) {
      if (!comp.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
