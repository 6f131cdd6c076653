import { describe, expect, it } from 'vitest';
import { accessClassOf, comparePlans } from '../../../src/shared/explain/plan-compare';
import {
  addFlag,
  createNode,
  type NodeKind,
  type PlanFlag,
} from '../../../src/shared/explain/plan-model';
import { explainPlanText } from '../../../src/shared/explain/explain-report';
import { reportOf } from '../explain/corpus-documents';

function rootOf(text: string) {
  const r = explainPlanText(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.report.root;
}

describe('comparePlans on corpus plans', () => {
  it('finds nothing changed between the JSON v1 and v2 documents of the same MySQL plan', () => {
    const c = comparePlans(
      reportOf('mysql-9.7', 'join-order-limit', 'json-v1').root,
      reportOf('mysql-9.7', 'join-order-limit', 'json-v2').root,
    );
    const tables = c.pairs.filter((p) => p.table !== undefined);
    expect(tables.map((p) => [p.matchKey, p.change, p.before?.access, p.after?.access])).toEqual([
      ['table c', 'same', 'lookup', 'lookup'],
      ['table o', 'same', 'lookup', 'lookup'],
    ]);
    expect(c.before.rowsRead).toBe(261);
    expect(c.rowsReadDelta).toBeCloseTo(0.4912, 4);
    expect(c.before.fullScans).toBe(0);
  });

  it('shows the MySQL 9.7 → MariaDB 10.11 plan of one statement: rows per lookup and the temporary table', () => {
    const c = comparePlans(
      reportOf('mysql-9.7', 'join-order-limit', 'json-v1').root,
      reportOf('mariadb-10.11', 'join-order-limit', 'json').root,
    );
    const o = c.pairs.find((p) => p.matchKey === 'table o')!;
    expect(o.before).toMatchObject({ accessType: 'ref', key: 'customer_id', rows: 11 });
    expect(o.after).toMatchObject({ accessType: 'ref', key: 'customer_id', rows: 5 });
    expect(o.rowsDelta).toBe(-6);
    expect(o.change).toBe('changed');
    expect(o.accessChanged).toBe(false);
    expect(c.pairs.find((p) => p.matchKey === 'table c')!.change).toBe('same');
    expect(c.pairs.find((p) => p.matchKey === 'temporary')!.change).toBe('added');
    expect(c.before.rowsRead).toBe(261);
    expect(c.after.rowsRead).toBe(255);
    expect(c.rowsReadDelta).toBe(-6);
    expect(c.before.cost).toBe(3924.28);
    expect(c.costDelta).toBeUndefined();
  });

  it('does not call a v1 `ALL` and a v2 `table` scan a change of access', () => {
    const c = comparePlans(
      reportOf('mysql-9.7', 'full-scan-filesort', 'json-v1').root,
      reportOf('mysql-9.7', 'full-scan-filesort', 'json-v2').root,
    );
    const orders = c.pairs.find((p) => p.matchKey === 'table orders')!;
    expect(orders.before?.accessType).toBe('ALL');
    expect(orders.after?.accessType).toBe('table');
    expect(orders.accessChanged).toBe(false);
    expect(orders.change).toBe('same');
    expect(c.before.fullScans).toBe(1);
    expect(c.after.fullScans).toBe(1);
  });
});

describe('comparePlans before and after an index', () => {
  const before = `-> Sort: orders.total DESC  (cost=5070 rows=50297)
    -> Filter: (orders.total between 100 and 105)  (cost=5070 rows=5588)
        -> Table scan on orders  (cost=5070 rows=50297)`;
  const after = `-> Index range scan on orders using sl_try_orders_total over (100 <= total <= 105) (reverse)  (cost=40.1 rows=89)`;

  it('reports the full scan turned into a range read, with row and cost deltas', () => {
    const c = comparePlans(rootOf(before), rootOf(after));
    const orders = c.pairs.find((p) => p.matchKey === 'table orders')!;
    expect(orders.before).toMatchObject({ access: 'full scan', rows: 50297, cost: 5070 });
    expect(orders.after).toMatchObject({
      access: 'range',
      key: 'sl_try_orders_total',
      rows: 89,
      cost: 40.1,
    });
    expect(orders.accessChanged).toBe(true);
    expect(orders.keyChanged).toBe(true);
    expect(orders.rowsDelta).toBe(89 - 50297);
    expect(orders.costDelta).toBeCloseTo(40.1 - 5070, 6);
    expect(orders.flagsLost).toEqual(['full-table-scan']);
    expect(c.pairs.filter((p) => p.change === 'removed').map((p) => p.matchKey)).toEqual([
      'sort',
      'filter',
    ]);
    expect(c.before.fullScans).toBe(1);
    expect(c.after.fullScans).toBe(0);
    expect(c.before.cost).toBe(5070);
    expect(c.after.cost).toBe(40.1);
    expect(c.differences).toBe(3);
  });

  it('numbers repeated reads of one alias so the n-th is paired with the n-th', () => {
    const twice = (second: string) => `-> Append  (cost=100 rows=20)
    -> Stream results  (cost=50 rows=10)
        -> Table scan on orders  (cost=50 rows=10)
    -> Stream results  (cost=50 rows=10)
        -> ${second}`;
    const c = comparePlans(
      rootOf(twice('Table scan on orders  (cost=50 rows=10)')),
      rootOf(twice('Index lookup on orders using customer_id (customer_id=1)  (cost=2 rows=3)')),
    );
    const reads = c.pairs.filter((p) => p.table === 'orders');
    expect(reads.map((p) => [p.matchKey, p.change, p.before?.access, p.after?.access])).toEqual([
      ['table orders', 'same', 'full scan', 'full scan'],
      ['table orders#2', 'changed', 'full scan', 'lookup'],
    ]);
    expect(c.after.fullScans).toBe(1);
  });
});

describe('accessClassOf', () => {
  const node = (kind: NodeKind, accessType?: string, flags: PlanFlag[] = []) => {
    const n = createNode(kind, 'x');
    if (accessType !== undefined) n.accessType = accessType;
    for (const f of flags) addFlag(n, f);
    return n;
  };

  it('reads each dialect’s words into one class', () => {
    expect(accessClassOf(node('table', 'eq_ref'))).toBe('single row');
    expect(accessClassOf(node('table', 'const'))).toBe('single row');
    expect(accessClassOf(node('table', 'ref'))).toBe('lookup');
    expect(accessClassOf(node('table', 'index_lookup'))).toBe('lookup');
    expect(accessClassOf(node('table', 'index range scan'))).toBe('range');
    expect(accessClassOf(node('table', 'range'))).toBe('range');
    expect(accessClassOf(node('table', 'ALL', ['full-table-scan']))).toBe('full scan');
    expect(accessClassOf(node('table', 'table', ['full-table-scan']))).toBe('full scan');
    expect(accessClassOf(node('table', 'index', ['full-index-scan']))).toBe('full index scan');
    expect(accessClassOf(node('index-merge', 'index_merge'))).toBe('index merge');
    expect(accessClassOf(node('sort', 'sort'))).toBeUndefined();
  });
});
