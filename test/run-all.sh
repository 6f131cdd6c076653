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
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@" || status=$?
node scripts/print-test-summary.mjs test-results/vitest.json || status=1
echo "(total $(( $(date +%s) - t0 )) s)"
exit $status
