import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type mysql from 'mysql2/promise';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyStatement } from '../../../src/shared/sql/classify-statement';
import { testServers } from '../../servers/provided';
import { CLASSIFIER_CASES } from '../../unit/sql/classifier-cases';
import {
  openScratchDatabase,
  rowsOf,
  serverCases,
  withScratchDatabase,
  type ScratchDatabase,
} from './scratch-database';

// Every statement the classifier calls 'read' must really change nothing: each runs on a fresh
// session in a transaction the server itself keeps read-only (SET SESSION TRANSACTION READ
// ONLY), and afterwards the data and the binary log position are as before. And the cases the
// server's read-only guard lets through are the reason the classifier has rules of its own.

const READ_ONLY_REFUSED = 1792; // Cannot execute statement in a READ ONLY transaction
const LOCK_WAIT_TIMEOUT = 1205;

const SETUP = [
  'CREATE TABLE t (id INT PRIMARY KEY, v INT)',
  'INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)',
  'CREATE TABLE bumps (n INT)',
  'CREATE FUNCTION bump() RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN INSERT INTO bumps VALUES (1); RETURN (SELECT COUNT(*) FROM bumps); END',
];

/** The server's error number for `sql`, or null when it succeeds. */
async function errnoOf(connection: mysql.Connection, sql: string): Promise<number | null> {
  try {
    await connection.query(sql);
    return null;
  } catch (error) {
    return (error as { errno?: number }).errno ?? -1;
  }
}

async function firstValue(connection: mysql.Connection, sql: string): Promise<unknown> {
  const [result] = await connection.query({ sql, rowsAsArray: true });
  return rowsOf(result)[0]?.[0];
}

/** What a 'read' must not change: the scratch tables and the server's binary log. */
async function stateOf(connection: mysql.Connection, flavor: 'mysql' | 'mariadb') {
  const binlog = flavor === 'mysql' ? '@@global.gtid_executed' : '@@global.gtid_binlog_pos';
  return {
    t: await firstValue(connection, 'SELECT GROUP_CONCAT(id, ":", v ORDER BY id) FROM t'),
    bumps: await firstValue(connection, 'SELECT COUNT(*) FROM bumps'),
    binlog: await firstValue(connection, `SELECT ${binlog}`),
    tables: await firstValue(
      connection,
      'SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
    ),
  };
}

describe.each(serverCases(testServers()))('%s', (_name, server, flavor) => {
  const reads = CLASSIFIER_CASES.filter((c) => c.kind === 'read' && c.runsOn?.includes(flavor));

  it('runs every read statement in a read-only transaction, and nothing changes', async () => {
    expect(reads.length).toBeGreaterThan(40);
    await withScratchDatabase(server, async (scratch) => {
      const admin = await scratch.connect();
      for (const sql of SETUP) await admin.query(sql);
      if (flavor === 'mariadb') await admin.query('CREATE SEQUENCE s');
      const before = await stateOf(admin, flavor);
      for (const { sql, outsideTransaction } of reads) {
        expect(classifyStatement(sql, { flavor }).kind, sql).toBe('read');
        const session = await scratch.connect();
        if (!outsideTransaction) {
          await session.query('SET SESSION TRANSACTION READ ONLY');
          await session.query('START TRANSACTION');
        }
        await session.query(sql).catch((error: Error) => {
          throw new Error(`${sql}\n  failed: ${error.message}`);
        });
        if (!outsideTransaction) await session.query('ROLLBACK');
        await session.end();
      }
      expect(await stateOf(admin, flavor)).toEqual(before);
    });
  });

  describe('where the server guard is not enough', () => {
    let scratch: ScratchDatabase;
    let session: mysql.Connection;
    beforeAll(async () => {
      const opened = await openScratchDatabase(server);
      scratch = opened;
      const admin = await scratch.connect();
      for (const sql of SETUP) await admin.query(sql);
      session = await scratch.connect();
      await session.query('SET SESSION TRANSACTION READ ONLY');
      return () => opened.close();
    });

    it('treats locking reads as writes: the guard refuses FOR UPDATE, a shared lock blocks others', async () => {
      const forUpdate = 'SELECT * FROM t WHERE id = 1 FOR UPDATE';
      const shared = 'SELECT * FROM t WHERE id = 1 LOCK IN SHARE MODE';
      expect(classifyStatement(forUpdate, { flavor }).kind).toBe('write');
      expect(classifyStatement(shared, { flavor }).kind).toBe('write');
      await session.query('START TRANSACTION');
      expect(await errnoOf(session, forUpdate)).toBe(READ_ONLY_REFUSED);
      await session.query('ROLLBACK');
      // The shared lock passes the guard, and holds another session's UPDATE until it ends.
      await session.query('START TRANSACTION');
      expect(await errnoOf(session, shared)).toBe(null);
      const other = await scratch.connect();
      await other.query('SET SESSION innodb_lock_wait_timeout = 1');
      expect(await errnoOf(other, 'UPDATE t SET v = v WHERE id = 1')).toBe(LOCK_WAIT_TIMEOUT);
      await session.query('ROLLBACK');
      expect(await errnoOf(other, 'UPDATE t SET v = v WHERE id = 1')).toBe(null);
    });

    it('lets a stored function called by a SELECT write outside such a transaction', async () => {
      expect(classifyStatement('SELECT bump()', { flavor })).toMatchObject({
        kind: 'unknown',
        reason: expect.stringMatching(/stored function can change data/),
      });
      const other = await scratch.connect();
      expect(await firstValue(other, 'SELECT bump()')).toBe('1');
      expect(await firstValue(other, 'SELECT COUNT(*) FROM bumps')).toBe('1');
      await session.query('START TRANSACTION');
      expect(await errnoOf(session, 'SELECT bump()')).toBe(READ_ONLY_REFUSED);
      await session.query('ROLLBACK');
    });

    it('lets SET GLOBAL and GET_LOCK() through a read-only transaction', async () => {
      const current = await firstValue(session, 'SELECT @@global.max_connections');
      const setGlobal = `SET GLOBAL max_connections = ${String(current)}`;
      const getLock = "SELECT GET_LOCK('sightline-sql-test', 0)";
      expect(classifyStatement(setGlobal, { flavor }).kind).toBe('write');
      expect(classifyStatement(getLock, { flavor }).kind).toBe('write');
      await session.query('START TRANSACTION');
      expect(await errnoOf(session, setGlobal)).toBe(null);
      expect(await firstValue(session, getLock)).toBe('1');
      await session.query('ROLLBACK');
      // The lock outlives the transaction: another session cannot have it.
      const other = await scratch.connect();
      expect(await firstValue(other, getLock)).toBe('0');
      await session.query("DO RELEASE_LOCK('sightline-sql-test')");
    });

    it('lets SELECT ... INTO OUTFILE write a file from a read-only transaction', async (context) => {
      const priv = await firstValue(session, 'SELECT @@secure_file_priv');
      // Unrestricted is '' (MySQL; NULL there disables it) or NULL (MariaDB). Only a local
      // server writes where this test can look and clean up.
      const unrestricted = priv === '' || (flavor === 'mariadb' && priv === null);
      if (server.socket === null || !unrestricted) context.skip();
      const file = join(tmpdir(), `sightline-outfile-${scratch.name}.txt`);
      const sql = `SELECT id, v FROM t INTO OUTFILE '${file}'`;
      expect(classifyStatement(sql, { flavor }).kind).toBe('write');
      try {
        await session.query('START TRANSACTION');
        expect(await errnoOf(session, sql)).toBe(null);
        await session.query('ROLLBACK');
        expect(await readFile(file, 'utf8')).toBe('1\t10\n2\t20\n3\t30\n');
      } finally {
        await rm(file, { force: true });
      }
    });

    if (flavor === 'mariadb')
      it('runs the statement under MariaDB ANALYZE', async () => {
        const sql = 'ANALYZE UPDATE t SET v = v + 1 WHERE id = 1';
        expect(classifyStatement(sql, { flavor }).kind).toBe('write');
        const other = await scratch.connect();
        await other.query(sql);
        expect(await firstValue(other, 'SELECT v FROM t WHERE id = 1')).toBe('11');
      });

    it('refuses plain EXPLAIN of an UPDATE in a read-only transaction, though it runs nothing', async () => {
      const sql = 'EXPLAIN UPDATE t SET v = 0';
      expect(classifyStatement(sql, { flavor }).kind).toBe('read');
      await session.query('START TRANSACTION');
      expect(await errnoOf(session, sql)).toBe(READ_ONLY_REFUSED);
      await session.query('ROLLBACK');
      const other = await scratch.connect();
      const before = await firstValue(other, 'SELECT GROUP_CONCAT(v ORDER BY id) FROM t');
      await other.query(sql);
      expect(await firstValue(other, 'SELECT GROUP_CONCAT(v ORDER BY id) FROM t')).toBe(before);
    });
  });
});
