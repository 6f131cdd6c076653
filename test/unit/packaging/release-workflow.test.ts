import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';

const REPO = path.resolve(import.meta.dirname, '../../..');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  needs?: string;
  if?: string;
  permissions?: Record<string, string>;
  strategy?: { matrix: { include: Array<{ os: string; platform: string }> } };
  steps: Step[];
}
interface Workflow {
  name: string;
  on: { push: { tags: string[] }; workflow_dispatch: null };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

async function loadWorkflow(): Promise<Workflow> {
  const text = await readFile(path.join(REPO, '.github/workflows/release.yml'), 'utf8');
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  expect(doc.errors.map((e) => e.message)).toEqual([]);
  expect(doc.warnings.map((e) => e.message)).toEqual([]);
  return doc.toJS() as Workflow;
}

describe('.github/workflows/release.yml', () => {
  it('runs on version tags (and by hand), read-only by default', async () => {
    const w = await loadWorkflow();
    expect(w.on.push.tags).toEqual(['v*.*.*']);
    expect('workflow_dispatch' in w.on).toBe(true);
    expect(w.permissions).toEqual({ contents: 'read' });
    expect(Object.keys(w.jobs)).toEqual(['build', 'release']);
  });

  it('builds each system on its own runner with electron-builder, without publishing', async () => {
    const { build } = (await loadWorkflow()).jobs;
    expect(build!['runs-on']).toBe('${{ matrix.os }}');
    expect(build!.strategy!.matrix.include).toEqual([
      { os: 'ubuntu-latest', platform: '--linux' },
      { os: 'windows-latest', platform: '--win' },
      { os: 'macos-latest', platform: '--mac' },
    ]);
    const runs = build!.steps.map((s) => s.run ?? s.uses ?? '');
    expect(runs).toContain('npm ci');
    expect(runs).toContain('npm run check');
    const audit = build!.steps.find((s) => s.run === 'npm run audit:prod')!;
    // In CI an unreachable audit endpoint is an error, not a notice.
    expect(audit.env).toEqual({ SIGHTLINE_AUDIT_REQUIRED: '1' });
    const pack = build!.steps.find((s) => s.name === 'Package')!;
    expect(pack.run).toBe(
      'npx electron-builder --config electron-builder.yml ${{ matrix.platform }} --publish never',
    );
    // Notarization credentials come from secrets, never from the file.
    for (const value of Object.values(pack.env ?? {})) expect(value).toMatch(/^\$\{\{ secrets\./);
    const upload = build!.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    const patterns = String(upload.with!.path).trim().split('\n');
    for (const ext of ['exe', 'dmg', 'zip', 'AppImage', 'deb', 'rpm']) {
      expect(patterns).toContain(`dist/*.${ext}`);
    }
  });

  it('attaches every artifact to the release of the tag', async () => {
    const { release } = (await loadWorkflow()).jobs;
    expect(release!.needs).toBe('build');
    expect(release!.if).toBe("startsWith(github.ref, 'refs/tags/')");
    expect(release!.permissions).toEqual({ contents: 'write' });
    const uses = release!.steps.map((s) => s.uses);
    expect(uses).toEqual(['actions/download-artifact@v4', 'softprops/action-gh-release@v2']);
    expect(release!.steps[1]!.with).toMatchObject({
      files: 'artifacts/*',
      fail_on_unmatched_files: true,
    });
  });

  it('every step either runs a command or uses a versioned action', async () => {
    for (const job of Object.values((await loadWorkflow()).jobs)) {
      for (const step of job.steps) {
        expect(Boolean(step.run) !== Boolean(step.uses), JSON.stringify(step)).toBe(true);
        if (step.uses) expect(step.uses).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
      }
    }
  });
});
