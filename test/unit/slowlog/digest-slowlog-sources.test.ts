import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  digestSlowLogSources,
  warmSlowLogWorkers,
  type SlowLogDigestOptions,
} from '../../../src/main/slowlog/digest-slowlog-sources';
import {
  closeIdleSlowLogWorkers,
  idleSlowLogWorkers,
} from '../../../src/main/slowlog/slowlog-worker-pool';
import { warmUpSlowLog } from '../../../src/main/slowlog/warm-up-log';
import { SlowLogDigest, slowLogSeconds, type DigestFilter } from '../../../src/shared/slowlog';
import { digestFigures, variedSlowLog } from './varied-slowlog';

const dir = mkdtempSync(join(tmpdir(), 'sightline-slowlog-parallel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LOG = variedSlowLog(3_000_000);
const path = join(dir, 'slow.log');
writeFileSync(path, LOG, 'latin1');

async function digestOf(file: string, options: SlowLogDigestOptions, filter?: DigestFilter) {
  const digest = new SlowLogDigest(filter);
  const progress: number[] = [];
  const summary = await digestSlowLogSources([file], digest, {
    ...options,
    onProgress: (_source, bytes) => progress.push(bytes),
  });
  const { workers, ...read } = summary;
  return { workers, read, figures: digestFigures(digest), progress };
}

describe('digestSlowLogSources', () => {
  it('gives on worker threads exactly what one pass gives', { timeout: 60_000 }, async () => {
    const one = await digestOf(path, { workers: 0 });
    expect(one.workers).toBe(0);
    for (const workers of [2, 3, 4]) {
      const parallel = await digestOf(path, { workers, minRangeBytes: 400_000 });
      expect(parallel.workers).toBe(workers);
      expect(parallel.figures).toEqual(one.figures);
      // Entries, bytes (with the newline added after the last line) and absolute offsets.
      expect(parallel.read).toEqual(one.read);
      expect(parallel.progress).toEqual([...parallel.progress].sort((a, b) => a - b));
      expect(parallel.progress.at(-1)).toBe(statSync(path).size);
    }
    expect(one.read.reader.problems.at(-1)).toEqual(
      expect.objectContaining({ kind: 'truncated', offset: LOG.lastIndexOf('# Time:') }),
    );
  });

  it('applies the filters inside the workers', { timeout: 60_000 }, async () => {
    const filters: DigestFilter[] = [
      { db: 'shop2' },
      { user: 'maria0', host: 'localhost' },
      { since: slowLogSeconds('2026-11-25T00:10:00'), until: slowLogSeconds('261126 00:20:00') },
    ];
    for (const filter of filters) {
      const one = await digestOf(path, { workers: 0 }, filter);
      const parallel = await digestOf(path, { workers: 2, minRangeBytes: 400_000 }, filter);
      expect(parallel.workers).toBe(2);
      expect((one.figures as { count: number }).count).toBeGreaterThan(0);
      expect(parallel.figures, JSON.stringify(filter)).toEqual(one.figures);
    }
  });

  it('keeps finished workers for the next digest, which gives the same answer', async () => {
    const one = await digestOf(path, { workers: 0 });
    const before = idleSlowLogWorkers();
    const first = await digestOf(path, { workers: 2, minRangeBytes: 400_000 });
    expect(first.workers).toBe(2);
    const kept = idleSlowLogWorkers();
    expect(kept).toBeGreaterThanOrEqual(2);
    // The next digest takes the waiting workers instead of starting new ones.
    const again = await digestOf(path, { workers: 2, minRangeBytes: 400_000 });
    expect(again.workers).toBe(2);
    expect(again.figures).toEqual(one.figures);
    expect(first.figures).toEqual(one.figures);
    expect(idleSlowLogWorkers()).toBe(kept);
    expect(kept - before).toBeLessThanOrEqual(2);
    await closeIdleSlowLogWorkers();
    expect(idleSlowLogWorkers()).toBe(0);
  });

  it('stops the workers when cancelled', async () => {
    const abort = new AbortController();
    const reason = new Error('stopped by the test');
    const digest = new SlowLogDigest();
    const read = digestSlowLogSources([path], digest, {
      workers: 2,
      minRangeBytes: 400_000,
      signal: abort.signal,
      onProgress: () => abort.abort(reason),
    });
    await expect(read).rejects.toBe(reason);
    expect(digest.count).toBe(0);
  });

  it('reads in one pass when a worker cannot start, progress never going back', async () => {
    const one = await digestOf(path, { workers: 0 });
    const broken = await digestOf(path, {
      workers: 2,
      minRangeBytes: 400_000,
      workerScript: new URL('./no-such-worker.js', import.meta.url),
    });
    expect(broken.workers).toBe(0);
    expect(broken.figures).toEqual(one.figures);
    expect(broken.progress).toEqual([...broken.progress].sort((a, b) => a - b));
  });

  it('reads gzip and small files in one pass', async () => {
    const gz = join(dir, 'slow.log.gz');
    writeFileSync(gz, gzipSync(Buffer.from(LOG, 'latin1')));
    const one = await digestOf(path, { workers: 0 });
    const gzipped = await digestOf(gz, { workers: 2, minRangeBytes: 400_000 });
    expect(gzipped.workers).toBe(0);
    expect(gzipped.figures).toEqual(one.figures);
    const small = await digestOf(path, { workers: 2 });
    expect(small.workers).toBe(0);
  });

  it('warms workers once, and a digest started meanwhile waits for them', async () => {
    await closeIdleSlowLogWorkers();
    const one = await digestOf(path, { workers: 0 });
    const warming = warmSlowLogWorkers({ workers: 2 });
    expect(warmSlowLogWorkers({ workers: 2 })).toBe(warming);
    // Started while the warm-up runs: it takes the warmed workers, it does not start two more.
    const parallel = await digestOf(path, { workers: 2, minRangeBytes: 400_000 });
    expect(parallel.workers).toBe(2);
    expect(parallel.figures).toEqual(one.figures);
    expect(idleSlowLogWorkers()).toBe(2);
    // Workers already waiting: none started.
    await warmSlowLogWorkers({ workers: 2 });
    expect(idleSlowLogWorkers()).toBe(2);
    await closeIdleSlowLogWorkers();
    // A script that cannot start: the warm-up gives up quietly.
    await warmSlowLogWorkers({
      workers: 2,
      workerScript: new URL('./no-such-worker.js', import.meta.url),
    });
    expect(idleSlowLogWorkers()).toBe(0);
  });
});

describe('warmUpSlowLog', () => {
  it('is a clean slow log of its size whose statements differ in their literals', async () => {
    const text = warmUpSlowLog(200_000);
    expect(text.length).toBeGreaterThanOrEqual(200_000);
    expect(text.length).toBeLessThan(201_000);
    const file = join(dir, 'warm-up.log');
    writeFileSync(file, text, 'latin1');
    const digest = new SlowLogDigest();
    const summary = await digestSlowLogSources([file], digest, { workers: 0 });
    const entries = text.split('# Time: ').length - 1;
    expect(summary.entries).toBe(entries);
    expect(summary.reader.problemCount).toBe(0);
    const classes = digest.results();
    expect(classes).toHaveLength(7);
    const counts = classes.map((c) => c.count).sort((a, b) => a - b);
    expect(counts.at(-1)! - counts[0]!).toBeLessThanOrEqual(1);
    // The texts of one class differ (a log of repeated texts would leave fingerprinting cold).
    const updates = classes.find((c) => c.fingerprint.startsWith('update accounts set'))!;
    expect(new Set(text.match(/^UPDATE accounts SET .*$/gm)).size).toBe(updates.count);
  });
});
