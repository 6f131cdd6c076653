// Real plan flips made on MySQL 9.7 (optimizer_switch, formats of one plan), compared as a DBA
// reads them: the report names what changed, and one plan in any format has one shape.
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  diffPlans,
  explainPlanText,
  planShapeFingerprint,
  type PlanNode,
} from '../../../src/shared/explain';
import { accessClassOf } from '../../../src/shared/explain/access-class';
import { connectTo } from '../../servers/connect';
import { testServers } from '../../servers/provided';

const DATABASE = 'sightline_plan_flips';
const mysql = testServers().mysql!;

let c: Connection;

beforeAll(async () => {
  c = await connectTo(mysql);
  await c.query('SET SESSION cte_max_recursion_depth = 100000');
  await c.query(
    `DROP DATABASE IF EXISTS ${DATABASE}; CREATE DATABASE ${DATABASE}; USE ${DATABASE}`,
  );
  await c.query(`CREATE TABLE customers (id INT PRIMARY KEY, country CHAR(2) NOT NULL,
    name VARCHAR(40) NOT NULL)`);
  await c.query(`CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL,
    total DECIMAL(10,2) NOT NULL, status TINYINT NOT NULL, KEY ix_customer (customer_id),
    KEY ix_total (total))`);
  await c.query(`INSERT INTO customers
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
    SELECT i, ELT(1 + i % 4, 'NZ','US','DE','FR'), CONCAT('customer ', i) FROM n`);
  await c.query(`INSERT INTO orders
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
    SELECT i, 1 + (i * 7919) % 2000, 1 + (i * 37) % 500, IF(i % 50 = 0, 1, 0) FROM n`);
  await c.query('ANALYZE TABLE customers, orders');
}, 120_000);

afterAll(async () => {
  await c?.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await c?.end();
});

async function plan(explain: string): Promise<PlanNode> {
  const [rows] = await c.query<RowDataPacket[]>(explain);
  const result = explainPlanText(String(Object.values(rows[0]!)[0]));
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.report.root;
}

function nodes(root: PlanNode): PlanNode[] {
  const out: PlanNode[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    out.push(node);
    stack.push(...node.children);
  }
  return out;
}

describe('MySQL 9.7: a semijoin turned back into a subquery', () => {
  const QUERY = `SELECT c.name FROM customers c
    WHERE c.id IN (SELECT o.customer_id FROM orders o WHERE o.total > 490)`;
  // Duplicate weedout is the only semijoin strategy left on: the plan cannot pick another.
  const WEEDOUT =
    'semijoin=on,duplicateweedout=on,materialization=off,firstmatch=off,loosescan=off';

  it.each(['FORMAT=TREE', 'FORMAT=JSON'])('%s: the weedout that went is named', async (format) => {
    await c.query(`SET SESSION optimizer_switch = '${WEEDOUT}'`);
    const before = await plan(`EXPLAIN ${format} ${QUERY}`);
    await c.query(`SET SESSION optimizer_switch = 'semijoin=off'`);
    const after = await plan(`EXPLAIN ${format} ${QUERY}`);
    await c.query(`SET SESSION optimizer_switch = 'default'`);
    expect(before.label).toBe('Remove duplicate c rows using temporary table (weedout)');
    // A weedout removes duplicates with a temporary table, as JSON v1's duplicates_removal says.
    expect(before.kind).toBe('dedupe');
    expect(before.flags).toContain('temporary');
    const removed = diffPlans(before, after).changes.filter(
      (ch) => ch.kind === 'operation-removed',
    );
    expect(removed.map((ch) => ch.text)).toContain(
      'Removed: Remove duplicate c rows using temporary table (weedout)',
    );
  });
});

describe('MySQL 9.7: one plan in every format has one shape', () => {
  const QUERIES = {
    'GROUP BY through a temporary table': `SELECT o.status, COUNT(*) FROM orders o
      WHERE o.total > 400 GROUP BY o.status`,
    UNION: `SELECT id FROM customers WHERE country = 'NZ'
      UNION SELECT customer_id FROM orders WHERE total > 499`,
    'a materialized CTE': `WITH t AS (SELECT customer_id, SUM(total) s FROM orders
      GROUP BY customer_id) SELECT STRAIGHT_JOIN c.name, t.s FROM t JOIN customers c ON c.id = t.customer_id
      WHERE t.s > 5000`,
  };
  const FORMATS = [
    'EXPLAIN FORMAT=JSON',
    'EXPLAIN FORMAT=TREE',
    'EXPLAIN ANALYZE FORMAT=JSON',
    'EXPLAIN ANALYZE FORMAT=TREE',
  ];

  it.each(Object.entries(QUERIES))('%s', async (_name, query) => {
    const plans = [];
    for (const format of FORMATS) plans.push(await plan(`${format} ${query}`));
    const shapes = plans.map(planShapeFingerprint);
    expect(new Set(shapes).size).toBe(1);
    for (const root of plans) {
      // The server's own results (temporary tables, the CTE) are read whole, in every format,
      // and are not scans of a stored table (which the diagnostics would flag).
      const reads = nodes(root).filter((n) => /^Table scan on (?:<|t$)/.test(n.label));
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) {
        expect(accessClassOf(read)).toBe('full scan');
        expect(read.flags).not.toContain('full-table-scan');
      }
      // And no compare of two formats of it reports a change of access.
      expect(diffPlans(plans[0]!, root).changes.filter((ch) => ch.kind === 'access')).toEqual([]);
    }
  });
});

describe('MySQL 9.7: index condition pushdown switched off', () => {
  const QUERY = `SELECT o.id FROM orders o
    WHERE o.customer_id BETWEEN 5 AND 50 AND o.total > 100`;

  it.each(['FORMAT=TREE', 'FORMAT=JSON'])('%s: says the pushed condition went', async (format) => {
    const before = await plan(`EXPLAIN ${format} ${QUERY}`);
    await c.query(`SET SESSION optimizer_switch = 'index_condition_pushdown=off'`);
    const after = await plan(`EXPLAIN ${format} ${QUERY}`);
    await c.query(`SET SESSION optimizer_switch = 'default'`);
    const diff = diffPlans(before, after);
    // The same operations on the same index: the shape stays, the words say what moved (the
    // range condition from the index read up to the filter).
    expect(diff.sameShape).toBe(true);
    expect(diff.changes.map((ch) => [ch.kind, ch.severity, ch.text])).toEqual([
      [
        'condition',
        'info',
        'Filter: condition (o.total > 100.00) → ((o.customer_id between 5 and 50) and (o.total > 100.00))',
      ],
      ['flag-removed', 'info', 'o: no longer uses index condition pushdown'],
    ]);
  });
});
