// An index experiment builds an index and drops it again; when the backend stops between the two
// (killed, crashed, power lost), the index stays. Here the state it leaves is made directly (the
// statements an experiment runs, without its clean-up), including the case where building the
// index made the server drop a foreign key's own index. Schema health must name each such index
// as left by an experiment, with a statement that, run, puts the table back as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession } from './session-helpers';

failOnUnhandledErrors();

const servers = testServers();

describe.each([
  ['MySQL 9.7', servers.mysql, ' INVISIBLE'],
  ['MariaDB 10.11', servers.mariadb, ''],
] as const)('an index an experiment left on %s', (_name, server, invisible) => {
  const db = `sl_left_${Math.random().toString(36).slice(2, 8)}`;
  let b: BackendUnderTest;
  const indexes = () =>
    withConnection(server, async (c) => {
      const [rows] = await c.query(
        `SELECT TABLE_NAME, INDEX_NAME, GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX) AS cols
         FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ?
         GROUP BY TABLE_NAME, INDEX_NAME`,
        [db],
      );
      // Sorted here: the two servers' collations order `_` differently.
      return (rows as Array<Record<string, string>>)
        .map((r) => `${r.TABLE_NAME}.${r.INDEX_NAME}(${r.cols})`)
        .sort();
    });

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${db}`);
      await c.query(`USE ${db}`);
      await c.query('CREATE TABLE orders (id INT PRIMARY KEY, total INT NOT NULL)');
      await c.query('CREATE TABLE customers (id INT PRIMARY KEY)');
      await c.query(`CREATE TABLE order_lines (id INT PRIMARY KEY, customer_id INT NOT NULL,
        CONSTRAINT fk_order_lines_customer FOREIGN KEY (customer_id) REFERENCES customers (id))`);
      // What an experiment builds before its clean-up would drop it.
      await c.query(`CREATE INDEX sl_try_orders_total ON orders (total)${invisible}`);
      await c.query(
        `CREATE INDEX sl_try_order_lines_customer_id_id ON order_lines (customer_id, id)${invisible}`,
      );
    });
    b = await startBackend();
  });
  afterAll(async () => {
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${db}`));
    await b?.dispose();
  });

  it('is named as such, and its statement puts the table back as it was', async () => {
    // The server dropped the key's own index once the experiment's could serve the key.
    expect(await indexes()).toEqual([
      'customers.PRIMARY(id)',
      'order_lines.PRIMARY(id)',
      'order_lines.sl_try_order_lines_customer_id_id(customer_id,id)',
      'orders.PRIMARY(id)',
      'orders.sl_try_orders_total(total)',
    ]);
    const sessionId = await openSession(b, server, 'leftover');
    const health = await b.call('tuning.health', { sessionId, schema: db });
    if (!health.ok) throw new Error(health.error.message);
    // Nothing else is said of these indexes (no redundant or unused advice counting on them).
    expect(
      health.value.findings
        .filter((f) => f.index?.startsWith('sl_try_'))
        .map((f) => [f.kind, f.title, f.fixSql]),
    ).toEqual([
      [
        'experiment-index',
        'order_lines.sl_try_order_lines_customer_id_id was left by an index experiment',
        `ALTER TABLE \`${db}\`.\`order_lines\` ADD INDEX \`fk_order_lines_customer\` (\`customer_id\`), DROP INDEX \`sl_try_order_lines_customer_id_id\``,
      ],
      [
        'experiment-index',
        'orders.sl_try_orders_total was left by an index experiment',
        `ALTER TABLE \`${db}\`.\`orders\` DROP INDEX \`sl_try_orders_total\``,
      ],
    ]);
    const fixes = health.value.findings.filter((f) => f.kind === 'experiment-index');
    expect(fixes[0]!.explanation).toContain(
      'It is now the only index that serves foreign key fk_order_lines_customer (customer_id)',
    );
    await withConnection(server, async (c) => {
      for (const f of fixes) await c.query(f.fixSql);
    });
    expect(await indexes()).toEqual([
      'customers.PRIMARY(id)',
      'order_lines.PRIMARY(id)',
      'order_lines.fk_order_lines_customer(customer_id)',
      'orders.PRIMARY(id)',
    ]);
  });
});
