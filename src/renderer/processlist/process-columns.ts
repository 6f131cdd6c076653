import type { ProcessRow } from '../../shared/processlist/process-row';
import type { Transaction } from '../../shared/processlist/transaction';

/** A row as the table shows it: the row and what the screen derived for it. */
export interface TableRow {
  key: string;
  row: ProcessRow;
  transaction: Transaction | undefined;
  /** The most severe attention and its text ('' when none). */
  severity: 'ok' | 'info' | 'warning' | 'danger';
  attention: string;
  /** How much the row matters for sorting by attention: blocked > blocking > others. */
  attentionRank: number;
}

export type ColumnKey =
  | 'attention'
  | 'id'
  | 'user'
  | 'host'
  | 'db'
  | 'command'
  | 'time'
  | 'state'
  | 'trx'
  | 'rowsExamined'
  | 'rowsSent'
  | 'lock'
  | 'tmpTables'
  | 'memory'
  | 'progress'
  | 'info';

export interface Column {
  key: ColumnKey;
  label: string;
  /**
   * The column's floor in px and its share of the width left above the floors: with these the
   * columns fit a 1,280 px window (long values end in an ellipsis; the cell's title and the
   * details pane have them whole).
   */
  min: number;
  share: number;
  numeric: boolean;
  /** The header's tooltip: where the figure comes from, when that is not obvious. */
  hint?: string;
  /** The value sorted on. */
  value: (r: TableRow) => string | number | null;
}

export const COLUMNS: readonly Column[] = [
  {
    key: 'attention',
    label: 'Attention',
    min: 72,
    share: 1.4,
    numeric: false,
    value: (r) => r.attentionRank,
  },
  { key: 'id', label: 'Id', min: 44, share: 0.3, numeric: true, value: (r) => r.row.id },
  {
    key: 'user',
    label: 'User',
    min: 40,
    share: 0.6,
    numeric: false,
    value: (r) => r.row.user,
  },
  {
    key: 'command',
    label: 'Command',
    min: 46,
    share: 0.4,
    numeric: false,
    value: (r) => r.row.command,
  },
  {
    key: 'time',
    label: 'Time',
    min: 66,
    share: 0.4,
    numeric: true,
    value: (r) => r.row.timeMs,
  },
  {
    key: 'state',
    label: 'State',
    min: 56,
    share: 1,
    numeric: false,
    value: (r) => r.row.state,
  },
  {
    key: 'info',
    label: 'Statement',
    min: 120,
    share: 3.5,
    numeric: false,
    value: (r) => r.row.info,
  },
  {
    key: 'host',
    label: 'Host',
    min: 56,
    share: 0.8,
    numeric: false,
    value: (r) => r.row.host,
  },
  {
    key: 'db',
    label: 'Schema',
    min: 40,
    share: 0.5,
    numeric: false,
    value: (r) => r.row.db,
  },
  {
    key: 'trx',
    label: 'Trx age',
    min: 58,
    share: 0.3,
    numeric: true,
    value: (r) => r.transaction?.ageSeconds ?? null,
  },
  {
    key: 'rowsExamined',
    label: 'Examined',
    min: 50,
    share: 0.3,
    numeric: true,
    value: (r) => r.row.rowsExamined,
  },
  {
    key: 'rowsSent',
    label: 'Sent',
    min: 40,
    share: 0.3,
    numeric: true,
    value: (r) => r.row.rowsSent,
  },
  {
    key: 'lock',
    label: 'Lock',
    min: 50,
    share: 0.3,
    numeric: true,
    value: (r) => r.row.lockMs,
  },
  {
    key: 'tmpTables',
    label: 'Tmp (disk)',
    min: 46,
    share: 0.3,
    numeric: true,
    // Disk temporary tables weigh more than any number in memory.
    value: (r) =>
      r.row.tmpTables === null ? null : (r.row.tmpDiskTables ?? 0) * 1e6 + r.row.tmpTables,
  },
  {
    key: 'memory',
    label: 'Memory',
    min: 58,
    share: 0.3,
    numeric: true,
    hint: 'Memory the session holds now (MySQL 8.0.31+, MariaDB); hover a cell for the most it held.',
    value: (r) => r.row.memoryBytes,
  },
  {
    key: 'progress',
    label: 'Progress',
    min: 48,
    share: 0.3,
    numeric: true,
    hint: 'Statements that report progress (ALTER, LOAD DATA, ...). MySQL reports it only while the performance_schema consumer events_stages_current is on.',
    value: (r) => r.row.progress,
  },
];

/** The tick box's track, before the columns. */
export const TICK_TRACK_PX = 24;

/** Room the flexible columns (attention, statement...) should get above their floors. */
const READABLE_ROOM_PX = 150;

/** Columns left out, in this order, when the table is too narrow for all: the details have them. */
const DROPPED_WHEN_NARROW: readonly ColumnKey[] = ['rowsSent', 'lock', 'tmpTables'];

/** All columns, then fewer and fewer: the same arrays every time, so renders can compare them. */
const NARROWER: ReadonlyArray<readonly Column[]> = DROPPED_WHEN_NARROW.reduce<Column[][]>(
  (variants, key) => [...variants, variants.at(-1)!.filter((c) => c.key !== key)],
  [[...COLUMNS]],
);

/**
 * The columns a table `width` px wide shows: all of them when their floors and some room for
 * the long values fit, else without the least telling figures (rows sent, lock time, temporary
 * tables) one by one, so the statement and the attention stay readable. The same array for the
 * same answer.
 */
export function columnsForWidth(width: number): readonly Column[] {
  for (const columns of NARROWER) {
    const needed = columns.reduce((sum, c) => sum + c.min, TICK_TRACK_PX + READABLE_ROOM_PX);
    if (needed <= width) return columns;
  }
  return NARROWER.at(-1)!;
}

/** The CSS grid tracks of a row showing `columns`: the tick box, then each column's share. */
export function gridTracks(columns: readonly Column[]): string {
  return [`${TICK_TRACK_PX}px`, ...columns.map((c) => `minmax(${c.min}px, ${c.share}fr)`)].join(
    ' ',
  );
}

export type SortDirection = 'asc' | 'desc';

/** The comparison `String.prototype.localeCompare` makes, built once instead of per call. */
const byLocale = new Intl.Collator().compare;

/**
 * Rows sorted by one column; nulls last either way, ties by id so the order is stable from one
 * poll to the next (rows do not jump around while their values tie). Each row's value is read
 * once, not once per comparison: this runs on every poll over every session.
 */
export function sortRows(
  rows: readonly TableRow[],
  key: ColumnKey,
  dir: SortDirection,
): TableRow[] {
  const column = COLUMNS.find((c) => c.key === key) ?? COLUMNS[1]!;
  const sign = dir === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: column.value(row), id: row.row.id }));
  keyed.sort((a, b) => {
    const va = a.value;
    const vb = b.value;
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      const c =
        typeof va === 'number' && typeof vb === 'number'
          ? va - vb
          : byLocale(String(va), String(vb));
      if (c !== 0) return c * sign;
    }
    return a.id - b.id;
  });
  return keyed.map((k) => k.row);
}
