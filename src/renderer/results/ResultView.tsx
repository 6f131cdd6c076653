import { CompactSelection, type GridSelection } from '@glideapps/glide-data-grid';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Cell, QueryStatus, ResultColumn } from '../../shared/api/query';
import { formatExactCount } from '../../shared/format/count';
import { api } from '../app/api';
import { ResultGrid, type GridRowRef } from '../grid/ResultGrid';
import { RowCache } from '../grid/row-cache';
import { viewOrder, type SortSpec } from '../grid/view-order';
import { CellViewer } from './CellViewer';
import { EditOutcome, EditTools } from './EditBar';
import {
  COPY_FORMAT_LABELS,
  COPY_FORMATS,
  formatCopy,
  type CopyFormat,
  type CopyValue,
} from './copy-formats';
import { fullValue, missingSize } from './full-values';
import { PopupMenu, type MenuItem } from './PopupMenu';
import { selectedArea } from './selected-area';
import { Notice } from '../ui/Notice';
import { useLatest } from '../ui/use-latest';
import { useResultEditing } from './use-result-editing';

/** Rows fetched for a client-side sort or filter: beyond that, ORDER BY and WHERE do it better. */
export const SORT_FETCH_LIMIT = 100_000;
/** Rows one copy may hold; more belongs in an export. */
export const COPY_ROW_LIMIT = 100_000;
/** Characters or bytes of long values one copy may fetch in full. */
const COPY_FULL_LIMIT = 64 * 1024 * 1024;

const EMPTY_SELECTION: GridSelection = {
  columns: CompactSelection.empty(),
  rows: CompactSelection.empty(),
};

/** A copy waiting for the user to decide about rows not fetched yet. */
interface PendingCopy {
  format: CopyFormat;
  rows: number[];
  columns: number[];
  fetched: number;
}

/** The text of the filter box, settled for a moment before the rows are filtered. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A result's rows and what can be done with them in place: sort (click a header) and filter
 * among the rows fetched - said plainly, the server's order comes back when cleared - copy the
 * selection as TSV (Ctrl+C), CSV, JSON or SQL INSERT, and open a cell in the viewer.
 */
export function ResultView({
  queryId,
  columns,
  rowCount,
  height,
  result,
}: {
  queryId: string;
  columns: ResultColumn[];
  rowCount: number;
  height: number;
  /** The statement and session of the result: with them its cells can be edited in place. */
  result?: Pick<QueryStatus, 'sessionId' | 'sql' | 'state'>;
}) {
  const [version, setVersion] = useState(0);
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

  const [sort, setSort] = useState<SortSpec | null>(null);
  const [filterText, setFilterText] = useState('');
  const filter = useSettled(filterText, 150).trim();
  const active = sort !== null || filter !== '';
  const fetchTarget = Math.min(rowCount, SORT_FETCH_LIMIT);
  const [fetched, setFetched] = useState(0);
  useEffect(() => {
    if (!active || fetched === fetchTarget) return;
    let live = true;
    void cache.load(0, fetchTarget).then(() => {
      if (live) setFetched(fetchTarget);
    });
    return () => {
      live = false;
    };
  }, [active, fetchTarget, fetched, cache]);

  const order = useMemo(
    () =>
      active && fetched > 0 ? viewOrder(cache.loadedRows(0, fetched), columns, sort, filter) : null,
    [active, fetched, sort, filter, columns, cache],
  );
  const viewCount = order ? order.length : rowCount;
  const resultRow = useCallback((v: number) => (order ? (order[v] ?? -1) : v), [order]);

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
  /** A row of the grid as editing names it: the result's, or one added after them. */
  const rowRef = (viewRow: number): GridRowRef =>
    viewRow >= viewCount
      ? { kind: 'extra', index: viewRow - viewCount }
      : { kind: 'result', index: resultRow(viewRow) };
  const selectedRows = (): GridRowRef[] => {
    const s = selectionRef.current;
    const rows = new Set(s.rows.toArray());
    const range = s.current?.range;
    if (range) for (let y = range.y; y < range.y + range.height; y++) rows.add(y);
    return [...rows].sort((a, b) => a - b).map(rowRef);
  };
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
  const [menu, setMenu] = useState<{ x: number; y: number; items: MenuItem[] } | null>(null);
  const [pending, setPending] = useState<PendingCopy | null>(null);
  const [copyNote, setCopyNote] = useState<{ text: string; ok: boolean } | null>(null);
  const [copying, setCopying] = useState(false);

  const openViewer = (viewRow: number, column: number) => {
    const r = resultRow(viewRow);
    const row = r >= 0 ? cache.loadedRows(r, r + 1)[0] : undefined;
    if (!row || column < 0 || column >= columns.length) return;
    setViewer({ row: r, column, cell: row[column] ?? null });
  };

  /** Copies rows of the result (by index) and columns, fetching long values in full. */
  const copyRows = async (format: CopyFormat, rows: number[], cols: number[]) => {
    setPending(null);
    setCopying(true);
    try {
      if (rows.length > COPY_ROW_LIMIT) {
        throw new Error(
          `${formatExactCount(rows.length)} rows is more than a copy holds (${formatExactCount(COPY_ROW_LIMIT)}): use Export full result… instead.`,
        );
      }
      const present = rows.map((r) => cache.loadedRows(r, r + 1)[0]);
      const missing = rows.filter((_, i) => !present[i]);
      if (missing.length > 0) {
        await cache.load(Math.min(...missing), Math.max(...missing) + 1);
      }
      const cells = rows.map((r) => cache.loadedRows(r, r + 1)[0]);
      let toFetch = 0;
      for (const row of cells) for (const c of cols) toFetch += missingSize(row?.[c] ?? null);
      if (toFetch > COPY_FULL_LIMIT) {
        throw new Error(
          'The selection holds values too large to copy in full: open a cell in the viewer, or export.',
        );
      }
      const values: CopyValue[][] = [];
      for (let i = 0; i < rows.length; i++) {
        const row = cells[i];
        if (!row) throw new Error(`Row ${rows[i]! + 1} could not be fetched.`);
        const out: CopyValue[] = [];
        for (const c of cols) {
          out.push(
            await fullValue(row[c] ?? null, rows[i]!, c, (r, col, offset, length) =>
              api.call('query.cell', { queryId, row: r, column: col, offset, length }),
            ),
          );
        }
        values.push(out);
      }
      const text = formatCopy(format, { columns: cols.map((c) => columns[c]!), rows: values });
      await navigator.clipboard.writeText(text);
      setCopyNote({
        ok: true,
        text: `Copied ${formatExactCount(rows.length)} ${rows.length === 1 ? 'row' : 'rows'} × ${cols.length} ${cols.length === 1 ? 'column' : 'columns'} as ${COPY_FORMAT_LABELS[format]}.`,
      });
    } catch (e) {
      setCopyNote({
        ok: false,
        text: `Could not copy: ${e instanceof Error ? e.message : String(e)}`,
      });
    } finally {
      setCopying(false);
    }
  };

  /** Copies the selection; asks first when it reaches rows not fetched yet. */
  const copySelection = (format: CopyFormat) => {
    const area = selectedArea(selectionRef.current, columns.length, viewCount);
    if (!area || area.viewRows.length === 0 || area.columns.length === 0) {
      setCopyNote({ ok: false, text: 'Select cells, rows or columns to copy.' });
      return;
    }
    const rows = area.viewRows.map(resultRow).filter((r) => r >= 0);
    const fetchedCount = rows.reduce((n, r) => n + (cache.has(r) ? 1 : 0), 0);
    if (fetchedCount < rows.length) {
      setPending({ format, rows, columns: area.columns, fetched: fetchedCount });
      return;
    }
    void copyRows(format, rows, area.columns);
  };

  const copyItems = (): MenuItem[] =>
    COPY_FORMATS.map((f) => ({
      label: `Copy as ${COPY_FORMAT_LABELS[f]}`,
      hint: f === 'tsv' ? 'Ctrl+C' : undefined,
      onSelect: () => copySelection(f),
    }));

  const onSortClick = (column: number) =>
    setSort((s) =>
      s?.column !== column
        ? { column, direction: 'asc' }
        : s.direction === 'asc'
          ? { column, direction: 'desc' }
          : null,
    );

  const sortedName = sort ? columns[sort.column]?.name : undefined;
  const fetching = active && fetched < fetchTarget;
  const notes: string[] = [];
  if (filter !== '' && order) {
    notes.push(
      `${formatExactCount(order.length)} of the ${formatExactCount(fetched)} rows fetched match “${filter}”`,
    );
  }
  if (sort && order) {
    notes.push(
      `${filter !== '' ? 'sorted' : `Sorted among the ${formatExactCount(fetched)} rows fetched`} by ${sortedName} ${sort.direction === 'asc' ? 'ascending' : 'descending'}`,
    );
  }
  const capped = rowCount > SORT_FETCH_LIMIT;

  return (
    <div className="result-view">
      <div className="result-toolbar">
        <input
          type="search"
          className="result-filter"
          placeholder="Filter fetched rows…"
          aria-label="Filter the rows fetched"
          value={filterText}
          onChange={(e) => setFilterText(e.target.value)}
        />
        <span className="result-view-note" role="status" data-testid="view-note">
          {fetching && `Fetching ${formatExactCount(fetchTarget)} rows to sort and filter…`}
          {!fetching && notes.join(', ')}
          {!fetching && notes.length > 0 && capped && (
            <>
              {' '}
              (the first {formatExactCount(fetched)} of {formatExactCount(rowCount)}: ORDER BY and
              WHERE in SQL cover them all)
            </>
          )}
        </span>
        {active && (
          <button
            type="button"
            className="btn-link btn-small"
            onClick={() => {
              setSort(null);
              setFilterText('');
            }}
          >
            Clear sort and filter
          </button>
        )}
        <span className="spacer" />
        <EditTools editing={editing} selectedRows={selectedRows} current={currentCell} />
        <button
          type="button"
          className="btn-small"
          aria-haspopup="menu"
          disabled={copying}
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            setMenu({ x: box.left, y: box.bottom + 2, items: copyItems() });
          }}
        >
          {copying ? 'Copying…' : 'Copy as ▾'}
        </button>
      </div>
      {pending && (
        <Notice severity="info" role="alert">
          The selection covers {formatExactCount(pending.rows.length)} rows; only{' '}
          {formatExactCount(pending.fetched)} of them are fetched into the grid.{' '}
          {pending.rows.length <= COPY_ROW_LIMIT ? (
            <button
              type="button"
              className="btn-link"
              onClick={() => void copyRows(pending.format, pending.rows, pending.columns)}
            >
              Fetch all {formatExactCount(pending.rows.length)} and copy
            </button>
          ) : (
            <>More than {formatExactCount(COPY_ROW_LIMIT)} rows: use Export full result….</>
          )}{' '}
          {pending.fetched > 0 && (
            <button
              type="button"
              className="btn-link"
              onClick={() =>
                void copyRows(
                  pending.format,
                  pending.rows.filter((r) => cache.has(r)),
                  pending.columns,
                )
              }
            >
              Copy only the {formatExactCount(pending.fetched)} fetched
            </button>
          )}{' '}
          <button type="button" className="btn-link" onClick={() => setPending(null)}>
            Cancel
          </button>
        </Notice>
      )}
      {copyNote && (
        <div
          className={`copy-note ${copyNote.ok ? 'copy-note-ok' : 'copy-note-error'}`}
          role="status"
          data-testid="copy-note"
        >
          {copyNote.text}
        </div>
      )}
      <EditOutcome editing={editing} />
      <ResultGrid
        columns={columns}
        cache={cache}
        version={version}
        rowCount={viewCount}
        order={order}
        sort={sort}
        onSortClick={onSortClick}
        selection={selection}
        onSelectionChange={setSelection}
        // An editable cell opens its editor in the grid; the viewer stays in the menu.
        onActivate={(viewRow, column) => {
          if (!editableAt(viewRow, column)) openViewer(viewRow, column);
        }}
        editing={editing.gridEditing}
        onContextMenu={(viewRow, column, x, y) => {
          const inSelection = selection.current?.range;
          const inside =
            inSelection &&
            column >= inSelection.x &&
            column < inSelection.x + inSelection.width &&
            viewRow >= inSelection.y &&
            viewRow < inSelection.y + inSelection.height;
          if (!inside && !selection.rows.hasIndex(viewRow) && !selection.columns.hasIndex(column)) {
            setSelection({
              ...EMPTY_SELECTION,
              current: {
                cell: [column, viewRow],
                range: { x: column, y: viewRow, width: 1, height: 1 },
                rangeStack: [],
              },
            });
          }
          setMenu({
            x,
            y,
            items: [
              { label: 'View value…', hint: 'Enter', onSelect: () => openViewer(viewRow, column) },
              ...copyItems(),
              ...(editing.gridEditing && editing.canEdit(column)
                ? [
                    {
                      label: 'Set NULL',
                      onSelect: () => editing.setValue(rowRef(viewRow), column, null),
                    },
                    {
                      label: 'Set empty string',
                      onSelect: () => editing.setValue(rowRef(viewRow), column, { text: '' }),
                    },
                  ]
                : []),
              ...(editing.gridEditing
                ? [{ label: 'Delete row', onSelect: () => editing.deleteRows(selectedRows()) }]
                : []),
            ],
          });
        }}
        onCopy={() => copySelection('tsv')}
        height={
          height -
          34 -
          (pending ? 44 : 0) -
          (copyNote ? 22 : 0) -
          (editing.note ? (editing.note.ok ? 22 : 60) : 0)
        }
      />
      {menu && (
        <PopupMenu
          label="Result actions"
          items={menu.items}
          x={menu.x}
          y={menu.y}
          onClose={() => setMenu(null)}
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
