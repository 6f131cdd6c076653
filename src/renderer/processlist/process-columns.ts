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
  /**
   * What the Attention cell shows: the most telling attention, and `+N` for the others (whole
   * in the cell's title and the details pane), so the cell stays short beside the details.
   */
  attentionShort?: string;
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
  /**
   * Sized to its content: the floor grows to the widest text in the rows (up to this many px),
   * so a key value ("Blocked by #12", "Waiting for table metadata lock") is read whole.
   */
  fitMax?: number;
  /**
   * Numeric columns: the widest value their format gives in practice ("999 M", "23 h 59 min").
   * Such a column is as wide as this or its header, whichever is wider, and takes no share of
   * the room left: that goes to the text columns, the statement first.
   */
  sample?: string;
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
    fitMax: 300,
    numeric: false,
    value: (r) => r.attentionRank,
  },
  {
    key: 'id',
    label: 'Id',
    min: 44,
    share: 0,
    sample: '9999999',
    numeric: true,
    value: (r) => r.row.id,
  },
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
    fitMax: 130,
    numeric: false,
    value: (r) => r.row.command,
  },
  {
    key: 'time',
    label: 'Time',
    // Wide enough for the longest form formatDuration gives ("23 h 59 min", "59 min 59 s").
    min: 84,
    share: 0,
    sample: '23 h 59 min',
    numeric: true,
    value: (r) => r.row.timeMs,
  },
  {
    key: 'state',
    label: 'State',
    min: 56,
    share: 1,
    fitMax: 280,
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
    share: 0,
    sample: '23 h 59 min',
    numeric: true,
    value: (r) => r.transaction?.ageSeconds ?? null,
  },
  {
    key: 'rowsExamined',
    label: 'Examined',
    min: 50,
    share: 0,
    sample: '999 M',
    numeric: true,
    value: (r) => r.row.rowsExamined,
  },
  {
    key: 'rowsSent',
    label: 'Sent',
    min: 40,
    share: 0,
    sample: '999 M',
    numeric: true,
    value: (r) => r.row.rowsSent,
  },
  {
    key: 'lock',
    label: 'Lock',
    min: 50,
    share: 0,
    sample: '59.99 s',
    numeric: true,
    value: (r) => r.row.lockMs,
  },
  {
    key: 'tmpTables',
    label: 'Tmp (disk)',
    min: 46,
    share: 0,
    sample: '99 (99)',
    numeric: true,
    // Disk temporary tables weigh more than any number in memory.
    value: (r) =>
      r.row.tmpTables === null ? null : (r.row.tmpDiskTables ?? 0) * 1e6 + r.row.tmpTables,
  },
  {
    key: 'memory',
    label: 'Memory',
    min: 58,
    share: 0,
    sample: '1023 MB',
    numeric: true,
    hint: 'Memory the session holds now (MySQL 8.0.31+, MariaDB); hover a cell for the most it held.',
    value: (r) => r.row.memoryBytes,
  },
  {
    key: 'progress',
    label: 'Progress',
    min: 48,
    share: 0,
    sample: '100.0 %',
    numeric: true,
    hint: 'Statements that report progress (ALTER, LOAD DATA, ...). MySQL reports it only while the performance_schema consumer events_stages_current is on.',
    value: (r) => r.row.progress,
  },
];

/** The tick box's track, before the columns. */
export const TICK_TRACK_PX = 24;

/** Room the statement should get above its floor before less telling columns are left out. */
const READABLE_ROOM_PX = 150;

/**
 * Columns left out, in this order, when the table is too narrow for all (the details pane has
 * them): the least telling figures first; attention, id, time, state and statement stay.
 */
const DROPPED_WHEN_NARROW: readonly ColumnKey[] = [
  'rowsSent',
  'lock',
  'tmpTables',
  'progress',
  'memory',
  'rowsExamined',
  'trx',
  'db',
  'host',
  'command',
  'user',
];

/** All columns, then fewer and fewer: the same arrays every time, so renders can compare them. */
const NARROWER: ReadonlyArray<readonly Column[]> = DROPPED_WHEN_NARROW.reduce<Column[][]>(
  (variants, key) => [...variants, variants.at(-1)!.filter((c) => c.key !== key)],
  [[...COLUMNS]],
);

/** Each column's floor in px: its `min`, or for content-sized columns the widest text's. */
export type Floors = Readonly<Partial<Record<ColumnKey, number>>>;

/** Floors change in steps of this many px, so a poll rarely changes the grid (and every row). */
const FLOOR_STEP_PX = 16;
/** The cell's padding (6 px each side) and, for attention, the severity icon before the text. */
const CELL_PADDING_PX = 12;
const ICON_PX = 18;
const SORT_ARROW_PX = 14;

/** A cell's padding (6 px each side) and a pixel or two for rounding. */
const NUMERIC_PADDING_PX = 14;

/** A header's text with room for the sort arrow; headers are bold, so a tenth more. */
const headerWidth = (column: Column, measure: (text: string) => number) =>
  measure(column.label) * 1.1 + SORT_ARROW_PX;

/** The text a content-sized column shows for a row (as ProcessTable's cells show it). */
function fitText(r: TableRow, key: ColumnKey): string {
  if (key === 'attention')
    return r.row.self && !r.attention ? 'this view' : (r.attentionShort ?? r.attention);
  if (key === 'state') return r.row.state ?? '';
  if (key === 'command') return r.row.command;
  return '';
}

/**
 * The floors of the content-sized columns for `rows` (and of the numeric ones, from their
 * header and sample), with `measure` giving a text's width in
 * px. Each distinct text is measured once (the caller's measure caches), so this stays cheap
 * on every poll over thousands of sessions.
 */
export function contentFloors(
  rows: readonly TableRow[],
  measure: (text: string) => number,
): Floors {
  const floors: Partial<Record<ColumnKey, number>> = {};
  for (const column of COLUMNS) {
    if (column.sample !== undefined) {
      // Its header whole ("Examined ▼", not "Exa…"), or its widest usual value.
      const widest = Math.max(headerWidth(column, measure), measure(column.sample));
      floors[column.key] = Math.max(column.min, Math.ceil(widest + NUMERIC_PADDING_PX));
      continue;
    }
    if (column.fitMax === undefined) {
      // The header whole ("Schema", not "Sch…"): the floor of the other text columns.
      const header = Math.ceil(headerWidth(column, measure) + NUMERIC_PADDING_PX);
      if (header > column.min) floors[column.key] = header;
      continue;
    }
    const seen = new Set<string>();
    for (const r of rows) seen.add(fitText(r, column.key));
    // The header too ("Command" over "Query").
    let widest = headerWidth(column, measure);
    for (const text of seen) widest = Math.max(widest, measure(text));
    const extra = CELL_PADDING_PX + (column.key === 'attention' ? ICON_PX : 0);
    const stepped = Math.ceil((widest + extra) / FLOOR_STEP_PX) * FLOOR_STEP_PX;
    floors[column.key] = Math.min(column.fitMax, Math.max(column.min, stepped));
  }
  return floors;
}

const floorOf = (c: Column, floors: Floors) => floors[c.key] ?? c.min;

/**
 * The columns a table `width` px wide shows: all of them when their floors and some room for
 * the statement fit, else without the least telling figures one by one, so the key cells
 * (attention, time, state) keep their whole text and the statement stays readable. The same
 * array for the same answer.
 */
export function columnsForWidth(width: number, floors: Floors = {}): readonly Column[] {
  for (const columns of NARROWER) {
    const needed = columns.reduce(
      (sum, c) => sum + floorOf(c, floors),
      TICK_TRACK_PX + READABLE_ROOM_PX,
    );
    if (needed <= width) return columns;
  }
  return NARROWER.at(-1)!;
}

/** The sum of the floors of `columns` with the tick box: narrower, the table scrolls sideways. */
export function floorsWidth(columns: readonly Column[], floors: Floors = {}): number {
  return columns.reduce((sum, c) => sum + floorOf(c, floors), TICK_TRACK_PX);
}

/** Room above its floor the statement keeps when the key columns are squeezed (150 px in all). */
const SQUEEZED_ROOM_PX = 30;

/** What a squeezed content-sized column keeps at least: about 18 characters, not "Wai…". */
const SQUEEZED_FLOOR_PX = 120;

/**
 * Floors for a table too narrow even for the fewest columns (the details pane open in a small
 * window): the content-sized columns give up width in proportion to what they have above
 * SQUEEZED_FLOOR_PX, so the statement keeps 150 px and stays in view instead of the table
 * scrolling it away.
 */
export function squeezeFloors(columns: readonly Column[], floors: Floors, width: number): Floors {
  // The rows' 3 px severity border takes from the grid too.
  const over = floorsWidth(columns, floors) + SQUEEZED_ROOM_PX + 3 - width;
  if (over <= 0) return floors;
  const fit = columns.filter((c) => c.fitMax !== undefined);
  const lowest = (c: Column) => Math.min(floorOf(c, floors), Math.max(c.min, SQUEEZED_FLOOR_PX));
  const spare = fit.reduce((sum, c) => sum + floorOf(c, floors) - lowest(c), 0);
  if (spare <= 0) return floors;
  const give = Math.min(1, over / spare);
  const squeezed: Partial<Record<ColumnKey, number>> = { ...floors };
  for (const c of fit) {
    squeezed[c.key] = Math.floor(floorOf(c, floors) - (floorOf(c, floors) - lowest(c)) * give);
  }
  return squeezed;
}

/**
 * The CSS grid tracks of a row showing `columns`: the tick box, then each column's share; the
 * numeric columns (no share) keep their floor, the text columns share the rest.
 */
export function gridTracks(columns: readonly Column[], floors: Floors = {}): string {
  return [
    `${TICK_TRACK_PX}px`,
    ...columns.map((c) =>
      c.share === 0 ? `${floorOf(c, floors)}px` : `minmax(${floorOf(c, floors)}px, ${c.share}fr)`,
    ),
  ].join(' ');
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
