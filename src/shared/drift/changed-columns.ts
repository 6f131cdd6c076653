import type { DriftColumn } from './drift-table';
import type { FixValue, SourceRow } from './fix-statements';

function sameValue(a: FixValue | undefined, b: FixValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === null || b === null) return a === b;
  if ('hex' in a) return 'hex' in b && a.hex.toLowerCase() === b.hex.toLowerCase();
  return 'text' in b && a.text === b.text;
}

/**
 * The columns, in table order, whose stored values differ between the source's and the
 * replica's read of one row (both read as for a fix: text and binary columns as their bytes,
 * others as their text, NULL as null), so a changed row says what changed. Empty when the two
 * reads agree (the row changed between the comparison and this read).
 */
export function changedColumns(
  columns: readonly DriftColumn[],
  source: SourceRow,
  replica: SourceRow,
): string[] {
  return columns
    .filter((c) => !sameValue(source.get(c.name), replica.get(c.name)))
    .map((c) => c.name);
}
