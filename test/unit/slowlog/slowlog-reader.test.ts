import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SlowLogReader, type SlowLogEntry } from '../../../src/shared/slowlog';
import { timeOf } from '../../../src/shared/slowlog/slowlog-line-shapes';

/** Reads `text` (a byte string) fed in chunks of `chunk` bytes. */
function read(text: string, chunk = text.length || 1) {
  const entries: SlowLogEntry[] = [];
  const reader = new SlowLogReader((e) => entries.push(e), {
    maxLineBytes: 1000,
    maxStatementBytes: 2000,
  });
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  for (let i = 0; i < bytes.length; i += chunk) reader.push(bytes.subarray(i, i + chunk));
  reader.end();
  return { entries, problems: reader.problems, reader };
}

const MYSQL_8 = `/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:
Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock
Time                 Id Command    Argument
# Time: 2026-11-25T10:00:00.123456Z
# User@Host: app[app] @ web-1 [10.0.0.5]  Id:    12
# Query_time: 1.500000  Lock_time: 0.000100 Rows_sent: 3  Rows_examined: 300 Thread_id: 12 Errno: 0 Killed: 0 Bytes_received: 40 Bytes_sent: 120 Start: 2026-11-25T09:59:58.623456Z End: 2026-11-25T10:00:00.123456Z
use shop;
SET timestamp=1795600000;
SELECT *
  FROM orders
 WHERE id = 5;
# Time: 2026-11-25T10:00:01.000000Z
# User@Host: app[app] @  [10.0.0.6]  Id:    13
# Query_time: 0.000010  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0
SET timestamp=1795600001;
# administrator command: Quit;
`;

const MARIADB = `/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-0+deb12u1-log (Debian 12). started with:
Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock
Time\t\t    Id Command\tArgument
# Time: 261125  9:05:07
# User@Host: root[root] @ localhost []
# Thread_id: 4  Schema:   QC_hit: No
# Query_time: 0.000122  Lock_time: 0.000000  Rows_sent: 1  Rows_examined: 0
# Rows_affected: 0  Bytes_sent: 92
#
# explain: id\tselect_type\ttable\ttype\tpossible_keys\tkey\tkey_len\tref\trows\tr_rows\tfiltered\tr_filtered\tExtra
# explain: 1\tSIMPLE\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNo tables used
#
SET timestamp=1795597507;
SELECT VERSION();
# User@Host: root[root] @ localhost []
# Thread_id: 4  Schema: sl_one  QC_hit: No
# Query_time: 0.007690  Lock_time: 0.007512  Rows_sent: 0  Rows_examined: 0
# Rows_affected: 1  Bytes_sent: 11
# Full_scan: Yes  Full_join: No  Tmp_table: No  Tmp_table_on_disk: No
# Filesort: No  Filesort_on_disk: No  Merge_passes: 0  Priority_queue: No
# Pages_accessed: 7  Pages_read: 0  Pages_prefetched: 0  Pages_updated: 6  Old_rows_read: 0
use \`sl_one\`;
SET timestamp=1795597507;
INSERT INTO t VALUES (0, 'name0');
/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-0+deb12u1-log (Debian 12). started with:
Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock
Time\t\t    Id Command\tArgument
# User@Host: root[root] @ localhost []
# Thread_id: 4  Schema: sl_one  QC_hit: No
# Query_time: 0.000068  Lock_time: 0.000000  Rows_sent: 0  Rows_examined: 0
# Rows_affected: 0  Bytes_sent: 11
SET timestamp=1795597507;
FLUSH SLOW LOGS;
`;

const PERCONA_FULL = `# Time: 2026-11-25T10:00:00.000001Z
# User@Host: app[app] @ localhost []  Id:     7
# Schema: shop  Last_errno: 0  Killed: 0
# Query_time: 0.200000  Lock_time: 0.000050  Rows_sent: 10  Rows_examined: 1000  Rows_affected: 0
# Bytes_sent: 512  Tmp_tables: 1  Tmp_disk_tables: 0  Tmp_table_sizes: 16384
# InnoDB_trx_id: 1A2B
# QC_Hit: No  Full_scan: Yes  Full_join: No  Tmp_table: Yes  Tmp_table_on_disk: No
# Filesort: Yes  Filesort_on_disk: No  Merge_passes: 0
#   InnoDB_IO_r_ops: 3  InnoDB_IO_r_bytes: 49152  InnoDB_IO_r_wait: 0.001000
#   InnoDB_rec_lock_wait: 0.000000  InnoDB_queue_wait: 0.000000
#   InnoDB_pages_distinct: 9
# Log_slow_rate_type: query  Log_slow_rate_limit: 1
SET timestamp=1795600000;
SELECT status, COUNT(*) FROM orders GROUP BY status ORDER BY 2 DESC;
`;

describe('SlowLogReader', () => {
  it('reads MySQL 8 entries: ISO time, User@Host with Id, log_slow_extra, use, multi-line, admin', () => {
    const { entries, problems } = read(MYSQL_8);
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(2);
    const [select, quit] = entries;
    expect(select).toMatchObject({
      statement: 'SELECT *\n  FROM orders\n WHERE id = 5',
      command: 'Query',
      time: '2026-11-25T10:00:00',
      user: 'app',
      host: 'web-1',
      ip: '10.0.0.5',
      db: 'shop',
      offset: MYSQL_8.indexOf('# Time:'),
    });
    expect(Object.fromEntries(select!.attributes)).toMatchObject({
      Query_time: '1.500000',
      Lock_time: '0.000100',
      Rows_sent: '3',
      Rows_examined: '300',
      Thread_id: '12',
      Bytes_sent: '120',
      Start: '2026-11-25T09:59:58.623456Z',
      timestamp: '1795600000',
    });
    // pt-query-digest reads the admin command through its look-ahead after `SET timestamp=...;`.
    expect(quit).toMatchObject({
      statement: 'administrator command: Quit',
      command: 'Admin',
      host: '10.0.0.6',
    });
  });

  it('reads MariaDB entries: short time, empty Schema, Thread_id line, explain lines, backquoted use', () => {
    const { entries, problems } = read(MARIADB);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.statement)).toEqual([
      'SELECT VERSION()',
      "INSERT INTO t VALUES (0, 'name0')",
      'FLUSH SLOW LOGS',
    ]);
    const [version, insert, flush] = entries;
    expect(version!.time).toBe('261125  9:05:07');
    expect(version!.db).toBeUndefined();
    expect(Object.fromEntries(version!.attributes)).toMatchObject({
      Thread_id: '4',
      QC_hit: 'No',
      Bytes_sent: '92',
    });
    expect(version!.explain).toEqual([
      'id\tselect_type\ttable\ttype\tpossible_keys\tkey\tkey_len\tref\trows\tr_rows\tfiltered\tr_filtered\tExtra',
      '1\tSIMPLE\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNo tables used',
    ]);
    expect(insert!.db).toBe('sl_one');
    expect(insert!.time).toBeUndefined();
    expect(Object.fromEntries(insert!.attributes)).toMatchObject({
      Rows_affected: '1',
      Full_scan: 'Yes',
      Priority_queue: 'No',
      Pages_updated: '6',
    });
    // The banner after FLUSH SLOW LOGS is not glued onto the INSERT (pt-query-digest does that).
    expect(flush!.db).toBe('sl_one');
  });

  it("keeps Percona Server's log_slow_verbosity=full attributes, indented ones and unknown ones", () => {
    const { entries } = read(PERCONA_FULL);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.db).toBe('shop');
    expect(Object.fromEntries(entries[0]!.attributes)).toMatchObject({
      InnoDB_IO_r_ops: '3',
      InnoDB_IO_r_wait: '0.001000',
      InnoDB_pages_distinct: '9',
      Tmp_table_sizes: '16384',
      InnoDB_trx_id: '1A2B',
      QC_Hit: 'No',
      Filesort: 'Yes',
      Log_slow_rate_type: 'query',
    });
  });

  it("reads each # Time: line's time, whether it repeats the last one or not", () => {
    const times = [
      '# Time: 2026-11-25T10:00:00.100000Z',
      '# Time: 2026-11-25T10:00:00.200000Z',
      '# Time: 2026-11-25T10:00:0',
      '# Time: 2026-11-25T10:00:00',
      '# Time: 2026-11-25T10:00:01.000000Z',
      '# Time: 261125 10:00:01',
      '# Time: 261125 10:00:01',
      '# Time: 261125 10:00:01 and more',
      '# Time: 261125 10:00:0x',
      '# Time: 261125 10:00:01',
      '# Time: 261125 10:00:01-11-25T1',
      '# Time: 2026-11-25T10:00:01.000000Z',
      '# Time: 2026-11-25T10:00:01.500000+01:00',
      '# Time: 2026-11-25T10:00:01.600000+01:00',
      '# Time: 2026-11-25T10:00:01-05:00',
      '# Time: 2026-11-25T10:00:01.000000Z',
      '# Time: 2026-11-25T10:00:01.1+01:00x',
    ];
    const log = times.map((line, n) => `${line}\n# Query_time: 1  Lock_time: 0\nSELECT ${n};\n`);
    const { entries } = read(log.join(''));
    expect(entries.map((e) => e.time)).toEqual(times.map((line) => timeOf(line)));
    expect(entries.map((e) => e.time)).toEqual([
      '2026-11-25T10:00:00',
      '2026-11-25T10:00:00',
      undefined,
      '2026-11-25T10:00:00',
      '2026-11-25T10:00:01',
      '261125 10:00:01',
      '261125 10:00:01',
      '261125 10:00:01',
      undefined,
      '261125 10:00:01',
      '261125 10:00:01',
      '2026-11-25T10:00:01',
      '2026-11-25T10:00:01+01:00',
      '2026-11-25T10:00:01+01:00',
      '2026-11-25T10:00:01-05:00',
      '2026-11-25T10:00:01',
      '2026-11-25T10:00:01',
    ]);
  });

  it('gives the same entries whatever the chunk size', () => {
    const whole = read(MYSQL_8 + MARIADB + PERCONA_FULL).entries;
    for (const size of [1, 2, 3, 7, 64])
      expect(read(MYSQL_8 + MARIADB + PERCONA_FULL, size).entries).toEqual(whole);
  });

  // Every cut of a long log: 2 s idle, 7.5 s seen on a loaded machine (the default limit is 5 s).
  it('gives the same entries and problems with the log cut in two at any byte', () => {
    // Lines are read in place in their chunk: a line across the cut is read from the two joined.
    const log = `\xe9\xff junk;\n${MYSQL_8}${MARIADB}${PERCONA_FULL}# Time: 261125 10:00:09\n# Query_time: 1`;
    const bytes = Uint8Array.from(log, (c) => c.charCodeAt(0));
    const whole = read(log);
    expect(whole.entries.length).toBe(6);
    expect(whole.problems.map((p) => p.kind)).toEqual(['no-statement', 'truncated']);
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const entries: SlowLogEntry[] = [];
      const reader = new SlowLogReader((e) => entries.push(e), {
        maxLineBytes: 1000,
        maxStatementBytes: 2000,
      });
      reader.push(bytes.subarray(0, cut));
      reader.push(bytes.subarray(cut));
      reader.end();
      expect(entries, `cut at ${cut}`).toEqual(whole.entries);
      expect(reader.problems, `cut at ${cut}`).toEqual(whole.problems);
    }
  }, 60_000);

  it('keeps a line starting with # inside a statement, as pt-query-digest does', () => {
    const log =
      '# Time: 2026-11-25T10:00:00Z\n# Query_time: 0.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 1\n# not a comment line\nFROM dual;\n';
    expect(read(log).entries[0]!.statement).toBe('SELECT 1\n# not a comment line\nFROM dual');
  });

  it('keeps bytes that are not UTF-8 as they are', () => {
    const log =
      "# Time: 2026-11-25T10:00:00Z\n# Query_time: 0.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT '\xe9\xff\x00' FROM \xc9TAT;\n";
    expect(read(log, 5).entries[0]!.statement).toBe("SELECT '\xe9\xff\x00' FROM \xc9TAT");
  });

  it('reports a truncated last entry with its byte offset and keeps the ones before', () => {
    const cut =
      '# Time: 2026-11-25T10:00:02Z\n# User@Host: app[app] @ localhost []\n# Query_time: 0.1';
    const { entries, problems } = read(MYSQL_8 + cut);
    expect(entries).toHaveLength(2);
    expect(problems).toEqual([
      {
        kind: 'truncated',
        offset: MYSQL_8.length,
        detail: expect.stringContaining('no statement'),
      },
    ]);
  });

  it('keeps the final ; of a log that ends without a newline, as pt-query-digest does', () => {
    const log =
      '# Time: 2026-11-25T10:00:00Z\n# Query_time: 0.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 2;';
    expect(read(log).entries[0]!.statement).toBe('SELECT 2;');
  });

  it('cuts an oversized statement, says where, and reads on', () => {
    const huge = `# Time: 2026-11-25T10:00:00Z\n# Query_time: 0.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT '${'x'.repeat(5000)}';\n`;
    const { entries, problems } = read(huge + PERCONA_FULL, 100);
    expect(entries).toHaveLength(2);
    expect(entries[0]!.statement.length).toBeLessThanOrEqual(1000);
    expect(problems[0]).toMatchObject({ kind: 'oversized', offset: huge.indexOf('SELECT') });
    expect(entries[1]!.statement).toContain('GROUP BY status');
  });

  it('skips text that is no slow-log entry, with its offset, and says it did not look like one', () => {
    const { entries, problems, reader } = read('hello\nworld\n');
    expect(entries).toEqual([]);
    expect(problems).toEqual([{ kind: 'no-statement', offset: 0, detail: expect.any(String) }]);
    expect(reader.looksLikeSlowLog).toBe(false);
  });

  it('turns an entry without a statement followed by another into "/* No query */", as pt-query-digest does', () => {
    const log =
      '# Time: 2026-11-25T10:00:00Z\n# Query_time: 0.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSET timestamp=1;\n# Time: 2026-11-25T10:00:01Z\n# Query_time: 0.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 3;\n';
    expect(read(log).entries.map((e) => e.statement)).toEqual(['/* No query */', 'SELECT 3']);
  });

  it('reads an entry without a statement before a MariaDB entry without "# Time:" as "/* No query */", unlike pt-query-digest', () => {
    // MariaDB 10.11 after the statements `SET timestamp = 1000000000` and
    // `SELECT id FROM t WHERE v > 3` (written as it wrote them; explain lines left out). pt
    // takes the second header as the first entry's statement and loses the SELECT.
    const log = `# Time: 010909  1:46:40
# User@Host: root[root] @  [127.0.0.1]
# Thread_id: 5  Schema: d1  QC_hit: No
# Query_time: 0.000003  Lock_time: 0.000000  Rows_sent: 0  Rows_examined: 0
# Rows_affected: 0  Bytes_sent: 11
SET timestamp=1000000000;
SET timestamp = 1000000000;
# User@Host: root[root] @  [127.0.0.1]
# Thread_id: 5  Schema: d1  QC_hit: No
# Query_time: 0.000150  Lock_time: 0.000042  Rows_sent: 26  Rows_examined: 30
# Rows_affected: 0  Bytes_sent: 234
# Full_scan: Yes  Full_join: No  Tmp_table: No  Tmp_table_on_disk: No
#
SET timestamp=1000000000;
SELECT id FROM t WHERE v > 3;
`;
    for (const chunk of [log.length, 7, 1]) {
      const { entries, problems } = read(log, chunk);
      expect(entries.map((e) => [e.statement, e.time, e.attributes.get('Query_time')])).toEqual([
        ['/* No query */', '010909  1:46:40', '0.000003'],
        ['SELECT id FROM t WHERE v > 3', undefined, '0.000150'],
      ]);
      expect(problems).toEqual([]);
    }
  });

  it('keeps no chunk alive once ended (a summary keeps its reader for the figures)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const readers: SlowLogReader[] = [];
    for (let c = 0; c < 40; c += 1) {
      const reader = new SlowLogReader(() => {});
      // A 1 MB chunk of entries read in place, then a last entry that ends the log.
      const entry = `# Time: 2026-11-25T10:00:00Z\n# User@Host: a[a] @ h [1.2.3.4]\n# Query_time: 0.1  Schema: s${c}\nSELECT ${c};\n`;
      reader.pushLatin1(entry.repeat(Math.ceil((1 << 20) / entry.length)));
      reader.end();
      readers.push(reader);
    }
    gc();
    expect(readers.every((reader) => reader.entries > 10_000)).toBe(true);
    // Kept chunks would be 40 MB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(15e6);
  });

  it('zeroes the rows of administrator commands (pt-query-digest "zero admin")', () => {
    const log =
      '# Time: 2026-11-25T10:00:00Z\n# Query_time: 0.5  Lock_time: 0 Rows_sent: 4  Rows_examined: 9\nSET timestamp=1;\n# administrator command: Ping;\n';
    expect(Object.fromEntries(read(log).entries[0]!.attributes)).toMatchObject({
      Rows_sent: '0',
      Rows_examined: '0',
    });
  });
});
