import { describe, expect, it } from 'vitest';
import { nodeLines } from '../../../src/renderer/plan/node-lines';
import { searchPlan } from '../../../src/renderer/plan/plan-search';
import { explainPlanText } from '../../../src/shared/explain/explain-report';
import type { PlanNode } from '../../../src/shared/explain/plan-model';
import { nameTablesInFindings, shownTables } from '../../../src/shared/explain/shown-tables';

// Issue 17 section 4: MariaDB names a table by its alias only ("▦ o", "Full table scan on o")
// while the finding's DDL names `orders`; MySQL JSON v2 says "orders (as o)".
const SQL = 'SELECT o.status, COUNT(*) FROM shop.orders o WHERE o.total > 5 GROUP BY o.status';
const MARIADB = JSON.stringify({
  query_block: {
    select_id: 1,
    nested_loop: [
      {
        table: {
          table_name: 'o',
          access_type: 'ALL',
          rows: 2000,
          filtered: 100,
          attached_condition: 'o.total > 5',
        },
      },
    ],
  },
});

function findNode(node: PlanNode, id: number): PlanNode | undefined {
  if (node.id === id) return node;
  for (const c of node.children) {
    const found = findNode(c, id);
    if (found) return found;
  }
  return undefined;
}

function explained(doc: string, statement: string) {
  const result = explainPlanText(doc, { statement });
  if (!result.ok) throw new Error(result.error.message);
  const { report } = result;
  const plan = { dialect: report.dialect, root: report.root, analyzed: report.analyzed };
  return { report, shown: shownTables(plan, statement) };
}

describe('tables a plan names by alias only, shown by their real names', () => {
  it('name the MariaDB table in its box and findings as MySQL JSON v2 does', () => {
    const { report, shown } = explained(MARIADB, SQL);
    const table = [...shown.keys()][0]!;
    expect([...shown.values()]).toEqual([{ table: 'orders', alias: 'o' }]);
    const node = findNode(report.root, table)!;
    expect(nodeLines(node).title).toBe('o');
    expect(nodeLines(node, shown.get(table)).title).toBe('orders o');
    const findings = nameTablesInFindings(report.diagnostics, shown);
    const scan = findings.find((d) => d.code === 'full-scan')!;
    expect(scan.title).toBe('Full table scan on orders (as o)');
    expect(scan.explanation).toMatch(/^Every row of orders \(as o\) is read \(about 2\.0 k rows\)/);
    expect(scan.suggestion).toBe(
      'An index on orders (as o) (total) would let the server read only the matching rows. To add it: ALTER TABLE `shop`.`orders` ADD INDEX (`total`);',
    );
    // The diagnosis itself is left as it was.
    expect(report.diagnostics.find((d) => d.code === 'full-scan')!.title).toBe(
      'Full table scan on o',
    );
  });

  it('let a search by the real table find the node the plan names by alias', () => {
    const { report, shown } = explained(MARIADB, SQL);
    const id = [...shown.keys()][0]!;
    expect(searchPlan(report.root, 'orders')).toEqual([]);
    expect(searchPlan(report.root, 'orders', shown)).toEqual([id]);
    expect(searchPlan(report.root, 'o ALL', shown)).toEqual([id]);
  });

  it('rename only where a table name stands, not in conditions, quotes or DDL', () => {
    const { report, shown } = explained(MARIADB, SQL);
    const id = [...shown.keys()][0]!;
    const [d] = nameTablesInFindings(
      [
        {
          code: 'full-scan',
          severity: 'warning',
          nodeId: id,
          title: 'Index lookup on o using k',
          explanation: 'on o.total > 5 of "o" and `o` of orders',
          suggestion: 'ALTER TABLE `o` ADD INDEX (`o`); on o',
        },
      ],
      shown,
    );
    expect(d).toEqual({
      code: 'full-scan',
      severity: 'warning',
      nodeId: id,
      title: 'Index lookup on orders (as o) using k',
      explanation: 'on o.total > 5 of "o" and `o` of orders',
      suggestion: 'ALTER TABLE `o` ADD INDEX (`o`); on orders (as o)',
    });
    expect(report.diagnostics.length).toBeGreaterThan(0);
  });

  it('leave plans alone without a statement, or with tables not aliased', () => {
    expect(explained(MARIADB, '').shown.size).toBe(0);
    const plain = MARIADB.replace('"o"', '"orders"');
    const { report, shown } = explained(plain, 'SELECT * FROM orders WHERE total > 5');
    expect(shown.size).toBe(0);
    expect(nameTablesInFindings(report.diagnostics, shown)).toBe(report.diagnostics);
  });
});
