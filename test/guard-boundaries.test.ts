/**
 * Import boundaries (issue 11, guard rails): the layers the design card names, checked on every
 * `npm test` from the source text. Type-only imports (`import type`, or lists where every name is
 * `type X`) are erased at runtime, so they are ignored for cycles; they still count for layering.
 */
import { describe, expect, test } from "bun:test";
import { type ImportEdge, codeText, cycles, importGraph, listSources, packageImportsOf } from "./helpers/guard-imports";

const { files, edges } = importGraph(["routers", "src", "db", "web", "workers"]);
const show = (e: ImportEdge) => `${e.from}:${e.line} imports "${e.spec}"${e.typeOnly ? " (type only)" : ""}`;
const under = (dir: string) => (f: string) => f.startsWith(dir);

describe("import boundaries", () => {
  test("the parser sees the repository (sanity: files and known edges)", () => {
    expect(files.length).toBeGreaterThan(200);
    // A known edge of each kind: a multi-line named import, a type-only import and an alias-free relative path.
    expect(edges.some((e) => e.from === "src/app.ts" && e.to === "routers/_app.ts" && !e.typeOnly)).toBe(true);
    expect(edges.some((e) => e.from.startsWith("web/") && e.to === "routers/_app.ts" && e.typeOnly)).toBe(true);
  });

  test("routers/ and src/api/ do not import db/ (reads and writes live in src/services)", () => {
    const bad = edges.filter((e) => (under("routers/")(e.from) || under("src/api/")(e.from)) && under("db/")(e.to));
    expect(bad.map(show)).toEqual([]);
  });

  test("src/channels/, src/knowledge/, src/jobs/ and workers/ reach the database only through src/services (no db/, no drizzle-orm, no SQL)", () => {
    const folders = ["src/channels", "src/knowledge", "src/jobs", "workers"];
    const domain = (f: string) => folders.some((d) => under(`${d}/`)(f));
    // Row types too: the services re-export the ones the domain logic needs.
    const bad = edges.filter((e) => domain(e.from) && under("db/")(e.to)).map(show);
    const sources = listSources(folders);
    for (const p of sources.flatMap(packageImportsOf)) if (/^drizzle-orm(\/|$)/.test(p.spec)) bad.push(`${p.from}:${p.line} imports "${p.spec}"`);
    // Raw SQL through the client or a transaction handle is a query too.
    const RAW = /\$client\b|\.execute\(|\bSELECT\s+[\w*(]|\bINSERT\s+(OR\s+\w+\s+)?INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b/g;
    for (const f of sources) for (const m of codeText(f).matchAll(RAW)) bad.push(`${f} runs SQL: "${m[0]}"`);
    expect(sources.length).toBeGreaterThan(20);
    expect(bad).toEqual([]);
  });

  test("db/ does not import src/services", () => {
    const bad = edges.filter((e) => under("db/")(e.from) && under("src/services/")(e.to));
    expect(bad.map(show)).toEqual([]);
  });

  test("web/ imports no server code except src/schemas and `import type`", () => {
    const bad = edges.filter((e) => under("web/")(e.from) && !under("web/")(e.to) && !under("src/schemas/")(e.to) && !e.typeOnly);
    expect(bad.map(show)).toEqual([]);
  });

  test("src/schemas (shared with the browser bundle) imports only itself", () => {
    const bad = edges.filter((e) => under("src/schemas/")(e.from) && !under("src/schemas/")(e.to) && !e.typeOnly);
    expect(bad.map(show)).toEqual([]);
  });

  test("no import cycle between modules of src/services, src/runtime and src/integrations", () => {
    const core = (f: string) => /^src\/(services|runtime|integrations)\//.test(f);
    const found = cycles(edges, core).map((path) => `${path.length - 1} modules: ${path.join(" → ")}`);
    expect(found).toEqual([]);
  });

  test("src/runtime reaches integrations only through the tool registry (no runtime → integrations provider import)", () => {
    const bad = edges.filter((e) => under("src/runtime/")(e.from) && /^src\/integrations\/[^/]+\/provider\.ts$/.test(e.to) && !e.typeOnly);
    expect(bad.map(show)).toEqual([]);
  });

  test("every integration's tool provider is registered at boot", () => {
    const providers = listSources(["src/integrations"]).filter((f) => /^src\/integrations\/[^/]+\/provider\.ts$/.test(f));
    expect(providers.length).toBeGreaterThan(5);
    const registered = new Set(edges.filter((e) => e.from === "src/integrations/register-tools.ts").map((e) => e.to));
    expect(providers.filter((p) => !registered.has(p))).toEqual([]);
  });
});
