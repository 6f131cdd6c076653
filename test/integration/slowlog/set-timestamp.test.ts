// A statement that is itself `SET timestamp = ...` is written to the slow log as the line every
// entry has (`SET timestamp=N;`), so pt-query-digest, and the reader after it, take it as
// metadata: the entry has no statement. MySQL writes `# Time:` on every entry, so the next one
// starts with it and the entry is read as `/* No query */`; MariaDB writes `# Time:` only when
// the second changes, and the user's own timestamp holds the second, so the next entry starts
// with `# User@Host:`. pt-query-digest then takes that whole header as the first entry's
// statement (a class "user@host: root[root] @ [?] set timestamp=?") and loses the next entry,
// and the one after it. Every statement here must be read, with its own figures.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSlowLogSources } from '../../../src/main/slowlog/read-slowlog-sources';
import type { SlowLogEntry } from '../../../src/shared/slowlog';
import { connectTo } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { testServers } from '../../servers/provided';
import type { ServerKind } from '../../servers/server-kind';
import { waitForSlowLogText } from '../../servers/slow-log-file';

const kinds: Array<[string, ServerKind]> = [
  ['MySQL 9.7', 'mysql'],
  ['MariaDB 10.11', 'mariadb'],
  // MariaDB 11.8 is optional for the suite (see server-kind.ts): tested where it was provisioned.
  ...(testServers().mariadb118 ? [['MariaDB 11.8', 'mariadb-11.8'] as [string, ServerKind]] : []),
];

describe.each(kinds)(
  'a statement that sets the timestamp, in the slow log of %s',
  (_name, kind) => {
    const server = useDedicatedServer(kind, {
      name: 'slowlog-set-timestamp',
      extraArgs: ['--slow-query-log=ON', '--long-query-time=0', '--slow-query-log-file=slow.log'],
    });

    it('is an entry without a statement, and the entries after it are read whole', async () => {
      const c = await connectTo(server());
      try {
        await c.query('CREATE DATABASE sl_ts');
        await c.query('USE sl_ts');
        await c.query('CREATE TABLE t (id INT PRIMARY KEY, v INT NOT NULL)');
        await c.query(
          `INSERT INTO t VALUES ${Array.from({ length: 30 }, (_, i) => `(${i + 1}, ${i + 1})`).join(', ')}`,
        );
        for (const sql of [
          'SET timestamp = 1000000000',
          'SELECT id FROM t WHERE v > 3',
          'SELECT id FROM t WHERE v > 4',
          'SET timestamp = DEFAULT',
          "SELECT 'sl_ts_end'",
        ])
          await c.query(sql);
      } finally {
        await c.end();
      }
      const log = join(server().dataDir, 'slow.log');
      await waitForSlowLogText(log, "SELECT 'sl_ts_end'");

      const entries: SlowLogEntry[] = [];
      const { reader } = await readSlowLogSources([log], (e) => entries.push(e));
      const from = entries.findIndex((e) => e.statement.startsWith('INSERT INTO t VALUES')) + 1;
      const to = entries.findIndex((e) => e.statement === "SELECT 'sl_ts_end'") + 1;
      expect(
        entries.slice(from, to).map((e) => [e.statement, e.attributes.get('Rows_sent')]),
      ).toEqual([
        // SET timestamp = 1000000000
        ['/* No query */', '0'],
        ['SELECT id FROM t WHERE v > 3', '27'],
        ['SELECT id FROM t WHERE v > 4', '26'],
        // SET timestamp = DEFAULT
        ['/* No query */', '0'],
        ["SELECT 'sl_ts_end'", '1'],
      ]);
      expect(reader.problems).toEqual([]);
    });
  },
);
