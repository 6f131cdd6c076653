import {
  DataEditor,
  GridCellKind,
  type GridCell,
  type GridColumn,
  type GridSelection,
  type Item,
  type Rectangle,
} from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Cell, ResultColumn } from '../../shared/api/query';
import { cellCopyText, cellDisplayText } from './cell-text';
import { gridTheme } from './grid-theme';
import type { RowCache } from './row-cache';
import type { SortSpec } from './view-order';

const ROW_HEIGHT = 26;
const HEADER_HEIGHT = 30;

/** A row of the grid: one of the result's (by result index) or one after them (by place). */
export type GridRowRef = { kind: 'result'; index: number } | { kind: 'extra'; index: number };

/** How a changed, added or deleted cell is marked. */
export type CellMark = 'changed' | 'added' | 'deleted' | 'gone' | 'inserted';

/** What editing draws in a cell instead of the fetched value. */
export interface CellDraw {
  /** The value shown; `default` for a column an added row leaves to the server. */
  value: Cell | 'default';
  mark: CellMark | null;
  /** The text the cell editor opens with; null when the cell cannot be edited. */
  editText: string | null;
}

/** Result editing, as the grid sees it (see ResultView). */
export interface GridEditing {
  /** Rows after the result's own: added and inserted ones. */
  extraRows: number;
  /** The cell to draw, given the fetched one (undefined for extra rows and rows not here). */
  draw: (row: GridRowRef, column: number, fetched: Cell | undefined) => CellDraw | null;
  /** The user typed `text` into a cell and confirmed it. */
  onEdit: (row: GridRowRef, column: number, text: string) => void;
}

const MARK_COLOURS: Record<CellMark, string> = {
  changed: 'rgba(212, 160, 0, 0.30)',
  added: 'rgba(26, 127, 55, 0.18)',
  inserted: 'rgba(26, 127, 55, 0.08)',
  deleted: 'rgba(196, 38, 29, 0.20)',
  gone: 'rgba(128, 128, 128, 0.15)',
};

/** Room for the row numbers: wide enough for the largest one. */
function rowMarkerWidth(rows: number): number {
  return Math.max(32, 14 + String(rows).length * 8);
}

/**
 * A result's rows on a canvas grid (Glide Data Grid): virtualised, so a million rows scroll as
 * fast as ten; rows are pulled page by page from the backend as they come into view.
 *
 * The grid shows `rowCount` rows; with a client-side sort or filter, `order` maps each of them to
 * the result's row (all of those are fetched already). Glide's own overlay editor and copy are
 * off: a cell opens the app's cell viewer (`onActivate`, double-click or Enter), and Ctrl+C
 * copies through `onCopy`, which fetches long values in full first.
 */
export function ResultGrid({
  columns,
  cache,
  version,
  rowCount,
  order,
  sort,
  onSortClick,
  selection,
  onSelectionChange,
  onActivate,
  onContextMenu,
  onCopy,
  height,
  editing,
}: {
  columns: ResultColumn[];
  cache: RowCache;
  /** Changes whenever rows arrive in the cache, to draw them. */
  version: number;
  rowCount: number;
  order: readonly number[] | null;
  sort: SortSpec | null;
  onSortClick: (column: number) => void;
  selection: GridSelection;
  onSelectionChange: (selection: GridSelection) => void;
  /** A cell was double-clicked or Enter was pressed on it (view row, column). */
  onActivate: (viewRow: number, column: number) => void;
  /** Right-click on a cell, at page coordinates. */
  onContextMenu: (viewRow: number, column: number, x: number, y: number) => void;
  /** Ctrl/Cmd+C in the grid. */
  onCopy: () => void;
  height: number;
  /** Cells can be changed: the grid draws the changes and opens its cell editor. */
  editing?: GridEditing;
}) {
  const [inView, setInView] = useState<{ from: number; to: number }>({ from: 0, to: 0 });
  const [widths, setWidths] = useState<Record<number, number>>({});
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const theme = useMemo(() => gridTheme(), []);
  const resultRow = (viewRow: number) => (order ? (order[viewRow] ?? -1) : viewRow);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);

  // Widths fit the header and the first rows that arrived, until the user resizes a column.
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
  const columnWidths = columns.map((_, i) => widths[i] ?? fitted[i] ?? 120);
  const gridColumns: GridColumn[] = useMemo(
    () =>
      columns.map((c, i) => ({
        id: String(i),
        title: sort?.column === i ? `${c.name} ${sort.direction === 'asc' ? '▲' : '▼'}` : c.name,
        width: widths[i] ?? fitted[i] ?? 120,
      })),
    [columns, widths, fitted, sort],
  );
  // A short result takes only the room it needs; the scrollbar needs a little more.
  const extraRows = editing?.extraRows ?? 0;
  const allRows = rowCount + extraRows;
  const gridHeight = Math.min(height, HEADER_HEIGHT + allRows * ROW_HEIGHT + 18);
  const markerWidth = rowMarkerWidth(allRows);
  const rowRef = (row: number): GridRowRef =>
    row >= rowCount
      ? { kind: 'extra', index: row - rowCount }
      : { kind: 'result', index: resultRow(row) };

  const getCellContent = ([col, row]: Item): GridCell => {
    const ref = rowRef(row);
    const values = ref.kind === 'result' && ref.index >= 0 ? cache.row(ref.index) : undefined;
    const draw = editing?.draw(ref, col, values?.[col] ?? (values ? null : undefined)) ?? null;
    if (!values && !draw) return { kind: GridCellKind.Loading, allowOverlay: false };
    const value = draw ? draw.value : (values?.[col] ?? null);
    const text = value === 'default' ? 'DEFAULT' : cellDisplayText(value);
    const muted = value === null || value === 'default' || draw?.mark === 'gone';
    const mark = draw?.mark ? MARK_COLOURS[draw.mark] : undefined;
    const editText = draw?.editText ?? null;
    return {
      kind: GridCellKind.Text,
      data: editText ?? text,
      displayData: text,
      allowOverlay: editText !== null,
      readonly: editText === null,
      contentAlign: columns[col]?.numeric && typeof value === 'string' ? 'right' : 'left',
      // NULL (and a default) is drawn apart from the string 'NULL': muted and italic.
      themeOverride:
        muted || mark
          ? {
              ...(muted
                ? { textDark: theme.textLight ?? '#888', baseFontStyle: 'italic 13px' }
                : {}),
              ...(mark ? { bgCell: mark } : {}),
            }
          : undefined,
    };
  };

  // As drawn: with the changes made and not applied, and what an apply stored.
  const viewRows: Array<Cell[] | undefined> = [];
  for (let v = inView.from; v < Math.min(inView.to, allRows); v++) {
    const ref = rowRef(v);
    const fetched =
      ref.kind === 'result' && ref.index >= 0
        ? cache.loadedRows(ref.index, ref.index + 1)[0]
        : undefined;
    if (!editing || (!fetched && ref.kind === 'result')) {
      viewRows.push(fetched);
      continue;
    }
    viewRows.push(
      columns.map((_, c) => {
        const drawn = editing.draw(ref, c, fetched ? (fetched[c] ?? null) : undefined);
        const value = drawn ? drawn.value : (fetched?.[c] ?? null);
        return value === 'default' ? 'DEFAULT' : value;
      }),
    );
  }

  return (
    <div
      ref={containerRef}
      className="result-grid"
      data-testid="result-grid"
      data-version={version}
      // Where the headers are, for tests that click them on the canvas.
      data-row-marker-width={markerWidth}
      data-column-widths={columnWidths.join(',')}
      data-editable={editing ? 'true' : undefined}
    >
      <DataEditor
        columns={gridColumns}
        rows={allRows}
        getCellContent={getCellContent}
        onCellEdited={([col, row], value) => {
          if (editing && value.kind === GridCellKind.Text)
            editing.onEdit(rowRef(row), col, value.data);
        }}
        getCellsForSelection={true}
        gridSelection={selection}
        onGridSelectionChange={onSelectionChange}
        keybindings={{ copy: false, search: false }}
        cellActivationBehavior="double-click"
        onCellActivated={([col, row]) => onActivate(row, col)}
        onCellContextMenu={([col, row], e) => {
          e.preventDefault();
          onContextMenu(row, col, e.bounds.x + e.localEventX, e.bounds.y + e.localEventY);
        }}
        onHeaderClicked={(col) => onSortClick(col)}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'c') {
            e.preventDefault();
            onCopy();
          }
        }}
        onVisibleRegionChanged={(r: Rectangle) => {
          if (!order) cache.ensure(r.y, r.y + r.height + 1);
          setInView({ from: r.y, to: r.y + r.height + 1 });
        }}
        onColumnResize={(_c, newSize, index) => setWidths((w) => ({ ...w, [index]: newSize }))}
        rowMarkers="number"
        rowMarkerWidth={markerWidth}
        smoothScrollX
        smoothScrollY
        width={width}
        height={gridHeight}
        theme={theme}
        headerHeight={HEADER_HEIGHT}
        rowHeight={ROW_HEIGHT}
      />
      <RowsInView columns={columns} rows={viewRows} from={inView.from} sort={sort} />
    </div>
  );
}

/** Column widths that fit the header and the sampled values, within sensible bounds. */
function fitColumnWidths(columns: ResultColumn[], rows: Array<Cell[] | undefined>): number[] {
  const charWidth = 7.8;
  return columns.map((c, i) => {
    // Room for the sort arrow too.
    let longest = c.name.length + 2;
    for (const row of rows) {
      if (!row) continue;
      longest = Math.max(longest, cellDisplayText(row[i] ?? null).length);
    }
    return Math.round(Math.min(420, Math.max(64, longest * charWidth + 24)));
  });
}

/**
 * The rows on screen as a table for screen readers (a canvas has no text to read), in the order
 * drawn; NULL is marked as such, apart from the string 'NULL'.
 */
function RowsInView({
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
