import { describe, expect, it } from 'vitest';
import {
  bucketIndex,
  bucketValue,
  isOwnClass,
  nextEntryBoundary,
  SlowLogDigest,
  SlowLogReader,
  slowLogSeconds,
  type DigestFilter,
  type SlowLogEntry,
} from '../../../src/shared/slowlog';
import { digestFigures, variedSlowLog } from './varied-slowlog';

const LOG = variedSlowLog(2_000_000);

/** Reads `text` (a part of LOG starting at `offset`) into a digest continuing from `before`. */
function digestPart(text: string, offset: number, before?: SlowLogDigest) {
  const digest = new SlowLogDigest();
  if (before) digest.continueFrom(before.carry);
  const entries: SlowLogEntry[] = [];
  const reader = new SlowLogReader(
    (entry) => {
      entries.push(entry);
      digest.add(entry);
    },
    { startOffset: offset },
  );
  reader.pushLatin1(text);
  reader.end();
  return { digest, entries, reader };
}

/**
 * One digest of `entries` made as the parallel reader makes it: the parts between `cuts`
 * digested apart, each from the carry of the parts before it, again with their types if they
 * disagree, and merged in order.
 */
function mergedDigest(entries: SlowLogEntry[], cuts: number[], filter: DigestFilter = {}) {
  const bounds = [0, ...cuts, Infinity];
  const merged = new SlowLogDigest(filter);
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const part = entries.filter((e) => e.offset >= bounds[i]! && e.offset < bounds[i + 1]!);
    const digestPartEntries = (types?: SlowLogDigest['types']) => {
      const digest = new SlowLogDigest(filter);
      digest.continueFrom(merged.carry, types);
      for (const entry of part) digest.add(entry);
      return digest;
    };
    let digest = digestPartEntries();
    if (merged.typeConflicts(digest.state()).length > 0) digest = digestPartEntries(merged.types);
    merged.merge(digest.state());
  }
  return merged;
}

/** Every entry boundary of `text`. */
function boundaries(text: string): number[] {
  const cuts: number[] = [];
  for (let at = nextEntryBoundary(text, 0); at >= 0; at = nextEntryBoundary(text, at + 1))
    cuts.push(at);
  return cuts;
}

describe('nextEntryBoundary', () => {
  it('cuts only before a # line that follows a whole statement line ending in ;', () => {
    const text = [
      'SELECT 0;', // no line start before it in the text: not used
      '# Time: 261125 10:00:00', // 10
      '# Query_time: 1  Lock_time: 0',
      'SET timestamp=1;',
      '# administrator command: Quit;', // after SET timestamp: pt looks ahead, no cut
      '# Query_time: 1',
      'use db1;',
      '# Query_time: 2', // after `use`: metadata, no cut
      'SET NAMES utf8;',
      '# Query_time: 3', // after a statement SET: could be read as waiting, no cut
      '/usr/sbin/mysqld, Version: 8.4 (x). started with:;',
      '# Query_time: 4', // after a banner, no cut
      'SELECT 1,',
      '  2;',
      '# Query_time: 5', // after a multi-line statement: a cut
      'SELECT 3;\r',
      '# Query_time: 6', // \r\n: the reader does not end the entry there either
    ].join('\n');
    const cuts = boundaries(text);
    expect(cuts.map((at) => text.slice(at, at + 15))).toEqual(['# Query_time: 5']);
    expect(nextEntryBoundary('x\nSELECT 1;\n# Time: 1', 0)).toBe(12);
    expect(nextEntryBoundary('x\nSELECT 1;\n# Time: 1', 13)).toBe(-1);
    // A line longer than the limit is never trusted (the reader may have cut it).
    expect(nextEntryBoundary('x\nSELECT 1;\n# Time: 1', 0, 5)).toBe(-1);
  });

  it('finds cuts all through a mixed MySQL and MariaDB log', () => {
    expect(boundaries(LOG).length).toBeGreaterThan(1000);
  });
});

describe('SlowLogDigest.merge', () => {
  const whole = digestPart(LOG, 0);

  it('gives exactly one pass over the log, cut at any entry boundary', { timeout: 60_000 }, () => {
    const cuts = boundaries(LOG);
    // Near the start, in the middle of a MariaDB stretch (no `# Time:` on most entries), just
    // before the type of Weird would flip, and near the end.
    const chosen = [
      cuts[0]!,
      cuts[3]!,
      ...[0.2, 0.5, 0.78, 0.999].map((f) => cuts[Math.floor(cuts.length * f)]!),
    ];
    for (const cut of chosen) {
      const first = digestPart(LOG.slice(0, cut), 0);
      const second = digestPart(LOG.slice(cut), cut, first.digest);
      // The reader's side: the same entries at the same absolute offsets, the same problems.
      expect([...first.entries, ...second.entries]).toEqual(whole.entries);
      expect([...first.reader.problems, ...second.reader.problems]).toEqual(whole.reader.problems);
      const merged = mergedDigest([...first.entries, ...second.entries], [cut]);
      expect(digestFigures(merged), `cut at ${cut}`).toEqual(digestFigures(whole.digest));
    }
    expect(whole.reader.problems.at(-1)).toEqual(
      expect.objectContaining({ kind: 'truncated', offset: LOG.lastIndexOf('# Time:') }),
    );
  });

  it('adds entries after a merge as one pass does', () => {
    // The digest keeps references into its classes' maps: a merge adds classes and attributes
    // it has not met, which the entries added next must reach.
    const cuts = boundaries(LOG);
    const [a, b] = [cuts[0]!, cuts[Math.floor(cuts.length / 2)]!];
    const whole = digestPart(LOG, 0);
    const first = digestPart(LOG.slice(0, a), 0);
    // The first part alone has few of the classes: the merge brings the others.
    expect([first.digest.classes.size, whole.digest.classes.size]).toEqual([2, 9]);
    const middle = digestPart(LOG.slice(a, b), a, first.digest);
    first.digest.merge(middle.digest.state());
    const rest = digestPart(LOG.slice(b), b);
    for (const entry of rest.entries) first.digest.add(entry);
    expect(first.digest.count).toBe(whole.digest.count);
    expect(digestFigures(first.digest)).toEqual(digestFigures(whole.digest));
  });

  it('merges three parts in order, the middle one setting no db of its own', () => {
    // A MySQL entry without `use`: the db it carries on must be the one it was handed.
    const cuts = boundaries(LOG);
    const at = cuts.findIndex((cut, i) => {
      const part = LOG.slice(cut, cuts[i + 1]);
      return i > cuts.length * 0.3 && part.startsWith('# Time: 2026') && !part.includes('\nuse ');
    });
    const [a, b] = [cuts[at]!, cuts[at + 1]!];
    const first = digestPart(LOG.slice(0, a), 0);
    const middle = digestPart(LOG.slice(a, b), a, first.digest);
    const last = digestPart(LOG.slice(b), b, middle.digest);
    expect(middle.entries.every((e) => e.db === undefined)).toBe(true);
    expect(middle.digest.carry.db).toBe(first.digest.carry.db);
    expect(first.digest.carry.db).toBeDefined();
    const entries = [...first.entries, ...middle.entries, ...last.entries];
    expect(entries).toEqual(whole.entries);
    expect(digestFigures(mergedDigest(entries, [a, b]))).toEqual(digestFigures(whole.digest));
  });

  it('reports an attribute typed differently by a later part, and is exact after a re-read', () => {
    const cuts = boundaries(LOG);
    // After the last text value of Weird (entry 550) and before its first number (6000).
    const cut = cuts.find((at) => at > LOG.indexOf('Weird: abc', LOG.lastIndexOf('Weird: abc')))!;
    expect(cut).toBeLessThan(LOG.indexOf('Weird: 7'));
    const first = digestPart(LOG.slice(0, cut), 0);
    const second = digestPart(LOG.slice(cut), cut, first.digest);
    expect(first.digest.typeConflicts(second.digest.state())).toEqual(['Weird']);
    const again = new SlowLogDigest();
    again.continueFrom(first.digest.carry, first.digest.types);
    const reader = new SlowLogReader((entry) => again.add(entry), { startOffset: cut });
    reader.pushLatin1(LOG.slice(cut));
    reader.end();
    expect(first.digest.typeConflicts(again.state())).toEqual([]);
    first.digest.merge(again.state());
    expect(digestFigures(first.digest)).toEqual(digestFigures(whole.digest));
  });

  it('applies filters in each part as one pass does', () => {
    const filters = [
      { db: 'shop1' },
      { db: 'db2' },
      { user: 'maria1' },
      { since: slowLogSeconds('2026-11-25T00:02:00'), until: slowLogSeconds('261126 00:01:00') },
    ];
    const cut = boundaries(LOG)[700]!;
    for (const filter of filters) {
      const one = new SlowLogDigest(filter);
      for (const entry of whole.entries) one.add(entry);
      const first = mergedDigest(whole.entries, [cut], filter);
      expect(one.count).toBeGreaterThan(0);
      expect(one.filteredOut).toBeGreaterThan(0);
      expect(digestFigures(first), JSON.stringify(filter)).toEqual(digestFigures(one));
    }
  });
});

describe('bucketIndex', () => {
  it('gives integers the bucket pt-query-digest computes for them', () => {
    // EventAggregator::bucket_idx, spelled out: the table must agree with it everywhere.
    const baseOffset = Math.abs(1 - Math.log(0.000001) / Math.log(1.05));
    for (let value = 0; value < 70000; value += 1) {
      const expected =
        value < 0.000001
          ? 0
          : Math.min(999, Math.trunc(baseOffset + Math.log(value) / Math.log(1.05)));
      if (bucketIndex(value) !== expected)
        expect(bucketIndex(value), `value ${value}`).toBe(expected);
    }
    expect(bucketIndex(0.5)).toBe(Math.trunc(baseOffset + Math.log(0.5) / Math.log(1.05)));
    expect(bucketValue(bucketIndex(1))).toBeLessThanOrEqual(1);
  });
});

describe("Sightline's own statements in a digest", () => {
  it('are counted per class as entries are added, and merged parts count the same', () => {
    const { digest, entries } = digestPart(LOG, 0);
    const classes = digest.results();
    const polling = classes.find((c) => c.fingerprint.includes('performance_schema.threads'))!;
    expect(polling.ownCount).toBeGreaterThan(0);
    expect(polling.ownCount).toBeLessThan(polling.count);
    expect(isOwnClass(polling)).toBe(false);
    expect(classes.filter((c) => c.ownCount > 0)).toEqual([polling]);

    // Tagged only: the class is Sightline's own.
    const tagged = new SlowLogDigest();
    for (const e of entries) {
      if (e.statement.startsWith('/* sightline */')) tagged.add(e);
    }
    const [own] = tagged.results();
    expect(own!.ownCount).toBe(own!.count);
    expect(isOwnClass(own!)).toBe(true);

    const cuts = boundaries(LOG).filter((_, i) => i % 997 === 0);
    const merged = mergedDigest(entries, cuts);
    const mergedPolling = merged.results().find((c) => c.fingerprint === polling.fingerprint)!;
    expect(mergedPolling.ownCount).toBe(polling.ownCount);
  });
});
