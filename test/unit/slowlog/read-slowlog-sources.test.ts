import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readSlowLogSources } from '../../../src/main/slowlog/read-slowlog-sources';
import type { SlowLogEntry } from '../../../src/shared/slowlog';

const dir = mkdtempSync(join(tmpdir(), 'sightline-slowlog-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `count` MySQL entries, numbered from `from`. */
function entries(from: number, count: number): string {
  let text = '';
  for (let n = from; n < from + count; n += 1)
    text += `# Time: 2026-11-25T10:00:00.000000Z\n# User@Host: a[a] @ h []  Id: 1\n# Query_time: 0.1  Lock_time: 0 Rows_sent: 1  Rows_examined: 1\nSET timestamp=1;\nSELECT ${n};\n`;
  return text;
}

describe('readSlowLogSources', () => {
  it('reads rotated files (gzip and plain, one ending mid-line) and stdin as one stream', async () => {
    const first = join(dir, 'slow.log.2.gz');
    const second = join(dir, 'slow.log.1');
    writeFileSync(first, gzipSync(entries(0, 3)));
    // Ends without its final newline: the next file must not be glued onto it.
    writeFileSync(second, entries(3, 2).slice(0, -1));
    const seen: SlowLogEntry[] = [];
    const progress: number[] = [];
    const summary = await readSlowLogSources([first, second, '-'], (e) => seen.push(e), {
      stdin: Readable.from([Buffer.from(entries(5, 2))]),
      onProgress: (_source, bytes) => progress.push(bytes),
    });
    expect(seen.map((e) => e.statement)).toEqual([
      'SELECT 0',
      'SELECT 1',
      'SELECT 2',
      'SELECT 3',
      'SELECT 4',
      'SELECT 5',
      'SELECT 6',
    ]);
    expect(summary.entries).toBe(7);
    expect(progress.at(-1)).toBe(summary.bytes);
  });

  it('stops when cancelled, with the signal reason', async () => {
    const big = join(dir, 'big.log');
    writeFileSync(big, entries(0, 40000));
    const controller = new AbortController();
    let seen = 0;
    const reading = readSlowLogSources([big], () => undefined, {
      signal: controller.signal,
      onProgress: () => {
        seen += 1;
        controller.abort(new Error('cancelled by the user'));
      },
    });
    await expect(reading).rejects.toThrow('cancelled by the user');
    expect(seen).toBe(1);
  });
});
