import { isJsonObject } from './json-value';
import type { PlanDialect } from './plan-dialect';

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

// Which of the sets above each key is in, as bits: one lookup per key instead of three (detection
// reads up to DETECTION_BUDGET objects of every JSON document parsed).
const MARIADB = 1;
const MYSQL_V1 = 2;
const MYSQL_V2 = 4;
const MARKERS = new Map<string, number>();
for (const [keys, bit] of [
  [MARIADB_KEYS, MARIADB],
  [MYSQL_V1_KEYS, MYSQL_V1],
  [MYSQL_V2_KEYS, MYSQL_V2],
] as const)
  for (const key of keys) MARKERS.set(key, (MARKERS.get(key) ?? 0) | bit);

const INLINE_ARRAY = /\n\s*"\w+": \["[^"\n]*"(?:, "[^"\n]*")*\]/;

/** How many objects detection looks at: markers show up near the top of every real plan. */
const DETECTION_BUDGET = 400;

/**
 * The dialect of a parsed JSON plan, from the keys each server writes, or null when nothing in
 * it looks like a plan. MySQL 5.6 and MariaDB can write identical small plans: the document's
 * `text`, when given, breaks the tie by layout; otherwise (and for plans without arrays) they
 * count as MySQL, which reads them the same.
 */
export function detectJsonDialect(document: unknown, text?: string): PlanDialect | null {
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
      const markers = MARKERS.get(key) ?? 0;
      if (markers & MARIADB) mariadb++;
      if (markers & MYSQL_V1) v1++;
      // MariaDB query blocks of set operations say `"operation": "UNION"` next to select_id.
      if (key === 'operation' && 'select_id' in value) mariadb++;
      else if (markers & MYSQL_V2) v2++;
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

/** The dialect of a text (non-JSON) plan, or null when it is neither a tree nor a table. */
export function detectTextDialect(text: string): PlanDialect | null {
  const first = /^[ \t]*(\S.*)$/m.exec(text)?.[1] ?? '';
  if (first.startsWith('->')) return 'mysql-tree';
  // A table header (bordered, tab- or space-separated) or `\G` field names: a few of the
  // traditional columns on one line, or as the first fields of a row.
  const lines = text.slice(0, 8000).split('\n', 40);
  if (lines.some((l) => columnNames(l) >= 3)) return 'tabular';
  const fields = lines
    .map((l) => /^\s*(\w+):/.exec(l)?.[1]?.toLowerCase())
    .filter((f) => f && COLUMNS.has(f));
  return fields.length >= 3 ? 'tabular' : null;
}

const COLUMNS = new Set([
  'id',
  'select_type',
  'table',
  'type',
  'possible_keys',
  'key',
  'key_len',
  'ref',
  'rows',
  'extra',
]);

function columnNames(line: string): number {
  let n = 0;
  for (const word of line.toLowerCase().split(/[\s|]+/)) if (COLUMNS.has(word)) n++;
  return n;
}
