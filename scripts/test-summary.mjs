// Sums the junit reports into the one line CI reads: "N passed, N failed" (", N skipped").
// A missing report counts as one failure: a runner that crashed must not look green.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file}`);
    failed += 1;
    continue;
  }
  const xml = readFileSync(file, "utf8");
  for (const m of xml.matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const body = m[2] ?? "";
    if (/<(failure|error)\b/.test(body)) failed += 1;
    else if (/<skipped\b/.test(body)) skipped += 1;
    else passed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
