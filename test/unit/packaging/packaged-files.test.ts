// What `npm run dist` would put in the app, computed from a real build with electron-builder's
// own file filter and the `files` patterns of electron-builder.yml.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, type Stats } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const REPO = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

type Filter = (file: string, stat: Stats) => boolean;
const { createFilter } = require('app-builder-lib/out/util/filter.js') as {
  createFilter: (src: string, patterns: unknown[]) => Filter;
};
const { Minimatch } = require('minimatch') as {
  Minimatch: new (pattern: string, options: { dot: boolean }) => unknown;
};

let buildDir = '';
let freshBuild = '';
let packaged: string[] = [];
let appFilter: Filter;
let nodeModulesFilter: Filter;

/** Every file under `dir`, as paths relative to it with forward slashes. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else out.push(rel);
  }
  return out;
}

/** Whether electron-builder would pack `rel` (a path as it sits in the project folder). */
async function packs(rel: string, real: string): Promise<boolean> {
  const filter = rel.startsWith('node_modules/') ? nodeModulesFilter : appFilter;
  // Directories on the way are asked first, as electron-builder walks the tree.
  // (node_modules itself is the collector's root, not a directory it filters.)
  const parts = rel.split('/');
  for (let i = filter === nodeModulesFilter ? 2 : 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    if (!filter(path.join(REPO, dir), await stat(path.join(REPO, dir)).catch(() => dirStats))) {
      return false;
    }
  }
  return filter(path.join(REPO, rel), await stat(real));
}
let dirStats: Stats;

/** The bare and relative modules a bundle imports (static and dynamic). */
function importsOf(code: string): string[] {
  const found = new Set<string>();
  // Not the words inside strings such as "--import" (a list of Node options), and a module
  // specifier never holds white space.
  for (const m of code.matchAll(/(?<![\w$.-])(?:from\s*|import\s*\(?\s*)["']([^"'\s]+)["']/g)) {
    found.add(m[1]!);
  }
  return [...found];
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

beforeAll(async () => {
  const config = parse(await readFile(path.join(REPO, 'electron-builder.yml'), 'utf8')) as {
    files: string[];
  };
  const matchers = (patterns: string[]) => patterns.map((p) => new Minimatch(p, { dot: true }));
  appFilter = createFilter(REPO, matchers(config.files));
  // As electron-builder's getNodeModuleFileMatcher: dependencies it collects itself, then
  // only the exclusions of `files` apply to them.
  nodeModulesFilter = createFilter(
    REPO,
    matchers(['**/*', ...config.files.filter((p) => p.startsWith('!'))]),
  );
  dirStats = await stat(REPO);
  const configured = path.resolve(REPO, process.env.SIGHTLINE_OUT_DIR ?? 'out');
  if (existsSync(path.join(configured, 'main/app.js'))) {
    buildDir = configured;
  } else {
    // No build yet (e.g. `npm run check` on a fresh clone): make one apart from `out/`.
    freshBuild = await mkdtemp(path.join(tmpdir(), 'sightline-pack-'));
    await promisify(execFile)('npx', ['electron-vite', 'build'], {
      cwd: REPO,
      env: { ...process.env, SIGHTLINE_OUT_DIR: freshBuild },
    });
    buildDir = freshBuild;
  }
  packaged = [];
  for (const rel of await listFiles(buildDir)) {
    if (await packs(`out/${rel}`, path.join(buildDir, rel))) packaged.push(`out/${rel}`);
  }
}, 240_000);

afterAll(async () => {
  if (freshBuild) await rm(freshBuild, { recursive: true, force: true });
});

describe('the packaged file list', () => {
  it('has the main process, backend, preload and renderer entries', () => {
    expect(packaged).toEqual(
      expect.arrayContaining([
        'out/main/app.js',
        'out/main/backend-electron.js',
        'out/preload/preload.cjs',
        'out/renderer/index.html',
      ]),
    );
    // What the page loads is in the package (old builds may leave other hashed files around).
    const html = readFileSync(path.join(buildDir, 'renderer/index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map(
      (m) => `out/renderer/${m[1]}`,
    );
    expect(assets.some((a) => /assets\/index-[\w-]+\.js$/.test(a))).toBe(true);
    expect(packaged).toEqual(expect.arrayContaining(assets));
  });

  it('has no source maps, sources, tests, browser mode or CLI', () => {
    expect(packaged.filter((f) => /\.(map|ts|tsx)$/.test(f))).toEqual([]);
    expect(packaged.filter((f) => /(^|\/)(test|src)\//.test(f))).toEqual([]);
    expect(packaged).not.toContain('out/main/web.js');
    expect(packaged).not.toContain('out/main/backend-node.js');
    expect(packaged).not.toContain('out/main/cli.js');
  });

  it('keeps project files out', async () => {
    for (const rel of [
      'src/main/app/main.ts',
      'test/unit/layering.test.ts',
      'README.md',
      'electron-builder.yml',
    ]) {
      expect(await packs(rel, path.join(REPO, rel)), rel).toBe(false);
    }
    expect(await packs('package.json', path.join(REPO, 'package.json'))).toBe(true);
  });

  it('every module a packaged bundle imports is packaged too', async () => {
    const pkg = JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const bare = new Set<string>();
    for (const file of packaged.filter(
      (f) => /\.(c?js)$/.test(f) && !f.startsWith('out/renderer/'),
    )) {
      const code = await readFile(path.join(buildDir, file.slice('out/'.length)), 'utf8');
      for (const spec of importsOf(code)) {
        if (spec.startsWith('.')) {
          const target = path.posix.join(path.posix.dirname(file), spec);
          expect(packaged, `${file} imports ${spec}`).toContain(target);
        } else if (!spec.startsWith('node:') && !builtinModules.includes(spec)) {
          bare.add(packageName(spec));
        }
      }
    }
    // Electron itself is the runtime; the rest must ship as production dependencies.
    expect([...bare].sort()).toEqual(['electron', 'mysql2', 'ssh2', 'zod']);
    const shipped = [...bare].filter((n) => n !== 'electron');
    // ...with everything they depend on, none of it cut by the node_modules exclusions.
    const seen = new Set<string>();
    const queue = [...shipped];
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const manifest = path.join(REPO, 'node_modules', name, 'package.json');
      if (!existsSync(manifest)) continue; // an optional dependency not installed here
      expect(await packs(`node_modules/${name}/package.json`, manifest), name).toBe(true);
      const deps = JSON.parse(await readFile(manifest, 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      queue.push(...Object.keys(deps.dependencies ?? {}));
    }
    for (const name of shipped) expect(Object.keys(pkg.dependencies)).toContain(name);
    // And what the renderer bundle already contains is not shipped a second time.
    for (const name of ['react', 'monaco-editor', '@glideapps/glide-data-grid', 'd3-shape']) {
      const manifest = path.join(REPO, 'node_modules', name, 'package.json');
      expect(await packs(`node_modules/${name}/package.json`, manifest), name).toBe(false);
    }
  });
});
