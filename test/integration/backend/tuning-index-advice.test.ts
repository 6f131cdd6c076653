import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession } from './session-helpers';

failOnUnhandledErrors();

const servers = testServers();

/**
 * Two tables each with an index and its exact duplicate, both unused since they were created; in
 * `read_dup` queries then read through the duplicate, so the other one is the unused one.
 */
const TABLES = ['both_unused', 'read_dup'].map(
  (t) => `CREATE TABLE ${t} (id INT PRIMARY KEY, customer_id INT NOT NULL,
     KEY cust (customer_id), KEY cust_dup (customer_id))`,
);

describe.each([
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
] as const)('index drop advice on %s', (_name, server) => {
  const db = `sl_advice_${Math.random().toString(36).slice(2, 8)}`;
  let b: BackendUnderTest;
  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${db}`);
      await c.query(`USE ${db}`);
      for (const t of TABLES) await c.query(t);
      for (const t of ['both_unused', 'read_dup'])
        await c.query(`INSERT INTO ${t} VALUES (1, 1), (2, 1), (3, 2)`);
      await c.query('SELECT id FROM read_dup FORCE INDEX (cust_dup) WHERE customer_id = 1');
    });
    b = await startBackend();
  });
  afterAll(async () => {
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${db}`));
    await b?.dispose();
  });

  it('advises drops that, all followed, leave customer_id indexed, and says which to keep', async () => {
    const sessionId = await openSession(b, server, 'advice');
    const health = await b.call('tuning.health', { sessionId, schema: db });
    if (!health.ok) throw new Error(health.error.message);
    const drops = health.value.findings.filter(
      (f) => f.kind === 'redundant-index' || f.kind === 'unused-index',
    );
    expect(drops.map((f) => [f.kind, f.table, f.index])).toEqual([
      // Both unused: drop the duplicate, keep the one it duplicates.
      ['redundant-index', 'both_unused', 'cust_dup'],
      // Queries read through cust_dup: drop cust, the unused one.
      ['unused-index', 'read_dup', 'cust'],
    ]);
    expect(drops[0]!.explanation).toContain('Keep cust:');
    expect(drops[1]!.explanation).toContain('Keep cust_dup:');

    // Follow every piece of advice on the real server; each table keeps an index on customer_id.
    const left = await withConnection(server, async (c) => {
      for (const f of drops) await c.query(f.fixSql);
      const [rows] = await c.query(
        `SELECT TABLE_NAME, INDEX_NAME FROM information_schema.STATISTICS
         WHERE TABLE_SCHEMA = ? AND COLUMN_NAME = 'customer_id' AND SEQ_IN_INDEX = 1
         ORDER BY TABLE_NAME, INDEX_NAME`,
        [db],
      );
      return (rows as Array<Record<string, string>>).map((r) => `${r.TABLE_NAME}.${r.INDEX_NAME}`);
    });
    expect(left).toEqual(['both_unused.cust', 'read_dup.cust_dup']);
  });
});
