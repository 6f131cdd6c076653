import { describe, expect, it } from 'vitest';
import { judgeUserSql, type UserSqlUse } from '../../../src/main/services/user-sql-guard';

const writable = { name: 'dev', readOnly: false };
const readOnly = { name: 'prod', readOnly: true };
const mysql = { flavor: 'mysql' } as const;

const ALL_USES: UserSqlUse[] = [
  { kind: 'run', readOnlyConfirmed: true },
  { kind: 'explain' },
  { kind: 'analyze' },
  { kind: 'export' },
  { kind: 'alter', readOnlyConfirmed: true },
];

describe('judgeUserSql', () => {
  it('refuses a second statement on every path, naming it and where it starts', () => {
    for (const use of ALL_USES) {
      for (const connection of [writable, readOnly]) {
        const v = judgeUserSql('SELECT 1; DELETE FROM t WHERE id = 2', mysql, use, connection);
        expect(v).toMatchObject({ ok: false, field: 'sql' });
        if (v.ok) continue;
        expect(v.message).toContain('this text holds 2: nothing was run.');
        expect(v.message).toContain(
          'The second starts at line 1, column 11: “DELETE FROM t WHERE id = 2”.',
        );
      }
    }
  });

  it('takes one statement with its delimiter, comments, and `;` inside strings and comments', () => {
    for (const sql of [
      'SELECT 1;',
      "SELECT ';' AS a -- ; DELETE FROM t\n",
      'SELECT 1 /* ; DELETE FROM t */ ;  ',
      'SELECT `a;b` FROM t;;',
    ]) {
      const v = judgeUserSql(sql, mysql, { kind: 'analyze' }, readOnly);
      expect(v, sql).toMatchObject({ ok: true });
    }
  });

  it('keeps a stored program whole: its body is one statement', () => {
    const sql = 'CREATE PROCEDURE p() BEGIN DELETE FROM t; SELECT 1; END';
    const v = judgeUserSql(sql, mysql, { kind: 'run', readOnlyConfirmed: false }, writable);
    expect(v).toMatchObject({ ok: true, statement: { text: sql } });
    expect(
      judgeUserSql(sql, mysql, { kind: 'run', readOnlyConfirmed: false }, readOnly),
    ).toMatchObject({ ok: false });
  });

  it('splits as the session lexes: NO_BACKSLASH_ESCAPES ends the string at the backslash', () => {
    const sql = "SELECT 'a\\'; DELETE FROM t WHERE id = 2; -- '";
    const use = { kind: 'analyze' } as const;
    expect(judgeUserSql(sql, mysql, use, readOnly)).toMatchObject({ ok: true });
    const v = judgeUserSql(sql, { ...mysql, noBackslashEscapes: true }, use, readOnly);
    expect(v).toMatchObject({ ok: false });
    if (!v.ok) expect(v.message).toContain('“DELETE FROM t WHERE id = 2”');
  });

  it('a MariaDB executable comment after the statement is a second statement there only', () => {
    const sql = 'SELECT 1; /*M! DELETE FROM t */';
    const use = { kind: 'explain' } as const;
    expect(judgeUserSql(sql, { flavor: 'mysql' }, use, writable)).toMatchObject({ ok: true });
    expect(judgeUserSql(sql, { flavor: 'mariadb' }, use, writable)).toMatchObject({ ok: false });
  });

  it('refuses text without a statement', () => {
    expect(
      judgeUserSql('  -- nothing\n/* here */ ;', mysql, { kind: 'explain' }, writable),
    ).toEqual({
      ok: false,
      field: 'sql',
      message: 'There is no statement here: only whitespace and comments.',
    });
  });

  it('run: on a read-only connection a possible write needs the second confirmation', () => {
    const del = 'DELETE FROM t WHERE id = 2';
    expect(judgeUserSql(del, mysql, { kind: 'run', readOnlyConfirmed: false }, readOnly)).toEqual({
      ok: false,
      message:
        '“prod” is marked read-only and this statement is not known to only read (DELETE removes rows): confirm a second time to run it anyway.',
    });
    expect(
      judgeUserSql(del, mysql, { kind: 'run', readOnlyConfirmed: true }, readOnly),
    ).toMatchObject({ ok: true });
    expect(
      judgeUserSql(del, mysql, { kind: 'run', readOnlyConfirmed: false }, writable),
    ).toMatchObject({ ok: true });
    // A stored function may write: not known to only read.
    expect(
      judgeUserSql('SELECT my_fn(1)', mysql, { kind: 'run', readOnlyConfirmed: false }, readOnly),
    ).toMatchObject({ ok: false });
    expect(
      judgeUserSql('SELECT 1', mysql, { kind: 'run', readOnlyConfirmed: false }, readOnly),
    ).toMatchObject({ ok: true });
  });

  it('analyze: refused for a possible write on a read-only connection; plain EXPLAIN is not', () => {
    const v = judgeUserSql('UPDATE t SET a = 1', mysql, { kind: 'analyze' }, readOnly);
    expect(v).toEqual({
      ok: false,
      message:
        '“prod” is read-only and ANALYZE runs the statement, which may write (UPDATE changes rows). Use EXPLAIN (without ANALYZE) here.',
    });
    expect(judgeUserSql('UPDATE t SET a = 1', mysql, { kind: 'analyze' }, writable)).toMatchObject({
      ok: true,
    });
    expect(judgeUserSql('UPDATE t SET a = 1', mysql, { kind: 'explain' }, readOnly)).toMatchObject({
      ok: true,
    });
  });

  it('export: only statements known to only read run again, on any connection', () => {
    const v = judgeUserSql('SELECT * FROM t FOR UPDATE', mysql, { kind: 'export' }, writable);
    expect(v).toMatchObject({ ok: false });
    if (!v.ok)
      expect(v.message).toMatch(/^Exporting runs the statement again.*not known to only read/);
    expect(judgeUserSql('SELECT * FROM t', mysql, { kind: 'export' }, readOnly)).toMatchObject({
      ok: true,
    });
  });

  it('alter: on a read-only connection only after the second confirmation', () => {
    const sql = 'ALTER TABLE t ADD COLUMN c INT';
    expect(judgeUserSql(sql, mysql, { kind: 'alter', readOnlyConfirmed: false }, readOnly)).toEqual(
      {
        ok: false,
        message:
          '“prod” is marked read-only and an ALTER changes the table: confirm a second time to run it anyway.',
      },
    );
    expect(
      judgeUserSql(sql, mysql, { kind: 'alter', readOnlyConfirmed: true }, readOnly),
    ).toMatchObject({ ok: true });
    expect(
      judgeUserSql(sql, mysql, { kind: 'alter', readOnlyConfirmed: false }, writable),
    ).toMatchObject({ ok: true });
  });
});
