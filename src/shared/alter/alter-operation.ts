/** What one clause of an ALTER TABLE does, as far as planning it is concerned. */
export const ALTER_OPERATION_KINDS = [
  'add-column',
  'drop-column',
  'rename-column',
  'change-column',
  'modify-column',
  'set-default',
  'drop-default',
  'column-visibility',
  'add-index',
  'add-unique-index',
  'add-fulltext-index',
  'add-spatial-index',
  'add-primary-key',
  'drop-primary-key',
  'drop-index',
  'rename-index',
  'index-visibility',
  'add-foreign-key',
  'drop-foreign-key',
  'add-check',
  'drop-constraint',
  'check-enforcement',
  'rename-table',
  'engine',
  'row-format',
  'convert-charset',
  'default-charset',
  'table-comment',
  'auto-increment',
  'table-option',
  'order-by',
  'add-partition',
  'drop-partition',
  'truncate-partition',
  'coalesce-partition',
  'reorganize-partition',
  'partition-maintenance',
  'partition-by',
  'remove-partitioning',
  'system-versioning',
  'force',
  'unknown',
] as const;
export type AlterOperationKind = (typeof ALTER_OPERATION_KINDS)[number];

/** Where ADD COLUMN puts the column. */
export type ColumnPosition = { at: 'last' } | { at: 'first' } | { at: 'after'; column: string };

/** One clause of an ALTER TABLE statement. */
export interface AlterOperation {
  kind: AlterOperationKind;
  /** The clause exactly as written. */
  text: string;
  /** The column it adds, drops, changes or renames (the old name for renames). */
  column?: string;
  /** A rename's new name (column, index or table). */
  newName?: string;
  /** The index or constraint it names. */
  index?: string;
  /** The column definition written after the name (type, NULL, DEFAULT, ...), position excluded. */
  definition?: string;
  /** ADD COLUMN and CHANGE/MODIFY with FIRST/AFTER. */
  position?: ColumnPosition;
  /** A table option's value (`InnoDB`, `DYNAMIC`, `utf8mb4`). */
  value?: string;
}

/** `ALGORITHM=` values the servers know. NOCOPY is MariaDB's "in place without a rebuild". */
export type AlgorithmClause = 'DEFAULT' | 'INSTANT' | 'INPLACE' | 'NOCOPY' | 'COPY';
/** `LOCK=` values. */
export type LockClause = 'DEFAULT' | 'NONE' | 'SHARED' | 'EXCLUSIVE';

/** An ALTER TABLE statement read into its table and operations. */
export interface ParsedAlter {
  /** The schema written before the table name, if any. */
  schema: string | null;
  table: string;
  /** `ALTER [ONLINE] [IGNORE] TABLE [IF EXISTS] name` as written. */
  head: string;
  operations: AlterOperation[];
  /** ALGORITHM= and LOCK= written in the statement, if any. */
  algorithm: AlgorithmClause | null;
  lock: LockClause | null;
  /**
   * Words between ALTER and TABLE (`ONLINE`, `IGNORE`, `OFFLINE`), upper case: MariaDB's ONLINE
   * asks for LOCK=NONE, its IGNORE deletes rows that a new unique key finds duplicate; MySQL
   * has neither. Absent: none written.
   */
  modifiers?: readonly string[];
  /** MariaDB's `NOWAIT` or `WAIT n` after the table name, part of `head`. Absent: none written. */
  lockWait?: LockWait;
}

/**
 * How long MariaDB waits for the table's metadata lock before giving up with error 1205:
 * `NOWAIT` not at all, `WAIT n` n seconds (in place of @@lock_wait_timeout). MySQL has neither.
 */
export type LockWait = { nowait: true } | { seconds: number };

/** Operations that reshape partitions (they take the clause before them, never after). */
export const PARTITION_KINDS: ReadonlySet<AlterOperationKind> = new Set([
  'add-partition',
  'drop-partition',
  'truncate-partition',
  'coalesce-partition',
  'reorganize-partition',
  'partition-maintenance',
  'partition-by',
  'remove-partitioning',
]);

/** Operations that are written without a comma before them (`... PARTITION BY HASH (id)`). */
export const TRAILING_PARTITION_KINDS: ReadonlySet<AlterOperationKind> = new Set([
  'partition-by',
  'remove-partitioning',
]);
