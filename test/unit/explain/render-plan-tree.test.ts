import { describe, expect, it } from 'vitest';
import { explainPlanText, renderPlanTree, type PlanReport } from '../../../src/shared/explain';

function report(text: string): PlanReport {
  const result = explainPlanText(text);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.report;
}

describe('renderPlanTree', () => {
  it('draws the tree pt-visual-explain style, with figures and findings under each node', () => {
    const r = report(
      [
        '-> Nested loop inner join  (cost=1040 rows=2839) (actual time=0.222..15.6 rows=2500 loops=1)',
        "    -> Index lookup on c using country_city (country = 'NZ')  (cost=46 rows=250) (actual time=0.159..1.18 rows=250 loops=1)",
        '    -> Table scan on o  (cost=2.84 rows=50000) (actual time=0.0538..0.0565 rows=10 loops=250)',
      ].join('\n'),
    );
    const text = renderPlanTree(r, { diagnostics: r.diagnostics });
    const lines = text.split('\n');
    expect(lines.slice(0, 18)).toEqual([
      'MySQL EXPLAIN FORMAT=TREE / EXPLAIN ANALYZE, measured',
      '',
      'Nested loop inner join  #0',
      '|  rows 2.8 k  cost 1.0 k (self 284)',
      '|  actual 2.5 k rows x 1 loop, 15.6 ms (self 0.295 ms)',
      "+- Index lookup on c using country_city (country = 'NZ')  #1",
      '|     table c  access index lookup  key country_city',
      '|     rows 250  cost 46',
      '|     actual 250 rows x 1 loop, 1.18 ms (self 1.18 ms)',
      '+- Table scan on o  #2',
      '      table o  access table scan',
      '      rows 50 k  cost 2.84',
      '      actual 10 rows x 250 loops, 14.1 ms (self 14.1 ms)',
      '      [full-table-scan]',
      '      ! danger: Row estimate off by 5,000×: Table scan on o',
      '      ! warning: Full table scan on o',
      '      ! info: Most time: Table scan on o',
      '',
    ]);
    expect(lines).toContain('Diagnostics:');
    expect(text).toContain('  [warning] #2 Full table scan on o\n    Every row of o is read');
  });

  it('says when there is nothing to report', () => {
    const r = report('-> Rows fetched before execution  (cost=0..0 rows=1)');
    expect(renderPlanTree(r, { diagnostics: r.diagnostics })).toContain('Diagnostics: none');
  });

  it('renders deep plans without recursion', () => {
    const lines = Array.from(
      { length: 900 },
      (_, i) => `${' '.repeat(i * 4)}-> Filter: (x)  (cost=1 rows=1)`,
    );
    const r = report(lines.join('\n'));
    expect(renderPlanTree(r).split('\n').length).toBeGreaterThan(900);
  });
});
