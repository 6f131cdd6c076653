import { describe, expect, it } from 'vitest';
import { SlowLogDigest, type SlowLogEntry } from '../../../src/shared/slowlog';
import { digestFilterOf, timeBoundProblem } from '../../../src/shared/slowlog/filter-text';
import { compareDigests } from '../../../src/shared/slowlog/slowlog-compare';

const entry = (
  statement: string,
  queryTime: number,
  time = '2026-11-25T10:00:00',
): SlowLogEntry => ({
  statement,
  command: 'Query',
  time,
  user: 'app',
  host: 'localhost',
  attributes: new Map([['Query_time', queryTime.toFixed(6)]]),
  offset: 0,
});

function digestOf(entries: SlowLogEntry[]) {
  const d = new SlowLogDigest();
  for (const e of entries) d.add(e);
  return d.results();
}

describe('compareDigests', () => {
  const before = digestOf([
    entry('SELECT * FROM a WHERE id = 1', 0.1),
    entry('SELECT * FROM a WHERE id = 2', 0.1),
    entry('SELECT * FROM b WHERE x = 1', 0.5),
    entry('SELECT * FROM gone WHERE y = 1', 2),
    entry('SELECT * FROM same WHERE z = 1', 1),
    entry('SELECT * FROM zero WHERE z = 1', 0),
  ]);
  const after = digestOf([
    entry('SELECT * FROM a WHERE id = 3', 0.4),
    entry('SELECT * FROM a WHERE id = 4', 0.4),
    entry('SELECT * FROM a WHERE id = 5', 0.4),
    entry('SELECT * FROM b WHERE x = 2', 0.1),
    entry('SELECT * FROM new WHERE q = 1', 0.3),
    entry('SELECT * FROM same WHERE z = 2', 1.05),
    entry('SELECT * FROM zero WHERE z = 2', 0.2),
  ]);
  const result = compareDigests(before, after);
  const by = (table: string) => result.find((c) => c.fingerprint.includes(`from ${table} `))!;

  it('names each class new, gone, slower, faster or the same, with the ratio of averages', () => {
    expect(by('a')).toMatchObject({ change: 'slower', countChange: 1 });
    expect(by('a').avgRatio).toBeCloseTo(4, 10);
    expect(by('a').timeChange).toBeCloseTo(1, 10);
    expect(by('b')).toMatchObject({ change: 'faster', countChange: 0 });
    expect(by('b').avgRatio).toBeCloseTo(0.2, 10);
    expect(by('new')).toMatchObject({
      change: 'new',
      before: null,
      avgRatio: null,
      countChange: 1,
    });
    expect(by('gone')).toMatchObject({
      change: 'gone',
      after: null,
      avgRatio: null,
      countChange: -1,
    });
    expect(by('gone').timeChange).toBe(-2);
    // 5 % slower is under the 10 % threshold.
    expect(by('same').change).toBe('same');
    // From 0 s on average: slower, with no ratio to give.
    expect(by('zero')).toMatchObject({ change: 'slower', avgRatio: null });
    expect(by('a').checksum).toMatch(/^[0-9A-F]{32}$/);
    expect(by('a').checksum).toBe(
      before.find((c) => c.fingerprint === by('a').fingerprint)!.checksum,
    );
  });

  it('ranks by the size of the change of total time, regressions and improvements alike', () => {
    expect(result.map((c) => c.fingerprint.split(' ')[3])).toEqual([
      'gone', // -2
      'a', // +1.0
      'b', // -0.4
      'new', // +0.3
      'zero', // +0.2
      'same', // +0.05
    ]);
  });

  it('takes another threshold, and refuses one under 1', () => {
    expect(
      compareDigests(before, after, { threshold: 1.01 }).find((c) =>
        c.fingerprint.includes('same'),
      )!.change,
    ).toBe('slower');
    expect(() => compareDigests(before, after, { threshold: 0.5 })).toThrow(RangeError);
  });

  it('calls a change of the average under a millisecond (or minDelta) the same', () => {
    const tiny = digestOf([entry('SELECT 1', 0.000003)]);
    const later = digestOf([entry('SELECT 2', 0.000004)]);
    expect(compareDigests(tiny, later)[0]!.change).toBe('same');
    expect(compareDigests(tiny, later)[0]!.avgRatio).toBeCloseTo(4 / 3, 10);
    expect(compareDigests(tiny, later, { minDelta: 0 })[0]!.change).toBe('slower');
    expect(() => compareDigests(tiny, later, { minDelta: -1 })).toThrow(RangeError);
  });

  it('gives an empty list for two empty windows', () => {
    expect(compareDigests([], [])).toEqual([]);
  });
});

describe('typed filters', () => {
  it('reads the time forms the CLI reads; a bare until date is the whole day', () => {
    const day = Date.UTC(2026, 10, 25) / 1000;
    expect(digestFilterOf({ since: '2026-11-25', until: '261125' })).toEqual({
      since: day,
      until: day + 86399.999999,
    });
    expect(
      digestFilterOf({ since: ' 2026-11-25 10:00:00 ', until: '2026-11-25T11:00:00' }),
    ).toEqual({
      since: day + 36000,
      until: day + 39600,
    });
    expect(digestFilterOf({ user: ' app ', host: '', db: 'shop' })).toEqual({
      user: 'app',
      db: 'shop',
    });
  });

  it('says why a time is not one', () => {
    expect(timeBoundProblem('yesterday')).toBe(
      '"yesterday" is not a time (2026-11-25, 2026-11-25 10:00:00, 2026-11-25T10:00:00 (UTC unless followed by an offset such as -05:00) or 261125)',
    );
    expect(timeBoundProblem('')).toBeNull();
    expect(() => digestFilterOf({ until: 'soon' })).toThrow(/^until: "soon" is not a time/);
  });

  it('filters a digest to the window and counts what it left out', () => {
    const d = new SlowLogDigest(digestFilterOf({ since: '2026-11-25 10:30:00' }));
    d.add(entry('SELECT 1', 1, '2026-11-25T10:00:00'));
    d.add(entry('SELECT 2', 1, '2026-11-25T11:00:00'));
    expect([d.count, d.filteredOut]).toEqual([1, 1]);
  });
});
