// The shortcuts taken on hot paths of the JSON v2 parser answer exactly as the slow way would:
// checked against that slow way on thousands of seeded random inputs.
import { describe, expect, it } from 'vitest';
import { parsePlan } from '../../../src/shared/explain';
import { joinCondition } from '../../../src/shared/explain/mysql-operation';
import { parseMysqlJsonV2 } from '../../../src/shared/explain/parse-mysql-json-v2';
import { pick, seededRandom } from './mutations';
import { parseMysqlJsonV2 as referenceV2 } from './reference/parse-mysql-json-v2';

/** joinCondition as it was: the pattern tried on every operation. */
function joinConditionByPattern(operation: string): string | undefined {
  const m = /^[^(]*?join\b[^(]*\((.*)\)$/.exec(operation);
  return m && !/^(?:FirstMatch|LooseScan|no condition)/.test(m[1] ?? '') ? m[1] : undefined;
}

const JOINS = ['Nested loop inner join', 'Inner hash join', 'Left hash join', 'Hash semijoin'];

const PARTS = [
  'Nested loop inner join',
  'Inner hash join',
  'Left hash join',
  'Nested loop antijoin',
  'join',
  'joined',
  ' ',
  '(',
  ')',
  '(a.x = b.y)',
  '(no condition)',
  '(FirstMatch)',
  'LooseScan',
  'FirstMatch',
  'no condition',
  '\n',
  ')\n',
  'Filter: ',
  'Hash',
  'a.id = t1.id',
  '',
];

describe('joinCondition', () => {
  it('gives what the pattern alone gives, on 20,000 seeded random operations', () => {
    const random = seededRandom(17);
    let withCondition = 0;
    for (let i = 0; i < 20_000; i++) {
      // Half start as a join's wording does, the rest are any mix of the parts.
      let text = random() < 0.5 ? `${pick(random, JOINS)} (` : '';
      const parts = 1 + Math.floor(random() * 5);
      for (let p = 0; p < parts; p++) text += pick(random, PARTS);
      const expected = joinConditionByPattern(text);
      if (expected !== undefined) withCondition++;
      expect(joinCondition(text), JSON.stringify(text)).toBe(expected);
    }
    // The inputs reach both answers, not only the shortcut's.
    expect(withCondition).toBeGreaterThan(1000);
  });
});

describe('JSON v2 access types', () => {
  // The kinds by access type are looked up by the name's length, then the name: names that an
  // object would find on its prototype, and names of the length of a known one, are unknown
  // access types like any other, decided by the operation's wording.
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'tablE', 'jion'])(
    'access_type %s is classified by the operation text',
    (accessType) => {
      const text = JSON.stringify({
        query: 'select 1',
        query_plan: {
          operation: 'Nested loop inner join',
          access_type: accessType,
          inputs: [
            { operation: 'Table scan on t1', access_type: accessType, table_name: 't1' },
            { operation: 'Filter: (t2.a > 1)', access_type: accessType },
          ],
        },
      });
      const parsed = parsePlan(text, { dialect: 'mysql-json-v2' });
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const root = parsed.plan.root;
      expect(root.kind).toBe('join');
      expect(root.accessType).toBe(accessType);
      expect(root.children.map((c) => [c.kind, c.table, c.flags, c.condition])).toEqual([
        ['table', 't1', ['full-table-scan'], undefined],
        ['filter', undefined, [], '(t2.a > 1)'],
      ]);
    },
  );
});

describe('JSON v2 access types known to the parser', () => {
  // Each access type gives its kind whatever the operation says (here words of no kind at all);
  // kind `other` takes its flags from the wording, which has none.
  it.each([
    ['table', 'table', ['full-table-scan']],
    ['index', 'table', []],
    ['filter', 'filter', []],
    ['join', 'join', []],
    ['sort', 'sort', ['filesort']],
    ['limit', 'limit', []],
    ['stream', 'stream', []],
    ['window', 'window', []],
    ['append', 'union', []],
    ['temp_table_aggregate', 'group', ['temporary']],
    ['rowid_union', 'index-merge', []],
    ['rowid_intersection', 'index-merge', []],
    ['index_merge', 'index-merge', []],
    ['remove_duplicates_on_index', 'dedupe', []],
    ['remove_duplicates_from_groups', 'dedupe', []],
    ['weedout', 'dedupe', []],
    ['rows_fetched_before_execution', 'other', []],
    ['zero_rows', 'other', []],
    ['invalidate_materialized_tables', 'other', []],
    ['delete_rows', 'other', []],
    ['update_rows', 'other', []],
  ])('%s → %s %j', (accessType, kind, flags) => {
    const text = JSON.stringify({ operation: 'Something new', access_type: accessType });
    const parsed = parsePlan(text, { dialect: 'mysql-json-v2' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect([parsed.plan.root.kind, parsed.plan.root.flags]).toEqual([kind, flags]);
  });
});

// Index accesses whose wording starts as the common ones do are classified without trying the
// patterns (plainIndexAccessFlags); the wording pieces below reach each way it must decline.
const ACCESS_STARTS = [
  'Index lookup on ',
  'Covering index lookup on ',
  'Single-row index lookup on ',
  'Single-row covering index lookup on ',
  'Multi-range index lookup on ',
  'Index range scan on ',
  'Covering index range scan on ',
  'Index range scan (Multi-Range Read) on ',
  'Index scan on ',
  'Index lookup on',
  'index lookup on ',
  '',
];
const WORDING_PARTS = [
  'o',
  'customers',
  '`my table`',
  '`o`',
  '<subquery2>',
  'caf\u00e9',
  'a\tb',
  ' ',
  '',
  ' using ',
  ' using',
  'using ',
  'customer_id',
  ' (customer_id = a0.id)',
  ', with index condition: (o.total > 5)',
  ', with index condition: (a\nb)',
  ' (re-planned for each iteration)',
  ' over (10 < x)',
  ' hash join',
  '\n',
];

const NAMES = ['o', 'customer_id', 'PRIMARY', '`my table`', '<temporary>', 'caf\u00e9', 'a\tb', ''];

/** The model as text, undefined fields written out (toEqual would not tell them from absent). */
function exact(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v === undefined ? '<undefined>' : v));
}

describe('JSON v2 index accesses read without the patterns', () => {
  it('give the reference model on 20,000 seeded random wordings', () => {
    const random = seededRandom(29);
    let plain = 0;
    for (let i = 0; i < 20_000; i++) {
      let operation = pick(random, ACCESS_STARTS);
      // Most as the server words them (a table, an index, a condition), with pieces added.
      if (random() < 0.7) operation += `${pick(random, NAMES)} using ${pick(random, NAMES)}`;
      const parts = Math.floor(random() * 4);
      for (let p = 0; p < parts; p++) operation += pick(random, WORDING_PARTS);
      const node: Record<string, unknown> = {
        operation,
        access_type: 'index',
        index_access_type: pick(random, ['index_lookup', 'index_range_scan', 'full_text_search']),
      };
      if (random() < 0.9) node.table_name = pick(random, ['o', 'customers', '<temporary>']);
      if (random() < 0.9) node.index_name = 'customer_id';
      if (random() < 0.2) node.covering = random() < 0.5;
      if (random() < 0.2) node.pushed_index_condition = pick(random, ['(o.total > 5)', 3]);
      const document = { query_plan: node };
      const mine = exact(parseMysqlJsonV2(structuredClone(document)));
      const theirs = exact(referenceV2(structuredClone(document)));
      if (mine !== theirs) expect(mine, JSON.stringify(node)).toBe(theirs);
      if (
        /^(?:Index|Covering index|Single-row (?:covering )?index) lookup on \w+ using \w/.test(
          operation,
        )
      )
        plain++;
    }
    // The wordings reach the shortcut, not only the patterns.
    expect(plain).toBeGreaterThan(1000);
  });
});
