import { MAX_CELL_SLICE, type Cell, type CellSlice } from '../../shared/api/query';
import { formatBytes } from '../grid/cell-text';
import type { CopyValue } from './copy-formats';

/** Fetches part of one cell's full value (`query.cell`). */
export type FetchSlice = (
  row: number,
  column: number,
  offset: number,
  length: number,
) => Promise<CellSlice>;

/** How much of a value is not in the grid's copy of it (characters or bytes); 0 when none. */
export function missingSize(cell: Cell): number {
  if (cell === null || typeof cell === 'string') return 0;
  if (cell.t === 'bin') return cell.partial ? cell.bytes : 0;
  return cell.chars;
}

/**
 * A cell's value in full: the grid holds only the start of long text (2,000 characters) and of
 * long bytes (256), so those are fetched slice by slice; everything else is already whole.
 * Throws for a value cut while it arrived (`wholeBytes`): the backend no longer has all of it.
 */
export async function fullValue(
  cell: Cell,
  row: number,
  column: number,
  fetch: FetchSlice,
): Promise<CopyValue> {
  if (cell === null || typeof cell === 'string') return cell;
  if (cell.wholeBytes !== undefined) {
    // Only its start was kept: copied, it would pass for the whole value.
    throw new Error(
      `row ${row + 1}, column ${column + 1} holds only the start of its ${formatBytes(cell.wholeBytes)} value (cut while it arrived, to stay within the result's memory limit). Export the full result to get it whole.`,
    );
  }
  if (cell.t === 'bin' && !cell.partial) return { hex: cell.hex };
  const parts: string[] = [];
  let offset = 0;
  let total = Infinity;
  let kind: CellSlice['kind'] = 'text';
  while (offset < total) {
    const slice = await fetch(row, column, offset, MAX_CELL_SLICE);
    kind = slice.kind;
    total = slice.total;
    if (slice.kind === 'null') return null;
    parts.push(slice.data);
    const got = slice.kind === 'binary' ? slice.data.length / 2 : slice.data.length;
    if (got === 0) break;
    offset += got;
  }
  return kind === 'binary' ? { hex: parts.join('') } : parts.join('');
}
