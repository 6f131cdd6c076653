import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findRedundantIndexes,
  fromSysRedundantIndexes,
  type IndexColumnRow,
  type SysRedundantRow,
} from '../../../src/shared/tuning/redundant-indexes';
import { withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession } from './session-helpers';

failOnUnhandledErrors();

const server = testServers().mysql;
const db = `sl_redundant_${Math.random().toString(36).slice(2, 8)}`;

/** Redundant indexes of every kind the sys view knows, and a table with none. */
const TABLES = [
  `CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, ordered_at DATETIME NOT NULL,
     KEY by_customer (customer_id), KEY by_customer_again (customer_id),
     KEY cust_date (customer_id, ordered_at), KEY by_id (id))`,
  `CREATE TABLE users (id INT PRIMARY KEY, email VARCHAR(100) NOT NULL, name VARCHAR(50),
     KEY email_idx (email), UNIQUE KEY email_uq (email), KEY email_name (email, name))`,
  'CREATE TABLE clean (a INT, b INT, KEY ab (a, b), KEY ba (b, a))',
];

describe('redundant indexes on MySQL 9.7: sys.schema_redundant_indexes and our computation', () => {
  let b: BackendUnderTest;
  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${db}`);
      for (const t of TABLES) await c.query(`USE ${db}; ${t}`);
    });
    b = await startBackend();
  });
  afterAll(async () => {
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${db}`));
    await b?.dispose();
  });

  it('lists what the sys view lists, with its DROP INDEX, and says it came from the view', async () => {
    const sys = await withConnection(server, async (c) => {
      const [rows] = await c.query(
        `SELECT table_name, redundant_index_name, dominant_index_name, sql_drop_index
         FROM sys.schema_redundant_indexes WHERE table_schema = ?
         ORDER BY table_name, redundant_index_name, dominant_index_name`,
        [db],
      );
      return (rows as Array<Record<string, string>>).map((r) => Object.values(r));
    });
    const drop = (t: string, i: string) => `ALTER TABLE \`${db}\`.\`${t}\` DROP INDEX \`${i}\``;
    // Every (redundant, dominant) pair: an index covered twice is listed twice.
    expect(sys).toEqual([
      ['orders', 'by_customer', 'cust_date', drop('orders', 'by_customer')],
      ['orders', 'by_customer_again', 'by_customer', drop('orders', 'by_customer_again')],
      ['orders', 'by_customer_again', 'cust_date', drop('orders', 'by_customer_again')],
      ['orders', 'by_id', 'PRIMARY', drop('orders', 'by_id')],
      ['users', 'email_idx', 'email_name', drop('users', 'email_idx')],
      ['users', 'email_idx', 'email_uq', drop('users', 'email_idx')],
      ['users', 'email_name', 'email_uq', drop('users', 'email_name')],
    ]);

    const sessionId = await openSession(b, server, 'health');
    const health = await b.call('tuning.health', { sessionId, schema: db });
    if (!health.ok) throw new Error(health.error.message);
    expect(health.value.redundantSource).toBe('sys.schema_redundant_indexes');
    const redundant = health.value.findings
      .filter((f) => f.kind === 'redundant-index')
      .map((f) => [f.table, f.index, f.title, f.severity, f.fixSql]);
    // One finding per index, against the index that covers it most plainly.
    expect(redundant).toEqual([
      [
        'orders',
        'by_customer',
        'orders.by_customer is a prefix of cust_date',
        'warning',
        drop('orders', 'by_customer'),
      ],
      [
        'orders',
        'by_customer_again',
        // by_customer is advised away too, so the finding names the index that stays.
        'orders.by_customer_again is a prefix of cust_date',
        'warning',
        drop('orders', 'by_customer_again'),
      ],
      ['orders', 'by_id', 'orders.by_id duplicates PRIMARY', 'warning', drop('orders', 'by_id')],
      [
        'users',
        'email_idx',
        'users.email_idx duplicates email_uq',
        'warning',
        drop('users', 'email_idx'),
      ],
      [
        'users',
        'email_name',
        'users.email_name extends the unique email_uq',
        'info',
        drop('users', 'email_name'),
      ],
    ]);
  });

  it('computes the same from information_schema.STATISTICS (what MariaDB gets)', async () => {
    const { stats, sys } = await withConnection(server, async (c) => {
      const [s] = await c.query(
        `SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX, COLUMN_NAME, SUB_PART, INDEX_TYPE
         FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
        [db],
      );
      const [v] = await c.query(
        `SELECT table_name, redundant_index_name, redundant_index_columns, dominant_index_name,
           dominant_index_columns, subpart_exists
         FROM sys.schema_redundant_indexes WHERE table_schema = ?`,
        [db],
      );
      return {
        stats: s as Array<Record<string, unknown>>,
        sys: v as SysRedundantRow[],
      };
    });
    const columns: IndexColumnRow[] = stats.map((r) => ({
      table: String(r.TABLE_NAME),
      index: String(r.INDEX_NAME),
      nonUnique: Number(r.NON_UNIQUE) !== 0,
      seq: Number(r.SEQ_IN_INDEX),
      column: r.COLUMN_NAME === null ? null : String(r.COLUMN_NAME),
      subPart: r.SUB_PART === null ? null : Number(r.SUB_PART),
      type: String(r.INDEX_TYPE),
    }));
    const fromView = fromSysRedundantIndexes(sys);
    expect(fromView.skipped).toBe(0);
    expect(findRedundantIndexes(columns)).toEqual(fromView.indexes);
    expect(fromView.indexes.map((r) => [r.table, r.index, r.kind, r.coveredBy])).toEqual([
      ['orders', 'by_customer', 'prefix', 'cust_date'],
      ['orders', 'by_customer_again', 'duplicate', 'by_customer'],
      ['orders', 'by_id', 'duplicate', 'PRIMARY'],
      ['users', 'email_idx', 'duplicate', 'email_uq'],
      ['users', 'email_name', 'extends-unique', 'email_uq'],
    ]);
  });
});
