import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startWebApp, type RunningWebApp } from './harness/web-app';

describe('one Sightline per data folder (browser mode, as started by users)', () => {
  const started: RunningWebApp[] = [];
  let dataDir = '';

  afterAll(async () => {
    for (const app of started) await app.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second one on the same folder, saying which process holds it and what to do', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-lock-'));
    const first = await startWebApp({ dataDir });
    started.push(first);
    const second = startWebApp({ dataDir });
    await expect(second).rejects.toThrow(/browser mode exited with 1:/);
    const output = await second.catch((e: Error) => e.message);
    expect(output).toMatch(
      new RegExp(
        `sightline web: could not start: Another Sightline \\(process \\d+ on .+, started .+\\) is using the data folder ${dataDir}\\. ` +
          'Two at once would overwrite each other’s saved connections and settings',
      ),
    );
  });

  it('lets the next one start once the first has stopped, and leaves no lock behind', async () => {
    await started.pop()!.stop();
    await expect(stat(path.join(dataDir, 'sightline.lock'))).rejects.toThrow(/ENOENT/);
    const next = await startWebApp({ dataDir });
    started.push(next);
    expect((await stat(path.join(dataDir, 'sightline.lock'))).mode & 0o777).toBe(0o600);
  });
});
