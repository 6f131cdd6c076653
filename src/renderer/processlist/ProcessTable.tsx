import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { formatDuration } from '../../shared/format/duration';
import { formatCount, formatExactCount } from '../../shared/format/count';
import { formatBytes } from '../grid/cell-text';
import {
  columnsForWidth,
  contentFloors,
  floorsWidth,
  gridTracks,
  squeezeFloors,
  type Column,
  type ColumnKey,
  type SortDirection,
  type TableRow,
} from './process-columns';
import { SeverityIcon } from '../ui/SeverityIcon';
import { textMeasure } from './text-measure';

/** Row height in px: fixed, so only the rows in view are rendered. */
export const ROW_HEIGHT = 26;
const OVERSCAN = 8;

/** Only client sessions other than this view's own can be ticked for a KILL. */
const tickable = (r: TableRow) => r.row.kind === 'client' && !r.row.self;

function cellText(r: TableRow, key: ColumnKey): { text: string; title?: string } {
  const row = r.row;
  switch (key) {
    case 'attention':
      return r.row.self && !r.attention
        ? { text: 'this view', title: 'The connection this screen reads the processlist on' }
        : { text: r.attention, title: r.attention };
    case 'id':
      return { text: String(row.id) };
    case 'user':
      return { text: row.user, title: row.user };
    case 'host':
      return { text: row.host, title: row.host };
    case 'db':
      return { text: row.db ?? '', title: row.db ?? '' };
    case 'command':
      return { text: row.command, title: row.command };
    case 'time':
      return {
        text: formatDuration(row.timeMs),
        title: `${formatExactCount(Math.round(row.timeMs))} ms`,
      };
    case 'state':
      return { text: row.state ?? '', title: row.state ?? '' };
    case 'trx':
      return r.transaction
        ? {
            text: formatDuration(r.transaction.ageSeconds * 1000),
            title: `${r.transaction.state}, ${r.transaction.isolation ?? ''}`,
          }
        : { text: '' };
    case 'rowsExamined':
      return row.rowsExamined === null
        ? { text: '' }
        : { text: formatCount(row.rowsExamined), title: formatExactCount(row.rowsExamined) };
    case 'rowsSent':
      return row.rowsSent === null
        ? { text: '' }
        : { text: formatCount(row.rowsSent), title: formatExactCount(row.rowsSent) };
    case 'lock':
      return row.lockMs === null
        ? { text: '' }
        : { text: formatDuration(row.lockMs), title: `${row.lockMs.toFixed(3)} ms` };
    case 'tmpTables':
      return row.tmpTables === null
        ? { text: '' }
        : {
            text: `${row.tmpTables} (${row.tmpDiskTables ?? 0})`,
            title: `${row.tmpTables} temporary tables, ${row.tmpDiskTables ?? 0} on disk`,
          };
    case 'memory':
      return row.memoryBytes === null
        ? { text: '' }
        : {
            text: formatBytes(row.memoryBytes),
            title: `${formatExactCount(row.memoryBytes)} bytes now${row.memoryPeakBytes === null ? '' : `, ${formatExactCount(row.memoryPeakBytes)} at most`}`,
          };
    case 'progress':
      return row.progress === null
        ? { text: '' }
        : {
            text: `${row.progress.toFixed(1)} %`,
            title:
              row.progressStage ??
              (row.stage ? `stage ${row.stage.current} of ${row.stage.max}` : ''),
          };
    case 'info':
      return { text: row.info?.replace(/\s+/g, ' ') ?? '', title: row.info?.slice(0, 500) ?? '' };
  }
}

/** One row of the table; memoised, so a render of the table re-renders only rows that changed. */
const ProcessTableRow = memo(function ProcessTableRow({
  r,
  columns,
  grid,
  index,
  selected,
  ticked,
  onSelect,
  onTick,
}: {
  r: TableRow;
  columns: readonly Column[];
  /** The grid tracks of `columns` (see gridTracks). */
  grid: CSSProperties;
  /** Position among the rows shown (0: first). */
  index: number;
  selected: boolean;
  ticked: boolean;
  onSelect: (r: TableRow) => void;
  onTick: (key: string, on: boolean) => void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`pl-row pl-sev-${r.severity}${selected ? ' pl-selected' : ''}${r.row.self ? ' pl-self' : ''}`}
      style={{ ...grid, top: index * ROW_HEIGHT }}
      data-process-id={r.row.id}
      data-severity={r.severity}
      onClick={() => onSelect(r)}
    >
      <span role="cell" className="pl-td pl-tick">
        {tickable(r) && (
          <input
            type="checkbox"
            aria-label={`Tick session ${r.row.id}`}
            checked={ticked}
            onClick={(e) => e.stopPropagation()}
            onChange={(e) => onTick(r.key, e.target.checked)}
          />
        )}
      </span>
      {columns.map((c) => {
        const cell = cellText(r, c.key);
        return (
          <ProcessCell
            key={c.key}
            column={c}
            text={cell.text}
            title={cell.title}
            severity={c.key === 'attention' ? r.severity : 'ok'}
          />
        );
      })}
    </div>
  );
});

/**
 * One cell; memoised on its text, so a poll that changes a row's time re-renders that cell and
 * leaves the row's other cells (user, host, statement...) alone.
 */
const ProcessCell = memo(function ProcessCell({
  column,
  text,
  title,
  severity,
}: {
  column: Column;
  text: string;
  title: string | undefined;
  /** The row's severity, shown as an icon before the text (`ok`: none). */
  severity: TableRow['severity'];
}) {
  return (
    <span
      role="cell"
      data-column={column.key}
      className={`pl-td${column.numeric ? ' num' : ''}${column.key === 'info' ? ' mono' : ''}`}
      title={title}
    >
      {severity !== 'ok' && (
        <>
          <SeverityIcon severity={severity} />{' '}
        </>
      )}
      {text}
    </span>
  );
});

/**
 * The processlist table: sticky sortable header, only the rows in view rendered. Rows are keyed
 * by session identity, so a new poll keeps the scroll position and the selection. Memoised:
 * it renders when its rows, selection, ticks or sort change, not for the panes beside it.
 */
export const ProcessTable = memo(function ProcessTable({
  rows,
  selectedKey,
  onSelect,
  sort,
  onSort,
  ticked,
  onTick,
}: {
  rows: readonly TableRow[];
  selectedKey: string | null;
  onSelect: (r: TableRow) => void;
  /** Row keys ticked for a KILL of the selection. */
  ticked: ReadonlySet<string>;
  onTick: (key: string, on: boolean) => void;
  sort: { key: ColumnKey; dir: SortDirection };
  onSort: (key: ColumnKey) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 400, width: 1280 });
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () =>
      setView({ top: el.scrollTop, height: el.clientHeight, width: el.clientWidth });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const visible = rows.slice(first, last);
  // Key columns sized to their content, measured in the table's own font (once per text).
  const [measure, setMeasure] = useState<((text: string) => number) | null>(null);
  useEffect(() => {
    const el = scroller.current;
    if (el) setMeasure(() => textMeasure(getComputedStyle(el).font));
  }, []);
  const content = useMemo(() => (measure ? contentFloors(rows, measure) : {}), [rows, measure]);
  // The same array while the same columns fit (see columnsForWidth): memoised rows stay put.
  const columns = columnsForWidth(view.width, content);
  const floors = squeezeFloors(columns, content, view.width);
  const floorsKey = JSON.stringify(floors);
  const grid = useMemo<CSSProperties>(
    () => ({ gridTemplateColumns: gridTracks(columns, JSON.parse(floorsKey) as typeof floors) }),
    [columns, floorsKey],
  );
  // Narrower than the floors: the table scrolls sideways, with header and rows as wide as
  // their columns (plus the rows' 3 px severity border).
  const minWidth = floorsWidth(columns, floors) + 3;

  return (
    <div
      className="pl-table pl-body"
      role="table"
      aria-label="Sessions"
      aria-rowcount={rows.length + 1}
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        setView({ top: el.scrollTop, height: el.clientHeight, width: el.clientWidth });
      }}
      data-testid="pl-scroller"
    >
      <div className="pl-head" role="row" style={{ ...grid, minWidth }}>
        <span role="columnheader" className="pl-th pl-tick" aria-label="Ticked" />
        {columns.map((c) => (
          <button
            key={c.key}
            type="button"
            role="columnheader"
            className={`pl-th${c.numeric ? ' num' : ''}`}
            title={c.hint ?? c.label}
            aria-sort={
              sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'
            }
            onClick={() => onSort(c.key)}
          >
            {c.label}
            {sort.key === c.key && (
              <span aria-hidden="true">{sort.dir === 'asc' ? ' ▲' : ' ▼'}</span>
            )}
          </button>
        ))}
      </div>
      <div className="pl-rows" style={{ height: rows.length * ROW_HEIGHT, minWidth }}>
        {visible.map((r, i) => (
          <ProcessTableRow
            key={r.key}
            r={r}
            columns={columns}
            grid={grid}
            index={first + i}
            selected={r.key === selectedKey}
            ticked={ticked.has(r.key)}
            onSelect={onSelect}
            onTick={onTick}
          />
        ))}
      </div>
    </div>
  );
});
