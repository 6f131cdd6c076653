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
      // Foreign keys: fk_only's index serves its key and nothing else reads it; fk_covered's
      // key is also served by a longer index.
      await c.query('CREATE TABLE customers (id INT PRIMARY KEY)');
      await c.query(`CREATE TABLE fk_only (id INT PRIMARY KEY, customer_id INT NOT NULL,
        KEY fk_cust_idx (customer_id),
        CONSTRAINT fk_only_customer FOREIGN KEY (customer_id) REFERENCES customers (id))`);
      await c.query(`CREATE TABLE fk_covered (id INT PRIMARY KEY, customer_id INT NOT NULL,
        total INT NOT NULL, KEY by_cust (customer_id), KEY by_cust_total (customer_id, total),
        CONSTRAINT fk_covered_customer FOREIGN KEY (customer_id) REFERENCES customers (id))`);
      await c.query('INSERT INTO customers VALUES (1), (2)');
      await c.query('INSERT INTO fk_only VALUES (1, 1), (2, 2)');
      await c.query('INSERT INTO fk_covered VALUES (1, 1, 5), (2, 2, 6)');
      // Both indexes are read, then cust_date, which covers cust, is hidden from the optimizer
      // (the usual first step of dropping it): cust is the only index lookups can use now.
      await c.query(`CREATE TABLE hidden_cover (id INT PRIMARY KEY, customer_id INT NOT NULL,
        ordered_at DATE NOT NULL, KEY cust (customer_id), KEY cust_date (customer_id, ordered_at))`);
      await c.query("INSERT INTO hidden_cover VALUES (1, 1, '2026-01-01'), (2, 2, '2026-01-02')");
      for (const index of ['cust', 'cust_date'])
        await c.query(`SELECT id FROM hidden_cover FORCE INDEX (${index}) WHERE customer_id = 1`);
      const hide = server === servers.mysql ? 'INVISIBLE' : 'IGNORED';
      await c.query(`ALTER TABLE hidden_cover ALTER INDEX cust_date ${hide}`);
      // The key is checked through fk_cust_idx, which performance_schema does not count.
      await c.query('DELETE FROM customers WHERE id = 3');
      await c.query('SELECT id FROM read_dup FORCE INDEX (cust_dup) WHERE customer_id = 1');
    });
    b = await startBackend();
  });
  afterAll(async () => {
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${db}`));
    await b?.dispose();
  });

  it('advises drops that, all followed, leave customer_id indexed and every key served', async () => {
    const sessionId = await openSession(b, server, 'advice');
    const health = await b.call('tuning.health', { sessionId, schema: db });
    if (!health.ok) throw new Error(health.error.message);
    const drops = health.value.findings.filter(
      (f) => f.kind === 'redundant-index' || f.kind === 'unused-index',
    );
    expect(drops.map((f) => [f.kind, f.table, f.index])).toEqual([
      // Both unused: drop the duplicate, keep the one it duplicates.
      ['redundant-index', 'both_unused', 'cust_dup'],
      // The longer index serves the key too.
      ['redundant-index', 'fk_covered', 'by_cust'],
      // Queries read through cust_dup: drop cust, the unused one.
      ['unused-index', 'read_dup', 'cust'],
    ]);
    // Listed as unused, but the last index of its key: the server would refuse to drop it.
    expect(health.value.notes).toContain(
      'fk_only.fk_cust_idx is listed as unused, but it is the last index that serves foreign key fk_only_customer (customer_id): the server refuses to drop it, and its checks of the key read through it without performance_schema counting them. Not advised.',
    );
    // The sys view (MySQL) and its rules (MariaDB) list cust as covered by the hidden index.
    expect(health.value.notes).toContain(
      'hidden_cover.cust is a prefix of cust_date, but cust_date is invisible or ignored (the optimizer does not use it), so dropping cust would leave (customer_id) without an index queries can use. Not advised.',
    );
    expect(drops[0]!.explanation).toContain('Keep cust:');
    expect(drops[2]!.explanation).toContain('Keep cust_dup:');

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
    expect(left).toEqual([
      'both_unused.cust',
      'fk_covered.by_cust_total',
      'fk_only.fk_cust_idx',
      'hidden_cover.cust',
      'hidden_cover.cust_date',
      'read_dup.cust_dup',
    ]);
  });
});
