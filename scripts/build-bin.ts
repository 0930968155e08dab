/**
 * npm run build → dist/atenda: one executable carrying the server, the SPA (HTML import, Tailwind
 * processed) and the migrations (text imports). See docs/decisions/001-single-binary.md.
 */
import type { BunPlugin } from "bun";
import tailwind from "bun-plugin-tailwind";

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

const outfile = process.argv[2] ?? "./dist/atenda";
const started = performance.now();
const result = await Bun.build({
  // The queue Worker is an entrypoint of its own; the root pins where it lands (workers/background.ts).
  entrypoints: ["./src/server.ts", "./workers/queue.ts"],
  root: ".",
  compile: { outfile },
  minify: true,
  sourcemap: "none",
  plugins: [tailwind, libsqlEmbed],
  define: { "process.env.ATENDA_COMPILED": '"1"' },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
console.log(`built ${outfile} in ${Math.round(performance.now() - started)} ms`);
