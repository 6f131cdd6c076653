import type { Capabilities, CapabilityKey } from '../server/capabilities';
import type { AlterOperation, AlterOperationKind } from './alter-operation';
import type { ColumnChange } from './column-change';

/**
 * How the server runs an operation, cheapest first:
 * - `instant`: metadata only, whatever the table's size;
 * - `inplace`: inside the table without rebuilding it (e.g. building one index);
 * - `inplace-rebuild`: the table is rebuilt in place, concurrent writes logged and replayed;
 * - `copy`: every row is copied into a new table while writes wait.
 */
export const ALTER_ALGORITHMS = ['instant', 'inplace', 'inplace-rebuild', 'copy'] as const;
export type AlterAlgorithm = (typeof ALTER_ALGORITHMS)[number];

/** What other sessions may do meanwhile: everything, read only, nothing. */
export const ALTER_LOCKS = ['none', 'shared', 'exclusive'] as const;
export type AlterLock = (typeof ALTER_LOCKS)[number];

/** One row of the rules table: applies when the server has every capability in `needs`. */
export interface RuleRow {
  needs?: readonly CapabilityKey[];
  algorithm: AlterAlgorithm;
  lock: AlterLock;
  /** Why, in plain words. */
  why: string;
}

/**
 * The situations that plan differently. Most are operation kinds; some operations split by
 * what they really change (a MODIFY COLUMN that only renames is not a type change).
 */
export type RuleKey =
  | Exclude<AlterOperationKind, 'add-column' | 'change-column' | 'modify-column' | 'engine'>
  | 'add-column-last'
  | 'add-column-positioned'
  | `column-${ColumnChange}`
  | 'replace-primary-key'
  | 'add-foreign-key-unchecked'
  | 'engine-rebuild'
  | 'engine-change';

const ONLINE_INDEX = 'the index is built from the rows while reads and writes go on';
const REBUILD =
  'the table is rebuilt in place; reads and writes go on, and writes made meanwhile are replayed at the end';
const COPY_WHY = 'every row is copied into a new table; writes wait until the copy is done';
const PARTITION_NO_CLAUSE = 'MariaDB has no ALGORITHM=/LOCK= for partition management';

/**
 * The rules table: for each situation, rows from the most to the least capable server; the
 * first row whose capabilities the server has applies. Checked against MySQL 9.7, MariaDB 10.11
 * and 11.8 by test/integration/alter/rules-matrix.test.ts.
 */
export const ALTER_RULES: Record<RuleKey, readonly RuleRow[]> = {
  'add-column-last': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the new column is only recorded in the table definition; existing rows get its default when read',
    },
    { algorithm: 'inplace-rebuild', lock: 'none', why: REBUILD },
  ],
  'add-column-positioned': [
    {
      needs: ['alterInstantAddAnywhere'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the new column is only recorded in the table definition, wherever it goes',
    },
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `a column placed with FIRST/AFTER needs a rebuild on this version: ${REBUILD}`,
    },
  ],
  'drop-column': [
    {
      needs: ['alterInstantDropColumn'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the column is only marked dropped; its data stays in the rows until they are rewritten',
    },
    { algorithm: 'inplace-rebuild', lock: 'none', why: REBUILD },
  ],
  'rename-column': [
    {
      needs: ['alterInstantRenameColumn'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the name in the table definition changes',
    },
    { algorithm: 'inplace', lock: 'none', why: 'only the definition changes' },
  ],
  'column-same': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'type and NULL-ness stay the same: only the definition (name, default, comment) changes',
    },
    { algorithm: 'inplace', lock: 'none', why: 'only the definition changes' },
  ],
  'column-reorder': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'moving a column only changes the definition on this server',
    },
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `moving a column rewrites every row: ${REBUILD}`,
    },
  ],
  'column-varchar-widen': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a longer VARCHAR with the same length prefix only changes the definition',
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'a longer VARCHAR with the same length prefix (up to 255 bytes) needs no rewrite',
    },
  ],
  'column-varchar-widen-prefix': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a longer VARCHAR only changes the definition on this server',
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a VARCHAR grown past 255 bytes needs a second length byte in every row: ${COPY_WHY}`,
    },
  ],
  'column-nullability': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `NULL/NOT NULL is checked on every row: ${REBUILD}`,
    },
  ],
  'column-type': [
    { algorithm: 'copy', lock: 'shared', why: `a new data type converts every value: ${COPY_WHY}` },
  ],
  'set-default': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a default lives only in the table definition',
    },
    { algorithm: 'inplace', lock: 'none', why: 'a default lives only in the table definition' },
  ],
  'drop-default': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a default lives only in the table definition',
    },
    { algorithm: 'inplace', lock: 'none', why: 'a default lives only in the table definition' },
  ],
  'add-index': [{ algorithm: 'inplace', lock: 'none', why: ONLINE_INDEX }],
  'add-unique-index': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: `${ONLINE_INDEX}; it fails at the end if a duplicate exists`,
    },
  ],
  'add-fulltext-index': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'shared',
      why: 'a FULLTEXT index is built while writes wait, and the first one adds a hidden FTS_DOC_ID column (a rebuild)',
    },
  ],
  'add-spatial-index': [
    { algorithm: 'inplace', lock: 'shared', why: 'a SPATIAL index is built while writes wait' },
  ],
  'add-primary-key': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `rows are stored in primary key order: ${REBUILD}`,
    },
  ],
  'replace-primary-key': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `rows are stored in primary key order: ${REBUILD}`,
    },
  ],
  'drop-primary-key': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `dropping the primary key without adding another in the same statement: ${COPY_WHY}`,
    },
  ],
  'drop-index': [{ algorithm: 'inplace', lock: 'none', why: 'only the index is removed' }],
  'rename-index': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the name changes',
    },
    { algorithm: 'inplace', lock: 'none', why: 'only the name changes' },
  ],
  'index-visibility': [
    { algorithm: 'inplace', lock: 'none', why: 'only the index definition changes' },
  ],
  'add-foreign-key': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `with foreign_key_checks on, every row is checked: ${COPY_WHY}`,
    },
  ],
  'add-foreign-key-unchecked': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'with foreign_key_checks off, the existing rows are not checked',
    },
  ],
  'drop-foreign-key': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the constraint definition goes',
    },
    { algorithm: 'inplace', lock: 'none', why: 'only the constraint definition goes' },
  ],
  'add-check': [{ algorithm: 'copy', lock: 'shared', why: `every row is checked: ${COPY_WHY}` }],
  'drop-constraint': [
    { algorithm: 'inplace', lock: 'none', why: 'only the constraint definition goes' },
  ],
  'rename-table': [
    { needs: ['alterInstant'], algorithm: 'instant', lock: 'none', why: 'only the name changes' },
    { algorithm: 'inplace', lock: 'none', why: 'only the name changes' },
  ],
  'engine-rebuild': [
    { algorithm: 'inplace-rebuild', lock: 'none', why: `the same engine again: ${REBUILD}` },
  ],
  'engine-change': [
    { algorithm: 'copy', lock: 'shared', why: `another storage engine: ${COPY_WHY}` },
  ],
  'row-format': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `every row is rewritten in the new format: ${REBUILD}`,
    },
  ],
  'convert-charset': [
    { algorithm: 'copy', lock: 'shared', why: `every text value is converted: ${COPY_WHY}` },
  ],
  'default-charset': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the default for new columns changes',
    },
    { algorithm: 'inplace', lock: 'none', why: 'only the default for new columns changes' },
  ],
  'table-comment': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the comment changes',
    },
    { algorithm: 'inplace', lock: 'none', why: 'only the comment changes' },
  ],
  'auto-increment': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the counter changes',
    },
    { algorithm: 'inplace', lock: 'none', why: 'only the counter changes' },
  ],
  'table-option': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `assumed a rebuild (the worst an in-place table option needs): ${REBUILD}`,
    },
  ],
  'order-by': [
    { algorithm: 'copy', lock: 'shared', why: `rows are copied in the new order: ${COPY_WHY}` },
  ],
  'add-partition': [
    {
      needs: ['alterPartitionClause'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'new empty partitions are created (RANGE/LIST); HASH/KEY partitions redistribute rows',
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: `new empty partitions are created (RANGE/LIST); ${PARTITION_NO_CLAUSE}`,
    },
  ],
  'drop-partition': [
    {
      needs: ['alterPartitionClause'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'the partition and its rows are removed',
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: `the partition and its rows are removed; ${PARTITION_NO_CLAUSE}`,
    },
  ],
  'truncate-partition': [
    {
      needs: ['alterPartitionClause'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the partition is emptied at once',
    },
    { algorithm: 'inplace', lock: 'none', why: `the partition is emptied; ${PARTITION_NO_CLAUSE}` },
  ],
  'coalesce-partition': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'rows of the merged partitions are moved while writes wait',
    },
  ],
  'reorganize-partition': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'rows of the reorganised partitions are copied while writes wait',
    },
  ],
  'partition-maintenance': [
    { algorithm: 'inplace', lock: 'shared', why: 'the named partitions are rebuilt or checked' },
  ],
  'partition-by': [
    { algorithm: 'copy', lock: 'shared', why: `every row moves to its new partition: ${COPY_WHY}` },
  ],
  'remove-partitioning': [
    { algorithm: 'copy', lock: 'shared', why: `every row moves into one table: ${COPY_WHY}` },
  ],
  force: [{ algorithm: 'inplace-rebuild', lock: 'none', why: REBUILD }],
  unknown: [
    { algorithm: 'copy', lock: 'shared', why: 'not recognised: assumed the worst, a copy' },
  ],
};

/** The facts about the table that change a plan (from the live server; all optional). */
export interface TableFacts {
  /** Current engine (`InnoDB`). */
  engine?: string | null;
  hasFulltextIndex?: boolean;
  /** INNODB_TABLES.TOTAL_ROW_VERSIONS (MySQL 8.0.29+). */
  rowVersions?: number | null;
  /** @@foreign_key_checks of the session that runs the ALTER; default on. */
  foreignKeyChecks?: boolean;
}

/** The key under which `op` is looked up, given the rest of the statement and the table. */
export function ruleKeyFor(
  op: AlterOperation,
  all: readonly AlterOperation[],
  facts: TableFacts,
  columnChange: ColumnChange | undefined,
): RuleKey {
  switch (op.kind) {
    case 'add-column':
      return op.position && op.position.at !== 'last' ? 'add-column-positioned' : 'add-column-last';
    case 'change-column':
    case 'modify-column':
      return `column-${columnChange ?? 'type'}`;
    case 'drop-primary-key':
      return all.some((o) => o.kind === 'add-primary-key')
        ? 'replace-primary-key'
        : 'drop-primary-key';
    case 'add-primary-key':
      return 'add-primary-key';
    case 'add-foreign-key':
      return facts.foreignKeyChecks === false ? 'add-foreign-key-unchecked' : 'add-foreign-key';
    case 'engine': {
      const current = facts.engine?.toLowerCase() ?? 'innodb';
      return op.value?.toLowerCase() === current ? 'engine-rebuild' : 'engine-change';
    }
    default:
      return op.kind;
  }
}

/** The first row of `key` this server qualifies for. */
export function ruleFor(key: RuleKey, capabilities: Capabilities): RuleRow {
  const rows = ALTER_RULES[key];
  const row = rows.find((r) => (r.needs ?? []).every((c) => capabilities[c]));
  // Every key ends with a row without `needs`, or all its rows need what the table checks.
  return row ?? rows[rows.length - 1]!;
}

/**
 * How `key` runs when the statement cannot be instant as a whole (an instant operation next to
 * an in-place one): its first row that is not instant. ADD/DROP COLUMN then rebuild the table.
 */
export function nonInstantRuleFor(key: RuleKey, capabilities: Capabilities): RuleRow {
  const rows = ALTER_RULES[key].filter((r) => r.algorithm !== 'instant');
  const row = rows.find((r) => (r.needs ?? []).every((c) => capabilities[c]));
  return row ?? rows[rows.length - 1] ?? ruleFor(key, capabilities);
}

/** The most instant ADD/DROP COLUMN a table can take before it must be rebuilt. */
export function rowVersionLimit(capabilities: Capabilities): number | null {
  if (!capabilities.alterInstantRowVersions) return null;
  return capabilities.alterInstantRowVersions255 ? 255 : 64;
}

/** Orders algorithms and locks, cheapest first. */
export function algorithmRank(a: AlterAlgorithm): number {
  return ALTER_ALGORITHMS.indexOf(a);
}
export function lockRank(l: AlterLock): number {
  return ALTER_LOCKS.indexOf(l);
}
