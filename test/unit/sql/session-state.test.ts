import { describe, expect, it } from 'vitest';
import { sessionStateLeftBy } from '../../../src/shared/sql/session-state';

const left = (sql: string) => [...sessionStateLeftBy(sql)].sort();

describe('sessionStateLeftBy', () => {
  it('finds nothing in reads and in writes whose transaction the status flags follow', () => {
    for (const sql of [
      'SELECT * FROM t WHERE a = @limit',
      'SHOW TABLES',
      'EXPLAIN SELECT 1',
      'INSERT INTO t VALUES (1)',
      'UPDATE t SET a = 1',
      'BEGIN',
      'START TRANSACTION',
      'COMMIT',
      'SET GLOBAL max_connections = 500',
      'SET PERSIST innodb_io_capacity = 400, GLOBAL sort_buffer_size = 1048576',
      'SET STATEMENT max_statement_time = 1 FOR SELECT 1',
      "SELECT 'USE x', 'GET_LOCK(' FROM t",
      'CREATE TABLE t2 (id INT)',
    ]) {
      expect(left(sql), sql).toEqual([]);
    }
  });

  it('names what stays with the session', () => {
    expect(left('USE shop')).toEqual(['schema']);
    expect(left('SET @batch = 7')).toEqual(['variables']);
    expect(left('SET sql_safe_updates = 1')).toEqual(['variables']);
    expect(left('SET NAMES utf8mb4')).toEqual(['variables']);
    expect(left('SET GLOBAL a = 1, SESSION b = 2')).toEqual(['variables']);
    expect(left('SET autocommit = 0')).toEqual(['variables']);
    expect(left('SELECT @n := COUNT(*) FROM t')).toEqual(['variables']);
    expect(left('SELECT a, b INTO @a, @b FROM t LIMIT 1')).toEqual(['variables']);
    expect(left('CREATE TEMPORARY TABLE x (a INT)')).toEqual(['temporary']);
    expect(left('CREATE OR REPLACE TEMPORARY TABLE x (a INT)')).toEqual(['temporary']);
    expect(left('LOCK TABLES t WRITE')).toEqual(['locks']);
    expect(left('FLUSH TABLES WITH READ LOCK')).toEqual(['locks']);
    expect(left("SELECT GET_LOCK('job', 10)")).toEqual(['locks']);
    expect(left("PREPARE s FROM 'SELECT 1'")).toEqual(['prepared']);
    expect(left('HANDLER t OPEN')).toEqual(['prepared']);
    expect(left('CALL refresh_stats()')).toEqual(['code']);
    expect(left('DO RELEASE_LOCK("x")')).toEqual(['code']);
    expect(left('EXECUTE s')).toEqual(['code']);
    expect(left('BEGIN NOT ATOMIC SET @x = 1; END')).toEqual(['code']);
    expect(left('/*!40101 SET NAMES utf8 */')).toEqual(['code']);
  });

  it('reads a long statement by its head, and all of it only where it may assign or lock', () => {
    const values = Array.from({ length: 2000 }, (_, i) => `(${i}, 'user${i}@example.com')`);
    expect(left(`INSERT INTO t VALUES ${values.join(', ')}`)).toEqual([]);
    expect(
      left(`INSERT INTO t SELECT a, @n := @n + 1 FROM u WHERE b IN (${values.join(', ')})`),
    ).toEqual(['variables']);
    expect(left(`SELECT ${values.map((_, i) => `${i}`).join(', ')}, @n := 1`)).toEqual([
      'variables',
    ]);
    expect(left(`SELECT ${values.map((_, i) => `${i}`).join(', ')} INTO @a`)).toEqual([
      'variables',
    ]);
    expect(left(`SELECT ${values.map((_, i) => `${i}`).join(', ')}, GET_LOCK('x', 1)`)).toEqual([
      'locks',
    ]);
    expect(left(`/* ${'x'.repeat(5000)} */ USE shop`)).toEqual(['schema']);
    expect(left(`SELECT '${':= '.repeat(3000)}'`)).toEqual([]);
  });
});
