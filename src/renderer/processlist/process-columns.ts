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
  /** CSS grid track. */
  width: string;
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
    width: '160px',
    numeric: false,
    value: (r) => r.attentionRank,
  },
  { key: 'id', label: 'Id', width: '60px', numeric: true, value: (r) => r.row.id },
  { key: 'user', label: 'User', width: '90px', numeric: false, value: (r) => r.row.user },
  { key: 'command', label: 'Command', width: '80px', numeric: false, value: (r) => r.row.command },
  { key: 'time', label: 'Time', width: '75px', numeric: true, value: (r) => r.row.timeMs },
  { key: 'state', label: 'State', width: '150px', numeric: false, value: (r) => r.row.state },
  {
    key: 'info',
    label: 'Statement',
    width: 'minmax(260px, 1fr)',
    numeric: false,
    value: (r) => r.row.info,
  },
  { key: 'host', label: 'Host', width: '130px', numeric: false, value: (r) => r.row.host },
  { key: 'db', label: 'Schema', width: '90px', numeric: false, value: (r) => r.row.db },
  {
    key: 'trx',
    label: 'Trx age',
    width: '75px',
    numeric: true,
    value: (r) => r.transaction?.ageSeconds ?? null,
  },
  {
    key: 'rowsExamined',
    label: 'Examined',
    width: '80px',
    numeric: true,
    value: (r) => r.row.rowsExamined,
  },
  { key: 'rowsSent', label: 'Sent', width: '70px', numeric: true, value: (r) => r.row.rowsSent },
  { key: 'lock', label: 'Lock', width: '70px', numeric: true, value: (r) => r.row.lockMs },
  {
    key: 'tmpTables',
    label: 'Tmp (disk)',
    width: '80px',
    numeric: true,
    // Disk temporary tables weigh more than any number in memory.
    value: (r) =>
      r.row.tmpTables === null ? null : (r.row.tmpDiskTables ?? 0) * 1e6 + r.row.tmpTables,
  },
  {
    key: 'memory',
    label: 'Memory',
    width: '80px',
    numeric: true,
    hint: 'Memory the session holds now (MySQL 8.0.31+, MariaDB); hover a cell for the most it held.',
    value: (r) => r.row.memoryBytes,
  },
  {
    key: 'progress',
    label: 'Progress',
    width: '80px',
    numeric: true,
    hint: 'Statements that report progress (ALTER, LOAD DATA, ...). MySQL reports it only while the performance_schema consumer events_stages_current is on.',
    value: (r) => r.row.progress,
  },
];

export type SortDirection = 'asc' | 'desc';

/**
 * Rows sorted by one column; nulls last either way, ties by id so the order is stable from one
 * poll to the next (rows do not jump around while their values tie).
 */
export function sortRows(
  rows: readonly TableRow[],
  key: ColumnKey,
  dir: SortDirection,
): TableRow[] {
  const column = COLUMNS.find((c) => c.key === key) ?? COLUMNS[1]!;
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = column.value(a);
    const vb = column.value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      const c =
        typeof va === 'number' && typeof vb === 'number'
          ? va - vb
          : String(va).localeCompare(String(vb));
      if (c !== 0) return c * sign;
    }
    return a.row.id - b.row.id;
  });
}
