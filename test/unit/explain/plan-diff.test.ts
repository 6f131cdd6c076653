import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparePlans } from '../../../src/shared/explain/plan-compare';
import {
  diffPlans,
  explainPlanText,
  matchPlanNodes,
  planShapeFingerprint,
  renderPlanDiff,
  type PlanNode,
} from '../../../src/shared/explain';

function tree(text: string): PlanNode {
  const result = explainPlanText(text.trim(), { dialect: 'mysql-tree' });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.report.root;
}

/** The matched label pairs, `before => after`, in the first plan's order. */
function matchedLabels(before: PlanNode, after: PlanNode): string[] {
  const m = matchPlanNodes(before, after);
  return m.before.nodes.map((node, i) => {
    const j = m.toAfter[i]!;
    return `${node.label} => ${j === -1 ? '(none)' : m.after.nodes[j]!.label}`;
  });
}

const CUSTOMERS_FIRST = `
-> Nested loop inner join  (cost=560 rows=500)
    -> Filter: (c.country in ('US','DE'))  (cost=51 rows=50)
        -> Table scan on c  (cost=51 rows=500)
    -> Filter: (o.total > 100)  (cost=10 rows=10)
        -> Index lookup on o using customer_id (customer_id = c.id)  (cost=10 rows=10)
`;

const ORDERS_FIRST = `
-> Nested loop inner join  (cost=9000 rows=500)
    -> Filter: (o.total > 100)  (cost=5000 rows=3333)
        -> Table scan on o  (cost=5000 rows=10000)
    -> Filter: (c.country in ('US','DE'))  (cost=1 rows=1)
        -> Single-row index lookup on c using PRIMARY (id = o.customer_id)  (cost=1 rows=1)
`;

describe('matchPlanNodes: structure, not aliases alone', () => {
  it('pairs an unchanged filter with itself when the join order flips', () => {
    expect(matchedLabels(tree(CUSTOMERS_FIRST), tree(ORDERS_FIRST))).toEqual([
      'Nested loop inner join => Nested loop inner join',
      "Filter: (c.country in ('US','DE')) => Filter: (c.country in ('US','DE'))",
      'Table scan on c => Single-row index lookup on c using PRIMARY (id = o.customer_id)',
      'Filter: (o.total > 100) => Filter: (o.total > 100)',
      'Index lookup on o using customer_id (customer_id = c.id) => Table scan on o',
    ]);
  });

  it('pairs reads of an alias used in two subqueries by where they stand', () => {
    const before = tree(`
-> Nested loop inner join
    -> Filter: (a.x > 1)
        -> Table scan on t
    -> Filter: (b.y = 2)
        -> Index lookup on t using ix_y (y = 2)
`);
    const after = tree(`
-> Nested loop inner join
    -> Filter: (a.x > 1)
        -> Index range scan on t using ix_x over (1 < x)
    -> Filter: (b.y = 2)
        -> Index lookup on t using ix_y (y = 2)
`);
    expect(matchedLabels(before, after)).toEqual([
      'Nested loop inner join => Nested loop inner join',
      'Filter: (a.x > 1) => Filter: (a.x > 1)',
      'Table scan on t => Index range scan on t using ix_x over (1 < x)',
      'Filter: (b.y = 2) => Filter: (b.y = 2)',
      'Index lookup on t using ix_y (y = 2) => Index lookup on t using ix_y (y = 2)',
    ]);
  });

  it('pairs a join whose algorithm changed by its inputs, and sees an added sort', () => {
    const before = tree(`
-> Inner hash join (o.customer_id = c.id)  (cost=900 rows=1000)
    -> Table scan on o  (cost=100 rows=1000)
    -> Hash
        -> Table scan on c  (cost=10 rows=100)
`);
    const after = tree(`
-> Sort: o.created_at  (cost=1200 rows=1000)
    -> Nested loop inner join  (cost=1100 rows=1000)
        -> Table scan on c  (cost=10 rows=100)
        -> Index lookup on o using customer_id (customer_id = c.id)  (cost=10 rows=10)
`);
    const diff = diffPlans(before, after);
    expect(matchedLabels(before, after)).toEqual([
      'Inner hash join (o.customer_id = c.id) => Nested loop inner join',
      'Table scan on o => Index lookup on o using customer_id (customer_id = c.id)',
      'Hash => (none)',
      'Table scan on c => Table scan on c',
    ]);
    expect(diff.changes.map((c) => `[${c.severity}] ${c.text}`)).toEqual([
      '[info] Join order changed: o → c became c → o',
      '[info] Join of c, o: inner hash join → nested loop inner join',
      '[info] o: access full scan → lookup (better)',
      '[info] o: index (none) → customer_id',
      '[info] o: estimated rows 1.0 k → 10 (100× fewer)',
      '[warning] Added: Sort: o.created_at',
      '[info] Cost 900 → 1.2 k (+33%)',
    ]);
    expect(diff.sameShape).toBe(false);
  });

  it('matches plans of thousands of nodes (a derived table per branch) one to one', () => {
    const branches = Array.from(
      { length: 400 },
      (_, i) => `    -> Filter: (d${i}.n > ${i})
        -> Table scan on d${i}
            -> Materialize
                -> Index scan on t${i} using PRIMARY`,
    ).join('\n');
    const plan = tree(`-> Nested loop inner join\n${branches}`);
    const m = matchPlanNodes(plan, plan);
    expect(Array.from(m.toAfter)).toEqual(m.before.nodes.map((_, i) => i));
  });
});

describe('diffPlans: what changed, in words', () => {
  it('says the join order, the access per table with which is worse, and the cost', () => {
    const diff = diffPlans(tree(CUSTOMERS_FIRST), tree(ORDERS_FIRST));
    expect(diff.changes.map((c) => `[${c.severity}] ${c.text}`)).toEqual([
      '[info] Join order changed: c → o became o → c',
      '[info] c: access full scan → single row (better)',
      '[info] c: index (none) → PRIMARY',
      '[info] c: estimated rows 500 → 1 (500× fewer)',
      '[danger] o: access lookup → full scan (worse)',
      '[warning] o: index customer_id → (none)',
      '[warning] o: estimated rows 10 → 10 k (1,000× more)',
      '[warning] Cost 560 → 9.0 k (+1507%)',
    ]);
    const filter = diff.pairs[1]!;
    expect(filter).toEqual({ before: 1, after: 3, status: 'same', moved: false });
  });

  it('finds nothing between a plan and itself, and the same shape when only figures differ', () => {
    const same = diffPlans(tree(CUSTOMERS_FIRST), tree(CUSTOMERS_FIRST));
    expect(same.changes).toEqual([]);
    expect(same.sameShape).toBe(true);
    expect(same.pairs.every((p) => p.status === 'same')).toBe(true);
    const busier = tree(
      CUSTOMERS_FIRST.replace('rows=500)\n    -> Filter: (o', 'rows=900)\n    -> Filter: (o'),
    );
    expect(planShapeFingerprint(busier)).toBe(planShapeFingerprint(tree(CUSTOMERS_FIRST)));
    expect(renderPlanDiff(same)).toBe(`Same plan shape (${same.shapes.before})\n`);
  });

  it('says an operation added in many places once, with a count', () => {
    const scans = (extra: string) =>
      tree(
        `-> Nested loop inner join\n${Array.from({ length: 3 }, (_, i) => `${extra}    -> Table scan on t${i}`).join('\n')}`,
      );
    const before = scans('');
    const after = tree(
      `-> Nested loop inner join\n${Array.from({ length: 3 }, (_, i) => `    -> Materialize\n        -> Table scan on t${i}`).join('\n')}`,
    );
    const diff = diffPlans(before, after);
    expect(diff.changes.map((c) => c.text)).toEqual(['Added: Materialize (3 times)']);
    expect(diff.changes[0]!.severity).toBe('warning');
  });

  it('reads the rows factor from the options', () => {
    const before = tree('-> Table scan on t  (cost=10 rows=100)');
    const after = tree('-> Table scan on t  (cost=10 rows=300)');
    expect(diffPlans(before, after).changes).toEqual([]);
    expect(diffPlans(before, after, { rowsFactor: 2 }).changes.map((c) => c.text)).toEqual([
      't: estimated rows 100 → 300 (3.0× more)',
    ]);
  });
});

describe('diffPlans: a pair marked changed says what changed', () => {
  const lookup = '    -> Index lookup on o using customer_id (customer_id = 5)  (cost=10 rows=10)';

  it('names a filter whose condition changed, old → new', () => {
    const before = tree(`-> Filter: (o.total > 100)  (cost=10 rows=10)\n${lookup}`);
    const after = tree(`-> Filter: (o.total > 500)  (cost=10 rows=10)\n${lookup}`);
    const diff = diffPlans(before, after);
    expect(diff.pairs.map((p) => p.status)).toEqual(['changed', 'same']);
    expect(diff.changes).toEqual([
      {
        kind: 'condition',
        severity: 'info',
        text: 'Filter: condition (o.total > 100) → (o.total > 500)',
        beforeNode: 0,
        afterNode: 0,
      },
    ]);
  });

  it('cuts a long condition to the part that changed, the whole text kept', () => {
    const rest = Array.from({ length: 6 }, (_, i) => `(o.c${i} = 'value ${i}')`).join(' and ');
    const was = `((o.total > 100) and ${rest})`;
    const now = `((o.total > 500) and ${rest})`;
    const diff = diffPlans(
      tree(`-> Filter: ${was}  (cost=10 rows=10)\n${lookup}`),
      tree(`-> Filter: ${now}  (cost=10 rows=10)\n${lookup}`),
    );
    expect(diff.changes.map((c) => c.text)).toEqual([
      'Filter: condition ((o.total > 100) and (o.c0 = … → ((o.total > 500) and (o.c0 = …',
    ]);
    expect(diff.changes[0]!.full).toEqual({ before: was, after: now });
  });

  it('shows the changed part of a long condition wherever it is', () => {
    const head = Array.from({ length: 6 }, (_, i) => `(o.c${i} = 'value ${i}')`).join(' and ');
    const diff = diffPlans(
      tree(`-> Filter: (${head} and (o.total > 100))\n${lookup}`),
      tree(`-> Filter: (${head} and (o.total > 100) and (o.x is null))\n${lookup}`),
    );
    expect(diff.changes.map((c) => c.text)).toEqual([
      'Filter: condition … (o.total > 100)) → … (o.total > 100) and (o.x is null))',
    ]);
  });

  it('says a sort whose keys changed in its own words', () => {
    const diff = diffPlans(
      tree('-> Sort: o.total DESC\n    -> Table scan on o'),
      tree('-> Sort: o.created_at\n    -> Table scan on o'),
    );
    expect(diff.pairs[0]!.status).toBe('changed');
    expect(diff.changes.map((c) => `[${c.severity}] ${c.kind}: ${c.text}`)).toEqual([
      '[info] operation: Changed: Sort: o.total DESC → Sort: o.created_at',
    ]);
  });
});

describe('comparePlans (the Compare screen) on the structural matching', () => {
  it('pairs an identical filter with itself when the join order flips', () => {
    const c = comparePlans(tree(CUSTOMERS_FIRST), tree(ORDERS_FIRST));
    const filters = c.pairs
      .filter((p) => p.before?.label.startsWith('Filter'))
      .map((p) => `${p.matchKey}: ${p.before!.label} => ${p.after?.label} (rows ${p.rowsDelta})`);
    expect(filters).toEqual([
      "filter: Filter: (c.country in ('US','DE')) => Filter: (c.country in ('US','DE')) (rows -49)",
      'filter#2: Filter: (o.total > 100) => Filter: (o.total > 100) (rows 3323)',
    ]);
    expect(c.pairs.map((p) => p.matchKey)).toEqual([
      'join',
      'filter',
      'table c',
      'filter#2',
      'table o',
    ]);
  });

  it('reads one join worded two ways as the same join (issue 17 section 4)', () => {
    const corpus = (file: string) => {
      const text = readFileSync(path.join(__dirname, '../../explain-corpus', file), 'utf8');
      const result = explainPlanText(text);
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      return result.report.root;
    };
    // MySQL TREE says `Nested loop inner join`, MariaDB JSON `Nested loop join`.
    const diff = diffPlans(
      corpus('mysql-9.7/hash-join.tree.txt'),
      corpus('mariadb-11.8/hash-join.json.json'),
      { costs: false },
    );
    expect(diff.changes.filter((c) => /join/i.test(c.text)).map((c) => c.text)).toEqual([
      'c: now uses a join buffer',
    ]);
    expect(diff.pairs.find((p) => p.before === 2)).toEqual({
      before: 2,
      after: 3,
      status: 'same',
      moved: true,
    });
    // Another join type, or another algorithm, is still a change.
    const nested = (type: string) =>
      tree(`
-> Nested loop ${type} join  (cost=560 rows=500)
    -> Table scan on c  (cost=51 rows=500)
    -> Index lookup on o using customer_id (customer_id = c.id)  (cost=1 rows=1)
`);
    expect(diffPlans(nested('inner'), nested('left')).changes.map((c) => c.text)).toEqual([
      'Join of c, o: nested loop inner join → nested loop left join',
    ]);
  });
});
