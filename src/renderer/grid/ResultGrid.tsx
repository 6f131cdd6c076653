import {
  DataEditor,
  GridCellKind,
  type GridSelection,
  type Rectangle,
} from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import { useRef, useState } from 'react';
import type { Cell, ResultColumn } from '../../shared/api/query';
import { fittedGridHeight, rowMarkerWidth } from './column-widths';
import { drawnRow, gridCell, type CellSource } from './grid-cells';
import { gridRowRef, type GridEditing } from './grid-editing';
import type { RowCache } from './row-cache';
import { RowsInView } from './RowsInView';
import { useColumnWidths } from './use-column-widths';
import { useElementSize } from './use-element-size';
import { useGridTheme } from './use-grid-theme';
import type { SortSpec } from './view-order';
import './grid.css';

const ROW_HEIGHT = 26;
const HEADER_HEIGHT = 30;

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
  const containerRef = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(containerRef, { width: 800, height: 0 });
  const theme = useGridTheme();
  const columnWidths = useColumnWidths(columns, cache, rowCount, sort);
  const allRows = rowCount + (editing?.extraRows ?? 0);
  const markerWidth = rowMarkerWidth(allRows);
  const gridHeight = fittedGridHeight({
    rows: allRows,
    rowHeight: ROW_HEIGHT,
    headerHeight: HEADER_HEIGHT,
    room: height,
    contentWidth: markerWidth + columnWidths.widths.reduce((a, b) => a + b, 0),
    width,
  });
  const resultRow = (viewRow: number) => (order ? (order[viewRow] ?? -1) : viewRow);
  const rowRef = (row: number) => gridRowRef(row, rowCount, resultRow);
  const source: CellSource = { cache, columns, editing, theme };

  const viewRows: Array<Cell[] | undefined> = [];
  for (let v = inView.from; v < Math.min(inView.to, allRows); v++) {
    viewRows.push(drawnRow(rowRef(v), source));
  }

  return (
    <div
      ref={containerRef}
      className="result-grid"
      data-testid="result-grid"
      data-version={version}
      // Where the headers are, for tests that click them on the canvas.
      data-row-marker-width={markerWidth}
      data-column-widths={columnWidths.widths.join(',')}
      data-editable={editing ? 'true' : undefined}
    >
      <DataEditor
        columns={columnWidths.gridColumns}
        rows={allRows}
        getCellContent={([col, row]) => gridCell(rowRef(row), col, source)}
        onCellEdited={([col, row], value) => {
          if (editing && value.kind === GridCellKind.Text) {
            editing.onEdit(rowRef(row), col, value.data);
            columnWidths.fitTyped(col, value.data);
          }
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
        onColumnResize={(_c, newSize, index) => columnWidths.onResize(index, newSize)}
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
