import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { workerExecArgv } from '../../../src/main/slowlog/slowlog-worker-pool';

const dir = mkdtempSync(join(tmpdir(), 'sightline-slowlog-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = resolve(import.meta.dirname, '../../..');

describe('slow-log worker pool', () => {
  it('leaves module loaders and preloads out of a worker’s options', () => {
    expect(
      workerExecArgv([
        '--import',
        'file:///x/loader.mjs',
        '--max-old-space-size=100',
        '--require=/p/preflight.cjs',
        '-r',
        'y',
        '--experimental-loader',
        'z',
        '--loader=w',
        '--enable-source-maps',
        '--import=tsx',
      ]),
    ).toEqual(['--max-old-space-size=100', '--enable-source-maps']);
  });

  it('starts a bundled worker without the loader its process was started with', async () => {
    // A process run through tsx (as the bench is), whose worker reports its own options.
    const echo = join(dir, 'echo.mjs');
    writeFileSync(
      echo,
      "import { parentPort } from 'node:worker_threads'; parentPort.postMessage(process.execArgv);\n",
    );
    const driver = join(dir, 'driver.mts');
    writeFileSync(
      driver,
      `import { takeSlowLogWorker } from ${JSON.stringify(pathToFileURL(join(root, 'src/main/slowlog/slowlog-worker-pool.ts')).href)};
const worker = takeSlowLogWorker({ url: new URL(${JSON.stringify(pathToFileURL(echo).href)}) });
worker.once('message', (argv) => {
  console.log(JSON.stringify({ parent: process.execArgv, worker: argv }));
  void worker.terminate();
});
`,
    );
    const echoed = async (options: string[]) => {
      const { stdout } = await promisify(execFile)(process.execPath, [...options, driver], {
        cwd: root,
      });
      return JSON.parse(stdout) as { parent: string[]; worker: string[] };
    };
    const { parent, worker } = await echoed(['--import', 'tsx']);
    expect(parent).toEqual(['--import', 'tsx']);
    expect(worker).toEqual([]);
    // An option a worker may inherit but not be given: it still starts, inheriting them all.
    const inherited = await echoed(['--max-old-space-size=300', '--import', 'tsx']);
    expect(inherited.worker).toEqual(['--max-old-space-size=300', '--import', 'tsx']);
  });
});
