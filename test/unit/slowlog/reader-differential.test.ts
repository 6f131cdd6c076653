// The reader reads plain entries in place in their chunk and leaves the rest to its general path
// (line by line, as it read everything before): both together must give exactly what the general
// path alone gave. The reference is that reader as it was (reference-slowlog-reader.ts); logs
// with every format feature are read by both, whole, cut in two at every byte and in chunks of
// many sizes, and everything each reports is compared.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  SlowLogReader,
  type SlowLogEntry,
  type SlowLogReaderOptions,
} from '../../../src/shared/slowlog';
import { ReferenceSlowLogReader } from './reference-slowlog-reader';
import { variedSlowLog } from './varied-slowlog';

interface Read {
  entries: SlowLogEntry[];
  problems: unknown[];
  problemCount: number;
  count: number;
  looksLikeSlowLog: boolean;
  bytesRead: number;
}

type AnyReader = SlowLogReader | ReferenceSlowLogReader;

/** Reads `log` (a byte string) pushed as the given pieces, with either reader. */
function read(
  make: (onEntry: (e: SlowLogEntry) => void, options: SlowLogReaderOptions) => AnyReader,
  log: string,
  cuts: number[],
  options: SlowLogReaderOptions,
): Read {
  const entries: SlowLogEntry[] = [];
  const reader = make((e) => entries.push(e), options);
  let from = 0;
  for (const cut of [...cuts, log.length]) {
    reader.pushLatin1(log.slice(from, cut));
    from = cut;
  }
  reader.end();
  return {
    entries,
    problems: reader.problems,
    problemCount: reader.problemCount,
    count: reader.entries,
    looksLikeSlowLog: reader.looksLikeSlowLog,
    bytesRead: reader.bytesRead,
  };
}

const current = (onEntry: (e: SlowLogEntry) => void, options: SlowLogReaderOptions) =>
  new SlowLogReader(onEntry, options);
const reference = (onEntry: (e: SlowLogEntry) => void, options: SlowLogReaderOptions) =>
  new ReferenceSlowLogReader(onEntry, options);

/** Compares both readers on `log` cut at `cuts`; returns the reference's reading. */
function same(log: string, cuts: number[], options: SlowLogReaderOptions = {}): Read {
  const expected = read(reference, log, cuts, options);
  const got = read(current, log, cuts, options);
  if (!sameReads(got, expected))
    expect(got, `cuts ${cuts.slice(0, 8).join(',')}`).toStrictEqual(expected);
  return expected;
}

/** Whether two readings are the same, checked cheaply (the caller shows how when not). */
function sameReads(a: Read, b: Read): boolean {
  return isDeepStrictEqual(a, b);
}

/** Every piece of format the reader knows, and odd text around it (a byte string). */
const FEATURES = [
  // Text before any `#` line, with bytes that are not UTF-8.
  '\xe9\xff junk;\nmore junk\n',
  // A MySQL server's banner, then MySQL 8 entries: ISO time, Id, use, multi-line, log_slow_extra.
  '/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\nTcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\nTime                 Id Command    Argument\n',
  '# Time: 2026-11-25T10:00:00.123456Z\n# User@Host: app[app] @ web-1 [10.0.0.5]  Id:    12\n# Query_time: 1.500000  Lock_time: 0.000100 Rows_sent: 3  Rows_examined: 300 Thread_id: 12 Errno: 0 Killed: 0 Bytes_received: 40 Bytes_sent: 120 Start: 2026-11-25T09:59:58.623456Z End: 2026-11-25T10:00:00.123456Z\nuse shop;\nSET timestamp=1795600000;\nSELECT *\n  FROM orders\n WHERE id = 5;\n',
  // MySQL's administrator command after `SET timestamp=...;` (pt reads on to find it).
  '# Time: 2026-11-25T10:00:01.000000Z\n# User@Host: app[app] @  [10.0.0.6]  Id:    13\n# Query_time: 0.000010  Lock_time: 0.000000 Rows_sent: 4  Rows_examined: 9\nSET timestamp=1795600001;\n# administrator command: Quit;\n',
  // An administrator command among the metadata, and one followed by a statement.
  '# Time: 2026-11-25T10:00:02Z\n# Query_time: 0.1  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\n# administrator command: Ping;\n',
  '# Time: 2026-11-25T10:00:03Z\n# administrator command: Prepare;\n# Query_time: 0.2  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 1;\n',
  // An administrator command that is not its entry's last line keeps its `;`.
  '# Time: 2026-11-25T10:00:03Z\n# administrator command: Quit;\nSET timestamp=1795600003;\n',
  // Banner lines alone in an entry, each as a server writes it or in another case.
  '# Time: 2026-11-25T10:00:04Z\n# Query_time: 0.3  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT a\nTcp port: 3306  Unix socket: /tmp/x\nFROM t;\n',
  '# Query_time: 0.3  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT b\nTCP Port: 3307\nTime                 Id Command    Argument\nFROM t;\n',
  // MariaDB: short time, empty Schema, explain lines, `#` alone, backquoted use, a restart.
  '# Time: 261125  9:05:07\n# User@Host: root[root] @ localhost []\n# Thread_id: 4  Schema:   QC_hit: No\n# Query_time: 0.000122  Lock_time: 0.000000  Rows_sent: 1  Rows_examined: 0\n# Rows_affected: 0  Bytes_sent: 92\n#\n# explain: id\tselect_type\ttable\n# explain: 1\tSIMPLE\tNULL\n#\nSET timestamp=1795597507;\nSELECT VERSION();\n',
  "# User@Host: root[root] @ localhost []\n# Thread_id: 4  Schema: sl_one  QC_hit: No\n# Query_time: 0.007690  Lock_time: 0.007512  Rows_sent: 0  Rows_examined: 0\n# Full_scan: Yes  Full_join: No  Tmp_table: No\nuse `sl_one`;\nSET timestamp=1795597507;\nINSERT INTO t VALUES (0, 'name0');\n",
  '/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-0+deb12u1-log (Debian 12). started with:\nTcp port: 3306  Unix socket: /run/mysqld/mysqld.sock\nTime\t\t    Id Command\tArgument\n',
  // Percona Server's full verbosity: indented attributes, hex and text values.
  '# Time: 2026-11-25T10:00:00.000001Z\n# User@Host: app[app] @ localhost []  Id:     7\n# Schema: shop  Last_errno: 0  Killed: 0\n# Query_time: 0.200000  Lock_time: 0.000050  Rows_sent: 10  Rows_examined: 1000\n#   InnoDB_IO_r_ops: 3  InnoDB_IO_r_wait: 0.001000\n# InnoDB_trx_id: 1A2B\nSET timestamp=1795600000;\nSELECT status, COUNT(*) FROM orders GROUP BY status ORDER BY 2 DESC;\n',
  // A banner in the middle of an entry, after its statement's first line.
  '# Time: 2026-11-25T10:00:04Z\n# Query_time: 0.3  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT a\n/usr/sbin/mysqld, Version: 8.4.3 (MySQL Community Server - GPL). started with:\nFROM t;\n',
  // Statement lines that look like banners, or hold what metadata lines hold, but are not.
  '# Time: 2026-11-25T10:00:05Z\n# Query_time: 0.4  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 1,\nTime, Version, Tcp\nFROM x, Version y;\n',
  '# Time: 2026-11-25T10:00:06Z\n# Query_time: 0.4  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nTCP_thing();\n',
  "# Query_time: 0.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT '# User@Host: x[x] @ h [i]', 'Schema: ' FROM dual;\n",
  // A `#` line inside a statement (its line before does not end with `;`).
  '# Time: 2026-11-25T10:00:07Z\n# Query_time: 0.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 1\n# not a comment line\nFROM dual;\n',
  // Time and User@Host on one line; a second `# Time:` (then read as an attribute).
  '# Time: 2026-11-25T10:00:08Z # User@Host: odd[odd] @ h1 [1.2.3.4]  Id: 5\n# Time: 2026-11-25T10:00:09Z\n# Query_time: 0.6  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 2;\n',
  // User@Host variants: no brackets user, bracketed user, no Id, odd spacing.
  '# User@Host: root @ localhost []\n# Query_time: 0.7  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 3;\n',
  '# User@Host: [u1] @ [10.1.1.1]\n# Query_time: 0.7  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 4;\n',
  '# User@Host: a[b] @ x y [z] Id:\n# Query_time: 0.7 Lock_time: 1e-3 Rows_sent: 01  Rows_examined: 2.\nSELECT 5;\n',
  // SET lines of every form, several use lines, `use` with nothing, insert_id lines.
  '# Query_time: 0.8  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nuse ;\nuse db1;\nuse db2\nSET last_insert_id=3;\nSET insert_id=4;\nSET timestamp=5;\nSELECT 6;\n',
  '# Query_time: 0.8  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSET timestamp=1795600000, insert_id=9;\nSELECT 7;\n',
  '# Query_time: 0.8  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSET timestamp = 7;\nSELECT 8;\n',
  '# Query_time: 0.8  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSET timestamp=1=2;\nSET timestamp=x;y;\nSELECT 9;\n',
  // An entry without a statement before another: pt's `/* No query */`.
  '# Time: 2026-11-25T10:00:10Z\n# Query_time: 0.9  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSET timestamp=1;\n# Time: 2026-11-25T10:00:11Z\n# Query_time: 0.9  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 10;\n',
  // Empty lines, a statement that is only `;`, one that ends in `;` then goes on.
  '# Query_time: 1.0  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\n\nSELECT\n\n11;\n# Query_time: 1.0  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\n;\n',
  '# Query_time: 1.1  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 12; SELECT 13;\nSELECT 14;\n',
  // Bytes that are not UTF-8 in names, values and statements.
  "# Time: 2026-11-25T10:00:12Z\n# User@Host: caf\xe9[caf\xe9] @ h\xf6st [10.0.0.\xff]  Id: 9\n# Query_time: 1.2  Lock_time: 0 Rows_sent: 1  Rows_examined: 2  W\xe9ird: \x80\x9f\nuse d\xe9\x00b;\nSELECT '\xe9\xff\x00' FROM \xc9TAT;\n",
  // CRLF line ends (read as they are: the \r stays in each line).
  '# Time: 2026-11-25T10:00:13Z\r\n# User@Host: w[w] @ win [10.0.0.7]  Id: 3\r\n# Query_time: 1.3  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\r\nSET timestamp=1795600013;\r\nSELECT 15;\r\n',
  '# Time: 2026-11-25T10:00:14Z\n# Query_time: 1.4  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 16;\n',
  // A long statement (over small size limits) and a long line.
  `# Time: 2026-11-25T10:00:15Z\n# Query_time: 1.5  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT '${'x'.repeat(700)}'\n, '${'y'.repeat(300)}';\n`,
  '# Time: 2026-11-25T10:00:16Z\n# Query_time: 1.6  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 17;\n',
  // Garbage times, attribute lines that are not (lower case, no value), a bare `# ` line.
  '# Time: 26-11-25 10:00\n# query_time: 1  Rows_sent:\n# \n#Query_time: 2\n# Query_time: 1.7  Lock_time: 0 Rows_sent: 1  Rows_examined: 2\nSELECT 18;\n',
];

/** The features in order, then a truncated last entry with no final newline. */
const ALL = `${FEATURES.join('')}# Time: 2026-11-27T00:00:00Z\n# User@Host: app0[app0] @ x [10.0.0.9]  Id: 1`;

/** A small pseudo-random generator (the same numbers every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The features shuffled and repeated, cut anywhere, joined: text no reader was written for. */
function shuffled(seed: number, pieces: number): string {
  const next = random(seed);
  const parts: string[] = [];
  for (let i = 0; i < pieces; i += 1) {
    const feature = FEATURES[Math.floor(next() * FEATURES.length)]!;
    // Now and then a feature is cut short or starts in its middle (an entry left unfinished).
    const r = next();
    if (r < 0.1) parts.push(feature.slice(0, Math.floor(next() * feature.length)));
    else if (r < 0.15) parts.push(feature.slice(Math.floor(next() * feature.length)));
    else parts.push(feature);
  }
  return parts.join('');
}

const SMALL_LIMITS: SlowLogReaderOptions = { maxLineBytes: 500, maxStatementBytes: 900 };

// Thousands of readings per test: on a busy machine they take more than the default 5 s.
describe('SlowLogReader against the line-by-line reader it replaced', { timeout: 60_000 }, () => {
  it('reads a log with every format feature the same, whole and cut in two at every byte', () => {
    const whole = same(ALL, []);
    // The log holds what it should: entries of each kind, and each kind of problem.
    expect(whole.count).toBe(33);
    expect(whole.entries.filter((e) => e.command === 'Admin')).toHaveLength(4);
    expect(whole.entries.map((e) => e.statement)).toContain('/* No query */');
    expect(new Set(whole.problems.map((p) => (p as { kind: string }).kind))).toEqual(
      new Set(['no-statement', 'truncated']),
    );
    for (let cut = 0; cut <= ALL.length; cut += 1) same(ALL, [cut]);
  });

  it('says whether a log looks like a slow log, whichever line shows it', () => {
    for (const line of ['# Time: 261125 10:00:00', '# User@Host: a[a] @ h []', '# Query_time: 1'])
      for (const log of [
        `${line}\nSELECT 1;\n# x\n`,
        `# x\n${line}\nSELECT 1;\n# y\nSELECT 2;\n`,
      ]) {
        const reading = same(log, []);
        expect(reading.looksLikeSlowLog, log).toBe(true);
        expect(reading.count, log).toBe(log.startsWith('#') && !log.startsWith('# x') ? 1 : 2);
      }
    expect(same('# x\nSELECT 1;\n# y\nSELECT 2;\n', []).looksLikeSlowLog).toBe(false);
  });

  it('reads it the same with small size limits (entries and lines cut), cut at every byte', () => {
    const whole = same(ALL, [], SMALL_LIMITS);
    expect(whole.problems.map((p) => (p as { kind: string }).kind)).toContain('oversized');
    for (let cut = 0; cut <= ALL.length; cut += 1) same(ALL, [cut], SMALL_LIMITS);
  });

  it('reads it the same in chunks of many sizes', () => {
    for (const size of [1, 2, 3, 5, 7, 13, 31, 64, 100, 257, 1000, 4096]) {
      const cuts: number[] = [];
      for (let at = size; at < ALL.length; at += size) cuts.push(at);
      same(ALL, cuts);
      same(ALL, cuts, SMALL_LIMITS);
    }
  });

  it('reads shuffled and broken features the same, in random chunks', () => {
    for (let seed = 1; seed <= 60; seed += 1) {
      const log = shuffled(seed, 80);
      const next = random(seed * 7919);
      const cuts: number[] = [];
      for (let at = Math.floor(next() * 2000); at < log.length; at += 1 + Math.floor(next() * 2000))
        cuts.push(at);
      same(log, []);
      same(log, cuts);
      same(log, cuts, SMALL_LIMITS);
    }
  });

  it('reads a generated MySQL and MariaDB log the same, in 64 KiB chunks and cut near each', () => {
    const log = variedSlowLog(600_000);
    const cuts: number[] = [];
    for (let at = 65_536; at < log.length; at += 65_536) cuts.push(at);
    const whole = same(log, cuts);
    expect(whole.count).toBeGreaterThan(1500);
    // Cuts a few bytes either side of a line start (entries split across chunks).
    for (let shift = -3; shift <= 3; shift += 1)
      same(
        log,
        cuts.map((at) => log.indexOf('\n# ', at) + 1 + shift),
      );
  });
});
