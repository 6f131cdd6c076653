import type { Cell, ResultColumn } from '../../shared/api/query';
import { cellCopyText, cellDisplayText } from './cell-text';
import type { SortSpec } from './view-order';

/**
 * The rows on screen as a table for screen readers (a canvas has no text to read), in the order
 * drawn; NULL is marked as such, apart from the string 'NULL'.
 */
export function RowsInView({
  columns,
  rows,
  from,
  sort,
}: {
  columns: ResultColumn[];
  rows: Array<Cell[] | undefined>;
  from: number;
  sort: SortSpec | null;
}) {
  return (
    <div className="sr-only-box">
      <table aria-label="Rows in view">
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th
                key={i}
                scope="col"
                aria-sort={
                  sort?.column === i
                    ? sort.direction === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) =>
            row ? (
              <tr key={from + r} aria-rowindex={from + r + 1}>
                {row.map((cell, i) => (
                  <td key={i} data-null={cell === null ? 'true' : undefined}>
                    {/* A long value reads as the canvas shows it: its start and its size. */}
                    {cell !== null && typeof cell === 'object' && cell.t === 'long'
                      ? cellDisplayText(cell)
                      : cellCopyText(cell)}
                  </td>
                ))}
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
    </div>
  );
}
