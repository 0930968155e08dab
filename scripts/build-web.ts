/**
 * Builds the SPA into dist/web/<stamp> (src/web-build/build.ts) unless that build is current.
 * Run by `npm run build` (scripts/build-bin.ts) and by a server that boots without a current build
 * (src/web-build/ensure.ts), in a process of its own so the server never holds the bundler's memory.
 * Prints one JSON line: { dir, stamp, built, ms }.
 */
import { buildWeb } from "../src/web-build/build";

const started = performance.now();
const out = await buildWeb({ force: process.argv.includes("--force") });
console.log(JSON.stringify({ ...out, ms: Math.round(performance.now() - started) }));
