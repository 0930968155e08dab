/**
 * npm run build → dist/atenda: one executable carrying the server, the built SPA (dist/web, built
 * first if web/ changed; each file embedded) and the migrations (text imports). See
 * docs/decisions/001-single-binary.md.
 */
import type { BunPlugin } from "bun";
import { join } from "node:path";
import { buildWeb } from "../src/web-build/build";
import { buildFiles, type WebManifest } from "../src/web-build/manifest";

const target = `${process.platform}-${process.arch}`;
const libsqlPackage = target === "linux-x64" ? "@libsql/linux-x64-gnu" : target === "linux-arm64" ? "@libsql/linux-arm64-gnu" : null;

/**
 * libsql loads its native addon with a computed require(`@libsql/${target}`) that the bundler
 * cannot follow (oven-sh/bun#18909). Rewrite it into a static require so the .node is embedded.
 */
const libsqlEmbed: BunPlugin = {
  name: "libsql-embed",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]libsql[\\/]index\.js$/ }, async (args) => {
      if (!libsqlPackage) throw new Error(`build: no libsql addon known for ${target}`);
      const source = await Bun.file(args.path).text();
      const pattern = /function requireNative\(\) \{[\s\S]*?\n\}\n/;
      if (!pattern.test(source)) throw new Error("build: libsql/index.js changed shape; update the libsql-embed plugin");
      return {
        loader: "js",
        contents: source.replace(pattern, `function requireNative() {\n  return require("${libsqlPackage}/index.node");\n}\n`),
      };
    });
  },
};

/**
 * src/web-build/embedded.ts becomes the built SPA: its manifest, and one `with { type: "file" }`
 * import per file (pages, assets and their .br/.gz), which the binary reads with Bun.file when served.
 */
function webEmbed(dir: string, manifest: WebManifest): BunPlugin {
  const files = buildFiles(manifest);
  const imports = files.map((f, i) => `import f${i} from ${JSON.stringify(join(dir, f))} with { type: "file" };`);
  const map = files.map((f, i) => `${JSON.stringify(f)}: f${i}`).join(",\n  ");
  const contents = `${imports.join("\n")}\nexport const EMBEDDED_WEB = {\n  manifest: ${JSON.stringify(manifest)},\n  files: {\n  ${map}\n  },\n};\n`;
  return {
    name: "web-embed",
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]web-build[\\/]embedded\.ts$/ }, () => ({ loader: "ts", contents }));
    },
  };
}

const outfile = process.argv[2] ?? "./dist/atenda";
const started = performance.now();
const web = await buildWeb();
const manifest = (await Bun.file(join(web.dir, "manifest.json")).json()) as WebManifest;
const result = await Bun.build({
  // The queue Worker is an entrypoint of its own; the root pins where it lands (workers/background.ts).
  entrypoints: ["./src/server.ts", "./workers/queue.ts"],
  root: ".",
  compile: { outfile },
  minify: true,
  sourcemap: "none",
  // Module top-level code precompiled to bytecode: boot skips parsing and compiling it (about half
  // the start's CPU). Depth 0 leaves function bodies to be compiled when first called, which keeps
  // the bytecode small and out of the idle RSS (bench/binary.ts).
  bytecode: true,
  bytecodeDepth: 0,
  format: "esm",
  plugins: [webEmbed(web.dir, manifest), libsqlEmbed],
  define: { "process.env.ATENDA_COMPILED": '"1"' },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
console.log(`built ${outfile} in ${Math.round(performance.now() - started)} ms`);
