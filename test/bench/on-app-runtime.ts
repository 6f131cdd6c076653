// `npm run bench [name...]`: runs test/bench/run.ts on the Node.js the desktop app's backend runs
// on (see app-runtime.ts), fetched once from the npm registry into ~/.cache/sightline/runtimes.
// SIGHTLINE_BENCH_RUNTIME=system runs on the Node.js running this script instead (the CLI's
// runtime); where the app's runtime cannot be had, the bench says why and runs on this one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { nodeBinaryPackage, nodeOfElectron } from './app-runtime';

const require = createRequire(import.meta.url);

/** The app's Node.js binary, fetched if needed, or why it cannot be had. */
function appNode(): { path: string; version: string } | { missing: string } {
  const electron = (
    JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const version = nodeOfElectron(electron);
  if (!version) return { missing: `no Node.js version is known for Electron ${electron}` };
  const pkg = nodeBinaryPackage(process.platform, process.arch);
  if (!pkg) return { missing: `no Node.js package for ${process.platform}-${process.arch}` };
  const dir = join(homedir(), '.cache', 'sightline', 'runtimes', `${pkg.name}-${version}`);
  const path = join(dir, 'node_modules', pkg.name, pkg.binary);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    console.log(`bench: fetching ${pkg.name}@${version} (the Node.js of Electron ${electron})`);
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-save',
        '--no-audit',
        '--no-fund',
        `${pkg.name}@${version}`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (npm.status !== 0 || !existsSync(path))
      return { missing: `npm could not install ${pkg.name}@${version}` };
  }
  return { path, version };
}

function main(): void {
  const args = process.argv.slice(2);
  const runner = join(import.meta.dirname, 'run.ts');
  const tsx = require.resolve('tsx/cli');
  let node = process.execPath;
  if (process.env['SIGHTLINE_BENCH_RUNTIME'] !== 'system') {
    const app = appNode();
    if ('missing' in app) console.log(`bench: ${app.missing}; running on this Node.js`);
    else node = app.path;
  }
  const child = spawn(node, [tsx, runner, ...args], { stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main();
