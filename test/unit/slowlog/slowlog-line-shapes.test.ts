import { describe, expect, it } from 'vitest';
import { isAttributeLine, timeOf } from '../../../src/shared/slowlog/slowlog-line-shapes';

// The patterns the two functions stand for (pt-query-digest's SlowLogParser, as the reader used them).
const TIME = /^# Time: ((?:[0-9: ]{15})|(?:[-0-9: T]{19}))/;
const ATTRIBUTE_LINE = /^# +[A-Z][A-Za-z_]+: [^\t\n\v\f\r ]/;

/** Each line with every byte 0-255 put in, in turn, at every position (and in place of it). */
function mutations(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines)
    for (let at = 0; at <= line.length; at += 1)
      for (let code = 0; code < 256; code += 1) {
        const c = String.fromCharCode(code);
        out.push(
          line.slice(0, at) + c + line.slice(at),
          line.slice(0, at) + c + line.slice(at + 1),
        );
      }
  return out;
}

// Each is also read in place: the line inside other text, which must not be read.
describe('slow-log line shapes', () => {
  it('reads # Time: as its pattern does', () => {
    const lines = mutations([
      '# Time: 2026-11-25T10:00:00.123456Z',
      '# Time: 261125 10:00:00',
      '# Time: 261125  9:05:07',
      '# Time: 2026-11-25 10:00:00',
      '# Time: 1',
      '# Time:',
    ]);
    let matched = 0;
    for (const line of lines) {
      const expected = TIME.exec(line)?.[1];
      if (expected !== undefined) matched += 1;
      if (timeOf(line) !== expected)
        expect({ line, got: timeOf(line) }).toEqual({ line, expected });
      // Read in place, with text after it that would fit the pattern.
      const inPlace = timeOf(`x\n${line}2026-11-25T10:00:00Z`, 2, 2 + line.length);
      if (inPlace !== expected) expect({ line, inPlace }).toEqual({ line, inPlace: expected });
    }
    // Both forms, and lines that are not a time, were met.
    expect(matched).toBeGreaterThan(1000);
    expect(matched).toBeLessThan(lines.length);
  });

  it('knows an attribute line as its pattern does', () => {
    const lines = mutations([
      '# Query_time: 0.1  Lock_time: 0.2',
      '#  Thread_id: 5  Schema: db',
      '# QC_hit: No',
      '# Ab: x',
      '# Ab: ',
      '# A: x',
      '# administrator command: Quit;',
      '#',
    ]);
    let matched = 0;
    for (const line of lines) {
      const expected = ATTRIBUTE_LINE.test(line);
      if (expected) matched += 1;
      if (isAttributeLine(line) !== expected)
        expect({ line, got: isAttributeLine(line) }).toEqual({ line, expected });
      const inPlace = isAttributeLine(`x\n${line}Ab: x`, 2, 2 + line.length);
      if (inPlace !== expected) expect({ line, inPlace }).toEqual({ line, inPlace: expected });
    }
    expect(matched).toBeGreaterThan(1000);
    expect(matched).toBeLessThan(lines.length);
  });
});
