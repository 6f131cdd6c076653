import { memo, type CSSProperties } from 'react';
import { SeverityIcon } from '../ui/SeverityIcon';
import { cellText } from './process-cell-text';
import type { Column, TableRow } from './process-columns';

/** Row height in px: fixed, so only the rows in view are rendered. */
export const ROW_HEIGHT = 26;

/** Only client sessions other than this view's own can be ticked for a KILL. */
const tickable = (r: TableRow) => r.row.kind === 'client' && !r.row.self;

/** One row of the table; memoised, so a render of the table re-renders only rows that changed. */
export const ProcessTableRow = memo(function ProcessTableRow({
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
