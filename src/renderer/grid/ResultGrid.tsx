import {
  DataEditor,
  GridCellKind,
  type GridCell,
  type GridColumn,
  type Item,
  type Rectangle,
} from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Cell, ResultColumn } from '../../shared/api/query';
import { api } from '../app/api';
import { cellCopyText, cellDisplayText } from './cell-text';
import { gridTheme } from './grid-theme';
import { RowCache } from './row-cache';

/**
 * A result's rows on a canvas grid (Glide Data Grid): virtualised, so a million rows scroll as
 * fast as ten; rows are pulled page by page from the backend as they come into view.
 */
export function ResultGrid({
  queryId,
  columns,
  rowCount,
  height,
}: {
  queryId: string;
  columns: ResultColumn[];
  rowCount: number;
  height: number;
}) {
  const [version, setVersion] = useState(0);
  const [inView, setInView] = useState<{ from: number; to: number }>({ from: 0, to: 0 });
  const [widths, setWidths] = useState<Record<number, number>>({});
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const theme = useMemo(() => gridTheme(), []);

  const cache = useMemo(
    () =>
      new RowCache(
        async (offset, limit) => (await api.call('query.rows', { queryId, offset, limit })).rows,
        () => setVersion((v) => v + 1),
      ),
    [queryId],
  );

  // Pages fetched while rows were still arriving may be short: fetch the last one again.
  const lastCount = useRef(0);
  useEffect(() => {
    if (rowCount > lastCount.current) cache.invalidateFrom(lastCount.current);
    lastCount.current = rowCount;
  }, [rowCount, cache]);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);

  // Widths fit the header and the first rows that arrived, until the user resizes a column.
  const firstRows = cache.loadedRows(0, Math.min(rowCount, 100));
  const fitted = useMemo(
    () => fitColumnWidths(columns, firstRows),
    // Refit once the first page is here, not on every later page.
    [columns, firstRows.filter(Boolean).length > 0],
  );
  const gridColumns: GridColumn[] = useMemo(
    () =>
      columns.map((c, i) => ({
        id: String(i),
        title: c.name,
        width: widths[i] ?? fitted[i] ?? 120,
      })),
    [columns, widths, fitted],
  );
  const ROW_HEIGHT = 26;
  const HEADER_HEIGHT = 30;
  // A short result takes only the room it needs; the scrollbar needs a little more.
  const gridHeight = Math.min(height, HEADER_HEIGHT + rowCount * ROW_HEIGHT + 18);

  const getCellContent = ([col, row]: Item): GridCell => {
    const values = cache.row(row);
    if (!values) return { kind: GridCellKind.Loading, allowOverlay: false };
    const value = values[col] ?? null;
    const text = cellDisplayText(value);
    return {
      kind: GridCellKind.Text,
      data: text,
      displayData: text,
      copyData: cellCopyText(value),
      allowOverlay: true,
      readonly: true,
      contentAlign: columns[col]?.numeric && typeof value === 'string' ? 'right' : 'left',
      // NULL is drawn apart from the string 'NULL': muted and italic.
      themeOverride:
        value === null
          ? { textDark: theme.textLight ?? '#888', baseFontStyle: 'italic 13px' }
          : undefined,
    };
  };

  return (
    <div
      ref={containerRef}
      className="result-grid"
      data-testid="result-grid"
      data-version={version}
    >
      <DataEditor
        columns={gridColumns}
        rows={rowCount}
        getCellContent={getCellContent}
        getCellsForSelection={true}
        onVisibleRegionChanged={(r: Rectangle) => {
          cache.ensure(r.y, r.y + r.height + 1);
          setInView({ from: r.y, to: Math.min(rowCount, r.y + r.height + 1) });
        }}
        onColumnResize={(_c, newSize, index) => setWidths((w) => ({ ...w, [index]: newSize }))}
        rowMarkers="number"
        smoothScrollX
        smoothScrollY
        width={width}
        height={gridHeight}
        theme={theme}
        headerHeight={HEADER_HEIGHT}
        rowHeight={ROW_HEIGHT}
      />
      <RowsInView
        columns={columns}
        rows={cache.loadedRows(inView.from, inView.to)}
        from={inView.from}
      />
    </div>
  );
}

/** Column widths that fit the header and the sampled values, within sensible bounds. */
function fitColumnWidths(columns: ResultColumn[], rows: Array<Cell[] | undefined>): number[] {
  const charWidth = 7.8;
  return columns.map((c, i) => {
    let longest = c.name.length;
    for (const row of rows) {
      if (!row) continue;
      longest = Math.max(longest, cellDisplayText(row[i] ?? null).length);
    }
    return Math.round(Math.min(420, Math.max(64, longest * charWidth + 24)));
  });
}

/**
 * The rows on screen as a table for screen readers (a canvas has no text to read); NULL is
 * marked as such, apart from the string 'NULL'.
 */
function RowsInView({
  columns,
  rows,
  from,
}: {
  columns: ResultColumn[];
  rows: Array<Cell[] | undefined>;
  from: number;
}) {
  return (
    <table className="sr-only" aria-label="Rows in view">
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col">
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
                  {cellCopyText(cell)}
                </td>
              ))}
            </tr>
          ) : null,
        )}
      </tbody>
    </table>
  );
}
