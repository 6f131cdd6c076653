import type { GridSelection } from '@glideapps/glide-data-grid';
import { useEffect, useRef, useState } from 'react';
import type { Cell, QueryStatus, ResultColumn } from '../../shared/api/query';
import { gridRowRef, type GridRowRef } from '../grid/grid-editing';
import { ResultGrid } from '../grid/ResultGrid';
import { useElementSize } from '../grid/use-element-size';
import { useLatest } from '../ui/use-latest';
import { CellViewer } from './CellViewer';
import type { CopyFormat } from './copy-formats';
import { CopyNotices } from './CopyNotices';
import { EditOutcome, EditTools } from './EditBar';
import { Menu, type MenuItem } from '../ui/Menu';
import { PointMenu } from '../ui/PointMenu';
import { cellMenuItems, copyMenuItems, type ResultMenuItem } from './result-menu';
import {
  EMPTY_SELECTION,
  selectedArea,
  selectedViewRows,
  selectionForContextMenu,
} from './selected-area';
import { SortFilterControls } from './SortFilterControls';
import { useResultCopy } from './use-result-copy';
import { useResultEditing } from './use-result-editing';
import { useResultRows } from './use-result-rows';
import { useSortFilter } from './use-sort-filter';
import './results.css';

/** A result action as a menu entry, its shortcut muted on the right. */
const menuItem = (item: ResultMenuItem): MenuItem => ({
  key: item.label,
  label: (
    <>
      <span>{item.label}</span>
      {item.hint && <span className="result-menu-hint">{item.hint}</span>}
    </>
  ),
  onSelect: item.onSelect,
});

/** Below this the grid keeps its height and the pane cuts it (a result is never a sliver). */
const MIN_GRID_HEIGHT = 120;

/**
 * A result's rows and what can be done with them in place: sort (click a header) and filter
 * among the rows fetched - said plainly, the server's order comes back when cleared - copy the
 * selection as TSV (Ctrl+C), CSV, JSON or SQL INSERT, open a cell in the viewer, and edit the
 * cells of a result that names its rows by a key.
 */
export function ResultView({
  queryId,
  columns,
  rowCount,
  result,
  onUnappliedEdits,
}: {
  queryId: string;
  columns: ResultColumn[];
  rowCount: number;
  /** The statement and session of the result: with them its cells can be edited in place. */
  result?: Pick<QueryStatus, 'sessionId' | 'sql' | 'state'>;
  /** How many edits are made and not applied (0 once this view goes, taking them with it). */
  onUnappliedEdits?: (count: number) => void;
}) {
  const { cache, version } = useResultRows(queryId, rowCount);
  const view = useSortFilter(cache, columns, rowCount);
  const { order, viewCount, resultRow } = view;

  const [selection, setSelection] = useState<GridSelection>(EMPTY_SELECTION);
  // Menus act on the selection at the moment they are used, which a right-click may just have set.
  const selectionRef = useLatest(selection);
  // A selection names rows as shown: a new order makes it point elsewhere (cleared while
  // rendering, so the grid never draws the old selection on the new order).
  const [selectionOrder, setSelectionOrder] = useState(order);
  if (selectionOrder !== order) {
    setSelectionOrder(order);
    setSelection(EMPTY_SELECTION);
  }

  const editing = useResultEditing(
    result ?? { sessionId: '', sql: '', state: 'running' },
    columns,
    cache,
  );
  const reportEdits = useLatest(onUnappliedEdits);
  const unapplied = editing.pendingCount;
  useEffect(() => reportEdits.current?.(unapplied), [reportEdits, unapplied]);
  useEffect(() => () => reportEdits.current?.(0), [reportEdits]);
  /** A row of the grid as editing names it: the result's, or one added after them. */
  const rowRef = (viewRow: number): GridRowRef => gridRowRef(viewRow, viewCount, resultRow);
  const selectedRows = () => selectedViewRows(selectionRef.current).map(rowRef);
  // From the state of this render: the edit bar's buttons are drawn, and act, with it.
  const selectedCell = selection.current?.cell;
  const currentCell = selectedCell
    ? { row: rowRef(selectedCell[1]), column: selectedCell[0] }
    : null;
  const editableAt = (viewRow: number, column: number) =>
    editing.gridEditing?.draw(
      rowRef(viewRow),
      column,
      viewRow < viewCount
        ? cache.loadedRows(resultRow(viewRow), resultRow(viewRow) + 1)[0]?.[column]
        : undefined,
    )?.editText != null;

  const [viewer, setViewer] = useState<{ row: number; column: number; cell: Cell } | null>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; items: ResultMenuItem[] } | null>(null);
  const copy = useResultCopy(queryId, columns, cache, result?.sessionId);
  // The grid gets the room left under the toolbar and notes, measured, never less than a few rows.
  const roomRef = useRef<HTMLDivElement>(null);
  const room = useElementSize(roomRef, { width: 0, height: 300 });

  const openViewer = (viewRow: number, column: number) => {
    const r = resultRow(viewRow);
    const row = r >= 0 ? cache.loadedRows(r, r + 1)[0] : undefined;
    if (!row || column < 0 || column >= columns.length) return;
    setViewer({ row: r, column, cell: row[column] ?? null });
  };

  /** Copies the rows and columns `area` covers. */
  const copyArea = (area: GridSelection, format: CopyFormat) => {
    const covered = selectedArea(area, columns.length, viewCount);
    const rows = covered ? covered.viewRows.map(resultRow).filter((r) => r >= 0) : [];
    copy.copy(format, rows, covered?.columns ?? []);
  };
  /** Copies the selection as it is when asked (a right-click may just have set it). */
  const copySelection = (format: CopyFormat) => copyArea(selectionRef.current, format);

  return (
    <div className="result-view">
      <div className="result-toolbar">
        <SortFilterControls view={view} />
        <span className="spacer" />
        <EditTools editing={editing} selectedRows={selectedRows} current={currentCell} />
        <Menu
          label="Copy as"
          className="btn-small"
          trigger={copy.copying ? 'Copying…' : 'Copy as ▾'}
          title="Copy the selection as TSV, CSV, JSON or SQL INSERT"
          items={copyMenuItems((format) => copyArea(selection, format)).map(menuItem)}
        />
      </div>
      <CopyNotices copy={copy} />
      <EditOutcome editing={editing} />
      <div className="result-grid-room" ref={roomRef}>
        <ResultGrid
          columns={columns}
          cache={cache}
          version={version}
          rowCount={viewCount}
          order={order}
          sort={view.sort}
          onSortClick={view.toggleSort}
          selection={selection}
          onSelectionChange={setSelection}
          // An editable cell opens its editor in the grid; the viewer stays in the menu.
          onActivate={(viewRow, column) => {
            if (!editableAt(viewRow, column)) openViewer(viewRow, column);
          }}
          editing={editing.gridEditing}
          onContextMenu={(viewRow, column, x, y) => {
            setSelection(selectionForContextMenu(selection, viewRow, column));
            const items = cellMenuItems({
              row: rowRef(viewRow),
              column,
              openViewer: () => openViewer(viewRow, column),
              copySelection,
              editing,
              selectedRows,
            });
            setMenu({ x, y, items });
          }}
          onCopy={() => copySelection('tsv')}
          height={Math.max(MIN_GRID_HEIGHT, room.height)}
        />
      </div>
      {menu && (
        <PointMenu
          label="Result actions"
          items={menu.items.map(menuItem)}
          x={menu.x}
          y={menu.y}
          onClose={() => {
            setMenu(null);
            // Back to the grid the menu was opened on (a dialog an item opened takes it after).
            roomRef.current?.querySelector<HTMLElement>('[data-testid=data-grid-canvas]')?.focus();
          }}
        />
      )}
      {viewer && columns[viewer.column] && (
        <CellViewer
          queryId={queryId}
          column={columns[viewer.column]!}
          columnIndex={viewer.column}
          row={viewer.row}
          cell={viewer.cell}
          onClose={() => setViewer(null)}
        />
      )}
    </div>
  );
}
