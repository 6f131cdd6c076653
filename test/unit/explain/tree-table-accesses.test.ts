// Every operation of MySQL's tree plans that reads a table carries that table, whatever words
// the server puts around the access. The lines below are what MySQL 9.7.4 printed for them
// (FORMAT=TREE and EXPLAIN ANALYZE), except the distance scan and the constant row: 9.7 chose
// neither for any statement tried, so their lines follow the server's own wording for them
// (explain_access_path.cc: "[Covering ]index distance scan on <alias> using <index>",
// "Constant row from <alias>").
import { describe, expect, it } from 'vitest';
import { parsePlan, type PlanNode } from '../../../src/shared/explain';

function root(text: string): PlanNode {
  const result = parsePlan(text, { dialect: 'mysql-tree' });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.plan.root;
}

/** The nodes of a plan, parents first. */
function nodes(node: PlanNode): PlanNode[] {
  return [node, ...node.children.flatMap(nodes)];
}

const ACCESSES: Array<{ line: string; table: string; key?: string; accessType: string }> = [
  {
    line: "-> Full-text covering index search on ftc using fb (body = 'database')  (cost=0.35 rows=1)",
    table: 'ftc',
    key: 'fb',
    accessType: 'full-text search',
  },
  {
    line: "-> Full-text index search on ft using fb (body = 'database')  (cost=0.35 rows=1)",
    table: 'ft',
    key: 'fb',
    accessType: 'full-text search',
  },
  {
    line: '-> Index range scan (Multi-Range Read) on t1 using kc over (10 <= c <= 500), with index condition: (t1.c between 10 and 500)  (cost=128 rows=491)',
    table: 't1',
    key: 'kc',
    accessType: 'index range scan',
  },
  {
    line: '-> Count rows in t1  (actual time=0.202..0.202 rows=1 loops=1)',
    table: 't1',
    accessType: 'count rows',
  },
  {
    line: '-> Table scan on <union temporary>  (cost=3.38..5.29 rows=4) (actual time=0.0331..0.0335 rows=2 loops=1)',
    table: '<union temporary>',
    accessType: 'table scan',
  },
  {
    line: '-> Index distance scan on geo using sg  (cost=51 rows=5)',
    table: 'geo',
    key: 'sg',
    accessType: 'index distance scan',
  },
  {
    line: '-> Covering index skip scan for deduplication on t1 using ka  (cost=4.05 rows=11)',
    table: 't1',
    key: 'ka',
    accessType: 'index skip scan',
  },
  {
    line: '-> Multi-range index lookup on t1 using kc (c = t2.v)  (cost=0.25 rows=1)',
    table: 't1',
    key: 'kc',
    accessType: 'multi-range lookup',
  },
  {
    line: '-> Single-row index lookup on t2 using PRIMARY (id = t1.id)  (cost=0.251 rows=1)',
    table: 't2',
    key: 'PRIMARY',
    accessType: 'index lookup',
  },
  {
    line: '-> Constant row from one  (cost=0..0 rows=1)',
    table: 'one',
    accessType: 'constant row',
  },
];

describe('table accesses of MySQL tree plans', () => {
  it.each(ACCESSES)('$line', ({ line, table, key, accessType }) => {
    const node = root(line);
    expect(node).toMatchObject({ kind: 'table', table, key, accessType });
  });

  it('marks covering full-text searches and MRR range scans like other index reads', () => {
    expect(root(ACCESSES[0]!.line).flags).toContain('covering-index');
    expect(root(ACCESSES[1]!.line).flags).not.toContain('covering-index');
    const mrr = root(ACCESSES[2]!.line);
    expect(mrr.indexCondition).toBe('(t1.c between 10 and 500)');
    expect(mrr.flags).toContain('index-condition');
  });

  it('gives every table-reading node of a whole plan its table', () => {
    const plan = root(
      [
        '-> Table scan on <union temporary>  (cost=3.38..5.29 rows=4) (actual time=0.0331..0.0335 rows=2 loops=1)',
        '    -> Union materialize with deduplication  (cost=2.74..2.74 rows=4) (actual time=0.032..0.032 rows=2 loops=1)',
        '        -> Filter: (t1.id < 3)  (cost=0.91 rows=2) (actual time=0.0158..0.0171 rows=2 loops=1)',
        '            -> Covering index range scan on t1 using PRIMARY over (id < 3)  (cost=0.91 rows=2) (actual time=0.0144..0.0155 rows=2 loops=1)',
        '        -> Filter: (t2.id < 3)  (cost=0.91 rows=2) (actual time=0.00311..0.00346 rows=2 loops=1)',
        '            -> Covering index range scan on t2 using PRIMARY over (id < 3)  (cost=0.91 rows=2) (actual time=0.00296..0.00318 rows=2 loops=1)',
      ].join('\n'),
    );
    expect(nodes(plan).map((n) => n.table)).toEqual([
      '<union temporary>',
      undefined,
      undefined,
      't1',
      undefined,
      't2',
    ]);
    // The server's own result is not a full scan of a stored table.
    expect(plan.flags).not.toContain('full-table-scan');
  });
});

// The same statement as JSON version 2 (explain_json_format_version=2) and as FORMAT=TREE.
const BKA_JSON = [
  '{',
  '  "query": "/* select#1 */ select `tx`.`t2`.`id` AS `id`,`tx`.`t2`.`t1id` AS `t1id`,`tx`.`t2`.`v` AS `v`,`tx`.`t1`.`id` AS `id`,`tx`.`t1`.`a` AS `a`,`tx`.`t1`.`b` AS `b`,`tx`.`t1`.`c` AS `c`,`tx`.`t1`.`d` AS `d` from `tx`.`t2` join `tx`.`t1` where (`tx`.`t1`.`c` = `tx`.`t2`.`v`)",',
  '  "query_plan": {',
  '    "inputs": [',
  '      {',
  '        "inputs": [',
  '          {',
  '            "operation": "Table scan on t2",',
  '            "table_name": "t2",',
  '            "access_type": "table",',
  '            "schema_name": "tx",',
  '            "used_columns": [',
  '              "id",',
  '              "t1id",',
  '              "v"',
  '            ],',
  '            "estimated_rows": 2000.0,',
  '            "estimated_total_cost": 201.75',
  '          }',
  '        ],',
  '        "heading": "Batch input rows",',
  '        "condition": "(t2.v is not null)",',
  '        "operation": "Filter: (t2.v is not null)",',
  '        "access_type": "filter",',
  '        "estimated_rows": 2000.0,',
  '        "filter_columns": [',
  '          "tx.t2.v"',
  '        ],',
  '        "estimated_total_cost": 201.75',
  '      },',
  '      {',
  '        "covering": false,',
  '        "operation": "Multi-range index lookup on t1 using kc (c = t2.v)",',
  '        "index_name": "kc",',
  '        "table_name": "t1",',
  '        "access_type": "index",',
  '        "key_columns": [',
  '          "c"',
  '        ],',
  '        "schema_name": "tx",',
  '        "used_columns": [',
  '          "id",',
  '          "a",',
  '          "b",',
  '          "c",',
  '          "d"',
  '        ],',
  '        "estimated_rows": 1.0,',
  '        "lookup_condition": "c = t2.v",',
  '        "multi_range_read": true,',
  '        "index_access_type": "multi_range_read",',
  '        "lookup_references": [',
  '          "tx.t2.v"',
  '        ],',
  '        "estimated_total_cost": 0.25005',
  '      }',
  '    ],',
  '    "join_type": "inner join",',
  '    "operation": "Batched key access inner join",',
  '    "access_type": "join",',
  '    "join_algorithm": "batch_key_access"',
  '  },',
  '  "query_type": "select",',
  '  "json_schema_version": "2.0"',
  '}',
].join('\n');

const BKA_TREE = [
  '-> Batched key access inner join',
  '    -> Batch input rows',
  '        -> Filter: (t2.v is not null)  (cost=202 rows=2000)',
  '            -> Table scan on t2  (cost=202 rows=2000)',
  '    -> Multi-range index lookup on t1 using kc (c = t2.v)  (cost=0.25 rows=1)',
].join('\n');

describe('a batched key access join in JSON version 2 and in the tree', () => {
  it('reads the batch input heading as the tree does: a step, not a subquery', () => {
    const json = parsePlan(BKA_JSON, { dialect: 'mysql-json-v2' });
    if (!json.ok) throw new Error(JSON.stringify(json.error));
    const kinds = (n: PlanNode) => nodes(n).map((x) => x.kind);
    expect(kinds(json.plan.root)).toEqual(kinds(root(BKA_TREE)));
    expect(nodes(json.plan.root)[1]).toMatchObject({ kind: 'other', label: 'Batch input rows' });
    expect(nodes(json.plan.root).map((n) => n.table)).toEqual(
      nodes(root(BKA_TREE)).map((n) => n.table),
    );
  });
});
