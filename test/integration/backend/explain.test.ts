import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplainRunResult } from '../../../src/shared/api/explain';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, runStatement } from './session-helpers';

failOnUnhandledErrors();

async function firstValue(b: BackendUnderTest, sessionId: string, sql: string): Promise<unknown> {
  const s = await runStatement(b, sessionId, sql);
  const rows = await b.call('query.rows', { queryId: s.queryId, offset: 0, limit: 1 });
  return rows.ok ? rows.value.rows[0]?.[0] : undefined;
}

describe('explain.run', () => {
  let b: BackendUnderTest;
  let mysql: string;
  let mariadb: string;
  const servers = testServers();

  beforeAll(async () => {
    b = await startBackend();
    mysql = await openSession(b, servers.mysql, 'mysql');
    mariadb = await openSession(b, servers.mariadb, 'mariadb');
    for (const s of [mysql, mariadb]) {
      await runStatement(b, s, 'CREATE DATABASE IF NOT EXISTS sl_explain');
      await runStatement(b, s, 'USE sl_explain');
      await runStatement(b, s, 'CREATE TABLE IF NOT EXISTS o (id INT PRIMARY KEY, c INT, KEY (c))');
      await runStatement(b, s, 'INSERT IGNORE INTO o VALUES (1, 1), (2, 1), (3, 2)');
    }
  });
  afterAll(async () => {
    for (const s of [mysql, mariadb])
      await runStatement(b, s, 'DROP DATABASE IF EXISTS sl_explain');
    await b?.dispose();
  });

  it('explains on MySQL 9.7 in JSON v2 on the session (USE applies), restoring the format variable', async () => {
    await runStatement(b, mysql, 'SET SESSION explain_json_format_version = 1');
    const r = await b.call('explain.run', {
      sessionId: mysql,
      sql: 'SELECT * FROM o WHERE c = 1;',
      analyze: false,
    });
    if (!r.ok) throw new Error(r.error.message);
    const value: ExplainRunResult = r.value;
    expect(value.explainSql).toBe('EXPLAIN FORMAT=JSON SELECT * FROM o WHERE c = 1');
    expect(value.dialect).toBe('mysql-json-v2');
    expect(value.report.analyzed).toBe(false);
    expect(value.report.stats.tables).toBe(1);
    expect(JSON.parse(value.document)).toHaveProperty('query_plan');
    expect(await firstValue(b, mysql, 'SELECT @@session.explain_json_format_version')).toBe('1');
  });

  it('runs EXPLAIN ANALYZE FORMAT=JSON on MySQL and reports measurements', async () => {
    const r = await b.call('explain.run', {
      sessionId: mysql,
      sql: 'SELECT c, COUNT(*) FROM o GROUP BY c',
      analyze: true,
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.explainSql).toBe(
      'EXPLAIN ANALYZE FORMAT=JSON SELECT c, COUNT(*) FROM o GROUP BY c',
    );
    expect(r.value.report.analyzed).toBe(true);
  });

  it('explains and analyzes on MariaDB 10.11 in its JSON', async () => {
    const e = await b.call('explain.run', {
      sessionId: mariadb,
      sql: 'SELECT * FROM o WHERE c = 1',
      analyze: false,
    });
    const a = await b.call('explain.run', {
      sessionId: mariadb,
      sql: 'SELECT * FROM o WHERE c = 1',
      analyze: true,
    });
    if (!e.ok || !a.ok) throw new Error('explain failed');
    expect(e.value).toMatchObject({
      explainSql: 'EXPLAIN FORMAT=JSON SELECT * FROM o WHERE c = 1',
      dialect: 'mariadb-json',
    });
    expect(a.value).toMatchObject({
      explainSql: 'ANALYZE FORMAT=JSON SELECT * FROM o WHERE c = 1',
      dialect: 'mariadb-json',
    });
    expect(a.value.report.analyzed).toBe(true);
    expect(e.value.report.analyzed).toBe(false);
  });

  it("reads MariaDB's plan of a condition with a quote in it (it writes \\' in its JSON)", async () => {
    await runStatement(
      b,
      mariadb,
      'CREATE TABLE IF NOT EXISTS q (id INT PRIMARY KEY, s VARCHAR(20))',
    );
    await runStatement(b, mariadb, "INSERT IGNORE INTO q VALUES (1, 'it''s'), (2, 'a\\\\b')");
    for (const analyze of [false, true]) {
      const r = await b.call('explain.run', {
        sessionId: mariadb,
        sql: "SELECT * FROM q WHERE s = 'it''s' OR s = 'a\\\\b'",
        analyze,
      });
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      const scan = r.value.report.root.children.find((n) => n.table === 'q');
      // The condition as the server wrote it in SQL: the quote escaped with a backslash.
      expect(scan?.condition).toBe("q.s = 'it\\'s' or q.s = 'a\\b'");
    }
  });

  it('says plainly what cannot be explained, and reports server errors with their code', async () => {
    expect(
      await b.call('explain.run', { sessionId: mysql, sql: 'SHOW TABLES', analyze: false }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message:
          'EXPLAIN works on SELECT, TABLE, VALUES, WITH, INSERT, REPLACE, UPDATE and DELETE; this is SHOW.',
      },
    });
    expect(
      await b.call('explain.run', {
        sessionId: mysql,
        sql: 'SELECT * FROM no_such_table',
        analyze: false,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'SERVER_ERROR', serverCode: 1146 },
    });
  });

  it('refuses ANALYZE of a write on a read-only connection, and does not run it', async () => {
    const ro = await openSession(b, servers.mysql, 'read-only', { readOnly: true });
    await runStatement(b, ro, 'USE sl_explain');
    const r = await b.call('explain.run', { sessionId: ro, sql: 'DELETE FROM o', analyze: true });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(await firstValue(b, ro, 'SELECT COUNT(*) FROM o')).toBe('3');
    const plain = await b.call('explain.run', {
      sessionId: ro,
      sql: 'DELETE FROM o',
      analyze: false,
    });
    expect(plain.ok).toBe(true);
  });
});
