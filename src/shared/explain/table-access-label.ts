// JSON v1, MariaDB JSON and tabular EXPLAIN name accesses by `type`; people read them better as
// the words MySQL's tree format uses.
const ACCESS_WORDS: Record<string, string> = {
  ALL: 'Table scan',
  index: 'Index scan',
  range: 'Index range scan',
  ref: 'Index lookup',
  eq_ref: 'Unique index lookup',
  ref_or_null: 'Index lookup (or NULL)',
  const: 'Constant row',
  system: 'Constant row',
  index_merge: 'Index merge',
  fulltext: 'Full-text index search',
  unique_subquery: 'Unique subquery lookup',
  index_subquery: 'Subquery index lookup',
  hash_ALL: 'Hash join scan',
  hash_index: 'Hash join index scan',
  hash_range: 'Hash join range scan',
};

/** `Index lookup on o using customer_id` from `ref`, `o`, `customer_id`. */
export function tableAccessLabel(
  accessType: string | undefined,
  table: string | undefined,
  key: string | undefined,
): string {
  const words =
    (accessType && ACCESS_WORDS[accessType]) ?? (accessType ? `Access (${accessType})` : 'Table');
  const on = table === undefined ? '' : ` on ${table}`;
  return `${words}${on}${key === undefined ? '' : ` using ${key}`}`;
}

interface SharedLabel {
  accessType: string | undefined;
  key: string | undefined;
  label: string;
}

/**
 * tableAccessLabel for the tables of one document. Large plans read the same tables the same
 * way many times (a UNION of similar selects): each distinct label is built once and shared,
 * rather than a new string per node. One per document, so nothing outlives the parse.
 */
export class TableAccessLabels {
  // By table: a table is nearly always read one way, so its list has one or two entries.
  private readonly byTable = new Map<string | undefined, SharedLabel[]>();

  /** The same text as tableAccessLabel. */
  label(
    accessType: string | undefined,
    table: string | undefined,
    key: string | undefined,
  ): string {
    let shared = this.byTable.get(table);
    if (shared === undefined) this.byTable.set(table, (shared = []));
    for (let i = 0; i < shared.length; i++) {
      const s = shared[i]!;
      if (s.accessType === accessType && s.key === key) return s.label;
    }
    const label = tableAccessLabel(accessType, table, key);
    shared.push({ accessType, key, label });
    return label;
  }
}

/** Whether a `type` reads the whole table or the whole index. */
export function fullScanOf(
  accessType: string | undefined,
): 'full-table-scan' | 'full-index-scan' | null {
  if (accessType === 'ALL' || accessType === 'hash_ALL') return 'full-table-scan';
  if (accessType === 'index' || accessType === 'hash_index') return 'full-index-scan';
  return null;
}
