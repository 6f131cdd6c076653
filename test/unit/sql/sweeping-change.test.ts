import { describe, expect, it } from 'vitest';
import { findSweepingChange } from '../../../src/shared/sql/sweeping-change';

const effect = (sql: string, flavor: 'mysql' | 'mariadb' = 'mysql') =>
  findSweepingChange(sql, { flavor })?.effect ?? null;

describe('findSweepingChange', () => {
  it('finds DELETE and UPDATE without a WHERE of their own', () => {
    expect(effect('DELETE FROM orders')).toBe(
      'DELETE without WHERE: removes every row of “orders”',
    );
    expect(effect('delete low_priority quick ignore from `shop`.`orders`')).toBe(
      'DELETE without WHERE: removes every row of “shop.orders”',
    );
    expect(effect('DELETE FROM queue ORDER BY prio, id LIMIT 1000')).toBe(
      'DELETE without WHERE: removes every row of “queue”, up to LIMIT 1000',
    );
    expect(effect('DELETE FROM t RETURNING a, b', 'mariadb')).toBe(
      'DELETE without WHERE: removes every row of “t”',
    );
    expect(effect('DELETE t1 FROM t1, t2')).toBe(
      'DELETE without WHERE: removes every row of “t1” that the join reaches (the join has no condition)',
    );
    expect(effect('DELETE FROM t1 USING t1 CROSS JOIN t2')).toBe(
      'DELETE without WHERE: removes every row of “t1” that the join reaches (the join has no condition)',
    );
    expect(effect('UPDATE a LEFT JOIN b ON a.id = b.id SET a.x = b.y')).toBe(
      'UPDATE without WHERE: changes every row of “a” that the join reaches (an outer join keeps every row of one side)',
    );

    expect(effect('UPDATE accounts SET balance = 0')).toBe(
      'UPDATE without WHERE: changes every row of “accounts”',
    );
    expect(effect('UPDATE IGNORE t SET a = (SELECT MAX(b) FROM u WHERE u.id = 3)')).toBe(
      'UPDATE without WHERE: changes every row of “t”',
    );
    expect(effect('/* nightly */ (UPDATE t SET a = 1)')).toBe(
      'UPDATE without WHERE: changes every row of “t”',
    );
    expect(effect('WITH x AS (SELECT id FROM t WHERE a = 1) DELETE FROM u')).toBe(
      'DELETE without WHERE: removes every row of “u”',
    );
    expect(findSweepingChange('DELETE FROM t')?.keyword).toBe('DELETE');
  });

  it('finds a WHERE that holds for every row, or an OR side that does', () => {
    expect(effect('DELETE FROM orders WHERE 1 = 1')).toBe(
      'DELETE with a WHERE that is always true (1 = 1): removes every row of “orders”',
    );
    expect(effect('DELETE FROM orders WHERE 1')).toBe(
      'DELETE with a WHERE that is always true (1): removes every row of “orders”',
    );
    expect(effect("UPDATE t SET a = 0 WHERE id = 5 OR 'x' = 'x'")).toBe(
      "UPDATE with a WHERE that is always true ('x' = 'x'): changes every row of “t”",
    );
    expect(effect('UPDATE t SET a = 0 WHERE b = 2 AND c = 3 OR TRUE LIMIT 10')).toBe(
      'UPDATE with a WHERE that is always true (TRUE): changes every row of “t”, up to LIMIT 10',
    );
    expect(effect('delete from t where id = id')).toBe(
      'DELETE with a WHERE that is always true (id = id): removes every row of “t”',
    );
    expect(effect('DELETE t1 FROM t1, t2 WHERE 1 = 1')).toBe(
      'DELETE with a WHERE that is always true (1 = 1): removes every row of “t1” that the join reaches (the join has no condition)',
    );
    for (const sql of [
      'DELETE FROM t WHERE 1 = 1 AND id = 5',
      'DELETE FROM t WHERE 0',
      'DELETE FROM t WHERE 1 = 2',
      'DELETE FROM t WHERE NULL = NULL',
      "DELETE FROM t WHERE 'a' = 'A ' OR id = 3",
      'DELETE FROM t WHERE (1 = 1) AND id = 4',
      'DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id WHERE 1 = 1',
      'UPDATE t SET a = 1 WHERE a = b',
    ]) {
      expect(effect(sql), sql).toBeNull();
    }
  });

  it('leaves alone what has a WHERE, reads, and writes that add rows', () => {
    for (const sql of [
      'DELETE FROM orders WHERE id = 5',
      'delete from t where a in (select b from u)',
      'UPDATE t SET a = 1 WHERE id = 2 LIMIT 1',
      'UPDATE t JOIN u ON t.id = u.id SET t.a = u.a WHERE u.b > 3',
      'DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id',
      'DELETE t1, t2 FROM t1 INNER JOIN t2 USING (id)',
      'DELETE FROM t1 USING t1 JOIN t2 ON t1.id = t2.id',
      'DELETE FROM t1, t2 USING t1 STRAIGHT_JOIN t2 ON t1.id = t2.id',
      'UPDATE a NATURAL JOIN b SET a.x = b.y',
      'UPDATE a JOIN b ON a.id = b.id JOIN c SET a.x = c.y',
      'UPDATE a LEFT JOIN b ON a.id = b.id JOIN c ON c.id = b.c SET a.x = 1',
      'UPDATE a JOIN b ON a.id = b.id JOIN c ON c.id = b.c SET a.x = c.y',
      'WITH x AS (SELECT 1) SELECT * FROM x',
      'WITH x AS (SELECT id FROM t) UPDATE u, x SET u.a = 1 WHERE u.id = x.id',
      "SELECT 'DELETE FROM t'",
      'SELECT * FROM t -- DROP TABLE t',
      'INSERT INTO t VALUES (1)',
      'REPLACE INTO t VALUES (1)',
      'CREATE TABLE t (a INT)',
      'ALTER TABLE t ADD COLUMN b INT, ALGORITHM=INSTANT',
      'ALTER TABLE t MODIFY COLUMN `drop` INT',
      'DROP TEMPORARY TABLE IF EXISTS tmp',
      'DROP PREPARE stmt',
      'DEALLOCATE PREPARE stmt',
      'TRUNCATE',
      '',
      '-- only a comment',
    ])
      expect(findSweepingChange(sql), sql).toBeNull();
  });

  it('finds TRUNCATE and every DROP but of temporary tables and prepared statements', () => {
    expect(effect('TRUNCATE TABLE logs')).toBe(
      'TRUNCATE: removes every row of “logs”, and cannot be rolled back',
    );
    expect(effect('truncate `a``b`')).toBe(
      'TRUNCATE: removes every row of “a`b”, and cannot be rolled back',
    );
    expect(effect('DROP TABLE IF EXISTS shop.orders, shop.lines')).toBe(
      'DROP TABLE: removes the tables “shop.orders”, “shop.lines” and all their rows',
    );
    expect(effect('DROP TABLE t')).toBe('DROP TABLE: removes the table “t” and all its rows');
    expect(effect('DROP DATABASE shop')).toBe(
      'DROP DATABASE: removes the database “shop” and every table in it',
    );
    expect(effect('drop schema if exists `shop`')).toBe(
      'DROP SCHEMA: removes the schema “shop” and every table in it',
    );
    expect(effect('DROP INDEX idx_a ON shop.t')).toBe(
      'DROP INDEX: removes the index “idx_a” on “shop.t”',
    );
    expect(effect('DROP VIEW v1, v2')).toBe('DROP VIEW: removes the view “v1”, “v2”');
    expect(effect("DROP USER 'app'@'%'")).toBe('DROP USER: removes the user');
    expect(effect('DROP UNDO TABLESPACE u1')).toBe('DROP TABLESPACE: removes the tablespace “u1”');
    expect(findSweepingChange('DROP PROCEDURE IF EXISTS p')?.keyword).toBe('DROP PROCEDURE');
  });

  it('finds ALTER TABLE that drops or truncates something', () => {
    expect(effect('ALTER TABLE shop.orders DROP COLUMN note, ADD COLUMN x INT')).toBe(
      'ALTER TABLE “shop.orders”: drops column note and its data',
    );
    expect(effect('alter table t drop `legacy`, drop index i, drop primary key')).toBe(
      'ALTER TABLE “t”: drops column legacy and its data, drops index i, drops the primary key',
    );
    expect(effect('ALTER TABLE t DROP FOREIGN KEY fk_1, DROP CHECK c1')).toBe(
      'ALTER TABLE “t”: drops foreign key fk_1, drops check c1',
    );
    expect(effect('ALTER TABLE t TRUNCATE PARTITION p2025')).toBe(
      'ALTER TABLE “t”: truncates partition p2025',
    );
    expect(effect('ALTER TABLE t DROP PARTITION p1, p2')).toBe(
      'ALTER TABLE “t”: drops partition p1',
    );
    expect(effect('ALTER ONLINE IGNORE TABLE t DROP COLUMN c', 'mariadb')).toBe(
      'ALTER TABLE “t”: drops column c and its data',
    );
  });

  it('finds what throws every row away without saying DROP: BLACKHOLE, DISCARD, OR REPLACE', () => {
    // Seen on MySQL 9.7: ENGINE=BLACKHOLE copies the rows into an engine that keeps none.
    expect(effect('ALTER TABLE shop.orders ENGINE=BLACKHOLE')).toBe(
      'ALTER TABLE “shop.orders”: moves it to the BLACKHOLE engine, which keeps no rows: every row is lost',
    );
    expect(effect("alter table t comment 'x' engine = 'blackhole', add column c int")).toBe(
      'ALTER TABLE “t”: moves it to the BLACKHOLE engine, which keeps no rows: every row is lost',
    );
    expect(effect('ALTER TABLE t DISCARD TABLESPACE')).toBe(
      'ALTER TABLE “t”: discards its tablespace, and every row with it',
    );
    expect(effect('ALTER TABLE t DISCARD PARTITION p1, p2 TABLESPACE')).toBe(
      'ALTER TABLE “t”: discards its tablespace, and every row with it',
    );
    expect(effect('CREATE OR REPLACE TABLE shop.orders (id INT)', 'mariadb')).toBe(
      'CREATE OR REPLACE TABLE: removes the table “shop.orders” and all its rows first, if it exists',
    );
    for (const sql of [
      'ALTER TABLE t ENGINE=InnoDB',
      "ALTER TABLE t COMMENT 'engine=blackhole'",
      'ALTER TABLE t IMPORT TABLESPACE',
      'CREATE TABLE t (id INT) ENGINE=BLACKHOLE',
      'CREATE OR REPLACE VIEW v AS SELECT 1',
    ])
      expect(findSweepingChange(sql), sql).toBeNull();
  });

  it('reads executable comments as SQL, and MariaDB history deletes', () => {
    expect(effect('/*!40000 DROP TABLE IF EXISTS `t` */')).toBe(
      'DROP TABLE: removes the table “t” and all its rows',
    );
    expect(effect('DELETE HISTORY FROM t', 'mariadb')).toBe(
      'DELETE HISTORY without BEFORE SYSTEM_TIME: removes every history row of “t”',
    );
    expect(
      findSweepingChange("DELETE HISTORY FROM t BEFORE SYSTEM_TIME '2026-01-01'", {
        flavor: 'mariadb',
      }),
    ).toBeNull();
  });
});

describe('findSweepingChange on long statements', () => {
  it('decides by the first word when it comes early, and reads on when it does not', () => {
    const values = Array.from({ length: 5000 }, (_, i) => `(${i}, 'DROP TABLE x${i}')`).join(',');
    expect(findSweepingChange(`INSERT INTO t VALUES ${values}`)).toBeNull();
    // The first word past the first 4,096 characters: the whole text is read.
    const comment = `/* ${'-'.repeat(5000)} */`;
    expect(findSweepingChange(`${comment} TRUNCATE t`)?.keyword).toBe('TRUNCATE');
    expect(findSweepingChange(`${' '.repeat(4093)}DELETE FROM t`)?.keyword).toBe('DELETE');
    expect(findSweepingChange(`${comment} SELECT 1`)).toBeNull();
  });
});
