import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainPlanText, type PlanReport } from '../../../src/shared/explain/explain-report';
import { groupFindings } from '../../../src/shared/explain/group-findings';
import { exactFigures, exactNumber, nodeFacts } from '../../../src/shared/explain/node-facts';
import { createNode, type PlanNode } from '../../../src/shared/explain/plan-model';

const SAMPLES = path.resolve(__dirname, '../../../resources/sample-plans');
const sample = (file: string) => readFileSync(path.join(SAMPLES, file), 'utf8');

function report(text: string, statement?: string): PlanReport {
  const r = explainPlanText(text, statement === undefined ? {} : { statement });
  if (!r.ok) throw new Error(r.error.message);
  return r.report;
}

function find(root: PlanNode, test: (n: PlanNode) => boolean): PlanNode {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (test(n)) return n;
    stack.push(...n.children);
  }
  throw new Error('no such node');
}

describe('findings grouped', () => {
  it('list a finding repeated on many nodes once, with every node', () => {
    // A UNION of 300 identical full scans: one finding, 300 nodes.
    const branch = '        -> Table scan on t  (cost=500 rows=5000)';
    const text = ['-> Append', ...Array.from({ length: 300 }, () => branch)].join('\n');
    const r = report(text);
    const scans = r.diagnostics.filter((d) => d.code === 'full-scan');
    expect(scans).toHaveLength(300);
    const groups = groupFindings(r.diagnostics).filter((g) => g.finding.code === 'full-scan');
    expect(groups).toHaveLength(1);
    expect(groups[0]!.nodeIds).toEqual(scans.map((d) => d.nodeId));
  });

  it('keep findings that say different things apart, in their order', () => {
    const r = report(
      '-> Nested loop inner join\n    -> Table scan on a  (rows=5000)\n    -> Table scan on b  (rows=5000)',
    );
    const groups = groupFindings(r.diagnostics);
    expect(groups.map((g) => g.finding)).toEqual(r.diagnostics);
  });
});

describe('suggested DDL names the real table', () => {
  const mariadb = sample('join-buffer-mariadb-analyze.json');

  it('resolves MariaDB aliases through the statement explained, with its schema', () => {
    const sql = 'ANALYZE FORMAT=JSON SELECT * FROM shop.orders a JOIN shop.orders b ON b.x = a.x';
    const r = report(mariadb, sql);
    const scan = r.diagnostics.find((d) => d.code === 'full-scan' && d.title.endsWith(' a'))!;
    expect(scan.suggestion).toContain('ALTER TABLE `shop`.`orders` ADD INDEX (`action`)');
    expect(r.diagnostics.map((d) => d.suggestion ?? '').join('\n')).not.toMatch(
      /ALTER TABLE `?[ab]`? /,
    );
  });

  it('gives no DDL on an alias it cannot resolve, and says the table name is needed', () => {
    const r = report(mariadb);
    const suggestions = r.diagnostics.map((d) => d.suggestion ?? '').join('\n');
    expect(suggestions).not.toContain('ALTER TABLE');
    expect(suggestions).toContain('the DDL needs the real table name');
  });

  it('never puts an alias in ANALYZE TABLE', () => {
    const tree = sample('misestimate-mysql-analyze.txt');
    const alone = report(tree).diagnostics.find((d) => d.code === 'misestimate')!;
    expect(alone.suggestion).not.toMatch(/ANALYZE TABLE o\b/);
    expect(alone.suggestion).toContain('the DDL needs the real table name');
    const sql =
      'EXPLAIN ANALYZE SELECT c.id FROM customers c JOIN orders o ON o.customer_id = c.id';
    const known = report(tree, sql).diagnostics.find((d) => d.code === 'misestimate')!;
    expect(known.suggestion).toContain('ANALYZE TABLE `orders`');
  });

  it('takes MySQL JSON v2 table names as they are', () => {
    const text = JSON.stringify({
      query: 'select * from shop.orders o where o.status = 1',
      query_plan: {
        operation: 'Filter: (o.status = 1)',
        access_type: 'filter',
        condition: '(o.status = 1)',
        estimated_rows: 5000,
        inputs: [
          {
            operation: 'Table scan on o',
            access_type: 'table',
            table_name: 'orders',
            alias: 'o',
            schema_name: 'shop',
            estimated_rows: 50000,
            estimated_total_cost: 5000,
          },
        ],
      },
    });
    const scan = report(text).diagnostics.find((d) => d.code === 'full-scan')!;
    expect(scan.suggestion).toContain('ALTER TABLE `shop`.`orders` ADD INDEX (`status`)');
  });
});

describe('node details', () => {
  it('format numbers as the diagram does and keep the exact value for the hover', () => {
    const n = createNode('table', 'orders');
    n.rows = 19944.80029720068;
    n.cost = { self: 1234.5, total: 2e6 };
    const facts = nodeFacts(n);
    expect(facts.find((f) => f.label === 'Rows (estimate)')).toEqual({
      label: 'Rows (estimate)',
      text: '20 k',
      exact: '19,944.80029720068',
    });
    expect(facts.find((f) => f.label === 'Cost (with inputs)')).toMatchObject({
      text: '2.0 M',
      exact: '2,000,000',
    });
  });

  it('show measurements one figure a line, never as JSON, with the misestimate', () => {
    const r = report(sample('misestimate-mysql-analyze.txt'));
    const o = find(r.root, (n) => n.table === 'o');
    const facts = nodeFacts(o);
    expect(facts.map((f) => f.text).join('\n')).not.toMatch(/[{}"]/);
    const byLabel = Object.fromEntries(facts.map((f) => [f.label, f.text]));
    expect(byLabel['Loops']).toBe('3');
    expect(byLabel['Time (all loops)']).toMatch(/ ms$/);
    // Exact times keep their unit.
    const time = facts.find((f) => f.label === 'Time (all loops)')!;
    expect(time.exact).toMatch(/^[\d,]+\.\d+ ms$/);
    expect(time.exact).toBe(`${exactNumber(o.actual!.totalTimeMs!)} ms`);
    expect(byLabel['Estimate vs measured']).toMatch(/^\d+× more rows than estimated$/);
  });

  it('give the box’s hover every digit of the figures it rounds', () => {
    const n = createNode('table', 'orders');
    n.rows = 19944.80029720068;
    n.cost = { self: 12, total: 2e6 };
    expect(exactFigures(n)).toEqual([
      'Rows (estimate): 19,944.80029720068',
      'Cost (with inputs): 2,000,000',
    ]);
  });

  it('write exact numbers with every digit, grouped', () => {
    expect(exactNumber(1204331)).toBe('1,204,331');
    expect(exactNumber(-0.5)).toBe('-0.5');
    expect(exactNumber(1e21)).toBe('1e+21');
  });
});
