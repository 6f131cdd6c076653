// Plans of one statement before and after an index, explained on the real servers, compared by
// `diffPlans` and by `sightline explain --compare` on the files a DBA would save.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainCommand } from '../../../src/main/cli/explain-command';
import { runCapturedCli } from '../../cli-harness/captured-cli';
import {
  diffPlans,
  explainPlanText,
  planShapeFingerprint,
  type PlanNode,
} from '../../../src/shared/explain';
import { connectTo, withConnection } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';

const DATABASE = 'sightline_plan_diff';
const QUERY = `SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id
  WHERE c.country = 'NZ' AND o.total > 100`;
const servers = testServers();

const targets: Array<{ name: string; endpoint: ServerEndpoint; explain: string[] }> = [
  { name: 'MySQL 9.7', endpoint: servers.mysql!, explain: ['FORMAT=TREE', 'FORMAT=JSON'] },
  { name: 'MariaDB 10.11', endpoint: servers.mariadb!, explain: ['FORMAT=JSON'] },
  { name: 'MariaDB 11.8', endpoint: servers.mariadb118!, explain: ['FORMAT=JSON'] },
];

const SCHEMA = [
  `DROP DATABASE IF EXISTS ${DATABASE}`,
  `CREATE DATABASE ${DATABASE}`,
  `CREATE TABLE ${DATABASE}.customers (id INT PRIMARY KEY, country CHAR(2) NOT NULL,
     name VARCHAR(40) NOT NULL)`,
  `CREATE TABLE ${DATABASE}.orders (id INT PRIMARY KEY, customer_id INT NOT NULL,
     total DECIMAL(10,2) NOT NULL)`,
  `INSERT INTO ${DATABASE}.customers
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
     SELECT i, ELT(1 + i % 20, 'NZ','US','DE','FR','GB','IT','ES','NL','BE','SE',
       'NO','DK','FI','PL','CZ','AT','CH','PT','IE','AU'), CONCAT('customer ', i) FROM n`,
  `INSERT INTO ${DATABASE}.orders
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
     SELECT i, 1 + (i * 7919) % 2000, (i * 37) % 500 FROM n`,
  `ANALYZE TABLE ${DATABASE}.customers, ${DATABASE}.orders`,
];

async function explain(c: Connection, format: string): Promise<string> {
  const [rows] = await c.query<RowDataPacket[]>(`EXPLAIN ${format} ${QUERY}`);
  return String(Object.values(rows[0]!)[0]);
}

function root(text: string): PlanNode {
  const result = explainPlanText(text);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.report.root;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-plan-diff-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `sightline explain --compare` on two saved plans: its exit status and output. */
async function compareFiles(name: string, before: string, after: string) {
  const files = [path.join(dir, `${name}-before.txt`), path.join(dir, `${name}-after.txt`)];
  await writeFile(files[0]!, before);
  await writeFile(files[1]!, after);
  return runCapturedCli(['explain', '--compare', ...files], [explainCommand]);
}

describe.each(targets)(
  '$name: a plan before and after an index',
  ({ name, endpoint, explain: formats }) => {
    let c: Connection;
    const plans = new Map<string, { before: string; indexed: string; dropped: string }>();

    beforeAll(async () => {
      await withConnection(endpoint, async (admin) => {
        const depth = name.startsWith('MySQL')
          ? 'cte_max_recursion_depth'
          : 'max_recursive_iterations';
        await admin.query(`SET SESSION ${depth} = 100000`);
        for (const statement of SCHEMA) await admin.query(statement);
      });
      c = await connectTo(endpoint, { database: DATABASE });
      const before = await Promise.all(formats.map((f) => explain(c, f)));
      await c.query('ALTER TABLE orders ADD INDEX ix_customer (customer_id)');
      await c.query('ANALYZE TABLE orders');
      const indexed = await Promise.all(formats.map((f) => explain(c, f)));
      await c.query('ALTER TABLE orders DROP INDEX ix_customer');
      await c.query('ANALYZE TABLE orders');
      const dropped = await Promise.all(formats.map((f) => explain(c, f)));
      formats.forEach((f, i) =>
        plans.set(f, { before: before[i]!, indexed: indexed[i]!, dropped: dropped[i]! }),
      );
    }, 120_000);

    afterAll(async () => {
      await c?.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
      await c?.end();
    });

    it.each(formats)('%s: says that orders is now looked up by the new index', async (format) => {
      const { before, indexed } = plans.get(format)!;
      const diff = diffPlans(root(before), root(indexed));
      expect(diff.sameShape).toBe(false);
      const texts = diff.changes.map((ch) => ch.text);
      // Without the index every server reads orders first and looks customers up by PRIMARY;
      // with it, it scans customers and looks orders up.
      expect(texts.slice(0, 3)).toEqual([
        'Join order changed: o → c became c → o',
        'o: access full scan → lookup (better)',
        'o: index (none) → ix_customer',
      ]);
      expect(texts).toContain('c: access single row → full scan (worse)');
      expect(texts).toContain('c: index PRIMARY → (none)');
      // The customers read is the same step in both plans: matched, and not reported as moved
      // in or out.
      expect(
        texts.filter((t) => t.startsWith('c: now read') || t.startsWith('c: no longer')),
      ).toEqual([]);
      const cli = await compareFiles(`${name}-${format}`.replace(/\W+/g, '-'), before, indexed);
      expect(cli.code).toBe(1);
      expect(cli.stdout).toMatch(/^Plan changed: shape [0-9a-f]{16} → [0-9a-f]{16}\n/);
      expect(cli.stdout).toContain('[info] o: access full scan → lookup (better)\n');
      expect(cli.stderr).toBe('');
    });

    it.each(formats)('%s: finds the same shape again once the index is dropped', async (format) => {
      const { before, dropped } = plans.get(format)!;
      const diff = diffPlans(root(before), root(dropped));
      expect(diff.sameShape).toBe(true);
      expect(diff.changes.filter((ch) => ch.kind !== 'rows' && ch.kind !== 'cost')).toEqual([]);
      const cli = await compareFiles(
        `${name}-${format}-dropped`.replace(/\W+/g, '-'),
        before,
        dropped,
      );
      expect(cli.code).toBe(0);
      expect(cli.stdout).toMatch(/^Same plan shape \([0-9a-f]{16}\)/);
    });

    // Only MySQL has two formats of one plan to hold side by side.
    if (formats.length > 1)
      it('gives FORMAT=TREE and FORMAT=JSON of one plan one shape', () => {
        const [tree, json] = formats.map((f) => plans.get(f)!);
        for (const which of ['before', 'indexed'] as const)
          expect(planShapeFingerprint(root(tree![which]))).toBe(
            planShapeFingerprint(root(json![which])),
          );
        expect(planShapeFingerprint(root(tree!.before))).not.toBe(
          planShapeFingerprint(root(tree!.indexed)),
        );
      });
  },
);
