#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or were installed from another lock file,
# so that `npm run web`, `npm start` and `npm test` work straight after cloning. The Electron
# binary cannot always be downloaded (offline machines, CI): the package is installed for its
# types, and `npm start` needs the binary (see README).
#
# The lock file is compared by content, not by date: a checkout (another branch, a new
# worktree) makes it newer without changing it, and `npm ci` then threw away and rebuilt a
# working install for nothing (or, in a worktree whose node_modules links to another checkout's,
# emptied that one under whoever was using it).
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.sightline-lock-digest
want=$(node -e "process.stdout.write(require('crypto').createHash('sha256').update(require('fs').readFileSync('package-lock.json')).digest('hex'))")
if [ ! -f node_modules/.package-lock.json ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "sightline: installing npm dependencies (npm ci)..." >&2
  ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}" npm ci --no-audit --no-fund >&2
  printf '%s' "$want" > "$stamp"
fi
