import type { GridColumn } from '@glideapps/glide-data-grid';
import { useMemo, useState } from 'react';
import type { ResultColumn } from '../../shared/api/query';
import { fitColumnWidths, widenedForText } from './column-widths';
import type { RowCache } from './row-cache';
import type { SortSpec } from './view-order';

/**
 * The grid's columns: widths fit the header and the first rows that arrived, until the user
 * resizes a column; a value typed into a cell widens its column to show it; the sorted one
 * shows its arrow.
 */
export function useColumnWidths(
  columns: ResultColumn[],
  cache: RowCache,
  rowCount: number,
  sort: SortSpec | null,
): {
  gridColumns: GridColumn[];
  widths: number[];
  onResize: (index: number, width: number) => void;
  /** `text` was typed into a cell of column `index`: widen it to show the text. */
  fitTyped: (index: number, text: string) => void;
} {
  const [resized, setResized] = useState<Record<number, number>>({});
  // Refit once the first page is here, not on every later page (kept in state, adjusted while
  // rendering when the columns or the first page change).
  const firstRows = cache.loadedRows(0, Math.min(rowCount, 100));
  const firstPageHere = firstRows.some(Boolean);
  const [fit, setFit] = useState(() => ({
    columns,
    firstPageHere,
    widths: fitColumnWidths(columns, firstRows),
  }));
  if (fit.columns !== columns || fit.firstPageHere !== firstPageHere) {
    setFit({ columns, firstPageHere, widths: fitColumnWidths(columns, firstRows) });
  }
  const fitted = fit.widths;
  const gridColumns: GridColumn[] = useMemo(
    () =>
      columns.map((c, i) => ({
        id: String(i),
        title: sort?.column === i ? `${c.name} ${sort.direction === 'asc' ? '▲' : '▼'}` : c.name,
        width: resized[i] ?? fitted[i] ?? 120,
      })),
    [columns, resized, fitted, sort],
  );
  const widths = columns.map((_, i) => resized[i] ?? fitted[i] ?? 120);
  return {
    gridColumns,
    widths,
    onResize: (index, width) => setResized((w) => ({ ...w, [index]: width })),
    fitTyped: (index, text) => {
      const current = widths[index];
      if (current === undefined) return;
      const wider = widenedForText(current, text);
      if (wider > current) setResized((w) => ({ ...w, [index]: wider }));
    },
  };
}
