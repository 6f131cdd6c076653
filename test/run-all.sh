#!/usr/bin/env bash
# `npm test`: everything, from a fresh clone. Installs dependencies and system packages,
# provisions real MySQL/MariaDB servers, then typecheck, lint, build, and all test projects
# (unit, integration against real servers, e2e in Debian's chromium against browser mode).
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
step() { echo; echo "== $* ($(( $(date +%s) - t0 )) s)"; }

step "npm dependencies"
bash scripts/ensure-deps.sh
step "system packages"
bash test/install-system-packages.sh
step "test servers"
npx tsx test/servers/provision-all.ts
step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "build"
npx electron-vite build >test-results.build.log 2>&1 || { cat test-results.build.log; exit 1; }
rm -f test-results.build.log
step "tests"
mkdir -p test-results
rm -f test-results/vitest*.json
status=0
vitest_to() { npx vitest run --reporter=default --reporter=json --outputFile.json="$1" "${@:2}"; }
if [ $# -gt 0 ] || [ -n "${SIGHTLINE_TEST_MYSQL_URL:-}${SIGHTLINE_TEST_MARIADB_URL:-}" ]; then
  # A chosen subset, or the user's own servers (which two lanes would share: tests set globals).
  vitest_to test-results/vitest.json "$@" || status=$?
  reports=(test-results/vitest.json)
else
  # Two lanes at once, each with its own set of servers: integration tests mostly wait on
  # servers, so unit + e2e run beside them (one lane alone took ~25 minutes).
  lane() { vitest_to "test-results/vitest-$1.json" "${@:2}" 2>&1 | sed -u "s/^/[$1] /"; }
  lane integration --project integration &
  integration=$!
  lane unit+e2e --project unit --project e2e || status=$?
  wait "$integration" || status=$?
  reports=(test-results/vitest-integration.json test-results/vitest-unit+e2e.json)
fi
node scripts/print-test-summary.mjs "${reports[@]}" || status=1
echo "(total $(( $(date +%s) - t0 )) s)"
exit $status
