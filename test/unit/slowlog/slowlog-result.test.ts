import { describe, expect, it } from 'vitest';
import { slowLogResult } from '../../../src/main/services/slowlog-result';
import { SlowLogDigest, SlowLogReader } from '../../../src/shared/slowlog';

function entry(time: string, queryTime: number, examined: number, sql: string): string {
  return `# Time: ${time}\n# User@Host: app[app] @ localhost []  Id: 8\n# Query_time: ${queryTime.toFixed(6)}  Lock_time: 0.000000 Rows_sent: 1  Rows_examined: ${examined}\nuse shop;\nSET timestamp=1795600000;\n${sql};\n`;
}

function digestOf(log: string) {
  const digest = new SlowLogDigest();
  const reader = new SlowLogReader((e) => digest.add(e));
  reader.pushLatin1(log);
  reader.end();
  return { digest, reader };
}

describe('slowLogResult', () => {
  const log = [
    entry('2026-11-25T10:00:00.000000Z', 3, 10, 'SELECT * FROM a WHERE id = 1'),
    entry('2026-11-25T10:00:01.000000Z', 1, 10, 'SELECT * FROM a WHERE id = 2'),
    ...Array.from({ length: 5 }, (_, i) =>
      entry('2026-11-25T10:00:02.000000Z', 0.1, 0, `SELECT * FROM b WHERE x = ${i}`),
    ),
    entry('2026-11-25T10:00:03.000000Z', 0.4, 9000, 'SELECT * FROM c'),
    entry('2026-11-25T10:00:04.000000Z', 2.5, 0, 'UPDATE d SET y = 1'),
  ].join('');

  it('sends the top of every ranking, ordered by total time, with the slowest example', () => {
    const { digest, reader } = digestOf(log);
    const top1 = slowLogResult(
      digest.results(),
      digest.count,
      {
        list: reader.problems,
        count: reader.problemCount,
      },
      1,
    );
    // Top 1 by time (a), count (b), avg (a: 2 s, d: 2.5 s -> d), rows examined (c).
    expect(top1.classes.map((c) => c.fingerprint)).toEqual([
      'select * from a where id = ?',
      'update d set y = ?',
      'select * from b where x = ?',
      'select * from c',
    ]);
    expect(top1.classesTotal).toBe(4);
    expect(top1.entries).toBe(9);
    const a = top1.classes[0]!;
    expect(a.count).toBe(2);
    expect(a.queryTime.sum).toBe(4);
    expect(a.queryTime.avg).toBe(2);
    expect(a.rowsExamined.sum).toBe(20);
    expect(a.example).toMatchObject({
      sql: 'SELECT * FROM a WHERE id = 1',
      queryTime: 3,
      db: 'shop',
    });
    expect(a.firstSeen).toBe('2026-11-25T10:00:00');
    expect(a.lastSeen).toBe('2026-11-25T10:00:01');
    expect(top1.timeRange).toEqual({ first: '2026-11-25T10:00:00', last: '2026-11-25T10:00:04' });
    expect(top1.totalQueryTime).toBeCloseTo(7.4, 9);
  });

  it('counts malformed entries and gives the first byte offsets', () => {
    const cut =
      '# Time: 2026-11-25T10:00:05Z\n# User@Host: app[app] @ localhost []\n# Query_time: 0.1';
    const text = log + cut;
    const { digest, reader } = digestOf(text);
    const result = slowLogResult(digest.results(), digest.count, {
      list: reader.problems,
      count: reader.problemCount,
    });
    expect(result.malformed.count).toBe(reader.problemCount);
    expect(result.malformed.count).toBeGreaterThan(0);
    expect(result.malformed.first[0]).toMatchObject({ kind: 'truncated', offset: log.length });
    expect(result.entries).toBe(9);
  });
});
