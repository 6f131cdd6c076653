import { describe, expect, it } from 'vitest';
import { classifyStatement } from '../../../src/shared/sql/classify-statement';
import { CLASSIFIER_CASES } from './classifier-cases';

describe('classifyStatement', () => {
  it.each(CLASSIFIER_CASES)('$kind: $sql', ({ sql, kind, keyword, flavor }) => {
    const result = classifyStatement(sql, { flavor });
    expect({ kind: result.kind, keyword: result.keyword }).toEqual({ kind, keyword });
    expect(result.reason).not.toBe('');
  });

  it('says why a stored function makes a SELECT unknown', () => {
    expect(classifyStatement('SELECT audit_and_return(id) FROM t').reason).toBe(
      'calls audit_and_return(), which is not a built-in function: a stored function can change data',
    );
    expect(classifyStatement('SELECT db.f()').reason).toMatch(/^calls db\.f\(\)/);
  });

  it('says why a locking read needs confirmation', () => {
    expect(classifyStatement('SELECT * FROM t FOR UPDATE').reason).toMatch(
      /locking read.*other sessions/,
    );
  });

  it('says that EXPLAIN ANALYZE runs the statement', () => {
    expect(classifyStatement('EXPLAIN ANALYZE DELETE FROM t').reason).toBe(
      'EXPLAIN ANALYZE runs the statement: DELETE removes rows',
    );
  });

  it('mentions session variables set by a read', () => {
    expect(classifyStatement('SELECT v INTO @v FROM t').reason).toBe(
      'SELECT only reads (and sets session variables)',
    );
  });

  it('is not fooled by keywords in strings, comments and quoted names', () => {
    for (const sql of [
      "SELECT 'DELETE FROM t'",
      'SELECT 1 -- FOR UPDATE',
      'SELECT 1 /* INTO OUTFILE */',
      'SELECT `update`, `for` FROM (SELECT 1 AS `update`, 2 AS `for`) AS x',
      'SELECT "GET_LOCK(1)"',
    ]) {
      expect(classifyStatement(sql).kind, sql).toBe('read');
    }
  });

  it('sees through executable comments inside a statement (conservatively)', () => {
    expect(classifyStatement('SELECT /*!40001 SQL_NO_CACHE */ * FROM t').kind).toBe('read');
    expect(classifyStatement('SELECT * FROM t /*!50000 FOR UPDATE */').kind).toBe('write');
  });

  it('honours the quoting options', () => {
    expect(classifyStatement("SELECT 'a\\' FOR UPDATE", { noBackslashEscapes: true }).kind).toBe(
      'write',
    );
    expect(classifyStatement("SELECT 'a\\' FOR UPDATE'").kind).toBe('read');
  });
});
