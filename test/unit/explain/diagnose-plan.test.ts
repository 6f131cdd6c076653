import { describe, expect, it } from 'vitest';
import {
  diagnosePlan,
  explainPlanText,
  indexColumnsFromConditions,
  parsePlan,
  type DiagnoseOptions,
  type Diagnostic,
} from '../../../src/shared/explain';

function diagnose(text: string, options?: DiagnoseOptions): Diagnostic[] {
  const result = parsePlan(text);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return diagnosePlan(result.plan, options);
}

const codes = (ds: Diagnostic[]) => ds.map((d) => `${d.code}:${d.severity}`);

describe('full scans', () => {
  const scan = (rows: number) =>
    `-> Filter: (t.a = 5)  (cost=1 rows=1)\n    -> Table scan on t  (cost=1 rows=${rows})`;

  it('are reported from the row threshold up, danger from 100 times it', () => {
    expect(codes(diagnose(scan(999)))).not.toContain('full-scan:warning');
    expect(codes(diagnose(scan(1000)))).toContain('full-scan:warning');
    expect(codes(diagnose(scan(100_000)))).toContain('full-scan:danger');
    expect(codes(diagnose(scan(50), { fullScanRows: 10 }))).toContain('full-scan:warning');
  });

  it('suggest an index from the filter above the scan', () => {
    const d = diagnose(scan(5000)).find((x) => x.code === 'full-scan')!;
    expect(d).toMatchObject({ title: 'Full table scan on t', indexColumns: ['a'] });
    expect(d.suggestion).toContain('An index on t (a)');
  });

  it('count all loops when measured', () => {
    const ds = diagnose(
      '-> Nested loop inner join  (cost=9 rows=9) (actual time=1..2 rows=9 loops=1)\n' +
        '    -> Table scan on a  (cost=1 rows=3) (actual time=0.1..0.2 rows=3 loops=1)\n' +
        '    -> Table scan on b  (cost=1 rows=400) (actual time=0.1..0.5 rows=400 loops=3)',
    );
    const d = ds.find((x) => x.code === 'full-scan')!;
    expect(d.explanation).toContain('3 times (1.2 k rows in all)');
  });

  it('of the server’s own temporary results are not table scans', () => {
    expect(codes(diagnose('-> Table scan on <temporary>  (cost=1 rows=50000)'))).not.toContain(
      'full-scan:warning',
    );
  });
});

describe('index not used though possible', () => {
  it('is reported for a full scan with candidate keys', () => {
    const rows = JSON.stringify({
      query_block: {
        select_id: 1,
        table: {
          table_name: 'orders',
          access_type: 'ALL',
          possible_keys: ['status'],
          rows_examined_per_scan: 50000,
          attached_condition: "(`shop`.`orders`.`status` <> 'paid')",
        },
      },
    });
    const ds = diagnose(rows);
    expect(codes(ds)).toEqual(
      expect.arrayContaining(['full-scan:warning', 'index-not-used:warning']),
    );
    // `<>` cannot use an index: no column suggested.
    expect(ds.find((d) => d.code === 'full-scan')!.indexColumns).toBeUndefined();
  });
});

describe('misestimates', () => {
  const analyzed = (est: number, act: number, loops = 1) =>
    `-> Table scan on t  (cost=1 rows=${est}) (actual time=0.1..0.2 rows=${act} loops=${loops})`;

  it('are reported only above the factor (10x by default)', () => {
    expect(codes(diagnose(analyzed(100, 1000)))).not.toContain('misestimate:warning');
    expect(codes(diagnose(analyzed(100, 1001)))).toContain('misestimate:warning');
    expect(codes(diagnose(analyzed(100, 10_001)))).toContain('misestimate:danger');
    expect(codes(diagnose(analyzed(100, 5)))).toContain('misestimate:warning');
    expect(codes(diagnose(analyzed(100, 1001), { misestimateFactor: 20 }))).not.toContain(
      'misestimate:warning',
    );
  });

  it('ignore estimates below one row either way', () => {
    expect(codes(diagnose(analyzed(0.01, 0.9)))).not.toContain('misestimate:warning');
  });

  it('are reported where they start, not on every node above', () => {
    const ds = diagnose(
      '-> Filter: (t.a > 1)  (cost=1 rows=10) (actual time=0.1..0.2 rows=5000 loops=1)\n' +
        '    -> Table scan on t  (cost=1 rows=10) (actual time=0.1..0.2 rows=5000 loops=1)',
    );
    expect(ds.filter((d) => d.code === 'misestimate').map((d) => d.nodeId)).toEqual([1]);
  });

  it('are not reported when a LIMIT or a semi-join stopped reading early', () => {
    const ds = diagnose(
      '-> Limit: 10 row(s)  (cost=1 rows=10) (actual time=0.1..0.2 rows=10 loops=1)\n' +
        '    -> Table scan on t  (cost=1 rows=100000) (actual time=0.1..0.2 rows=10 loops=1)',
    );
    expect(codes(ds).filter((c) => c.startsWith('misestimate'))).toEqual([]);
  });
});

describe('the hottest node', () => {
  it('by exclusive time when measured', () => {
    const ds = diagnose(
      '-> Sort: t.a  (cost=9 rows=9) (actual time=1..10 rows=9 loops=1)\n    -> Table scan on t  (cost=1 rows=9) (actual time=0.1..2 rows=9 loops=1)',
    );
    const hot = ds.find((d) => d.code === 'hottest-node')!;
    expect(hot).toMatchObject({ nodeId: 0, title: 'Most time: Sort: t.a' });
    expect(hot.explanation).toContain('80%');
  });

  it('by own cost otherwise', () => {
    const ds = diagnose('-> Sort: t.a  (cost=9 rows=9)\n    -> Table scan on t  (cost=1 rows=9)');
    expect(ds.find((d) => d.code === 'hottest-node')).toMatchObject({
      nodeId: 0,
      title: 'Most cost: Sort: t.a',
    });
  });
});

describe('ordering', () => {
  it('gives the hottest node to the first in plan order of nodes that cost the same', () => {
    const ds = diagnose(
      '-> Nested loop inner join  (cost=0 rows=9)\n    -> Table scan on a  (cost=5 rows=9)\n    -> Table scan on b  (cost=5 rows=9)',
    );
    expect(ds.find((d) => d.code === 'hottest-node')).toMatchObject({
      nodeId: 1,
      title: 'Most cost: Table scan on a',
    });
  });

  it("keeps one node's findings in the order they are looked for, nodes in plan order", () => {
    const text = [
      '-> Sort: t.a  (cost=9 rows=5000) (actual time=1..10 rows=5000 loops=1)',
      '    -> Table scan on t  (cost=1 rows=5000) (actual time=0.1..2 rows=200 loops=1)',
      '    -> Table scan on u  (cost=1 rows=5000) (actual time=0.1..2 rows=200 loops=1)',
    ].join('\n');
    const expected = [
      'filesort:warning:0',
      'misestimate:warning:1',
      'full-scan:warning:1',
      'misestimate:warning:2',
      'full-scan:warning:2',
      'hottest-node:info:0',
    ];
    const listed = (ds: Diagnostic[]) => ds.map((d) => `${d.code}:${d.severity}:${d.nodeId}`);
    expect(listed(diagnose(text))).toEqual(expected);
    const explained = explainPlanText(text);
    expect(explained.ok && listed(explained.report.diagnostics)).toEqual(expected);
  });

  it('puts the most severe first', () => {
    const ds = diagnose(
      '-> Sort: t.a  (cost=9 rows=200000)\n    -> Table scan on t  (cost=1 rows=200000)',
    );
    const rank = { danger: 0, warning: 1, info: 2 };
    const severities = ds.map((d) => rank[d.severity]);
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
  });
});

describe('indexColumnsFromConditions', () => {
  it.each([
    ["(`shop`.`o`.`status` = 'paid')", 'o', ['status'], []],
    [
      "((o.`status` = 'returned') and (o.ordered_at >= TIMESTAMP'2023-01-01 00:00:00'))",
      'o',
      ['status'],
      ['ordered_at'],
    ],
    ['(orders.total between 100 and 105)', 'orders', [], ['total']],
    ['(b.customer_ref = a.customer_ref)', 'a', ['customer_ref'], []],
    ['(b.customer_ref = a.customer_ref)', 'b', ['customer_ref'], []],
    ['t.a1.x > 1 and t.a1.y in (1,2) and t.a1.z is null', 'a1', ['y', 'z'], ['x']],
    ["(c.name like 'a%') and (abc.x = 1) and (c.x <> 1)", 'c', [], ['name']],
    ['(5 < t.v)', 't', [], ['v']],
    // A pattern that starts with a wildcard is no range: no index narrows it down.
    ["((o.`status` = 'paid') and (o.note like '%5%'))", 'o', ['status'], []],
    ["(c.name like _utf8mb4'%son')", 'c', [], []],
    ["c.name like '_a%'", 'c', [], []],
    ["(c.name like _utf8mb4'ab%')", 'c', [], ['name']],
    // In a plan file, white space between a column and its operator may be anything.
    ["(c.name  like  '%son')", 'c', [], []],
    [
      "(c.name like\n\t'ab%') and (c.x  between 1 and 2) and (c.y\tin (1))",
      'c',
      ['y'],
      ['name', 'x'],
    ],
    ['(c.z   is null) and (c.w\n=\n1) and (c.v  <>  1)', 'c', ['z', 'w'], []],
  ])('%s on %s', (condition, table, equality, range) => {
    expect(indexColumnsFromConditions(table, [condition])).toEqual({ equality, range });
  });

  it('reads a run of spaces after a column once (every split of it was tried: minutes)', () => {
    const condition = `(c.a${' '.repeat(300_000)}x) and (c.b = 1)`;
    expect(indexColumnsFromConditions('c', [condition])).toEqual({ equality: ['b'], range: [] });
  });
});
