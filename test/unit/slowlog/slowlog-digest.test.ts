import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  attributeTotals,
  bucketIndex,
  classToPtJson,
  parseTimeBound,
  rankClasses,
  SlowLogDigest,
  SlowLogReader,
  type DigestFilter,
} from '../../../src/shared/slowlog';

/** 15 entries of one class in MariaDB's format, Query_time spread over seven decades. */
const LOG =
  [
    '# Time: 261125 10:00:00',
    '# User@Host: u0[u0] @ h0 [10.0.0.0]',
    '# Thread_id: 0  Schema: db0  QC_hit: No',
    '# Query_time: 0.000150  Lock_time: 0.000000  Rows_sent: 0  Rows_examined: 7',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 0;',
    '# Time: 261125 10:00:01',
    '# User@Host: u1[u1] @ h1 [10.0.0.1]',
    '# Thread_id: 1  Schema: db1  QC_hit: No',
    '# Query_time: 0.002000  Lock_time: 0.000001  Rows_sent: 3  Rows_examined: 107',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 1;',
    '# Time: 261125 10:00:02',
    '# User@Host: u0[u0] @ h2 [10.0.0.2]',
    '# Thread_id: 2  Schema: db0  QC_hit: No',
    '# Query_time: 0.500000  Lock_time: 0.000002  Rows_sent: 6  Rows_examined: 207',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 2;',
    '# Time: 261125 10:00:03',
    '# User@Host: u1[u1] @ h0 [10.0.0.0]',
    '# Thread_id: 3  Schema: db1  QC_hit: No',
    '# Query_time: 1.250000  Lock_time: 0.000003  Rows_sent: 9  Rows_examined: 307',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 3;',
    '# Time: 261125 10:00:04',
    '# User@Host: u0[u0] @ h1 [10.0.0.1]',
    '# Thread_id: 4  Schema: db0  QC_hit: No',
    '# Query_time: 0.030000  Lock_time: 0.000004  Rows_sent: 12  Rows_examined: 407',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 4;',
    '# Time: 261125 10:00:05',
    '# User@Host: u1[u1] @ h2 [10.0.0.2]',
    '# Thread_id: 5  Schema: db1  QC_hit: No',
    '# Query_time: 0.000007  Lock_time: 0.000005  Rows_sent: 15  Rows_examined: 507',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 5;',
    '# Time: 261125 10:01:06',
    '# User@Host: u0[u0] @ h0 [10.0.0.0]',
    '# Thread_id: 6  Schema: db0  QC_hit: No',
    '# Query_time: 3.900000  Lock_time: 0.000006  Rows_sent: 18  Rows_examined: 607',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 6;',
    '# Time: 261125 10:01:07',
    '# User@Host: u1[u1] @ h1 [10.0.0.1]',
    '# Thread_id: 7  Schema: db1  QC_hit: No',
    '# Query_time: 0.010100  Lock_time: 0.000007  Rows_sent: 21  Rows_examined: 707',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 7;',
    '# Time: 261125 10:01:08',
    '# User@Host: u0[u0] @ h2 [10.0.0.2]',
    '# Thread_id: 8  Schema: db0  QC_hit: No',
    '# Query_time: 0.200000  Lock_time: 0.000008  Rows_sent: 24  Rows_examined: 807',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 8;',
    '# Time: 261125 10:01:09',
    '# User@Host: u1[u1] @ h0 [10.0.0.0]',
    '# Thread_id: 9  Schema: db1  QC_hit: No',
    '# Query_time: 0.070000  Lock_time: 0.000009  Rows_sent: 27  Rows_examined: 907',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 9;',
    '# Time: 261125 10:01:10',
    '# User@Host: u0[u0] @ h1 [10.0.0.1]',
    '# Thread_id: 10  Schema: db0  QC_hit: No',
    '# Query_time: 0.450000  Lock_time: 0.000010  Rows_sent: 30  Rows_examined: 1007',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 10;',
    '# Time: 261125 10:01:11',
    '# User@Host: u1[u1] @ h2 [10.0.0.2]',
    '# Thread_id: 11  Schema: db1  QC_hit: No',
    '# Query_time: 0.009000  Lock_time: 0.000011  Rows_sent: 33  Rows_examined: 1107',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 11;',
    '# Time: 261125 10:02:12',
    '# User@Host: u0[u0] @ h0 [10.0.0.0]',
    '# Thread_id: 12  Schema: db0  QC_hit: No',
    '# Query_time: 0.600000  Lock_time: 0.000012  Rows_sent: 36  Rows_examined: 1207',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 12;',
    '# Time: 261125 10:02:13',
    '# User@Host: u1[u1] @ h1 [10.0.0.1]',
    '# Thread_id: 13  Schema: db1  QC_hit: No',
    '# Query_time: 2.200000  Lock_time: 0.000013  Rows_sent: 39  Rows_examined: 1307',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 13;',
    '# Time: 261125 10:02:14',
    '# User@Host: u0[u0] @ h2 [10.0.0.2]',
    '# Thread_id: 14  Schema: db0  QC_hit: No',
    '# Query_time: 0.000999  Lock_time: 0.000014  Rows_sent: 42  Rows_examined: 1407',
    'SET timestamp=1;',
    'SELECT * FROM t WHERE id = 14;',
  ].join('\n') + '\n';

function digestOf(text: string, filter: DigestFilter = {}) {
  const digest = new SlowLogDigest(filter);
  const reader = new SlowLogReader((entry) => digest.add(entry));
  reader.pushLatin1(text);
  reader.end();
  return digest;
}

describe('SlowLogDigest', () => {
  it('prints a class as pt-query-digest 3.2.1 --output json does (its numbers, from its buckets)', () => {
    const digest = digestOf(LOG);
    const classes = digest.results();
    expect(classes).toHaveLength(1);
    const json = classToPtJson(classes[0]!, attributeTotals(classes));
    // Every value below is what pt-query-digest printed for this log.
    expect(json).toMatchObject({
      checksum: '86A4FD498C70095E35FC3906162972DA',
      fingerprint: 'select * from t where id = ?',
      query_count: 15,
      ts_min: '2026-11-25 10:00:00',
      ts_max: '2026-11-25 10:02:14',
      example: {
        query: 'SELECT * FROM t WHERE id = 6',
        ts: '2026-11-25 10:01:06',
        Query_time: '3.900000',
      },
      histograms: { Query_time: [1, 0, 1, 3, 3, 4, 3, 0] },
    });
    expect(json['metrics']).toMatchObject({
      Query_time: {
        avg: '0.614817',
        pct_95: '2.165711',
        median: '0.133045',
        sum: '9.222256',
        stddev: '1.051530',
        pct: '1.000000',
        min: '0.000007',
        max: '3.900000',
      },
      Lock_time: {
        min: '0.000000',
        pct: '1.000000',
        max: '0.000014',
        pct_95: '0.000013',
        median: '0.000007',
        sum: '0.000105',
        stddev: '0.000004',
        avg: '0.000007',
      },
      Rows_sent: {
        avg: '21',
        min: '0',
        pct: '1',
        max: '42',
        pct_95: '38',
        median: '22',
        sum: '315',
        stddev: '12',
      },
      Rows_examined: {
        avg: '707',
        pct: '1',
        min: '7',
        max: '1407',
        median: '739',
        pct_95: '1292',
        stddev: '419',
        sum: '10605',
      },
      Query_length: {
        stddev: '0',
        sum: '425',
        median: '27',
        pct_95: '28',
        max: '29',
        min: '28',
        pct: '1',
        avg: '28',
      },
      db: { value: 'db1' },
      user: { value: 'u1' },
      host: { value: 'h2' },
      QC_hit: { yes: '0' },
    });
    expect(json['sightline']).toMatchObject({
      users: { u0: 8, u1: 7 },
      databases: { db0: 8, db1: 7 },
    });
  });

  it('counts no bytes of Query_length for an entry without a statement, as pt-query-digest does', () => {
    // MySQL 9.7 after a user's `SET timestamp = 1000000000` (a statement the log writes as its
    // own SET line): pt-query-digest gives the class "" Query_length sum 0 (and 28 for two).
    const log = [
      '# Time: 2026-11-27T16:19:03.295102-05:00',
      '# User@Host: root[root] @  [127.0.0.1]  Id:     9',
      '# Query_time: 0.000025  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0',
      'SET timestamp=1000000000;',
      'SET timestamp = 1000000000;',
      '# Time: 2026-11-27T16:19:03.295494-05:00',
      '# User@Host: root[root] @  [127.0.0.1]  Id:     9',
      '# Query_time: 0.000237  Lock_time: 0.000003 Rows_sent: 26  Rows_examined: 30',
      'SET timestamp=1000000000;',
      'SELECT id FROM t WHERE v > 3;',
      '',
    ].join('\n');
    const digest = new SlowLogDigest();
    const reader = new SlowLogReader((e) => digest.add(e));
    reader.pushLatin1(log);
    reader.end();
    const lengths = digest
      .results()
      .map((c) => [c.fingerprint, c.numeric.get('Query_length')?.sum]);
    expect(lengths).toEqual([
      ['', 0],
      ['select id from t where v > ?', 28],
    ]);
  });

  it('filters by time window, user, host and database', () => {
    expect(digestOf(LOG, { since: Date.UTC(2026, 10, 25, 10, 1, 0) / 1000 }).count).toBe(9);
    expect(digestOf(LOG, { until: Date.UTC(2026, 10, 25, 10, 0, 59) / 1000 }).count).toBe(6);
    expect(digestOf(LOG, { user: 'u1' }).count).toBe(7);
    expect(digestOf(LOG, { host: 'h2' }).count).toBe(5);
    expect(digestOf(LOG, { host: '10.0.0.2' }).count).toBe(5);
    const db0 = digestOf(LOG, { db: 'db0' });
    expect([db0.count, db0.filteredOut]).toEqual([8, 7]);
  });

  it('orders and filters log_timestamps=SYSTEM times as instants, across a DST change', () => {
    // New York falls back at 02:00 EDT on 2026-11-01: 01:10 EST comes 20 minutes after 01:50 EDT.
    const entry = (time: string, n: number) =>
      `# Time: ${time}\n# User@Host: a[a] @ h []\n# Query_time: ${n}  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\nSELECT ${n};\n`;
    const log =
      entry('2026-11-01T01:50:00.250000-04:00', 1) + entry('2026-11-01T01:10:00.500000-05:00', 2);
    const [all] = digestOf(log).results();
    expect([all!.firstSeen, all!.lastSeen]).toEqual([
      { seconds: Date.UTC(2026, 10, 1, 5, 50) / 1000, time: '2026-11-01T01:50:00-04:00' },
      { seconds: Date.UTC(2026, 10, 1, 6, 10) / 1000, time: '2026-11-01T01:10:00-05:00' },
    ]);
    // pt-query-digest would say ts_min 01:10:00 and ts_max 01:50:00 (19 characters, compared as
    // text); the offset is kept on purpose.
    expect(classToPtJson(all!, attributeTotals([all!]))).toMatchObject({
      ts_min: '2026-11-01T01:50:00-04:00',
      ts_max: '2026-11-01T01:10:00-05:00',
    });
    const since = parseTimeBound('2026-11-01 06:00:00Z');
    expect(since).toBe(Date.UTC(2026, 10, 1, 6) / 1000);
    expect(digestOf(log, { since }).count).toBe(1);
    expect(digestOf(log, { until: parseTimeBound('2026-11-01T01:55:00-04:00') }).count).toBe(1);
  });

  it('carries db and time forward to entries without them (pt-query-digest --inherit-attributes db,ts)', () => {
    const log =
      '# Time: 261125 10:00:00\n# User@Host: a[a] @ h []\n# Query_time: 1  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\nuse shop;\nSELECT 1;\n' +
      '# User@Host: a[a] @ h []\n# Query_time: 2  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\nSELECT 2 FROM x;\n';
    const digest = digestOf(log, { db: 'shop', since: Date.UTC(2026, 10, 25, 10) / 1000 });
    expect(digest.count).toBe(2);
    const second = digest.results().find((c) => c.fingerprint === 'select ? from x')!;
    expect(second.lastSeen?.time).toBe('261125 10:00:00');
    expect(second.example).toMatchObject({ db: 'shop', queryTime: 2 });
  });

  it('keeps the last of equally slow statements as the example, as pt-query-digest does', () => {
    const entry = (n: number) =>
      `# Time: 261125 10:00:0${n}\n# Query_time: 0.5  Lock_time: 0  Rows_sent: 0  Rows_examined: 0\nSELECT ${n};\n`;
    const [only] = digestOf(entry(1) + entry(2) + entry(3)).results();
    expect(only!.example?.statement).toBe('SELECT 3');
  });

  it('ranks by total time, count, average, rows examined and sent', () => {
    const entry = (sql: string, time: number, sent: number, examined: number) =>
      `# Time: 261125 10:00:00\n# Query_time: ${time}  Lock_time: 0  Rows_sent: ${sent}  Rows_examined: ${examined}\n${sql};\n`;
    const log =
      entry('SELECT a FROM t', 5, 1, 10) +
      entry('SELECT b FROM t', 1, 50, 50) +
      entry('SELECT b FROM t', 1, 50, 50) +
      entry('SELECT b FROM t', 1, 50, 50) +
      entry('SELECT c FROM t', 4, 0, 9000);
    const classes = digestOf(log).results();
    const order = (by: Parameters<typeof rankClasses>[1]) =>
      rankClasses(classes, by).map((c) => c.fingerprint.split(' ')[1]);
    expect(order('time')).toEqual(['a', 'c', 'b']);
    expect(order('count')).toEqual(['b', 'a', 'c']);
    expect(order('avg')).toEqual(['a', 'c', 'b']);
    expect(order('rows-examined')).toEqual(['c', 'b', 'a']);
    expect(order('rows-sent')).toEqual(['b', 'a', 'c']);
    expect(order('examined-per-sent')).toEqual(['c', 'a', 'b']);
  });

  it("digests the reader's attributes exactly as the same attributes in a Map", () => {
    // Values a server writes and values it does not; `Odd` is text first, numbers later (the
    // text type holds); `Late` numbers first, text later (0 for the text, as pt-query-digest).
    const lines = (n: number) =>
      [
        `# Time: 2026-11-25T10:00:0${n % 10}.000000Z`,
        `# User@Host: u${n % 2}[u] @ h [10.0.0.1]  Id: ${n}`,
        `# Query_time: ${(n * 0.123456).toFixed(6)}  Lock_time: 0.${n}234567 Rows_sent: ${n}  ` +
          `Rows_examined: ${n % 3 ? '007' : '1e3'} Odd: ${n < 3 ? 'abc' : `${n}.50`} Late: ${n > 6 ? 'x' : `${n}.5`}`,
        `# Full_scan: ${n % 2 ? 'Yes' : 'No'}  Bytes_sent: ${123456789012345 + n}  Big: 1234567890123456${n}`,
        'SET timestamp=1795600000;',
        `SELECT ${n % 3};`,
      ].join('\n');
    const log = `${Array.from({ length: 12 }, (_, n) => lines(n)).join('\n')}\n`;
    const fromReader = new SlowLogDigest();
    const fromMaps = new SlowLogDigest();
    const reader = new SlowLogReader((entry) => {
      fromReader.add(entry);
      fromMaps.add({ ...entry, attributes: new Map(entry.attributes) });
    });
    reader.pushLatin1(log);
    reader.end();
    expect(fromReader.count).toBe(12);
    expect(fromReader.state()).toEqual(fromMaps.state());
    expect(fromReader.types.get('Odd')).toBe('string');
    expect(fromReader.types.get('Late')).toBe('num');
    const totals = attributeTotals(fromMaps.results());
    expect(fromReader.results().map((c) => classToPtJson(c, totals))).toEqual(
      fromMaps.results().map((c) => classToPtJson(c, totals)),
    );
  });

  it('counts busy classes exactly, read between entries or at the end', () => {
    // 230 classes of 40 entries: past the digest's bucket arrays (the later classes count in
    // Maps), with more users per class than it counts apart from its Maps.
    const name = (n: number) => String.fromCharCode(97 + (n % 26), 97 + Math.floor(n / 26));
    const entries: string[] = [];
    const expected = new Map<
      string,
      { users: Map<string, number>; lengths: Map<number, number> }
    >();
    for (let n = 0; n < 230 * 40; n += 1) {
      const statement = `SELECT * FROM ${name(n % 230)} WHERE id = ${n * 7}`;
      const user = `user${(n * 5) % 12}`;
      entries.push(
        [
          `# Time: 2026-11-25T10:00:0${n % 10}.000000Z`,
          `# User@Host: ${user}[u] @ h${n % 3} [10.0.0.1]  Id: ${n}`,
          `# Query_time: ${((n * 7919) % 100000) / 1e6}  Lock_time: 0.000${n % 7} Rows_sent: ${n % 21}  Rows_examined: ${(n * 31) % 5000}`,
          ...(n % 7 === 0 ? [`use db${n % 5};`] : []),
          'SET timestamp=1795600000;',
          `${statement};`,
        ].join('\n'),
      );
      const mine = expected.get(name(n % 230)) ?? { users: new Map(), lengths: new Map() };
      expected.set(name(n % 230), mine);
      mine.users.set(user, (mine.users.get(user) ?? 0) + 1);
      const bucket = bucketIndex(statement.length);
      mine.lengths.set(bucket, (mine.lengths.get(bucket) ?? 0) + 1);
    }
    const fromReader = new SlowLogDigest();
    const fromMaps = new SlowLogDigest();
    const reader = new SlowLogReader((entry) => {
      fromReader.add(entry);
      fromMaps.add({ ...entry, attributes: new Map(entry.attributes) });
    });
    const half = entries.length / 2;
    reader.pushLatin1(`${entries.slice(0, half).join('\n')}\n`);
    // Read halfway, then read on: what was counted apart is counted once.
    expect(fromReader.results()).toHaveLength(230);
    expect(fromMaps.results()).toHaveLength(230);
    reader.pushLatin1(`${entries.slice(half).join('\n')}\n`);
    reader.end();
    expect(fromReader.count).toBe(230 * 40);
    expect(fromReader.state()).toEqual(fromMaps.state());
    for (const queryClass of fromReader.results()) {
      const { users, lengths } = expected.get(queryClass.fingerprint.split(' ')[3]!)!;
      // In the order first met, as pt-query-digest lists them.
      expect([...queryClass.values.get('user')!]).toEqual([...users]);
      expect(Object.fromEntries(queryClass.numeric.get('Query_length')!.buckets)).toEqual(
        Object.fromEntries(lengths),
      );
      expect(queryClass.numeric.get('Query_time')!.buckets.size).toBeGreaterThan(20);
    }
  });

  it('keeps none of the chunks it was read from alive', () => {
    // Each class met in its own 1 MB chunk (a long `#` line in its first entry fills it), with its own user, host,
    // db, times, unknown and text attributes and example: kept as views into the chunk, they
    // would keep 300 MB alive.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const name = (n: number) => String.fromCharCode(97 + (n % 26), 97 + Math.floor(n / 26));
    const filler = `# ${'x'.repeat(1 << 20)}\n`;
    gc();
    const before = process.memoryUsage().heapUsed;
    const digest = new SlowLogDigest();
    const reader = new SlowLogReader((entry) => digest.add(entry));
    for (let c = 0; c < 300; c += 1) {
      const x = name(c);
      const entry = (second: number, fill: string) =>
        `# Time: 2026-11-25T10:00:${String(second).padStart(2, '0')}.000000Z\n` +
        `# User@Host: user_${x}_account[u] @ host-${x}.example.com [10.0.0.1]  Id: 5\n` +
        fill +
        `# Query_time: 0.5  Lock_time: 0.1 Rows_sent: 1  Rows_examined: 2 Own_attribute_${x}: 3\n` +
        `# Plan_note_${x}: text_value_of_${x}  Tmp_flag_${x}_name: Yes\n` +
        `use database_${x}_name;\nSET timestamp=1795600000;\n` +
        `SELECT * FROM table_${x} WHERE a = 'x';\n`;
      reader.pushLatin1(entry(c % 60, filler) + entry((c + 1) % 60, ''));
    }
    reader.end();
    const classes = digest.results();
    expect(classes).toHaveLength(300);
    expect(classes[7]!.values.get(`Plan_note_${name(7)}`)?.get(`text_value_of_${name(7)}`)).toBe(2);
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(40e6);
  });
});
