import { describe, expect, it } from 'vitest';
import { findSweepingChange } from '../../../src/shared/sql/sweeping-change';
import { testServers } from '../../servers/provided';
import { serverCases, withScratchDatabase } from './scratch-database';

// What the editor says of a DELETE or UPDATE without WHERE ("every row of t", "every row of t
// that the join reaches") checked against what the server does: each statement runs inside a
// transaction that is rolled back, on a table `t` of 10 rows of which 3 have a partner in `u`.
// Sweeping statements must touch all 10 rows; the ones it lets through, fewer.

const ROWS = 10;

/** [statement, said to be sweeping]. UPDATEs add 1 so every row they reach counts as changed. */
const CASES: Array<[string, boolean]> = [
  ['DELETE FROM t', true],
  ['DELETE QUICK IGNORE FROM t', true],
  ['DELETE FROM t ORDER BY a, id LIMIT 100', true],
  ['UPDATE t SET a = a + 1', true],
  ['UPDATE t SET a = a + (SELECT COUNT(*) FROM u WHERE u.id > 100) + 1', true],
  ['DELETE t FROM t, u', true],
  ['DELETE FROM t USING t CROSS JOIN u', true],
  ['UPDATE t LEFT JOIN u ON t.id = u.id SET t.a = t.a + 1', true],
  ['UPDATE u RIGHT JOIN t ON t.id = u.id SET t.a = t.a + 1', true],
  ['DELETE FROM t WHERE 1 = 1', true],
  ['DELETE FROM t WHERE 1', true],
  ['UPDATE t SET a = a + 1 WHERE id = 2 OR 1 = 1', true],
  ["DELETE FROM t WHERE id < 3 OR 'x' = 'x' LIMIT 50", true],
  ['UPDATE t SET a = a + 1 WHERE id = id', true],
  ['DELETE t FROM t, u WHERE TRUE', true],
  ['DELETE FROM t WHERE 1 = 1 AND id > 5', false],
  ['DELETE FROM t WHERE 0', false],
  ['DELETE FROM t WHERE NULL = NULL', false],
  ['DELETE t FROM t JOIN u ON t.id = u.id WHERE 1 = 1', false],
  ['DELETE FROM t WHERE id > 5', false],
  ['DELETE FROM t WHERE id IN (SELECT id FROM u)', false],
  ['UPDATE t SET a = a + 1 WHERE id < 4', false],
  ['DELETE t FROM t JOIN u ON t.id = u.id', false],
  ['DELETE t FROM t INNER JOIN u USING (id)', false],
  ['DELETE FROM t USING t JOIN u ON t.id = u.id', false],
  ['UPDATE t JOIN u ON t.id = u.id SET t.a = t.a + 1', false],
  ['UPDATE t STRAIGHT_JOIN u ON t.id = u.id SET t.a = t.a + 1', false],
  ['UPDATE t NATURAL JOIN u SET t.a = t.a + 1', false],
  ['UPDATE t JOIN u ON t.id = u.id JOIN u AS w SET t.a = t.a + 1', false],
  ['UPDATE t LEFT JOIN u ON t.id = u.id JOIN u AS w ON w.id = t.id SET t.a = t.a + 1', false],
];

describe.each(serverCases(testServers()))('%s', (_name, server, flavor) => {
  it('calls sweeping exactly the DELETE and UPDATE statements that touch every row', async () => {
    await withScratchDatabase(server, async (scratch) => {
      const c = await scratch.connect();
      await c.query('CREATE TABLE t (id INT PRIMARY KEY, a INT NOT NULL)');
      await c.query('CREATE TABLE u (id INT PRIMARY KEY)');
      await c.query(
        `INSERT INTO t VALUES ${Array.from({ length: ROWS }, (_, i) => `(${i + 1}, 0)`).join(', ')}`,
      );
      await c.query('INSERT INTO u VALUES (1), (2), (3)');
      const seen: Array<[string, boolean, number]> = [];
      for (const [sql, sweeping] of CASES) {
        await c.query('BEGIN');
        const [result] = await c.query(sql);
        await c.query('ROLLBACK');
        const touched = (result as { affectedRows: number }).affectedRows;
        seen.push([sql, findSweepingChange(sql, { flavor }) !== null, touched]);
        expect(findSweepingChange(sql, { flavor }) !== null, sql).toBe(sweeping);
      }
      // Multi-table DELETEs count the rows of every table they delete from: here only t's.
      for (const [sql, sweeping, touched] of seen)
        if (sweeping) expect(touched, sql).toBe(ROWS);
        else expect(touched, sql).toBeLessThan(ROWS);
    });
  });

  it('calls sweeping the table statements after which no row is left, and not their look-alikes', async () => {
    await withScratchDatabase(server, async (scratch) => {
      const c = await scratch.connect();
      const fresh = async () => {
        await c.query('DROP TABLE IF EXISTS t');
        await c.query('CREATE TABLE t (id INT PRIMARY KEY) ENGINE=InnoDB');
        await c.query(
          `INSERT INTO t VALUES ${Array.from({ length: ROWS }, (_, i) => `(${i + 1})`).join(', ')}`,
        );
      };
      /** Rows left in t after `sql` (null: the table cannot be read). */
      const rowsAfter = async (sql: string): Promise<number | null> => {
        await fresh();
        await c.query(sql);
        try {
          const [rows] = await c.query('SELECT COUNT(*) AS n FROM t');
          return Number((rows as Array<{ n: number }>)[0]!.n);
        } catch {
          return null;
        }
      };
      const [engines] = await c.query(
        "SELECT COUNT(*) AS n FROM information_schema.ENGINES WHERE ENGINE = 'BLACKHOLE' AND SUPPORT IN ('YES', 'DEFAULT')",
      );
      const blackhole = Number((engines as Array<{ n: number }>)[0]!.n) === 1;
      if (!blackhole) {
        // A server without the engine (as the MariaDB test servers) refuses the ALTER: nothing
        // is lost there, and asking first is still right where the engine is loaded.
        expect(findSweepingChange('ALTER TABLE t ENGINE=BLACKHOLE', { flavor })).not.toBeNull();
        await fresh();
        await expect(c.query('ALTER TABLE t ENGINE=BLACKHOLE')).rejects.toMatchObject({
          errno: 1286,
        });
      }
      const cases: Array<[string, boolean]> = [
        ...(blackhole
          ? ([['ALTER TABLE t ENGINE=BLACKHOLE', true]] as Array<[string, boolean]>)
          : []),
        ['ALTER TABLE t ENGINE=InnoDB', false],
        ['ALTER TABLE t DISCARD TABLESPACE', true],
        ['ALTER TABLE t COMMENT = "kept"', false],
        ...(flavor === 'mariadb'
          ? ([
              ['CREATE OR REPLACE TABLE t (id INT PRIMARY KEY)', true],
              ['CREATE TABLE IF NOT EXISTS t (id INT PRIMARY KEY)', false],
            ] as Array<[string, boolean]>)
          : []),
      ];
      for (const [sql, sweeping] of cases) {
        expect(findSweepingChange(sql, { flavor }) !== null, sql).toBe(sweeping);
        const left = await rowsAfter(sql);
        // Sweeping: no row can be read afterwards (none left, or the tablespace gone).
        if (sweeping) expect(left === null || left === 0, `${sql}: ${left} rows left`).toBe(true);
        else expect(left, sql).toBe(ROWS);
      }
    });
  });
});
