import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { compareTable, type TableDrift } from '../../../src/main/services/drift/compare-table';
import type { DriftServer } from '../../../src/main/services/drift/pin-snapshots';
import { withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import type { ServerKind } from '../../servers/server-kind';
import { waitForCatchUp } from '../../servers/replication';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// Data drift between a real source and its replica (issue 20, section 2): rows changed, deleted
// and added on the replica with sql_log_bin = 0, a value changed only in case (equal for the
// column's case-insensitive collation), NULL turned into '', while the source keeps writing to
// the same table. Every difference is found, nothing else is, and the fix statements make the
// replica equal again.

failOnUnhandledErrors();

async function driftServer(
  server: RunningServer,
  login: { user: string; password?: string } = { user: server.user },
): Promise<DriftServer> {
  const options = {
    host: server.host,
    port: server.port,
    ...login,
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
  };
  const probe = await mysql.createConnection(options);
  try {
    const info = await readServerInfo(probe, false);
    return {
      open: async () => {
        const conn = await mysql.createConnection(options);
        return { conn, close: () => conn.end() };
      },
      info,
    };
  } finally {
    await probe.end();
  }
}

const ROWS = 3000;

/** The differences injected on the replica, as `found` gives them. */
const INJECTED = [
  'changed 17 (price)',
  // Equal by the column's collation, not by its bytes.
  'changed 42 (name)',
  // '' where the source has NULL.
  'changed 99 (note)',
  'extra 0',
  'extra 99999',
  'missing 2500',
];

/** The differences as `kind key (columns)`, sorted. */
const found = (d: TableDrift) =>
  d.differences
    .map(
      (x) =>
        `${x.kind} ${x.key.map((k) => ('text' in k ? k.text : `0x${k.hex}`)).join('/')}` +
        (x.columns ? ` (${x.columns.join(', ')})` : ''),
    )
    .sort();

function suite(kind: ServerKind) {
  describe(`data drift on ${kind} (source + replica, writes going on)`, () => {
    const topology = useTopology(kind, 1);
    let source: RunningServer;
    let replica: RunningServer;
    let s: DriftServer;
    let r: DriftServer;
    let writing = true;
    let writer: Promise<void> = Promise.resolve();
    let writes = 0;

    beforeAll(async () => {
      const t = topology();
      source = t.source;
      replica = t.replicas[0]!;
      await withConnection(source, async (c) => {
        await c.query('CREATE DATABASE d');
        await c.query(`CREATE TABLE d.items (
          id INT PRIMARY KEY,
          name VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL,
          note VARCHAR(40) NULL,
          price DECIMAL(10,2) NOT NULL,
          data VARBINARY(16) NULL,
          created DATETIME(6) NOT NULL)`);
        await c.query(`CREATE TABLE d.pairs (a INT NOT NULL, b VARCHAR(10) NOT NULL, v INT,
          UNIQUE KEY ab (a, b))`);
        await c.query('CREATE TABLE d.nokey (x INT)');
        const rows = Array.from({ length: ROWS }, (_, i) => {
          const id = i + 1;
          return [
            id,
            id === 42 ? 'alpha' : `item ${id}`,
            id % 10 === 9 ? null : `note ${id}`,
            (id * 1.25).toFixed(2),
            Buffer.from([id & 255, 0, 255]),
            `2026-01-01 00:00:${String(id % 60).padStart(2, '0')}.123456`,
          ];
        });
        await c.query('INSERT INTO d.items VALUES ?', [rows]);
        await c.query("INSERT INTO d.pairs VALUES (1,'x',1),(2,'x',2),(3,'x',3),(3,'y',4)");
      });
      await waitForCatchUp(source, replica);
      await withConnection(replica, async (c) => {
        await c.query('SET SESSION sql_log_bin = 0');
        await c.query('UPDATE d.items SET price = price + 1 WHERE id = 17');
        await c.query('DELETE FROM d.items WHERE id = 2500');
        await c.query(
          "INSERT INTO d.items VALUES (0, 'zero', NULL, 0, NULL, '2026-01-01 00:00:00'), (99999, 'far', NULL, 0, NULL, '2026-01-01 00:00:00')",
        );
        await c.query("UPDATE d.items SET name = 'ALPHA' WHERE id = 42");
        await c.query("UPDATE d.items SET note = '' WHERE id = 99");
        await c.query("UPDATE d.pairs SET v = 40 WHERE a = 3 AND b = 'y'");
      });
      s = await driftServer(source);
      r = await driftServer(replica);
      // A write load on the source while comparing: new rows past the others and changes to
      // rows in the middle of the table, which replicate as they come.
      writer = withConnection(source, async (c) => {
        for (let n = 0; writing; n++) {
          await c.query('INSERT INTO d.items VALUES (?, ?, NULL, 1, NULL, NOW(6))', [
            200_000 + n,
            `load ${n}`,
          ]);
          await c.query('UPDATE d.items SET price = price + 0.01 WHERE id = ?', [1000 + (n % 500)]);
          writes++;
        }
      });
    });
    afterAll(async () => {
      writing = false;
      await writer;
    });

    it('finds exactly the rows that differ, at one point, while the source writes', async () => {
      const chunks: number[] = [];
      const items = await compareTable(s, r, 'd', 'items', {
        channel: '',
        chunkRows: 400,
        onChunk: (p) => chunks.push(p.chunks),
      });
      expect(found(items)).toEqual(INJECTED);
      expect(items.differencesTotal).toBe(6);
      expect(items.key).toEqual({ index: 'PRIMARY', columns: ['id'] });
      // Ids 0, 17, 42 and 99 share the first chunk; 2500 and 99999 have one each.
      expect(items.chunksDiffering).toBe(3);
      expect(items.chunks).toBe(chunks.length);
      expect(items.rows).toBeGreaterThanOrEqual(ROWS);
      expect(items.point).not.toBeNull();
      expect(items.points).toBe(1);
      expect(writes).toBeGreaterThan(0);

      // A new point after every chunk: each chunk still compared at one point, the same rows.
      const repinned = await compareTable(s, r, 'd', 'items', {
        channel: '',
        chunkRows: 400,
        snapshotSeconds: 0,
      });
      expect(found(repinned)).toEqual(found(items));
      expect(repinned.points).toBe(repinned.chunks);
      expect(repinned.point).not.toBe(items.point);

      const pairs = await compareTable(s, r, 'd', 'pairs', { channel: '' });
      expect(pairs.key).toEqual({ index: 'ab', columns: ['a', 'b'] });
      expect(found(pairs)).toEqual(['changed 3/y (v)']);
      expect(pairs.fix).toEqual([
        'SET SESSION sql_log_bin = 0',
        // Only while the replica's row is still as compared (v = 40 there).
        "UPDATE `d`.`pairs` SET `v` = 4 WHERE `a` = 3 AND `b` = 'y' AND CAST(`v` AS CHAR) = '40' LIMIT 1",
      ]);

      const nokey = await compareTable(s, r, 'd', 'nokey', { channel: '' });
      expect(nokey.key).toBeNull();
      expect(nokey.skipped).toMatch(/^No primary key and no unique key of NOT NULL columns/);
    });

    it('reads chunks too long to join with per-row checksums, nothing missed', async () => {
      await withConnection(source, async (c) => {
        await c.query('CREATE TABLE d.long_rows (id INT PRIMARY KEY, v VARCHAR(100) NOT NULL)');
        const rows = Array.from({ length: 300 }, (_, i) => [i + 1, `value ${i + 1} `.repeat(5)]);
        await c.query('INSERT INTO d.long_rows VALUES ?', [rows]);
      });
      await waitForCatchUp(source, replica);
      await withConnection(replica, async (c) => {
        await c.query('SET SESSION sql_log_bin = 0');
        await c.query("UPDATE d.long_rows SET v = 'changed' WHERE id = 250");
      });
      // 300 rows of some 60 bytes: far past 2 KiB, so the chunk's digest is cut and the table is
      // read with per-row checksums. A cut digest taken at its word would hash only the first
      // rows and miss row 250, the same count of rows on both servers.
      const long = await compareTable(s, r, 'd', 'long_rows', {
        channel: '',
        chunkTextMaxBytes: 2048,
      });
      expect(found(long)).toEqual(['changed 250 (v)']);
      expect(long.chunksDiffering).toBe(1);
    });

    it('does not count a chunk as differing when a server only read its rows in another order', async () => {
      await withConnection(source, async (c) => {
        await c.query('CREATE TABLE d.shuffled (id INT PRIMARY KEY, v VARCHAR(10) NOT NULL)');
        await c.query("INSERT INTO d.shuffled VALUES (1,'a'),(2,'b'),(3,'c'),(4,'d'),(5,'e')");
      });
      await waitForCatchUp(source, replica);
      // The same rows on the replica, in a MyISAM table in another physical order: without a
      // bound on the key, it reads them in that order.
      await withConnection(replica, async (c) => {
        await c.query('SET SESSION sql_log_bin = 0');
        await c.query('ALTER TABLE d.shuffled ENGINE = MyISAM');
        await c.query('DELETE FROM d.shuffled');
        await c.query("INSERT INTO d.shuffled VALUES (5,'e'),(3,'c'),(1,'a'),(4,'d'),(2,'b')");
      });
      const digestOf = (server: RunningServer) =>
        withConnection(server, async (c) => {
          const [rows] = await c.query<mysql.RowDataPacket[]>(
            "SELECT SHA2(GROUP_CONCAT(id, v SEPARATOR ';'), 256) AS h FROM d.shuffled FORCE INDEX (PRIMARY)",
          );
          return String(rows[0]!.h);
        });
      // The case is real: the two servers join the rows in different orders.
      expect(await digestOf(source)).not.toBe(await digestOf(replica));
      const shuffled = await compareTable(s, r, 'd', 'shuffled', { channel: '' });
      expect(shuffled.chunks).toBe(1);
      expect(shuffled.rows).toBe(5);
      expect(found(shuffled)).toEqual([]);
      expect(shuffled.chunksDiffering).toBe(0);
    });

    /** The id of the replica's IO (receiver) thread: a new one means it was restarted. */
    const ioThread = () =>
      withConnection(replica, async (c) => {
        const [rows] = await c.query<mysql.RowDataPacket[]>(
          kind === 'mysql'
            ? "SELECT THREAD_ID AS id FROM performance_schema.threads WHERE NAME = 'thread/sql/replica_io'"
            : "SELECT ID AS id FROM information_schema.PROCESSLIST WHERE COMMAND = 'Slave_IO'",
        );
        expect(rows).toHaveLength(1);
        return Number(rows[0]!.id);
      });

    it('holds only the applier: the IO thread keeps running, with the relay log it fetched', async () => {
      const before = await ioThread();
      const items = await compareTable(s, r, 'd', 'items', { channel: '', snapshotSeconds: 0 });
      expect(found(items)).toEqual(INJECTED);
      expect(items.points).toBeGreaterThan(1);
      expect(await ioThread()).toBe(before);
    });

    if (kind === 'mariadb')
      it('holds both threads where the source account may not read binary log coordinates', async () => {
        await withConnection(source, (c) =>
          c.query(
            `CREATE USER 'drift_low'@'%' IDENTIFIED BY 'drift-low-pw';
             GRANT SELECT, LOCK TABLES ON d.* TO 'drift_low'@'%';`,
          ),
        );
        await waitForCatchUp(source, replica);
        const low = await driftServer(source, { user: 'drift_low', password: 'drift-low-pw' });
        await expect(
          withConnection(source, async (c) => {
            await c.changeUser({ user: 'drift_low', password: 'drift-low-pw' });
            return c.query('SHOW MASTER STATUS');
          }),
        ).rejects.toThrow(/BINLOG MONITOR|denied/);
        const before = await ioThread();
        const items = await compareTable(low, r, 'd', 'items', { channel: '' });
        expect(found(items)).toEqual(INJECTED);
        expect(await ioThread()).not.toBe(before);
      });

    it('repairs the replica with its fix statements, found equal afterwards', async () => {
      const before = await compareTable(s, r, 'd', 'items', { channel: '' });
      expect(before.fix[0]).toBe('SET SESSION sql_log_bin = 0');
      const deletes = before.fix.filter((f) => f.startsWith('DELETE'));
      // Each for its key, and only while the replica's row is as compared (its every column).
      expect(deletes.map((f) => f.replace(/ AND .* LIMIT 1$/, ' LIMIT 1'))).toEqual([
        'DELETE FROM `d`.`items` WHERE `id` = 0 LIMIT 1',
        'DELETE FROM `d`.`items` WHERE `id` = 99999 LIMIT 1',
      ]);
      for (const f of deletes)
        expect(f).toMatch(/ AND CAST\(`name` AS BINARY\) = X'[0-9A-F]+' AND .*`created`/);
      expect(before.fix.find((f) => f.includes('`id` = 42'))).toContain(
        "`name` = _utf8mb4 X'616C706861'",
      );
      await withConnection(replica, async (c) => {
        for (const statement of before.fix) await c.query(statement);
      });
      const after = await compareTable(s, r, 'd', 'items', { channel: '' });
      expect(found(after)).toEqual([]);
      expect(after.chunksDiffering).toBe(0);
      // The repair wrote nothing to the replica's binary log: no errant transaction.
      const executed = await withConnection(replica, async (c) => {
        const [rows] = await c.query<mysql.RowDataPacket[]>(
          kind === 'mysql'
            ? 'SELECT @@GLOBAL.gtid_executed AS g'
            : 'SELECT @@GLOBAL.gtid_binlog_pos AS g',
        );
        return String(rows[0]!.g);
      });
      const onSource = await withConnection(source, async (c) => {
        const [rows] = await c.query<mysql.RowDataPacket[]>(
          kind === 'mysql'
            ? 'SELECT GTID_SUBTRACT(?, @@GLOBAL.gtid_executed) AS g'
            : 'SELECT @@GLOBAL.gtid_binlog_pos AS g',
          [executed],
        );
        return String(rows[0]!.g);
      });
      if (kind === 'mysql') expect(onSource).toBe('');
    });

    it('gives up soon when a transaction on the source holds the table, the applier running again', async () => {
      const holder = await mysql.createConnection({
        host: source.host,
        port: source.port,
        user: source.user,
      });
      try {
        await holder.query('START TRANSACTION');
        await holder.query('UPDATE d.pairs SET v = v WHERE a = 1');
        await expect(
          compareTable(s, r, 'd', 'pairs', { channel: '', lockWaitSeconds: 1 }),
        ).rejects.toThrow(/^d\.pairs could not be locked for reading within 1 s/);
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
      const running = await withConnection(replica, async (c) => {
        const [rows] = await c.query<mysql.RowDataPacket[]>(
          kind === 'mysql' ? 'SHOW REPLICA STATUS' : 'SHOW SLAVE STATUS',
        );
        return String(rows[0]!.Replica_SQL_Running ?? rows[0]!.Slave_SQL_Running);
      });
      expect(running).toBe('Yes');
    });

    it('refuses to start an applier someone stopped', async () => {
      await withConnection(replica, (c) =>
        c.query(kind === 'mysql' ? 'STOP REPLICA SQL_THREAD' : 'STOP SLAVE SQL_THREAD'),
      );
      try {
        await expect(compareTable(s, r, 'd', 'items', { channel: '' })).rejects.toThrow(
          kind === 'mysql'
            ? /applier \(SQL thread\) is stopped/
            : /replication threads are not both running/,
        );
        const running = await withConnection(replica, async (c) => {
          const [rows] = await c.query<mysql.RowDataPacket[]>(
            kind === 'mysql' ? 'SHOW REPLICA STATUS' : 'SHOW SLAVE STATUS',
          );
          return String(rows[0]!.Replica_SQL_Running ?? rows[0]!.Slave_SQL_Running);
        });
        expect(running).toBe('No');
      } finally {
        await withConnection(replica, (c) =>
          c.query(kind === 'mysql' ? 'START REPLICA SQL_THREAD' : 'START SLAVE SQL_THREAD'),
        );
      }
    });
  });
}

suite('mysql');
suite('mariadb');
