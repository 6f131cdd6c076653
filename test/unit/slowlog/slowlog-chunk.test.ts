import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readSlowLogSources } from '../../../src/main/slowlog/read-slowlog-sources';
import { CHUNK_BYTES, NODE_EXTERNAL_STRING_BYTES } from '../../../src/main/slowlog/slowlog-chunk';
import { digestRange } from '../../../src/main/slowlog/slowlog-range';
import { SlowLogReader } from '../../../src/shared/slowlog';

const dir = mkdtempSync(join(tmpdir(), 'sightline-slowlog-chunk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A log of about 2.5 MB: more than two chunks. */
function bigLog(): { path: string; size: number; entries: number } {
  let text = '';
  let entries = 0;
  while (text.length < 2.5e6) {
    text += `# Time: 2026-11-25T10:00:00.000000Z\n# User@Host: a[a] @ h []  Id: 1\n# Query_time: 0.1  Lock_time: 0 Rows_sent: 1  Rows_examined: 1\nSET timestamp=1;\nSELECT ${entries};\n`;
    entries += 1;
  }
  const path = join(dir, 'big.log');
  writeFileSync(path, text);
  return { path, size: text.length, entries };
}

describe('slow-log chunks', () => {
  // The reader is about 10 % slower on strings Node makes external (see slowlog-chunk).
  it('are below the size at which Node makes a string external', () => {
    expect(CHUNK_BYTES).toBeLessThan(NODE_EXTERNAL_STRING_BYTES);
  });

  it('reach the reader at CHUNK_BYTES from a file', async () => {
    const { path, size, entries } = bigLog();
    const push = vi.spyOn(SlowLogReader.prototype, 'pushLatin1');
    const summary = await readSlowLogSources([path], () => undefined);
    const lengths = push.mock.calls.map(([text]) => text.length);
    expect(lengths).toEqual([CHUNK_BYTES, CHUNK_BYTES, size - 2 * CHUNK_BYTES]);
    expect(summary.entries).toBe(entries);
  });

  it('reach the reader at CHUNK_BYTES from a worker range', async () => {
    const { path, size, entries } = bigLog();
    const push = vi.spyOn(SlowLogReader.prototype, 'pushLatin1');
    const range = { path, start: 0, end: size, last: true, endsWithNewline: true, fileSize: size };
    const result = await digestRange(range, {}, {}, {}, () => undefined);
    const lengths = push.mock.calls.map(([text]) => text.length);
    expect(lengths).toEqual([CHUNK_BYTES, CHUNK_BYTES, size - 2 * CHUNK_BYTES]);
    expect(result.entries).toBe(entries);
  });
});
