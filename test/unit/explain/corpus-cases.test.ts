// What the parsers and diagnostics make of particular corpus cases, across the formats and
// servers that explain them: node kinds, tables, costs, measurements and findings.
import { describe, expect, it } from 'vitest';
import {
  explainPlanText,
  type Diagnostic,
  type PlanNode,
  type PlanReport,
} from '../../../src/shared/explain';
import { readCorpusDocument } from '../../explain-corpus/corpus-index';
import { corpusDocument, findNode, nodesOf, reportOf, tablesOf } from './corpus-documents';

const MYSQL_FORMATS = ['json-v1', 'json-v2', 'tree', 'analyze', 'analyze-json'];
const MARIADB = ['mariadb-10.11', 'mariadb-11.8'];

/** Every MySQL format and both MariaDB servers' EXPLAIN and ANALYZE of a case. */
function allReports(name: string, mysqlOnly = false): Array<[string, PlanReport]> {
  const out: Array<[string, PlanReport]> = MYSQL_FORMATS.map((f) => [
    `mysql ${f}`,
    reportOf('mysql-9.7', name, f),
  ]);
  if (!mysqlOnly)
    for (const server of MARIADB)
      for (const f of ['json', 'analyze-json'])
        out.push([`${server} ${f}`, reportOf(server, name, f)]);
  return out;
}

const codes = (r: PlanReport) => r.diagnostics.map((d) => d.code);
const kinds = (root: PlanNode) => nodesOf(root).map((n) => n.kind);
const diagnostic = (r: PlanReport, code: Diagnostic['code']) => {
  const d = r.diagnostics.find((x) => x.code === code);
  if (!d) throw new Error(`no ${code} in ${codes(r).join(', ')}`);
  return d;
};
const nodeOf = (r: PlanReport, d: Diagnostic) => nodesOf(r.root)[d.nodeId]!;

describe('join-order-limit', () => {
  it('JSON v1: query block cost, filesort over a temporary table, ref lookups with their figures', () => {
    const r = reportOf('mysql-9.7', 'join-order-limit', 'json-v1');
    // Costs move a little with each ANALYZE TABLE (sampled statistics): compare with the document.
    const doc = JSON.parse(
      readCorpusDocument(corpusDocument('mysql-9.7', 'join-order-limit', 'json-v1')),
    ) as {
      query_block: {
        cost_info: { query_cost: string };
        ordering_operation: { cost_info: { sort_cost: string } };
      };
    };
    expect(r.root).toMatchObject({ kind: 'other', selectId: 1, label: 'Select #1' });
    expect(r.root.cost?.total).toBe(Number(doc.query_block.cost_info.query_cost));
    const sort = findNode(r.root, 'sort', (n) => n.kind === 'sort');
    expect(sort.flags).toEqual(expect.arrayContaining(['filesort', 'temporary']));
    expect(sort.cost?.self).toBe(Number(doc.query_block.ordering_operation.cost_info.sort_cost));
    const c = findNode(r.root, 'c', (n) => n.table === 'c');
    expect(c).toMatchObject({
      kind: 'table',
      accessType: 'ref',
      key: 'country_city',
      keyParts: ['country'],
      ref: ['const'],
      rows: 250,
      filtered: 100,
      dataReadBytes: 191 * 1024,
      indexCondition: "(`shop`.`c`.`country` = 'NZ')",
    });
    expect(c.cost).toEqual({ self: 46, total: 46 });
    expect(c.raw).toMatchObject({
      key_length: '8',
      rows_produced_per_join: 250,
      cost_info: { prefix_cost: '46.00' },
    });
    expect(tablesOf(r.root)).toEqual(['c', 'o']);
  });

  it('reads the same with end markers (/* ... */ comments) as without', () => {
    const plain = reportOf('mysql-9.7', 'join-order-limit', 'json-v1');
    const marked = reportOf('mysql-9.7', 'join-order-limit', 'json-v1-markers');
    expect(kinds(marked.root)).toEqual(kinds(plain.root));
    expect(tablesOf(marked.root)).toEqual(tablesOf(plain.root));
  });

  it('TREE and JSON v2: limit, sort, stream, nested loop; costs inclusive, inner side per loop', () => {
    for (const format of ['tree', 'json-v2']) {
      const r = reportOf('mysql-9.7', 'join-order-limit', format);
      expect(kinds(r.root)).toEqual(['limit', 'sort', 'stream', 'join', 'table', 'table']);
      const join = findNode(r.root, 'join', (n) => n.kind === 'join');
      const [outer, inner] = join.children;
      // The tree prints costs rounded (`cost=1039`); JSON v2 in full.
      const text = readCorpusDocument(corpusDocument('mysql-9.7', 'join-order-limit', 'tree'));
      const printed = Number(/Nested loop inner join {2}\(cost=([\d.e+]+)/.exec(text)![1]);
      expect(Math.abs(join.cost!.total! - printed) / printed).toBeLessThan(0.01);
      // The inner lookup's cost counts once per outer row.
      expect(join.cost!.self!).toBeCloseTo(
        join.cost!.total! - outer!.cost!.total! - inner!.cost!.total! * outer!.rows!,
        1,
      );
      expect(inner!.alias ?? inner!.table).toBe('o');
      expect(inner!.key).toBe('customer_id');
      expect(r.diagnostics.map((d) => d.code)).toContain('filesort');
    }
  });

  it('EXPLAIN ANALYZE: per-loop averages become totals; exclusive times add up to the total', () => {
    for (const format of ['analyze', 'analyze-json']) {
      const r = reportOf('mysql-9.7', 'join-order-limit', format);
      const inner = findNode(r.root, 'o', (n) => n.table === 'o' || n.alias === 'o');
      expect(inner.actual).toMatchObject({ executed: true, loops: 250 });
      expect(inner.actual!.totalRows).toBeCloseTo(inner.actual!.rows! * 250);
      expect(inner.actual!.totalTimeMs).toBeCloseTo(inner.actual!.lastRowMs! * 250);
      const selfSum = nodesOf(r.root).reduce((s, n) => s + (n.actual?.selfTimeMs ?? 0), 0);
      expect(selfSum).toBeCloseTo(r.root.actual!.totalTimeMs!, 1);
    }
  });

  it('MariaDB: filesort with a temporary table, r_* measurements as totals', () => {
    for (const server of MARIADB) {
      const r = reportOf(server, 'join-order-limit', 'analyze-json');
      expect(r.root.actual?.totalTimeMs).toBeGreaterThan(0);
      expect(codes(r)).toContain('filesort');
      const o = findNode(r.root, 'o', (n) => n.table === 'o');
      expect(o.actual).toMatchObject({ executed: true });
      expect(o.actual!.totalRows).toBeCloseTo(o.actual!.rows! * o.actual!.loops!);
    }
  });
});

describe('full scans, filesort and index suggestions', () => {
  it.each(allReports('full-scan-filesort'))(
    '%s: full scan of orders, with an index on total suggested',
    (_, r) => {
      const scan = diagnostic(r, 'full-scan');
      expect(scan.severity).toBe('warning');
      expect(nodeOf(r, scan).table).toMatch(/^orders$/);
      expect(scan.indexColumns).toEqual(['total']);
      expect(codes(r)).toContain('filesort');
    },
  );

  it('block nested loop / hash join: the join buffer, and an index on the joined column', () => {
    const mysql = reportOf('mysql-9.7', 'block-nested-loop', 'tree');
    const join = findNode(mysql.root, 'hash join', (n) => n.kind === 'join');
    expect(join.flags).toEqual(expect.arrayContaining(['hash-join', 'join-buffer']));
    expect(join.condition).toBe('b.customer_ref = a.customer_ref');
    expect(diagnostic(mysql, 'join-buffer')).toMatchObject({
      severity: 'info',
      indexColumns: ['action', 'customer_ref'],
    });
    expect(reportOf('mysql-9.7', 'block-nested-loop', 'json-v1').root).toBeDefined();
    for (const server of MARIADB) {
      const r = reportOf(server, 'block-nested-loop', 'json');
      const b = findNode(r.root, 'b', (n) => n.table === 'b');
      expect(b.flags).toContain('join-buffer');
      expect(b.warnings).toContain('Using join buffer (flat, BNL join)');
      expect(diagnostic(r, 'join-buffer')).toMatchObject({
        severity: 'warning',
        indexColumns: ['action', 'customer_ref'],
      });
    }
  });

  it('index not used though possible: derived-table scans customers with PRIMARY available', () => {
    const r = reportOf('mysql-9.7', 'derived-table', 'json-v1');
    const d = diagnostic(r, 'index-not-used');
    expect(nodeOf(r, d)).toMatchObject({ table: 'c', possibleKeys: ['PRIMARY'], key: undefined });
  });
});

describe('subqueries', () => {
  it.each(allReports('subquery-correlated'))('%s: two dependent subqueries', (_, r) => {
    expect(codes(r).filter((c) => c === 'dependent-subquery')).toHaveLength(2);
    expect(nodesOf(r.root).filter((n) => n.kind === 'subquery')).toHaveLength(2);
  });

  it('executions are counted when measured', () => {
    const tree = reportOf('mysql-9.7', 'subquery-correlated', 'analyze');
    expect(diagnostic(tree, 'dependent-subquery').explanation).toContain('(250 times here)');
    const maria = reportOf('mariadb-10.11', 'subquery-correlated', 'analyze-json');
    expect(diagnostic(maria, 'dependent-subquery').explanation).toContain('(250 times here)');
    expect(
      findNode(maria.root, 'cache', (n) => n.label.startsWith('Expression cache')),
    ).toBeDefined();
  });

  it('IN with semi-join off runs as a dependent subquery (MySQL <in_optimizer>, MariaDB)', () => {
    expect(codes(reportOf('mysql-9.7', 'subquery-dependent-in', 'analyze'))).toContain(
      'dependent-subquery',
    );
    expect(codes(reportOf('mysql-9.7', 'subquery-dependent-in', 'json-v1'))).toContain(
      'dependent-subquery',
    );
  });

  it('JSON v1 subquery lists: select list, HAVING, ORDER BY, attached', () => {
    const labels = (name: string) =>
      nodesOf(reportOf('mysql-9.7', name, 'json-v1').root)
        .filter((n) => n.kind === 'subquery')
        .map((n) => n.label);
    expect(labels('subquery-correlated')).toEqual([
      'Subquery (select list)',
      'Subquery (select list)',
    ]);
    expect(labels('subquery-having-order')).toEqual(
      expect.arrayContaining(['Subquery (having)', 'Subquery (order by)']),
    );
    expect(labels('subquery-scalar')).toEqual(expect.arrayContaining(['Subquery (select list)']));
  });

  it('semi-join strategies are visible', () => {
    expect(
      findNode(reportOf('mysql-9.7', 'semijoin-firstmatch', 'tree').root, 'FirstMatch', (n) =>
        n.label.includes('(FirstMatch)'),
      ).kind,
    ).toBe('join');
    expect(
      findNode(reportOf('mysql-9.7', 'semijoin-loosescan', 'tree').root, 'LooseScan', (n) =>
        n.label.includes('(LooseScan)'),
      ).kind,
    ).toBe('join');
    expect(kinds(reportOf('mysql-9.7', 'semijoin-duplicateweedout', 'json-v1').root)).toContain(
      'dedupe',
    );
    expect(kinds(reportOf('mariadb-11.8', 'semijoin-duplicateweedout', 'json').root)).toContain(
      'dedupe',
    );
    const mat = reportOf('mysql-9.7', 'semijoin-materialization', 'json-v1');
    expect(
      findNode(mat.root, '<subquery2>', (n) => n.table === '<subquery2>').children[0]?.kind,
    ).toBe('materialize');
  });
});

describe('set operations, CTEs, windows, derived tables', () => {
  it.each(['union', 'intersect', 'except'])('%s is a union node over its members', (name) => {
    for (const [label, r] of allReports(name)) {
      const node = findNode(r.root, `${label} union`, (n) => n.kind === 'union');
      expect(node.children.length, label).toBeGreaterThanOrEqual(1);
      expect(tablesOf(node).filter((t) => !t.startsWith('<')).length, label).toBeGreaterThanOrEqual(
        2,
      );
    }
  });

  it('recursive CTE: materialized, with its recursive part', () => {
    const tree = reportOf('mysql-9.7', 'cte-recursive', 'tree');
    expect(findNode(tree.root, 'materialize', (n) => n.kind === 'materialize').label).toBe(
      'Materialize recursive CTE tree',
    );
    expect(
      findNode(tree.root, 'repeat', (n) => n.label === 'Repeat until convergence'),
    ).toBeDefined();
    const maria = reportOf('mariadb-11.8', 'cte-recursive', 'json');
    expect(
      findNode(maria.root, 'recursive union', (n) => n.label.startsWith('Recursive union')).kind,
    ).toBe('union');
  });

  it('a CTE used twice shares one temporary table (JSON v1)', () => {
    const r = reportOf('mysql-9.7', 'cte-shared', 'json-v1');
    expect(
      findNode(r.root, 'shared', (n) =>
        n.label.startsWith('Materialized once, shared with select #'),
      ).kind,
    ).toBe('materialize');
  });

  it('window functions', () => {
    const v1 = reportOf('mysql-9.7', 'window', 'json-v1');
    const w = findNode(v1.root, 'window', (n) => n.kind === 'window');
    expect(w.label).toBe('Window functions: row_number, sum, avg');
    expect(w.flags).toEqual(expect.arrayContaining(['filesort', 'temporary']));
    expect(w.raw.windows).toHaveLength(3);
    expect(
      kinds(reportOf('mysql-9.7', 'window', 'tree').root).filter((k) => k === 'window'),
    ).toHaveLength(3);
    expect(kinds(reportOf('mariadb-10.11', 'window', 'json').root)).toContain('window');
  });

  it('LATERAL: a derived table rematerialized per row', () => {
    const v1 = reportOf('mysql-9.7', 'lateral', 'json-v1');
    expect(findNode(v1.root, 'c', (n) => n.table === 'c').warnings).toContain(
      'Rematerialize (top)',
    );
    const tree = reportOf('mysql-9.7', 'lateral', 'tree');
    expect(findNode(tree.root, 'materialize', (n) => n.kind === 'materialize').label).toBe(
      'Materialize (invalidate on row from c)',
    );
  });

  it('index merge', () => {
    for (const [label, r] of allReports('index-merge-union'))
      expect(kinds(r.root), label).toContain('index-merge');
  });

  it('multi-table UPDATE / DELETE and INSERT ... SELECT name their target table', () => {
    expect(
      findNode(reportOf('mysql-9.7', 'update-multi', 'tree').root, 'update', (n) =>
        n.label.startsWith('Update o'),
      ).table,
    ).toBe('o');
    expect(
      findNode(reportOf('mysql-9.7', 'delete-multi', 'json-v2').root, 'delete', (n) =>
        n.label.startsWith('Delete from oi'),
      ).table,
    ).toBe('oi');
    expect(
      findNode(
        reportOf('mysql-9.7', 'insert-select', 'json-v1').root,
        'insert',
        (n) => n.label === 'Insert into order_archive',
      ).table,
    ).toBe('order_archive');
    // MariaDB does not mark the target of a multi-table UPDATE: its tables are plain reads.
    expect(tablesOf(reportOf('mariadb-11.8', 'update-multi', 'json').root)).toEqual(['c', 'o']);
  });

  it('partitions and fulltext', () => {
    const part = findNode(
      reportOf('mysql-9.7', 'partitions', 'json-v1').root,
      'events',
      (n) => n.table === 'events',
    );
    expect(part.raw.partitions).toEqual(['p2022']);
    expect(
      findNode(
        reportOf('mysql-9.7', 'fulltext', 'tree').root,
        'fulltext',
        (n) => n.accessType === 'full-text search',
      ).key,
    ).toBe('name_description');
    expect(
      findNode(
        reportOf('mariadb-10.11', 'fulltext', 'json').root,
        'fulltext',
        (n) => n.accessType === 'fulltext',
      ).table,
    ).toBe('products');
  });
});

describe('findings that only measurements show', () => {
  it.each([
    ['analyze', 'mysql-9.7'],
    ['analyze-json', 'mysql-9.7'],
  ])(
    'misestimate-skew %s: the lookup into the skewed column is off by over 100x',
    (format, server) => {
      const r = reportOf(server, 'misestimate-skew', format);
      const d = diagnostic(r, 'misestimate');
      expect(d.severity).toBe('danger');
      expect(nodeOf(r, d)).toMatchObject({ key: 'customer_id' });
      expect(nodeOf(r, d).actual!.rows! / nodeOf(r, d).rows!).toBeGreaterThan(100);
    },
  );

  it('estimates alone never report misestimates', () => {
    for (const format of ['json-v1', 'json-v2', 'tree'])
      expect(codes(reportOf('mysql-9.7', 'misestimate-skew', format))).not.toContain('misestimate');
  });

  it('a higher factor silences smaller misestimates', () => {
    const text = readCorpusDocument(corpusDocument('mysql-9.7', 'misestimate-skew', 'analyze'));
    const loose = explainPlanText(text, { misestimateFactor: 1000 });
    expect(loose.ok && loose.report.diagnostics.some((d) => d.code === 'misestimate')).toBe(false);
  });

  it('the hottest node is the one with the most exclusive time', () => {
    const r = reportOf('mysql-9.7', 'derived-table', 'analyze');
    const d = diagnostic(r, 'hottest-node');
    const node = nodeOf(r, d);
    const max = Math.max(...nodesOf(r.root).map((n) => n.actual?.selfTimeMs ?? 0));
    expect(node.actual?.selfTimeMs).toBe(max);
    expect(d.title).toMatch(/^Most time: /);
  });

  it('never executed nodes are measured as not executed', () => {
    const r = reportOf('mysql-9.7', 'cte-shared', 'analyze');
    const n = findNode(r.root, 'never', (x) => x.actual?.executed === false);
    expect(n.label).toMatch(/^Materialize CTE spend if needed/);
    const j = reportOf('mysql-9.7', 'cte-shared', 'analyze-json');
    expect(findNode(j.root, 'never', (x) => x.actual?.executed === false).kind).toBe('materialize');
  });
});

describe('plans without tables', () => {
  it.each(allReports('impossible-where'))('%s: impossible WHERE', (_, r) => {
    expect(diagnostic(r, 'impossible-where').severity).toBe('info');
  });

  it('range checked for each record, in every dialect', () => {
    for (const [label, r] of [
      ['v1', reportOf('mysql-9.7', 'range-checked', 'json-v1')],
      ['tree', reportOf('mysql-9.7', 'range-checked', 'tree')],
      ['v2', reportOf('mysql-9.7', 'range-checked', 'json-v2')],
      ['mariadb', reportOf('mariadb-11.8', 'range-checked', 'analyze-json')],
      ['manual', reportOf('manual-5.7', 'range-checked', 'tabular')],
    ] as const) {
      expect(codes(r), label).toContain('range-checked');
    }
  });
});

describe('terminal pastes read as the documents they wrap', () => {
  it.each(['join-order-limit', 'derived-table', 'subquery-correlated'])('%s', (name) => {
    const pairs: Array<[string, string]> = [
      ['paste-vertical-json', 'json-v1'],
      ['paste-batch-json', 'json-v2'],
      ['paste-table-analyze', 'analyze'],
    ];
    for (const [paste, original] of pairs) {
      const a = reportOf('mysql-9.7', name, paste);
      const b = reportOf('mysql-9.7', name, original);
      expect(kinds(a.root), paste).toEqual(kinds(b.root));
      expect(tablesOf(a.root), paste).toEqual(tablesOf(b.root));
    }
    const table = reportOf('mysql-9.7', name, 'paste-table-traditional');
    const vertical = reportOf('mysql-9.7', name, 'paste-vertical-traditional');
    expect(kinds(table.root)).toEqual(kinds(vertical.root));
    // Traditional EXPLAIN names derived tables `<derived2>` where JSON v1 uses their alias.
    expect(tablesOf(table.root)).toHaveLength(
      tablesOf(reportOf('mysql-9.7', name, 'json-v1').root).length,
    );
    for (const server of MARIADB) {
      expect(kinds(reportOf(server, name, 'paste-vertical-json').root)).toEqual(
        kinds(reportOf(server, name, 'json').root),
      );
      expect(
        tablesOf(reportOf(server, name, 'paste-table-traditional').root).length,
      ).toBeGreaterThan(0);
    }
  });
});

describe('the manual reconstructions', () => {
  it('5.6: message tables, end markers, a comment inside a condition string', () => {
    expect(codes(reportOf('manual-5.6', 'impossible-where', 'json'))).toEqual(['impossible-where']);
    const r = reportOf('manual-5.6', 'dependent-subquery-join-buffer', 'json');
    expect(findNode(r.root, 't1', (n) => n.table === 't1').condition).toContain('/* select#2 */');
    expect(codes(r)).toEqual(
      expect.arrayContaining(['dependent-subquery', 'join-buffer', 'filesort', 'temporary-table']),
    );
    expect(findNode(r.root, 't3', (n) => n.table === 't3').rows).toBe(20000);
  });

  it('5.7: string costs and K/M/G data sizes', () => {
    const r = reportOf('manual-5.7', 'group-order-join', 'json');
    expect(findNode(r.root, 'salaries', (n) => n.table === 'salaries').dataReadBytes).toBe(
      1024 ** 3,
    );
    expect(r.root.cost?.total).toBeCloseTo(1360068.69);
    expect(diagnostic(r, 'full-scan')).toMatchObject({ severity: 'danger' });
    const u = reportOf('manual-5.7', 'union', 'json');
    expect(findNode(u.root, 'union', (n) => n.kind === 'union').table).toBe('<union1,2>');
  });

  it('8.0: a pasted tree with the statement prompt, and wrapped EXPLAIN ANALYZE lines', () => {
    const tree = reportOf('manual-8.0', 'hash-join', 'tree');
    expect(kinds(tree.root)).toEqual([
      'join',
      'table',
      'other',
      'filter',
      'join',
      'table',
      'other',
      'table',
    ]);
    const analyzed = reportOf('manual-8.0', 'hash-join', 'analyze');
    expect(analyzed.root.actual).toMatchObject({
      executed: true,
      rows: 6,
      loops: 1,
      lastRowMs: 0.035,
    });
    expect(findNode(analyzed.root, 't1', (n) => n.table === 't1').actual?.lastRowMs).toBe(0.022);
  });

  it('the space-aligned manual table with wrapped cells', () => {
    const r = reportOf('manual-5.7', 'range-checked-fixed', 'aligned');
    expect(tablesOf(r.root)).toEqual(['et', 'tt', 'et_1', 'do']);
    const tt = findNode(r.root, 'tt', (n) => n.table === 'tt');
    expect(tt.possibleKeys).toEqual(['AssignedPC', 'ClientID', 'ActualPC']);
    expect(tt.warnings).toEqual(['Using where']);
  });
});
