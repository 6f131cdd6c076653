import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import {
  columnsForWidth,
  contentFloors,
  floorsWidth,
  gridTracks,
  squeezeFloors,
  type ColumnKey,
  type SortDirection,
  type TableRow,
} from './process-columns';
import { ProcessTableRow, ROW_HEIGHT } from './ProcessTableRow';
import { textMeasure } from '../ui/text-measure';

const OVERSCAN = 8;

/**
 * The processlist table: sticky sortable header, only the rows in view rendered. Rows are keyed
 * by session identity, so a new poll keeps the scroll position and the selection. Memoised:
 * it renders when its rows, selection, ticks or sort change, not for the panes beside it.
 */
export const ProcessTable = memo(function ProcessTable({
  rows,
  view: shown,
  actions,
}: {
  rows: readonly TableRow[];
  view: {
    selectedKey: string | null;
    /** Row keys ticked for a KILL of the selection. */
    ticked: ReadonlySet<string>;
    sort: { key: ColumnKey; dir: SortDirection };
    /** The rows are from the last good read of a server that stopped answering since. */
    stale?: boolean;
  };
  actions: {
    onSelect: (r: TableRow) => void;
    onTick: (key: string, on: boolean) => void;
    onSort: (key: ColumnKey) => void;
  };
}) {
  const { selectedKey, ticked, sort } = shown;
  const { onSelect, onTick, onSort } = actions;
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
      className={shown.stale ? 'pl-table pl-body pl-stale' : 'pl-table pl-body'}
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
