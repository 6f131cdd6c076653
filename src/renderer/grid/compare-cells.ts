import type { Cell } from '../../shared/api/query';
import { compareDecimalText } from '../../shared/query/compare-decimal';

/** Text in the user's language order, the way people expect names to sort. */
const collator = new Intl.Collator(undefined, { sensitivity: 'variant' });

/** The rank of a cell's kind, for cells of different kinds in one column. */
function kindRank(cell: Cell): number {
  if (cell === null) return 0;
  if (typeof cell === 'string' || cell.t === 'long') return 1;
  return 2;
}

/**
 * Orders two cells of one column for a client-side sort, ascending: NULL first (as the server
 * sorts it), numbers exactly (as decimal text, so BIGINT and DECIMAL never lose digits), other
 * text by collation, bytes by their hex. Long values compare by the part the grid has (their
 * first 2,000 characters), which decides all but the rarest ties.
 */
export function compareCells(a: Cell, b: Cell, numeric: boolean): number {
  const ka = kindRank(a);
  const kb = kindRank(b);
  if (ka !== kb) return ka - kb;
  if (a === null || b === null) return 0;
  if (typeof a === 'string' && typeof b === 'string') {
    return numeric ? compareDecimalText(a, b) : collator.compare(a, b);
  }
  if (typeof a !== 'string' && typeof b !== 'string' && a.t === 'bin' && b.t === 'bin') {
    if (a.hex !== b.hex) return a.hex < b.hex ? -1 : 1;
    return a.bytes - b.bytes;
  }
  const ta = typeof a === 'string' ? a : a.t === 'long' ? a.text : '';
  const tb = typeof b === 'string' ? b : b.t === 'long' ? b.text : '';
  return collator.compare(ta, tb);
}
