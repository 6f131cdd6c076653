// The attribute names servers write, as constants: a name met in a line is looked up here by
// its characters, so the reader keeps the constant instead of cutting a new string per value,
// and the digest's Map look-ups by these names are cheap.

/**
 * Attribute names MySQL, Percona Server and MariaDB write (and the `SET` ones): met in a line,
 * these constants are used instead of a new string. Others are kept all the same.
 */
export const KNOWN_ATTRIBUTE_NAMES: readonly string[] = [
  'Query_time',
  'Lock_time',
  'Rows_sent',
  'Rows_examined',
  'Rows_affected',
  'Rows_read',
  'Thread_id',
  'Schema',
  'Last_errno',
  'Killed',
  'Errno',
  'Bytes_received',
  'Bytes_sent',
  'Read_first',
  'Read_last',
  'Read_key',
  'Read_next',
  'Read_prev',
  'Read_rnd',
  'Read_rnd_next',
  'Sort_merge_passes',
  'Sort_range_count',
  'Sort_rows',
  'Sort_scan_count',
  'Created_tmp_disk_tables',
  'Created_tmp_tables',
  'Count_hit_tmp_table_size',
  'Start',
  'End',
  'QC_hit',
  'Full_scan',
  'Full_join',
  'Tmp_table',
  'Tmp_table_on_disk',
  'Tmp_tables',
  'Tmp_disk_tables',
  'Tmp_table_sizes',
  'Filesort',
  'Filesort_on_disk',
  'Merge_passes',
  'Priority_queue',
  'Pages_accessed',
  'Pages_read',
  'Pages_updated',
  'Pages_prefetched',
  'Old_rows_read',
  'Pages_read_time',
  'Undo_records_read',
  'Engine_time',
  'InnoDB_IO_r_ops',
  'InnoDB_IO_r_bytes',
  'InnoDB_IO_r_wait',
  'InnoDB_rec_lock_wait',
  'InnoDB_queue_wait',
  'InnoDB_pages_distinct',
  'InnoDB_trx_id',
  'Log_slow_rate_type',
  'Log_slow_rate_limit',
  'Id',
  'timestamp',
  'insert_id',
  'last_insert_id',
];

/** Longest known name (and a bound on the lengths the shape table covers). */
const MAX_NAME = 31;
/**
 * Known names by shape (length * 128 + first char code): the first index with that shape, and
 * for each index the next one with its shape (-1: none). Typed arrays: a dense, fast table.
 */
const FIRST_BY_SHAPE = new Int16Array((MAX_NAME + 1) * 128).fill(-1);
const NEXT_WITH_SHAPE = new Int16Array(KNOWN_ATTRIBUTE_NAMES.length).fill(-1);
for (let index = KNOWN_ATTRIBUTE_NAMES.length - 1; index >= 0; index -= 1) {
  const name = KNOWN_ATTRIBUTE_NAMES[index]!;
  const shape = name.length * 128 + (name.charCodeAt(0) & 127);
  NEXT_WITH_SHAPE[index] = FIRST_BY_SHAPE[shape]!;
  FIRST_BY_SHAPE[shape] = index;
}
/** Each known name's index. */
export const KNOWN_INDEX: ReadonlyMap<string, number> = new Map(
  KNOWN_ATTRIBUTE_NAMES.map((name, index) => [name, index]),
);

/**
 * The index in KNOWN_ATTRIBUTE_NAMES of the attribute name `text[start, end)`, or -1 when it is
 * not a known one (no string is made either way).
 */
export function knownAttributeIndex(text: string, start: number, end: number): number {
  const length = end - start;
  const first = text.charCodeAt(start);
  if (length > MAX_NAME || !(first < 128)) return -1;
  for (
    let index = FIRST_BY_SHAPE[length * 128 + first]!;
    index >= 0;
    index = NEXT_WITH_SHAPE[index]!
  ) {
    const name = KNOWN_ATTRIBUTE_NAMES[index]!;
    let i = 1;
    while (i < length && name.charCodeAt(i) === text.charCodeAt(start + i)) i += 1;
    if (i === length) return index;
  }
  return -1;
}

/** The name `text[start, end)`: the known constant, else a new string. */
export function attributeName(text: string, start: number, end: number): string {
  const index = knownAttributeIndex(text, start, end);
  return index < 0 ? text.slice(start, end) : KNOWN_ATTRIBUTE_NAMES[index]!;
}
