#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than the lock file, so that
# `npm run web`, `npm start` and `npm test` work straight after cloning. The Electron binary
# cannot always be downloaded (offline machines, CI): the package is installed for its types,
# and `npm start` needs the binary (see README).
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "sightline: installing npm dependencies (npm ci)..." >&2
  ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}" npm ci --no-audit --no-fund >&2
fi
