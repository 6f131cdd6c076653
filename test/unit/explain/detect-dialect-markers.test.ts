// detectJsonDialect looks each key up once, in a map of bits, where it looked it up in three sets:
// the same answer as before on thousands of seeded random documents and mutated corpus plans.
import { describe, expect, it } from 'vitest';
import { readCorpusDocument } from '../../explain-corpus/corpus-index';
import { detectJsonDialect, readPlanJson, type PlanDialect } from '../../../src/shared/explain';
import { isJsonObject } from '../../../src/shared/explain/json-value';
import { ALL_DOCUMENTS } from './corpus-documents';
import { mutateJson, pick, seededRandom, type Random } from './mutations';

/** Keys only MariaDB writes. */
const MARIADB_KEYS = new Set([
  'query_optimization',
  'block-nl-join',
  'read_sorted_file',
  'filesort',
  'temporary_table',
  'expression_cache',
  'subquery_cache',
  'subqueries',
  'range-checked-for-each-record',
  'window_functions_computation',
  'recursive_union',
  'rowid_filter',
  'r_loops',
  'r_rows',
  'r_total_time_ms',
  'r_table_time_ms',
  'r_filtered',
  'materialized',
  'loose_scan',
  'sort_key',
  'having_condition',
  'outer_ref_condition',
]);

/** Keys only MySQL's version 1 writes. */
const MYSQL_V1_KEYS = new Set([
  'cost_info',
  'rows_examined_per_scan',
  'rows_produced_per_join',
  'ordering_operation',
  'grouping_operation',
  'materialized_from_subquery',
  'attached_subqueries',
  'select_list_subqueries',
  'having_subqueries',
  'order_by_subqueries',
  'optimized_away_subqueries',
  'using_join_buffer',
  'using_temporary_table',
  'used_columns',
  'windowing',
  'buffer_result',
  'insert_from',
  'loosescan',
  'range_checked_for_each_record',
  'sharing_temporary_table_with',
  'intersect_result',
  'except_result',
]);

/** Keys of MySQL's version 2 (and EXPLAIN ANALYZE FORMAT=JSON). */
const MYSQL_V2_KEYS = new Set([
  'query_plan',
  'operation',
  'inputs',
  'inputs_from_select_list',
  'estimated_rows',
  'estimated_total_cost',
  'json_schema_version',
  'actual_rows',
]);

const INLINE_ARRAY = /\n\s*"\w+": \["[^"\n]*"(?:, "[^"\n]*")*\]/;

/** How many objects detection looks at: markers show up near the top of every real plan. */
const DETECTION_BUDGET = 400;

/**
 * detectJsonDialect as it was (three set lookups per key). The dialect of a parsed JSON plan, from the keys each server writes, or null when nothing in
 * it looks like a plan. MySQL 5.6 and MariaDB can write identical small plans: the document's
 * `text`, when given, breaks the tie by layout; otherwise (and for plans without arrays) they
 * count as MySQL, which reads them the same.
 */
function detectByThreeSets(document: unknown, text?: string): PlanDialect | null {
  let mariadb = 0;
  let v1 = 0;
  let v2 = 0;
  let blocks = 0;
  const queue: unknown[] = [document];
  for (let next = 0; next < queue.length && next < DETECTION_BUDGET; next++) {
    const value = queue[next];
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) queue.push(item);
      continue;
    }
    if (!isJsonObject(value)) continue;
    for (const key in value) {
      if (MARIADB_KEYS.has(key)) mariadb++;
      if (MYSQL_V1_KEYS.has(key)) v1++;
      // MariaDB query blocks of set operations say `"operation": "UNION"` next to select_id.
      if (key === 'operation' && 'select_id' in value) mariadb++;
      else if (MYSQL_V2_KEYS.has(key)) v2++;
      if (
        key === 'query_block' ||
        key === 'table_name' ||
        key === 'select_id' ||
        key === 'nested_loop'
      )
        blocks++;
      // MySQL 5.7+ prints `filtered` and costs as strings; MariaDB as numbers.
      if (key === 'filtered') {
        if (typeof value[key] === 'string') v1++;
      }
      if (key === 'cost' && typeof value[key] === 'number') mariadb++;
      if (key === 'duplicates_removal') {
        if (Array.isArray(value[key])) mariadb++;
        else v1++;
      }
      const item = value[key];
      if (typeof item === 'object' && item !== null) queue.push(item);
    }
  }
  if (v2 > 0 && v2 >= v1 && v2 >= mariadb) return 'mysql-json-v2';
  if (mariadb > v1) return 'mariadb-json';
  // No telling keys (a small plan without measurements): MariaDB prints arrays on one line,
  // MySQL one element per line.
  if (mariadb === v1 && text !== undefined && INLINE_ARRAY.test(text)) return 'mariadb-json';
  if (v1 > 0 || blocks > 0) return 'mysql-json-v1';
  return null;
}

const KEYS = [
  ...MARIADB_KEYS,
  ...MYSQL_V1_KEYS,
  ...MYSQL_V2_KEYS,
  'select_id',
  'query_block',
  'table_name',
  'nested_loop',
  'filtered',
  'cost',
  'duplicates_removal',
  'operation',
  'other',
];

/** A random JSON value made of plan keys of every dialect. */
function randomValue(random: Random, depth: number): unknown {
  const r = random();
  if (depth > 3 || r < 0.3) return pick(random, ['12.5', 12.5, true, null, 'x', 'UNION']);
  if (r < 0.45)
    return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  const o: Record<string, unknown> = {};
  const keys = Math.floor(random() * 6);
  for (let i = 0; i < keys; i++) o[pick(random, KEYS)] = randomValue(random, depth + 1);
  return o;
}

describe('detectJsonDialect', () => {
  it('answers as the three sets did on 5,000 seeded random documents', () => {
    const random = seededRandom(1217);
    const seen = new Set<PlanDialect | null>();
    for (let i = 0; i < 5000; i++) {
      const document = randomValue(random, 0);
      const text = JSON.stringify(document, null, i % 2 ? 2 : undefined);
      const expected = detectByThreeSets(document, text);
      seen.add(expected);
      expect(detectJsonDialect(document, text), text).toBe(expected);
    }
    // Every answer came up, not only one.
    expect(seen.size).toBe(4);
  });

  const jsonDocs = ALL_DOCUMENTS.filter((d) => d.file.endsWith('.json'));
  it.each(jsonDocs.map((d, i) => [d.file, i] as const))('and on mutations of %s', (_file, seed) => {
    const original = readPlanJson(readCorpusDocument(jsonDocs[seed]!));
    if (!original.ok) throw new Error('not JSON');
    expect(detectJsonDialect(original.value)).toBe(detectByThreeSets(original.value));
    const random = seededRandom(5000 + seed);
    for (let round = 0; round < 20; round++) {
      const { value } = mutateJson(original.value, random, 1 + (round % 4));
      const text = JSON.stringify(value, null, 2);
      expect(detectJsonDialect(value, text)).toBe(detectByThreeSets(value, text));
    }
  });
});
