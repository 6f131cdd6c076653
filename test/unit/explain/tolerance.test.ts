// Tolerance rules: valid input never throws; objects the parser does not know become `unknown`
// nodes that keep their raw fragment and whose plan-like descendants are still parsed; keys a
// known node does not consume stay in its `raw`.
import { describe, expect, it } from 'vitest';
import {
  MAX_PLAN_DEPTH,
  parsePlan,
  planStats,
  type Plan,
  type PlanNode,
} from '../../../src/shared/explain';

function plan(document: unknown, dialect?: Plan['dialect']): Plan {
  const result = parsePlan(JSON.stringify(document), dialect ? { dialect } : {});
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.plan;
}

const all = (n: PlanNode): PlanNode[] => [n, ...n.children.flatMap(all)];
const table = (name: string, extra: Record<string, unknown> = {}) => ({
  table_name: name,
  access_type: 'ALL',
  rows_examined_per_scan: 10,
  ...extra,
});

describe('MySQL JSON v1', () => {
  it('keeps keys it does not consume in raw', () => {
    const p = plan({
      query_block: {
        select_id: 1,
        new_flag: true,
        table: table('t', { future_key: { a: 1 }, key_length: '4' }),
      },
    });
    expect(p.root.raw).toEqual({ new_flag: true });
    expect(p.root.children[0]!.raw).toEqual({ future_key: { a: 1 }, key_length: '4' });
  });

  it('parses tables under a key it does not know as children of an unknown node', () => {
    const p = plan({
      query_block: {
        select_id: 1,
        cost_info: { query_cost: '10.00' },
        future_operation: {
          using_magic: true,
          nested_loop: [{ table: table('a') }, { table: table('b') }],
        },
      },
    });
    const unknown = all(p.root).find((n) => n.kind === 'unknown')!;
    expect(unknown.label).toBe('future_operation');
    // Its known parts are read as such: the nested loop is a join of a and b.
    expect(unknown.raw).toEqual({ using_magic: true });
    expect(unknown.children[0]!.kind).toBe('join');
    expect(unknown.children[0]!.children.map((c) => c.table)).toEqual(['a', 'b']);
    expect(p.root.raw).toEqual({ future_operation: { $child: 0 } });
    expect(planStats(p.root)).toEqual({ nodes: 5, tables: 2, unknownNodes: 1 });
  });

  it('an unknown fragment keeps its raw shape with markers where plan parts were taken out', () => {
    const p = plan({
      query_block: { select_id: 1, extras: [{ note: 'x', deep: { table: table('a') } }, 3] },
    });
    const unknown = p.root.children[0]!;
    expect(unknown).toMatchObject({ kind: 'unknown', label: 'extras' });
    expect(unknown.raw).toEqual({ value: [{ note: 'x', deep: { table: { $child: 0 } } }, 3] });
    expect(unknown.children[0]!.table).toBe('a');
  });

  it('keeps values of the wrong type as raw instead of failing', () => {
    const p = plan({
      query_block: {
        select_id: '1',
        table: 'oops',
        nested_loop: { table: table('t') },
        cost_info: 5,
      },
    });
    expect(p.root.selectId).toBe(1);
    expect(p.root.raw.table).toBe('oops');
    expect(p.root.raw.cost_info).toBe(5);
    // `nested_loop` as an object is not a nested loop, but its table is still found.
    expect(
      all(p.root)
        .map((n) => n.table)
        .filter(Boolean),
    ).toEqual(['t']);
  });

  it('reads numbers that arrive as strings', () => {
    const p = plan({
      query_block: {
        select_id: 1,
        table: table('t', {
          rows_examined_per_scan: '1500',
          filtered: '12.50',
          cost_info: { read_cost: '1.5', eval_cost: '2' },
        }),
      },
    });
    expect(p.root.children[0]).toMatchObject({
      rows: 1500,
      filtered: 12.5,
      cost: { self: 3.5, total: 3.5 },
    });
  });

  it('keeps non-object list items in raw', () => {
    const p = plan({
      query_block: { select_id: 1, nested_loop: [{ table: table('a') }, 7, { table: table('b') }] },
    });
    expect(p.root.children[0]!.raw).toEqual({ 'nested_loop[1]': 7 });
  });
});

describe('MySQL JSON v2', () => {
  it('an input without an operation is an unknown node whose inputs are still parsed', () => {
    const p = plan({
      query_plan: {
        operation: 'Filter: (x)',
        access_type: 'filter',
        inputs: [
          {
            mystery: 1,
            inputs: [{ operation: 'Table scan on t', access_type: 'table', table_name: 't' }],
          },
        ],
      },
    });
    const unknown = p.root.children[0]!;
    expect(unknown).toMatchObject({
      kind: 'unknown',
      label: '(no operation)',
      raw: { mystery: 1 },
    });
    expect(unknown.children[0]).toMatchObject({ kind: 'table', table: 't' });
  });

  it('an unknown operation is kept with its server wording', () => {
    const p = plan({
      query_plan: {
        operation: 'Quantum scan on t',
        access_type: 'quantum',
        table_name: 't',
        estimated_rows: 3,
      },
    });
    expect(p.root).toMatchObject({
      kind: 'other',
      label: 'Quantum scan on t',
      table: 't',
      rows: 3,
      accessType: 'quantum',
    });
  });

  it('null measurements mean never executed', () => {
    const p = plan({
      query_plan: {
        operation: 'Table scan on t',
        access_type: 'table',
        table_name: 't',
        actual_rows: null,
        actual_loops: null,
        actual_first_row_ms: null,
        actual_last_row_ms: null,
      },
    });
    expect(p.root.actual).toEqual({ executed: false, rows: 0, loops: 0 });
  });
});

describe('MariaDB JSON', () => {
  it('tables under unknown keys are found; known keys inside unknown objects too', () => {
    const p = plan(
      {
        query_block: {
          select_id: 1,
          r_loops: 1,
          teleport_join: {
            table: { table_name: 'x', access_type: 'ALL', rows: 5, r_rows: 5, r_loops: 1 },
          },
        },
      },
      'mariadb-json',
    );
    expect(all(p.root).find((n) => n.table === 'x')).toMatchObject({ kind: 'table', rows: 5 });
    expect(all(p.root).some((n) => n.kind === 'unknown')).toBe(true);
  });
});

describe('any dialect', () => {
  it('a document without any plan in it is not a plan', () => {
    expect(parsePlan('{"hello": [1, 2, {"world": true}]}')).toEqual({
      ok: false,
      error: {
        message: 'not a plan: no query_block, query_plan or table in this JSON',
        line: 1,
        column: 1,
      },
    });
  });

  it('a document forced into a dialect it is not still gives a plan of unknown nodes', () => {
    const p = plan(
      { query_plan: { operation: 'Table scan on t', access_type: 'table', table_name: 't' } },
      'mariadb-json',
    );
    expect(all(p.root).some((n) => n.table === 't')).toBe(true);
  });

  it('nesting beyond any real plan is kept whole, without exhausting the stack', () => {
    let inner: Record<string, unknown> = {
      operation: 'Table scan on t',
      access_type: 'table',
      table_name: 't',
    };
    for (let i = 0; i < MAX_PLAN_DEPTH + 500; i++)
      inner = { operation: 'Filter: (x)', access_type: 'filter', inputs: [inner] };
    const p = plan({ query_plan: inner });
    const nodes = all(p.root);
    expect(nodes.some((n) => n.label.startsWith('(nested deeper than'))).toBe(true);
    expect(nodes.length).toBeLessThan(MAX_PLAN_DEPTH + 10);
  });

  it('empty input, whitespace, and garbage are positioned errors', () => {
    expect(parsePlan('')).toMatchObject({ ok: false, error: { line: 1, column: 1 } });
    expect(parsePlan('\n\n   \n')).toMatchObject({
      ok: false,
      error: { message: 'not a plan: the input is empty' },
    });
    expect(parsePlan('\n  hello world')).toMatchObject({
      ok: false,
      error: { line: 2, column: 3 },
    });
  });
});
