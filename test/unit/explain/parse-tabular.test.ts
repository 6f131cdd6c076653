import { describe, expect, it } from 'vitest';
import { parsePlan, type Plan, type PlanNode } from '../../../src/shared/explain';

function plan(text: string): Plan {
  const result = parsePlan(text);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  expect(result.plan.dialect).toBe('tabular');
  return result.plan;
}

function all(n: PlanNode): PlanNode[] {
  return [n, ...n.children.flatMap(all)];
}

const TAB = (rows: string[][]) => rows.map((r) => r.join('\t')).join('\n');
const HEADER = [
  'id',
  'select_type',
  'table',
  'type',
  'possible_keys',
  'key',
  'key_len',
  'ref',
  'rows',
  'Extra',
];

describe('traditional EXPLAIN', () => {
  it('joins the tables of one select and wraps it in its sort and temporary table', () => {
    const p = plan(
      TAB([
        HEADER,
        [
          '1',
          'SIMPLE',
          'a1',
          'ALL',
          'x',
          'NULL',
          'NULL',
          'NULL',
          '1000',
          'Using where; Using temporary; Using filesort',
        ],
        [
          '1',
          'SIMPLE',
          'a2',
          'ALL',
          'NULL',
          'NULL',
          'NULL',
          'NULL',
          '1000',
          'Using where; Using join buffer (flat, BNL join)',
        ],
      ]),
    );
    expect(all(p.root).map((n) => n.kind)).toEqual([
      'other',
      'sort',
      'temporary',
      'join',
      'table',
      'table',
    ]);
    const [a1, a2] = all(p.root).filter((n) => n.kind === 'table');
    expect(a1).toMatchObject({
      table: 'a1',
      accessType: 'ALL',
      rows: 1000,
      possibleKeys: ['x'],
      key: undefined,
      warnings: ['Using where'],
    });
    expect(a1!.flags).toEqual(['full-table-scan']);
    expect(a2!.flags).toEqual(['full-table-scan', 'join-buffer']);
  });

  it('puts derived tables, unions and subqueries where they are used', () => {
    const p = plan(
      TAB([
        HEADER,
        ['1', 'PRIMARY', '<derived2>', 'ALL', 'NULL', 'NULL', 'NULL', 'NULL', '20', ''],
        ['1', 'PRIMARY', 'c', 'eq_ref', 'PRIMARY', 'PRIMARY', '4', 'd.id', '1', ''],
        ['4', 'DEPENDENT SUBQUERY', 'o', 'ref', 'k', 'k', '4', 'c.id', '11', 'Using index'],
        ['2', 'DERIVED', 't1', 'ALL', 'NULL', 'NULL', 'NULL', 'NULL', '10', ''],
        ['3', 'UNION', 't2', 'ALL', 'NULL', 'NULL', 'NULL', 'NULL', '10', ''],
        [
          'NULL',
          'UNION RESULT',
          '<union2,3>',
          'ALL',
          'NULL',
          'NULL',
          'NULL',
          'NULL',
          'NULL',
          'Using temporary',
        ],
      ]),
    );
    const derived = all(p.root).find((n) => n.table === '<derived2>')!;
    expect(derived.children[0]?.kind).toBe('materialize');
    const union = derived.children[0]!.children[0]!;
    expect(union).toMatchObject({ kind: 'union', table: '<union2,3>' });
    expect(union.children.map((c) => c.selectId)).toEqual([2, 3]);
    const sub = all(p.root).find((n) => n.kind === 'subquery')!;
    expect(sub).toMatchObject({ label: 'Subquery #4' });
    expect(sub.flags).toEqual(['dependent']);
    expect(all(p.root).filter((n) => n.table !== undefined)).toHaveLength(6);
  });

  it('reads MariaDB ANALYZE columns as measurements', () => {
    const p = plan(
      TAB([
        [...HEADER.slice(0, 9), 'r_rows', 'filtered', 'r_filtered', 'Extra'],
        [
          '1',
          'SIMPLE',
          't',
          'ALL',
          'NULL',
          'NULL',
          'NULL',
          'NULL',
          '1000',
          '1000.00',
          '100.00',
          '10.00',
          'Using where',
        ],
      ]),
    );
    expect(all(p.root).find((n) => n.table === 't')!.actual).toEqual({
      executed: true,
      rows: 1000,
      filtered: 10,
    });
    expect(p.analyzed).toBe(true);
  });

  it('takes rows from a JSON result set, as GUIs export them', () => {
    const rows = [
      {
        id: 1,
        select_type: 'SIMPLE',
        table: 't',
        type: 'ALL',
        possible_keys: null,
        key: null,
        rows: 5,
        Extra: null,
      },
    ];
    const p = plan(JSON.stringify(rows));
    expect(all(p.root).find((n) => n.table === 't')).toMatchObject({ rows: 5, accessType: 'ALL' });
  });

  it('reads a message-only row (no table) as a note', () => {
    const p = plan(
      TAB([
        HEADER,
        ['1', 'SIMPLE', 'NULL', 'NULL', 'NULL', 'NULL', 'NULL', 'NULL', 'NULL', 'Impossible WHERE'],
      ]),
    );
    expect(all(p.root).find((n) => n.flags.includes('impossible'))?.label).toBe('Impossible WHERE');
  });

  it('says when a table is not an EXPLAIN', () => {
    const result = parsePlan('+---+---+\n| a | b |\n+---+---+\n| 1 | 2 |\n+---+---+\n', {
      dialect: 'tabular',
    });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ line: 2, column: 1 }) });
  });
});
