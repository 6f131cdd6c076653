// The parallel reader finds what each range hands on (rangeTailCarry) in its own thread: a
// failure there ends the digest with the source's name, as a worker's own read error does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { digestSlowLogSources } from '../../../src/main/slowlog/digest-slowlog-sources';
import { SlowLogSourceError } from '../../../src/main/slowlog/read-slowlog-sources';
import { SlowLogDigest } from '../../../src/shared/slowlog';
import { variedSlowLog } from './varied-slowlog';

const failure = vi.hoisted(() => ({ error: undefined as Error | undefined }));
vi.mock('../../../src/main/slowlog/slowlog-range', async (original) => {
  const actual = await original<typeof import('../../../src/main/slowlog/slowlog-range')>();
  return {
    ...actual,
    rangeTailCarry: (...args: Parameters<typeof actual.rangeTailCarry>) =>
      failure.error ? Promise.reject(failure.error) : actual.rangeTailCarry(...args),
  };
});

const dir = mkdtempSync(join(tmpdir(), 'sightline-slowlog-tails-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const path = join(dir, 'slow.log');
writeFileSync(path, variedSlowLog(1_000_000), 'latin1');

describe('digestSlowLogSources, what ranges hand on', () => {
  it('digests on workers with the tails found in this thread', async () => {
    failure.error = undefined;
    const one = new SlowLogDigest();
    await digestSlowLogSources([path], one, { workers: 0 });
    const parallel = new SlowLogDigest();
    const summary = await digestSlowLogSources([path], parallel, {
      workers: 3,
      minRangeBytes: 200_000,
    });
    expect(summary.workers).toBe(3);
    expect(parallel.count).toBe(one.count);
    expect(parallel.results().map((c) => [c.checksum, c.count])).toEqual(
      one.results().map((c) => [c.checksum, c.count]),
    );
  });

  it('ends with the source named when a tail cannot be read', async () => {
    for (const [error, text] of [
      [Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }), 'EIO: i/o error, read'],
      [Object.assign(new Error('ENOENT: gone'), { code: 'ENOENT' }), 'no such file'],
    ] as const) {
      failure.error = error;
      const digest = new SlowLogDigest();
      const run = digestSlowLogSources([path], digest, { workers: 2, minRangeBytes: 200_000 });
      await expect(run).rejects.toThrow(SlowLogSourceError);
      await expect(run).rejects.toThrow(`slow.log: ${text}`);
    }
  });
});
