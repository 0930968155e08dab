/**
 * npm run build → dist/atenda: one executable carrying the server, the built SPA (dist/web, built
 * first if web/ changed; each file embedded), the migrations (text imports) and a database with
 * them applied (db/template.ts). Built twice: the first build is run once to record which bytecode
 * a start uses (scripts/bytecode-order.ts), the second lays that bytecode out first. See
 * docs/decisions/007-lazy-domains.md (the split into chunks).
 */
import type { BunPlugin } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildDatabaseTemplate } from "../db/template";
import { buildWeb } from "../src/web-build/build";
import { buildFiles, type WebManifest } from "../src/web-build/manifest";
import { recordBytecodeOrder } from "./bytecode-order";

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

/**
 * nodemailer from its CommonJS build: the ESM one imports node:http, https, tls, child_process…
 * at the top, and a bundle hoists those imports, so every start loaded them (~9 ms) for a library
 * only the first mail imports (src/services/mail.ts). CommonJS requires run when it is first used.
 */
const nodemailerLazy: BunPlugin = {
  name: "nodemailer-cjs",
  setup(build) {
    build.onResolve({ filter: /^nodemailer$/ }, () => ({ path: require.resolve("nodemailer") }));
  },
};

/** db/template-embedded.ts becomes a `with { type: "file" }` import of the migrated template. */
function templateEmbed(templateFile: string): BunPlugin {
  const contents = `import template from ${JSON.stringify(templateFile)} with { type: "file" };\nexport const EMBEDDED_DB_TEMPLATE: string | null = template;\n`;
  return {
    name: "db-template-embed",
    setup(build) {
      build.onLoad({ filter: /[\\/]db[\\/]template-embedded\.ts$/ }, () => ({ loader: "ts", contents }));
    },
  };
}

async function compile(outfile: string, plugins: BunPlugin[], bytecodeOrder: string[] | null) {
  const result = await Bun.build({
    // The Workers (job queue, WAL checkpoints) are entrypoints of their own; the root pins where they
    // land (workers/start-on-work.ts, db/checkpointer.ts).
    entrypoints: ["./src/server.ts", "./workers/queue.ts", "./workers/checkpoint.ts"],
    root: ".",
    // jitPolicy: JIT tier-up thresholds ×8 until the server is ready (src/server.ts resets them):
    // boot code runs once, and compiling it cost more CPU than it saved.
    compile: { outfile, bytecodeOrder, jitPolicy: 8 },
    minify: true,
    sourcemap: "none",
    // Every function precompiled to bytecode: boot parses and compiles nothing. The bytecode the
    // recorded start used comes first in the file, so the rest is never read (idle RSS).
    bytecode: true,
    format: "esm",
    // A module imported with import() (the domain routers and routes, the tool providers, pdf-lib…)
    // is a chunk of its own: a start neither evaluates it nor creates its functions (issue 12).
    splitting: true,
    plugins,
    define: { "process.env.ATENDA_COMPILED": '"1"' },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    process.exit(1);
  }
}

// Absolute: the recording run starts the binary from its own scratch directory.
const outfile = resolve(process.argv[2] ?? "./dist/atenda");
const started = performance.now();
const web = await buildWeb();
const manifest = (await Bun.file(join(web.dir, "manifest.json")).json()) as WebManifest;
const work = mkdtempSync(join(tmpdir(), "atenda-build-"));
try {
  const template = join(work, "template.db");
  await buildDatabaseTemplate(template);
  const plugins = [webEmbed(web.dir, manifest), templateEmbed(template), libsqlEmbed, nodemailerLazy];
  await compile(outfile, plugins, null);
  // A failed recording costs start time, not correctness: the first build stays.
  const order = await recordBytecodeOrder(outfile, join(work, "record")).catch((e: unknown) => {
    console.warn(`build: bytecode order not recorded, keeping the unordered build (${e instanceof Error ? e.message : String(e)})`);
    return null;
  });
  if (order) await compile(outfile, plugins, order);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`built ${outfile} in ${Math.round(performance.now() - started)} ms`);
