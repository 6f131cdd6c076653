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
  | 'add-column-stored'
  | 'add-column-virtual'
  | 'add-functional-index'
  | 'add-partition-hash'
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
  'add-column-stored': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a STORED generated column is computed for every row (MySQL manual, Online DDL column operations: "Adding a STORED column" is not in place; MariaDB likewise): ${COPY_WHY}`,
    },
  ],
  'add-column-virtual': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a VIRTUAL generated column is only recorded in the table definition (computed when read)',
    },
    { algorithm: 'inplace', lock: 'none', why: 'a VIRTUAL generated column stores nothing' },
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
  'column-varchar-widen-short': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the VARCHAR held at most 127 bytes, so every stored value keeps its one-byte length: only the definition changes (MariaDB knowledge base, InnoDB online DDL: extending VARCHAR)',
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a VARCHAR grown past 255 bytes needs a second length byte in every row: ${COPY_WHY}`,
    },
  ],
  'column-varchar-widen-prefix': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a VARCHAR grown past 255 bytes needs a second length byte in every row; MariaDB's instant widening stops at 255 bytes unless the column held at most 127 (seen on 10.11 and 11.8): ${COPY_WHY}`,
    },
  ],
  'column-enum-append': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'ENUM/SET members added at the end keep every stored value: only the definition changes (MySQL manual, Online DDL column operations; MariaDB the same)',
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'ENUM/SET members added at the end keep every stored value',
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
  'add-functional-index': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'a functional key part adds a hidden virtual column and is built while writes wait (seen on MySQL 9.7; MariaDB has no functional indexes)',
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
  'add-partition-hash': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'HASH/KEY partitions redistribute their rows while writes wait (MySQL manual, Online DDL partitioning operations)',
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

/** What about the table decides a situation rule (from the live table's facts). */
export type TableTrait =
  | 'fulltext-index'
  | 'spatial-index'
  | 'compressed-row-format'
  | 'generated-columns'
  | 'partitioned'
  | 'no-primary-key'
  /** ROW_FORMAT=DYNAMIC/COMPACT/REDUNDANT written in the table's definition. */
  | 'explicit-uncompressed-row-format'
  /** KEY_BLOCK_SIZE=n (n > 0) in the table's definition. */
  | 'key-block-size';

/** How a situation rule overrides the per-operation rule: a slower plan, or "unknown". */
export type SituationOutcome = { algorithm: AlterAlgorithm; lock: AlterLock } | 'unknown';

/**
 * A rule about the table rather than the operation: when the table has `trait` (on `flavor`,
 * or both), the operations under `keys` are planned no better than `outcome`.
 */
export interface SituationRule {
  trait: TableTrait;
  flavor?: 'mysql' | 'mariadb';
  keys: readonly RuleKey[];
  outcome: SituationOutcome;
  /** Why, in plain words, and the manual section or server behaviour it encodes. */
  why: string;
}

/** The operations that rebuild the table or add/drop a column (instant or not). */
const REBUILDING: readonly RuleKey[] = [
  'add-column-last',
  'add-column-positioned',
  'drop-column',
  'column-reorder',
  'column-nullability',
  'engine-rebuild',
  'row-format',
  'force',
  'add-primary-key',
  'replace-primary-key',
  'table-option',
];
const COLUMN_CHANGES: readonly RuleKey[] = [
  ...REBUILDING,
  'add-column-virtual',
  'column-same',
  'column-varchar-widen',
  'column-varchar-widen-prefix',
  'rename-column',
];

/**
 * The situation rules, checked against the servers by test/integration/alter/rules-matrix.test.ts.
 * Applied after the operation's own rule; the slower of the two wins.
 */
export const SITUATION_RULES: readonly SituationRule[] = [
  {
    trait: 'fulltext-index',
    flavor: 'mysql',
    keys: REBUILDING,
    outcome: { algorithm: 'copy', lock: 'shared' },
    why: 'the table has a FULLTEXT index: MySQL rebuilds it by copying (manual, Online DDL limitations: no in-place rebuild with a user-defined FULLTEXT index and a hidden FTS_DOC_ID)',
  },
  {
    trait: 'fulltext-index',
    flavor: 'mariadb',
    keys: REBUILDING,
    outcome: { algorithm: 'inplace-rebuild', lock: 'shared' },
    why: 'the table has a FULLTEXT index: MariaDB rebuilds it in place but writes wait (LOCK=NONE refused, seen on 10.11 and 11.8)',
  },
  {
    trait: 'spatial-index',
    keys: REBUILDING.filter(
      (k) => k !== 'add-column-last' && k !== 'add-column-positioned' && k !== 'drop-column',
    ),
    outcome: { algorithm: 'inplace-rebuild', lock: 'shared' },
    why: 'the table has a SPATIAL index: a rebuild needs LOCK=SHARED (MySQL manual, Online DDL limitations; MariaDB the same)',
  },
  {
    trait: 'compressed-row-format',
    keys: ['add-column-last', 'add-column-positioned', 'drop-column'],
    outcome: { algorithm: 'inplace-rebuild', lock: 'none' },
    why: 'ROW_FORMAT=COMPRESSED tables take no instant ADD/DROP COLUMN (MySQL manual, ALGORITHM=INSTANT limitations; MariaDB knowledge base, Instant ADD COLUMN): the table is rebuilt',
  },
  {
    trait: 'generated-columns',
    flavor: 'mariadb',
    keys: COLUMN_CHANGES,
    outcome: 'unknown',
    why: 'MariaDB plans column changes on a table with generated columns case by case (seen: copies, shared locks, or instant); Sightline cannot tell which',
  },
  {
    trait: 'partitioned',
    flavor: 'mariadb',
    keys: ['add-column-virtual'],
    outcome: { algorithm: 'copy', lock: 'shared' },
    why: `MariaDB adds a generated column to a partitioned table by copying it (seen on 10.11 and 11.8): ${COPY_WHY}`,
  },
  {
    trait: 'no-primary-key',
    keys: ['add-unique-index'],
    outcome: { algorithm: 'inplace-rebuild', lock: 'none' },
    why: `without a primary key, the first UNIQUE index on NOT NULL columns becomes the clustered index: ${REBUILD}`,
  },
];

/**
 * A clause the server refuses outright, whatever ALGORITHM/LOCK: syntax the flavor lacks, or an
 * option the table's row format forbids. Checked against the servers by the matrix test.
 */
export interface RejectionRule {
  flavor?: 'mysql' | 'mariadb';
  /** The clause as written (one operation's text). */
  clause: RegExp;
  /** Only on a table with this trait. */
  trait?: TableTrait;
  /** Not when the whole statement also matches this. */
  unlessStatement?: RegExp;
  /** The server's reason, in plain words, with its error number. */
  reason: string;
}

const STRICT = 'InnoDB refuses it with innodb_strict_mode on (the default): error 1478';

/** The rejection rules, checked before the rules above. */
export const REJECTION_RULES: readonly RejectionRule[] = [
  {
    flavor: 'mysql',
    clause: /^ALTER\s+(INDEX|KEY)\s+\S+\s+(NOT\s+)?IGNORED\b/i,
    reason: 'MySQL has no IGNORED indexes (it writes INVISIBLE): syntax error 1064',
  },
  {
    flavor: 'mariadb',
    clause: /^ALTER\s+(INDEX|KEY)\s+\S+\s+(IN)?VISIBLE\b/i,
    reason: 'MariaDB writes IGNORED / NOT IGNORED (10.6+), not INVISIBLE: syntax error 1064',
  },
  {
    flavor: 'mariadb',
    clause: /^ADD\s+(UNIQUE\s+)?(INDEX|KEY)\b[^(]*\(\s*\(/i,
    reason:
      'MariaDB has no functional key parts (index a generated column instead): syntax error 1064',
  },
  {
    flavor: 'mysql',
    clause:
      /^(PAGE_COMPRESSED|PAGE_COMPRESSION_LEVEL|ENCRYPTED|ENCRYPTION_KEY_ID|IETF_QUOTES|TRANSACTIONAL|PAGE_CHECKSUM)\b/i,
    reason: 'a MariaDB table option that MySQL does not know: syntax error 1064',
  },
  {
    flavor: 'mariadb',
    clause: /^(COMPRESSION|AUTOEXTEND_SIZE|SECONDARY_ENGINE)\b/i,
    reason: 'a MySQL table option that MariaDB does not know: error 1911 (unknown option)',
  },
  {
    trait: 'explicit-uncompressed-row-format',
    clause: /^KEY_BLOCK_SIZE\s*=?\s*[1-9]/i,
    unlessStatement: /\bROW_FORMAT\s*=?\s*COMPRESSED\b/i,
    reason: `KEY_BLOCK_SIZE needs ROW_FORMAT=COMPRESSED, and the table's row format is another: ${STRICT}`,
  },
  {
    trait: 'key-block-size',
    clause: /^ROW_FORMAT\s*=?\s*(DYNAMIC|COMPACT|REDUNDANT)\b/i,
    unlessStatement: /\bKEY_BLOCK_SIZE\s*=?\s*0\b/i,
    reason: `the table has a KEY_BLOCK_SIZE, which only ROW_FORMAT=COMPRESSED takes (add KEY_BLOCK_SIZE=0): ${STRICT}`,
  },
];

/** Why the server refuses `clause` outright on this table, or null. */
export function rejectionFor(
  clause: string,
  statement: string,
  facts: TableFacts,
  flavor: 'mysql' | 'mariadb',
): string | null {
  const traits = new Set(facts.traits ?? []);
  const rule = REJECTION_RULES.find(
    (r) =>
      (r.flavor ?? flavor) === flavor &&
      (r.trait === undefined || traits.has(r.trait)) &&
      r.clause.test(clause.trim()) &&
      !(r.unlessStatement?.test(statement) ?? false),
  );
  return rule?.reason ?? null;
}

/** The facts about the table that change a plan (from the live server; all optional). */
export interface TableFacts {
  /** Current engine (`InnoDB`). */
  engine?: string | null;
  hasFulltextIndex?: boolean;
  /** INNODB_TABLES.TOTAL_ROW_VERSIONS (MySQL 8.0.29+). */
  rowVersions?: number | null;
  /** @@foreign_key_checks of the session that runs the ALTER; default on. */
  foreignKeyChecks?: boolean;
  /** What the situation rules look at; absent traits are taken as absent. */
  traits?: readonly TableTrait[];
  /** Columns that some index uses (dropping one drops or shrinks the index: never instant). */
  indexedColumns?: readonly string[];
}

/** The key under which `op` is looked up, given the rest of the statement and the table. */
export function ruleKeyFor(
  op: AlterOperation,
  all: readonly AlterOperation[],
  facts: TableFacts,
  columnChange: ColumnChange | undefined,
): RuleKey {
  switch (op.kind) {
    case 'add-column': {
      const generated = /\b(AS|GENERATED\s+ALWAYS\s+AS)\s*\(/i.test(op.definition ?? '');
      if (generated && /\b(STORED|PERSISTENT)\b/i.test(op.definition ?? '')) {
        return 'add-column-stored';
      }
      if (generated) return 'add-column-virtual';
      return op.position && op.position.at !== 'last' ? 'add-column-positioned' : 'add-column-last';
    }
    case 'add-index':
    case 'add-unique-index':
      return /\(\s*\(/.test(op.text) ? 'add-functional-index' : op.kind;
    case 'add-partition':
      return /^ADD\s+PARTITION\s+PARTITIONS\b/i.test(op.text) ? 'add-partition-hash' : op.kind;
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

/**
 * The situation rules that apply to `key` on this table and flavor, slowest last.
 */
export function situationRulesFor(
  key: RuleKey,
  facts: TableFacts,
  flavor: 'mysql' | 'mariadb',
): SituationRule[] {
  const traits = new Set(facts.traits ?? []);
  return SITUATION_RULES.filter(
    (r) => traits.has(r.trait) && (r.flavor ?? flavor) === flavor && r.keys.includes(key),
  );
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
