// Plans are parsed, never trusted: a table name no server object can have (empty, with a NUL,
// beyond the Basic Multilingual Plane) cannot be quoted for DDL, and must not make the
// diagnosis throw (explainPlanText never throws). Found by the fast-path differential test.
import { describe, expect, it } from 'vitest';
import { explainPlanText } from '../../../src/shared/explain';

/** A JSON v2 EXPLAIN ANALYZE of one table scan, misestimated a hundredfold, of 5,000 rows. */
function scanOf(table: string): string {
  return JSON.stringify({
    query: 'select * from t where a = 1',
    query_plan: {
      operation: `Table scan on ${table}`,
      access_type: 'table',
      table_name: table,
      alias: 't',
      condition: '(t.a = 1)',
      estimated_rows: 5000,
      actual_rows: 50,
      actual_loops: 1,
      estimated_total_cost: 500,
    },
  });
}

describe('diagnosis of tables with names DDL cannot quote', () => {
  it.each(['', 'a\0b', 'e\u{1F600}'])('reports %j without DDL, and does not throw', (table) => {
    const result = explainPlanText(scanOf(table));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const codes = result.report.diagnostics.map((d) => d.code);
    expect(codes).toContain('misestimate');
    expect(codes).toContain('full-scan');
    for (const d of result.report.diagnostics) expect(d.suggestion ?? '').not.toMatch(/ALTER|`/);
  });

  it('still names a quotable table in its DDL', () => {
    const result = explainPlanText(scanOf('orders'));
    if (!result.ok) throw new Error('not a plan');
    const scan = result.report.diagnostics.find((d) => d.code === 'full-scan');
    expect(scan?.suggestion).toContain('ALTER TABLE `orders` ADD INDEX (`a`)');
  });
});
