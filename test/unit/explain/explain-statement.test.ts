import { describe, expect, it } from 'vitest';
import { explainStatementFor } from '../../../src/shared/explain/explain-statement';
import { capabilitiesFor } from '../../../src/shared/server/capabilities';

const mysql97 = capabilitiesFor('mysql', { major: 9, minor: 7, patch: 0 });
const mysql80 = capabilitiesFor('mysql', { major: 8, minor: 0, patch: 36 });
const mysql57 = capabilitiesFor('mysql', { major: 5, minor: 7, patch: 44 });
const mariadb = capabilitiesFor('mariadb', { major: 10, minor: 11, patch: 6 });

describe('explainStatementFor', () => {
  it('names FORMAT explicitly and picks JSON v2 on MySQL 8.3+', () => {
    expect(explainStatementFor('SELECT 1;', 'mysql', mysql97, false)).toEqual({
      sql: 'EXPLAIN FORMAT=JSON SELECT 1',
      jsonFormatVersion: 2,
      dialect: 'mysql-json-v2',
    });
    expect(explainStatementFor('select 1', 'mysql', mysql97, true).sql).toBe(
      'EXPLAIN ANALYZE FORMAT=JSON select 1',
    );
  });
  it('uses JSON v1 and the ANALYZE tree on 8.0, JSON v1 only on 5.7', () => {
    expect(explainStatementFor('SELECT 1', 'mysql', mysql80, false).dialect).toBe('mysql-json-v1');
    expect(explainStatementFor('SELECT 1', 'mysql', mysql80, true)).toEqual({
      sql: 'EXPLAIN ANALYZE FORMAT=TREE SELECT 1',
      jsonFormatVersion: null,
      dialect: 'mysql-tree',
    });
    expect(() => explainStatementFor('SELECT 1', 'mysql', mysql57, true)).toThrow(
      'EXPLAIN ANALYZE needs MySQL 8.0.18 or later.',
    );
  });
  it('uses EXPLAIN/ANALYZE FORMAT=JSON on MariaDB', () => {
    expect(explainStatementFor('UPDATE t SET a = 1', 'mariadb', mariadb, true).sql).toBe(
      'ANALYZE FORMAT=JSON UPDATE t SET a = 1',
    );
  });
  it('explains DML and CTEs, and refuses what EXPLAIN cannot take', () => {
    for (const sql of [
      'WITH x AS (SELECT 1) SELECT * FROM x',
      'DELETE FROM t',
      'INSERT INTO t SELECT 1',
      'REPLACE INTO t VALUES (1)',
      '(SELECT 1)',
      'TABLE t',
    ]) {
      expect(() => explainStatementFor(sql, 'mysql', mysql97, false)).not.toThrow();
    }
    expect(() => explainStatementFor('CREATE TABLE t (a INT)', 'mysql', mysql97, false)).toThrow(
      'this is CREATE.',
    );
    expect(() => explainStatementFor('  ', 'mysql', mysql97, false)).toThrow(
      'There is no statement to explain here.',
    );
  });
});
