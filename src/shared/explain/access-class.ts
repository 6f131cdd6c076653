import type { PlanNode } from './plan-model';

/** Table accesses by what they cost, whatever the dialect calls them. */
export type AccessClass =
  'full scan' | 'full index scan' | 'single row' | 'lookup' | 'range' | 'index merge' | 'other';

const SINGLE_ROW = new Set([
  'system',
  'const',
  'eq_ref',
  'single_row',
  'zero_rows',
  'constant',
  'constant_row',
]);
const LOOKUP = new Set([
  'ref',
  'ref_or_null',
  'index_lookup',
  'fulltext',
  'fulltext_index',
  'unique_subquery',
  'index_subquery',
]);
const RANGE = new Set([
  'range',
  'index_range_scan',
  'skip_scan',
  'index_skip_scan',
  'group_index_skip_scan',
]);

/**
 * The access class of a node that reads a table (undefined for other nodes): MySQL JSON v1
 * says `ALL`/`ref`, v2 `table`/`index_lookup`, MariaDB and the trees their own words; the
 * normalised flags decide full scans, the rest is read from the access type.
 */
export function accessClassOf(node: PlanNode): AccessClass | undefined {
  if (node.kind === 'index-merge') return 'index merge';
  if (node.kind !== 'table') return undefined;
  if (node.flags.includes('full-table-scan')) return 'full scan';
  if (node.flags.includes('full-index-scan')) return 'full index scan';
  // FORMAT=TREE calls eq_ref reads `index lookup` too; only the label says `Single-row`.
  if (/^single-row /i.test(node.label)) return 'single row';
  const type = (node.accessType ?? '').toLowerCase().replace(/\s+/g, '_');
  if (SINGLE_ROW.has(type)) return 'single row';
  if (LOOKUP.has(type)) return 'lookup';
  if (RANGE.has(type)) return 'range';
  if (type === 'index_merge') return 'index merge';
  // JSON v2 calls the scan of a server's own result (`<temporary>`, a CTE) `table`, as the
  // trees call it `Table scan`: without the full-scan flag of a stored table, read whole all
  // the same.
  if (type === 'all' || type === 'table_scan' || type === 'table') return 'full scan';
  if (type === 'index' || type === 'index_scan') return 'full index scan';
  return 'other';
}

/**
 * How costly an access class is, lower is better: a single row, a lookup, a range, an index
 * merge, a full index scan, a full scan. `other` is not ranked (undefined): it cannot be said to
 * be better or worse.
 */
export function accessRank(access: AccessClass): number | undefined {
  const rank = ACCESS_ORDER.indexOf(access);
  return rank < 0 ? undefined : rank;
}

const ACCESS_ORDER: readonly AccessClass[] = [
  'single row',
  'lookup',
  'range',
  'index merge',
  'full index scan',
  'full scan',
];
