import { describe, expect, it } from 'vitest';
import { parsePlan, type Plan, type PlanNode } from '../../../src/shared/explain';

function plan(text: string): Plan {
  const result = parsePlan(text, { dialect: 'mysql-tree' });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.plan;
}

const child = (n: PlanNode, ...path: number[]) => path.reduce((node, i) => node.children[i]!, n);

describe('MySQL FORMAT=TREE and EXPLAIN ANALYZE text', () => {
  it('reads estimates, with cost ranges and engineering notation', () => {
    const p = plan(
      [
        '-> Nested loop inner join  (cost=1.27e+6 rows=1.4e+6)',
        '    -> Table scan on c  (cost=17685..17743 rows=4431)',
        '    -> Index lookup on o using customer_id (customer_id = c.id)  (cost=0.25 rows=200e-6)',
      ].join('\n'),
    );
    expect(p.root).toMatchObject({ kind: 'join', rows: 1.4e6, cost: { total: 1.27e6 } });
    expect(child(p.root, 0)).toMatchObject({
      kind: 'table',
      table: 'c',
      rows: 4431,
      cost: { total: 17743 },
    });
    expect(child(p.root, 0).flags).toContain('full-table-scan');
    expect(child(p.root, 1)).toMatchObject({ table: 'o', key: 'customer_id', rows: 200e-6 });
    expect(p.analyzed).toBe(false);
  });

  it('derives totals and exclusive time from per-loop averages', () => {
    const p = plan(
      [
        '-> Nested loop inner join  (cost=5 rows=30) (actual time=0.05..3 rows=5020 loops=1)',
        '    -> Index range scan on c using PRIMARY over (id <= 3)  (cost=0.9 rows=3) (actual time=0.03..0.04 rows=3 loops=1)',
        '    -> Index lookup on o using customer_id (customer_id = c.id)  (cost=0.6 rows=11) (actual time=0.01..0.8 rows=1673 loops=3)',
      ].join('\n'),
    );
    const inner = child(p.root, 1);
    expect(inner.actual).toMatchObject({
      executed: true,
      rows: 1673,
      loops: 3,
      totalRows: 5019,
      firstRowMs: 0.01,
      lastRowMs: 0.8,
    });
    expect(inner.actual!.totalTimeMs).toBeCloseTo(2.4);
    expect(p.root.actual!.selfTimeMs).toBeCloseTo(3 - 0.04 - 2.4);
    // The inner side's cost is per outer row: 5 - 0.9 - 0.6 * 3.
    expect(p.root.cost!.self).toBeCloseTo(2.3);
    expect(p.analyzed).toBe(true);
  });

  it('marks never-executed nodes and keeps heading-only lines as nodes', () => {
    const p = plan(
      [
        '-> Inner hash join (t2.c2 = t1.c1)  (cost=4.70 rows=6) (actual time=0.032..0.035 rows=6 loops=1)',
        '    -> Table scan on t2  (cost=0.06 rows=6) (never executed)',
        '    -> Hash',
        '        -> Table scan on t1  (cost=0.85 rows=6) (actual time=0.018..0.022 rows=6 loops=1)',
      ].join('\n'),
    );
    expect(child(p.root, 0).actual).toEqual({ executed: false, rows: 0, loops: 0 });
    expect(child(p.root, 1)).toMatchObject({
      kind: 'other',
      label: 'Hash',
      actual: undefined,
      cost: undefined,
    });
    // The heading passes its input's time up: the join's own time excludes the build side.
    expect(p.root.actual!.selfTimeMs).toBeCloseTo(0.035 - 0.022);
    expect(p.root.flags).toEqual(expect.arrayContaining(['hash-join', 'join-buffer']));
    expect(p.root.condition).toBe('t2.c2 = t1.c1');
  });

  it('nests extra top-level subqueries under the first root, as JSON v2 does', () => {
    const p = plan(
      [
        "-> Filter: (c.country = 'NZ')  (cost=26.5 rows=250)",
        "    -> Covering index lookup on c using country_city (country = 'NZ')  (cost=26.5 rows=250)",
        '-> Select #2 (subquery in projection; dependent)',
        '    -> Aggregate: count(0)  (cost=4 rows=1)',
      ].join('\n'),
    );
    expect(p.root.children.map((c) => c.kind)).toEqual(['table', 'subquery']);
    expect(child(p.root, 1).flags).toContain('dependent');
    expect(child(p.root, 1, 0).kind).toBe('aggregate');
  });

  it('joins wrapped continuation lines (as the manual prints them)', () => {
    const p = plan(
      '-> Filter: (t3.i > 8)  (cost=1.75 rows=5)\n(actual time=0.019..0.021 rows=6 loops=1)\n    -> Table scan on t3  (cost=1.75 rows=15)\n(actual time=0.017..0.019 rows=15 loops=1)',
    );
    expect(p.root.actual).toMatchObject({ rows: 6, lastRowMs: 0.021 });
    expect(p.root.condition).toBe('(t3.i > 8)');
    expect(child(p.root, 0).actual).toMatchObject({ rows: 15 });
  });

  it('reads index condition pushdown, covering and re-planned ranges', () => {
    const p = plan(
      [
        "-> Index lookup on c using country_city (country = 'NZ'), with index condition: (c.country = 'NZ')  (cost=46 rows=250)",
        '    -> Covering index scan on `my table` using PRIMARY  (cost=1 rows=10)',
        '    -> Index range scan on o (re-planned for each iteration)  (cost=42.5 rows=50311)',
      ].join('\n'),
    );
    expect(p.root.indexCondition).toBe("(c.country = 'NZ')");
    expect(p.root.flags).toContain('index-condition');
    expect(child(p.root, 0)).toMatchObject({ table: 'my table', key: 'PRIMARY' });
    expect(child(p.root, 0).flags).toEqual(['full-index-scan', 'covering-index']);
    expect(child(p.root, 1).flags).toContain('range-checked');
  });

  it('says where a text stops being a tree', () => {
    expect(parsePlan('hello\n-> Table scan on t', { dialect: 'mysql-tree' })).toEqual({
      ok: false,
      error: { message: 'not a plan: expected a line starting with "->"', line: 1, column: 1 },
    });
  });
});
