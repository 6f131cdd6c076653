#!/usr/bin/env node
// The `sightline` command: runs the built CLI (npm run build produces out/main/cli.js).
const path = require('node:path');
const { pathToFileURL } = require('node:url');
import(pathToFileURL(path.join(__dirname, '..', 'out', 'main', 'cli.js')).href).catch((e) => {
  console.error(
    `sightline: ${e && e.code === 'ERR_MODULE_NOT_FOUND' ? 'not built yet: run `npm run build` first' : e}`,
  );
  process.exit(1);
});
