import { describe, expect, it } from 'vitest';
import { judgeEditability, type LiveTable } from '../../../src/shared/result-edit/editability';
import { findResultSource, type SourceColumn } from '../../../src/shared/result-edit/result-source';

const col = (name: string, orgName = name, table = 't', schema = 'db'): SourceColumn => ({
  name,
  orgName,
  table,
  schema,
});

const live: LiveTable = {
  schema: 'db',
  name: 't',
  type: 'BASE TABLE',
  columns: [
    { name: 'id', dataType: 'int', nullable: false, generated: false },
    { name: 'email', dataType: 'varchar', nullable: false, generated: false },
    { name: 'name', dataType: 'varchar', nullable: true, generated: false },
    { name: 'upper_name', dataType: 'varchar', nullable: true, generated: true },
  ],
  keys: [
    { name: 'PRIMARY', primary: true, columns: ['id'] },
    { name: 'uq_email', primary: false, columns: ['email'] },
  ],
};

describe('findResultSource', () => {
  const cols = [col('id'), col('name')];
  const reason = (sql: string, columns: SourceColumn[] = cols) => {
    const s = findResultSource(sql, columns, {});
    return s.ok ? null : s.reason;
  };

  it('finds the one table of a plain SELECT, with the name FROM gives', () => {
    expect(
      findResultSource(
        'SELECT id, name FROM `db`.`t` AS x WHERE id > 1 ORDER BY 1 LIMIT 5',
        cols,
        {},
      ),
    ).toEqual({
      ok: true,
      schema: 'db',
      table: 't',
      from: { schema: 'db', name: 't' },
    });
    // A subquery in WHERE or an expression column does not matter.
    expect(
      reason('SELECT id, name, LENGTH(name) l FROM t WHERE id IN (SELECT id FROM u GROUP BY id)', [
        ...cols,
        col('l', '', '', ''),
      ]),
    ).toBeNull();
  });

  it('says why joins, grouping, DISTINCT, UNION, aggregates and non-SELECTs are not rows of one table', () => {
    expect(reason('SELECT t.id, t.name FROM t JOIN u ON u.id = t.id')).toMatch(/joins tables/);
    expect(reason('SELECT t.id, t.name FROM t, u')).toMatch(/joins tables/);
    expect(reason('SELECT id, name FROM t GROUP BY id')).toMatch(/grouped \(GROUP BY\)/);
    expect(reason('SELECT DISTINCT id, name FROM t')).toMatch(/DISTINCT/);
    expect(reason('SELECT id, name FROM t UNION SELECT id, name FROM t')).toMatch(/UNION/);
    expect(reason('SELECT id, name, COUNT(*) FROM t')).toMatch(/aggregates rows \(COUNT\)/);
    expect(reason('SELECT id, name FROM (SELECT id, name FROM t) d')).toMatch(/subquery in FROM/);
    expect(reason('SHOW TABLES')).toMatch(
      /only a SELECT's rows can be edited, and this statement is SHOW/,
    );
    // A window function is an expression column, not an aggregation of rows.
    expect(reason('SELECT id, name, ROW_NUMBER() OVER (), COUNT(*) OVER () FROM t')).toBeNull();
  });

  it('says when the columns come from several tables or from none', () => {
    expect(reason('SELECT 1 AS one FROM t', [col('one', '', '', '')])).toBe(
      'no column comes from a table (all are expressions)',
    );
    expect(reason('SELECT * FROM t', [col('id'), col('x', 'x', 'u')])).toBe(
      'its columns come from 2 tables (db.t, db.u)',
    );
  });
});

describe('judgeEditability', () => {
  const base = { name: 't', type: 'BASE TABLE' };

  it('takes the primary key, marks expressions, generated columns and second copies read-only', () => {
    const v = judgeEditability(
      [col('name'), col('ID', 'id'), col('upper_name'), col('name2', 'name'), col('l', '', '', '')],
      live,
      base,
    );
    expect(v).toEqual({
      editable: true,
      schema: 'db',
      table: 't',
      key: { name: 'PRIMARY', columns: [1], names: ['id'] },
      columns: [
        { editable: true, name: 'name', dataType: 'varchar' },
        { editable: true, name: 'id', dataType: 'int' },
        { editable: false, reason: 'a generated column' },
        { editable: false, reason: '`name` is shown twice: edit its first copy' },
        { editable: false, reason: 'an expression, not a table column' },
      ],
    });
  });

  it('falls back on a NOT NULL unique key, never on a nullable one', () => {
    const v = judgeEditability([col('email'), col('name')], live, base);
    expect(v.editable && v.key).toEqual({ name: 'uq_email', columns: [0], names: ['email'] });
    const nullable = {
      ...live,
      keys: [{ name: 'uq_name', primary: false, columns: ['name'] }],
    };
    expect(judgeEditability([col('name')], nullable, base)).toEqual({
      editable: false,
      reason: '`t` has no primary key or NOT NULL unique key to name a row by',
    });
  });

  it('never names rows by a FLOAT key: the server sends FLOAT rounded to 6 digits', () => {
    // 1.0000001 and 1 both arrive as `1`: `WHERE f = 1` would change or delete the other row.
    const floatKey: LiveTable = {
      ...live,
      columns: [
        { name: 'f', dataType: 'float', nullable: false, generated: false },
        { name: 'd', dataType: 'double', nullable: false, generated: false },
        { name: 'code', dataType: 'varchar', nullable: false, generated: false },
      ],
      keys: [
        { name: 'PRIMARY', primary: true, columns: ['code', 'f'] },
        { name: 'uq_d', primary: false, columns: ['d'] },
      ],
    };
    const cols = [col('f'), col('d'), col('code')];
    // A unique key without a FLOAT names the rows instead (DOUBLE travels exactly).
    const v = judgeEditability(cols, floatKey, base);
    expect(v.editable && v.key).toEqual({ name: 'uq_d', columns: [1], names: ['d'] });
    expect(judgeEditability(cols, { ...floatKey, keys: [floatKey.keys[0]!] }, base)).toEqual({
      editable: false,
      reason:
        'its primary key holds the FLOAT column `f`, which the server sends rounded to 6 digits, so a row shown cannot be named exactly',
    });
  });

  it('never names rows by a TIMESTAMP key: it reads as the session’s wall-clock time', () => {
    const stamped: LiveTable = {
      ...live,
      columns: [
        { name: 'ts', dataType: 'timestamp', nullable: false, generated: false },
        { name: 'made', dataType: 'datetime', nullable: false, generated: false },
      ],
      keys: [
        { name: 'PRIMARY', primary: true, columns: ['ts'] },
        { name: 'uq_made', primary: false, columns: ['made'] },
      ],
    };
    const cols = [col('ts'), col('made')];
    // DATETIME keeps no time zone: it names the rows instead.
    const v = judgeEditability(cols, stamped, base);
    expect(v.editable && v.key).toEqual({ name: 'uq_made', columns: [1], names: ['made'] });
    expect(judgeEditability(cols, { ...stamped, keys: [stamped.keys[0]!] }, base)).toEqual({
      editable: false,
      reason:
        'its primary key holds the TIMESTAMP column `ts`, which the server sends as the session time zone’s wall-clock time (the same text for two instants in a DST fall-back hour, another instant after a time_zone change), so a row shown cannot be named exactly',
    });
  });

  it('names the key columns the result lacks', () => {
    expect(judgeEditability([col('name')], live, base)).toEqual({
      editable: false,
      reason: 'the result lacks `id` of the primary key, which names each row',
    });
  });

  it('refuses views and tables that are not there', () => {
    expect(judgeEditability([col('id')], live, { name: 'v', type: 'VIEW' })).toEqual({
      editable: false,
      reason: 'its rows come from the view `v`',
    });
    expect(judgeEditability([col('id')], { ...live, type: 'VIEW' }, base)).toEqual({
      editable: false,
      reason: 'its rows come from the view `t`',
    });
    expect(judgeEditability([col('id')], null, { name: 't', type: null })).toMatchObject({
      editable: false,
    });
  });
});
