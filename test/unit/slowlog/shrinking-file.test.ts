// A slow log truncated while it is read (logrotate's copytruncate, or `: > slow.log`): the read
// ends early at the new end of file. What was read is counted, and the shortfall is said as a
// problem, not taken for the whole log.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSlowLogSources } from '../../../src/main/slowlog/read-slowlog-sources';
import { CHUNK_BYTES } from '../../../src/main/slowlog/slowlog-chunk';
import { digestRange } from '../../../src/main/slowlog/slowlog-range';

const dir = mkdtempSync(join(tmpdir(), 'sightline-slowlog-shrink-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A log of about five chunks. */
function bigLog(name: string): { path: string; size: number; entries: number } {
  let text = '';
  let entries = 0;
  while (text.length < 5 * CHUNK_BYTES) {
    text += `# Time: 2026-11-25T10:00:00.000000Z\n# User@Host: a[a] @ h []  Id: 1\n# Query_time: 0.1  Lock_time: 0 Rows_sent: 1  Rows_examined: 1\nSET timestamp=1;\nSELECT ${entries};\n`;
    entries += 1;
  }
  const path = join(dir, name);
  writeFileSync(path, text);
  return { path, size: text.length, entries };
}

const SAID =
  /^(.*) had (\d+) bytes when reading began but ended after (\d+): it was truncated while being read \(a log rotation by copy and truncate\?\), so the entries it held after that are missing$/;

describe('a slow log that shrinks while it is read', () => {
  it('is said to have been cut short, read in one pass', async () => {
    const { path, size, entries } = bigLog('one-pass.log');
    let seen = 0;
    let truncated = false;
    const summary = await readSlowLogSources([path], () => (seen += 1), {
      onProgress: () => {
        if (!truncated) truncateSync(path, 0);
        truncated = true;
      },
    });
    expect(seen).toBeLessThan(entries);
    const problem = summary.reader.problems.find(
      (p) => p.kind === 'truncated' && SAID.test(p.detail),
    );
    expect(problem).toBeDefined();
    const [, name, before, after] = SAID.exec(problem!.detail)!;
    expect([name, Number(before)]).toEqual([path, size]);
    expect(Number(after)).toBeLessThan(size);
    expect(problem!.offset).toBe(Number(after));
  });

  it('is said to have been cut short, read as a worker range', async () => {
    const { path, size } = bigLog('range.log');
    const half = Math.floor(size / 2);
    const range = { path, start: 0, end: size, last: true, endsWithNewline: true, fileSize: size };
    truncateSync(path, half);
    const result = await digestRange(range, {}, {}, {}, () => undefined);
    expect(result.bytesRead).toBe(half);
    expect(result.problems.filter((p) => p.kind === 'truncated' && SAID.test(p.detail))).toEqual([
      {
        kind: 'truncated',
        offset: half,
        detail: `${path} had ${size} bytes when reading began but ended after ${half}: it was truncated while being read (a log rotation by copy and truncate?), so the entries it held after that are missing`,
      },
    ]);
  });
});
