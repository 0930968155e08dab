#!/usr/bin/env bash
# npm test: lint, typecheck, unit/API tests (bun test), browser tests (Playwright in Debian's
# chromium), then one summary line "N passed, N failed" that CI reads.
set -uo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian chromium for the browser tests"
  SUDO=""; [ "$(id -u)" != "0" ] && SUDO="sudo"
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null || { echo "could not install chromium"; exit 1; }
fi
if [ ! -x node_modules/.bin/bun ] || ! node_modules/.bin/bun --version >/dev/null 2>&1; then
  echo "bun is missing or its postinstall did not run: run 'npm ci' (or 'npm install') first"; exit 1
fi
BUN=node_modules/.bin/bun
mkdir -p reports .tmp
rm -f reports/*.xml reports/*.log
rc=0

echo "== lint (biome)"
npx --no-install biome check . || rc=1
echo "== typecheck (tsc)"
npx --no-install tsc --noEmit -p . || rc=1

# The SPA is built once here, so no test server pays for the build at its boot (src/web-build).
echo "== web build (SPA, precompressed)"
$BUN scripts/build-web.ts || rc=1

# Split into UNIT_SHARDS bun processes (default 2): most API tests wait on their own server, sockets
# and argon2, so two processes keep both cores busy. Files are dealt round-robin in sorted order;
# each process writes its own junit report and log (printed whole when it ends, not interleaved).
SHARDS="${UNIT_SHARDS:-2}"
echo "== unit and API tests (bun test, $SHARDS processes)"
mapfile -t UNIT_FILES < <(find . -path ./node_modules -prune -o -path ./.tmp -prune -o -path ./dist -prune -o -path ./.git -prune -o \( -name '*.test.ts' -o -name '*.test.tsx' \) -print | sort)
pids=()
for ((i = 0; i < SHARDS; i++)); do
  shard=()
  for ((j = i; j < ${#UNIT_FILES[@]}; j += SHARDS)); do shard+=("${UNIT_FILES[$j]}"); done
  NODE_ENV=test $BUN test --reporter=junit --reporter-outfile="reports/unit-$i.xml" "${shard[@]}" > "reports/unit-$i.log" 2>&1 &
  pids+=($!)
done
for ((i = 0; i < SHARDS; i++)); do
  wait "${pids[$i]}" || rc=1
  echo "-- unit shard $((i + 1))/$SHARDS"
  cat "reports/unit-$i.log"
done

echo "== browser tests (Playwright + chromium)"
# Two specs at a time; the ones that change platform-wide state run alone at the end (playwright.config.ts).
E2E_WORKERS="${E2E_WORKERS:-2}" PLAYWRIGHT_JUNIT_OUTPUT_NAME=reports/e2e.xml npx --no-install playwright test --reporter=list,junit || rc=1

UNIT_REPORTS=()
for ((i = 0; i < SHARDS; i++)); do UNIT_REPORTS+=("reports/unit-$i.xml"); done
node scripts/test-summary.mjs "${UNIT_REPORTS[@]}" reports/e2e.xml || rc=1
exit $rc
