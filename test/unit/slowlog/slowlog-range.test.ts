import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rangeTailCarry, SCAN_BYTES } from '../../../src/main/slowlog/slowlog-range';
import {
  carryPast,
  nextEntryBoundary,
  SlowLogReader,
  type DigestCarry,
} from '../../../src/shared/slowlog';
import { variedSlowLog } from './varied-slowlog';

const dir = mkdtempSync(join(tmpdir(), 'sightline-slowlog-range-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What one pass over `text` carries on past its end. */
function carryOf(text: string): DigestCarry {
  const carry: DigestCarry = {};
  const reader = new SlowLogReader((entry) => carryPast(carry, entry));
  reader.pushLatin1(text);
  reader.end();
  return carry;
}

function entry(n: number, statement: string): string {
  return `# Time: 2026-11-25T10:00:${String(n % 60).padStart(2, '0')}.000000Z\n# User@Host: a[a] @ h []  Id: 1\n# Query_time: 0.1  Lock_time: 0 Rows_sent: 1  Rows_examined: 1\nSET timestamp=1;\n${statement};\n`;
}

describe('rangeTailCarry', () => {
  it('finds the last db and time of a range, past text that only looks like them', async () => {
    // The only real `use` is near the top; later, statements hold `use ` lines, `Schema:` and
    // `# Time:` text, and the last entries have no `# Time:` line of their own.
    let text =
      entry(0, 'SELECT 0') + entry(1, 'use shop;\nSELECT 1').replace('SET', 'use real;\nSET');
    for (let n = 2; n < 3000; n += 1) text += entry(n, `SELECT ${n}`);
    text += entry(3000, "SELECT 'x',\nuse fake;\nSELECT 'Schema: nope'");
    text += entry(3001, "SELECT '\n# Time: 2001-01-01T00:00:00Z'");
    text += '# User@Host: a[a] @ h []  Id: 1\n# Query_time: 0.1\nSELECT 3002;\n';
    const path = join(dir, 'one-use.log');
    writeFileSync(path, text, 'latin1');
    const end = text.length;
    for (const start of [0, nextEntryBoundary(text, 1000)]) {
      const range = { path, start, end, last: false, endsWithNewline: true, fileSize: end };
      expect(await rangeTailCarry(range, {})).toEqual(carryOf(text.slice(start)));
    }
    expect(carryOf(text)).toEqual({ db: 'real', time: '2026-11-25T10:00:01' });
    // A range after the `use`: it sets no db.
    const later = nextEntryBoundary(text, text.indexOf('SELECT 5'));
    const range = { path, start: later, end, last: false, endsWithNewline: true, fileSize: end };
    expect(await rangeTailCarry(range, {})).toEqual({ db: undefined, time: carryOf(text).time });
  });

  it('finds a db set blocks back, its `use` across a block edge or not', async () => {
    // The only `use` is in the first entry, three blocks before the range's end; the last
    // entry is padded so that a block edge falls `shift` bytes into or around the `use ` line.
    const head = entry(0, 'SELECT 0').replace('SET', 'use real;\nSET');
    const use = head.indexOf('use real');
    let body = '';
    for (let n = 1; body.length < 2.5 * SCAN_BYTES; n += 1) body += entry(n, `SELECT ${n}`);
    const padding = entry(1, "SELECT ''").length;
    for (let shift = -4; shift <= 4; shift += 1) {
      const size = use + 3 * SCAN_BYTES + shift;
      const text =
        head +
        body +
        entry(1, `SELECT '${'x'.repeat(size - head.length - body.length - padding)}'`);
      expect(text.length).toBe(size);
      const path = join(dir, `far-use-${shift}.log`);
      writeFileSync(path, text, 'latin1');
      const range = {
        path,
        start: 0,
        end: text.length,
        last: false,
        endsWithNewline: true,
        fileSize: text.length,
      };
      expect(await rangeTailCarry(range, {})).toEqual({
        db: 'real',
        time: '2026-11-25T10:00:01',
      });
      const after = { ...range, start: nextEntryBoundary(text, head.length - 1) };
      expect(await rangeTailCarry(after, {})).toEqual({
        db: undefined,
        time: '2026-11-25T10:00:01',
      });
    }
  });

  it('agrees with one pass at every range of the mixed log', async () => {
    const log = variedSlowLog(1_500_000);
    const path = join(dir, 'varied.log');
    writeFileSync(path, log, 'latin1');
    const cuts = [0.1, 0.35, 0.6, 0.9].map((f) =>
      nextEntryBoundary(log, Math.floor(log.length * f)),
    );
    for (let i = 0; i + 1 < cuts.length; i += 1) {
      const range = {
        path,
        start: cuts[i]!,
        end: cuts[i + 1]!,
        last: false,
        endsWithNewline: true,
        fileSize: log.length,
      };
      const expected = carryOf(log.slice(range.start, range.end));
      expect(await rangeTailCarry(range, {})).toEqual({ db: expected.db, time: expected.time });
    }
  });
});
