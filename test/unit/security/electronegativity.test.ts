// Runs @doyensec/electronegativity (Electron security linter) on src/ and fails on any
// finding above LOW that security/electronegativity-allowlist.json does not accept with a reason.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

interface Finding {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string; value: number };
  confidence: { name: string };
  description: string;
}
interface Allowlist {
  excludedChecks: Array<{ check: string; reason: string }>;
  accepted: Array<{ check: string; file: string; reason: string }>;
}
type Run = (options: Record<string, unknown>) => Promise<{
  globalChecks: number;
  atomicChecks: number;
  errors: Array<{ file: string; message: string; tolerable: boolean }>;
  issues: Finding[];
}>;

let allowlist: Allowlist;
let result: Awaited<ReturnType<Run>>;
let LOW = 0;

beforeAll(async () => {
  allowlist = JSON.parse(
    await readFile(path.join(REPO, 'security/electronegativity-allowlist.json'), 'utf8'),
  ) as Allowlist;
  const run = require('@doyensec/electronegativity') as Run;
  LOW = (
    require('@doyensec/electronegativity/dist/finder') as {
      severity: Record<string, { value: number }>;
    }
  ).severity.LOW!.value;
  // It prints progress and offline notices; the findings are what this test reads.
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    result = await run({
      input: path.join(REPO, 'src'),
      isRelative: true,
      // The Electron the app is built with (package.json), so version-dependent checks apply.
      electronVersionOverride: (require('electron/package.json') as { version: string }).version,
      excludeFromScan: allowlist.excludedChecks.map((c) => c.check.toLowerCase()),
    });
  } finally {
    log.mockRestore();
  }
}, 120_000);

function accepted(f: Finding): boolean {
  return allowlist.accepted.some((a) => a.check === f.id && a.file === f.file);
}

describe('electronegativity on src/', () => {
  it('ran its checks and parsed every file', () => {
    expect(result.atomicChecks).toBeGreaterThan(30);
    expect(result.globalChecks).toBeGreaterThanOrEqual(5);
    expect(result.errors.filter((e) => !e.tolerable)).toEqual([]);
  });

  it('finds nothing above LOW that the allowlist does not accept with a reason', () => {
    const unexplained = result.issues
      .filter((f) => f.severity.value > LOW && !accepted(f))
      .map((f) => `${f.id} ${f.severity.name} ${f.file}:${f.location.line} ${f.description}`);
    expect(unexplained).toEqual([]);
  });

  it('every allowlist entry still matches a finding and says why', () => {
    for (const a of allowlist.accepted) {
      expect(
        result.issues.some((f) => f.id === a.check && f.file === a.file),
        `${a.check} ${a.file} no longer found: remove it from the allowlist`,
      ).toBe(true);
    }
    for (const entry of [...allowlist.accepted, ...allowlist.excludedChecks]) {
      expect(entry.reason.length, entry.check).toBeGreaterThan(60);
    }
  });

  it('the window options electronegativity cannot follow are the checked ones', async () => {
    const main = await readFile(path.join(REPO, 'src/main/app/main.ts'), 'utf8');
    expect(main.match(/new BrowserWindow\(/g)).toHaveLength(1);
    expect(main).toContain(
      "webPreferences: secureWebPreferences(path.join(here, '../preload/preload.cjs'))",
    );
    expect(main.match(/shell\.openExternal\(/g)).toHaveLength(1);
    expect(main).toContain('(checked) => shell.openExternal(checked)');
    // No @electron/remote, and the preload exposes the port request and link opening only.
    expect(result.issues.filter((f) => f.id === 'REMOTE_MODULE_JS_CHECK')).toEqual([]);
    const pkg = JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain(
      '@electron/remote',
    );
    const preload = await readFile(path.join(REPO, 'src/main/app/preload.ts'), 'utf8');
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    // Each one reviewed: the port request, links and the Open dialog only after a real click
    // (checked again in the main process), and the path of a file the user dropped.
    expect([...preload.matchAll(/^ {2}(\w+):/gm)].map((m) => m[1])).toEqual([
      'requestPort',
      'openExternal',
      'openFilePath',
      'pathForFile',
    ]);
  });
});
