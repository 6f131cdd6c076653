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
  /** The manual section or observed server behaviour the row encodes, for a DBA to check. */
  cite: string;
  /**
   * The flavors for which the row comes only from behaviour seen on the servers the matrix test
   * runs on, not from a manual: on older versions of them (without `alterRulesObserved`) the
   * plan says "unknown" rather than promise it.
   */
  observedOn?: readonly ('mysql' | 'mariadb')[];
}

/**
 * Where the rows come from. MySQL's "Online DDL Operations" is 14.13.1 in the 5.7 manual and
 * 17.12.1 in the 8.0, 8.4 and 9.x manuals; its tables are per kind of operation.
 */
const MY_ONLINE_DDL = 'MySQL manual, Online DDL Operations (5.7: 14.13.1; 8.0, 8.4, 9.x: 17.12.1)';
const MY_COL = `${MY_ONLINE_DDL}, Column Operations`;
const MY8_COL = 'MySQL 8.0+ manual 17.12.1, Online DDL Operations, Column Operations';
const MY57_COL = 'MySQL 5.7 manual 14.13.1, Online DDL Operations, Column Operations';
const MY_IDX = `${MY_ONLINE_DDL}, Index Operations`;
const MY_PK = `${MY_ONLINE_DDL}, Primary Key Operations`;
const MY_GEN = `${MY_ONLINE_DDL}, Generated Column Operations`;
const MY_FK = `${MY_ONLINE_DDL}, Foreign Key Operations`;
const MY_TABLE = `${MY_ONLINE_DDL}, Table Operations`;
const MY8_TABLE = 'MySQL 8.0+ manual 17.12.1, Online DDL Operations, Table Operations';
const MY57_TABLE = 'MySQL 5.7 manual 14.13.1, Online DDL Operations, Table Operations';
const MY_PART = `${MY_ONLINE_DDL}, Partitioning Operations`;
const MDB_INSTANT = 'MariaDB KB, InnoDB Online DDL Operations with the INSTANT Alter Algorithm';
const MDB_NOCOPY = 'MariaDB KB, InnoDB Online DDL Operations with the NOCOPY Alter Algorithm';
const MDB_INPLACE = 'MariaDB KB, InnoDB Online DDL Operations with the INPLACE Alter Algorithm';
const SEEN =
  'observed on MySQL 9.7, MariaDB 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)';

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
      cite: `${MY8_COL}: Adding a column (INSTANT from 8.0.12, last column only before 8.0.29); ${MDB_INSTANT}: ADD COLUMN (last column from 10.3.2)`,
    },
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: REBUILD,
      cite: `${MY57_COL}: Adding a column (in place, rebuilds, concurrent DML); ${MDB_INPLACE}: ADD COLUMN`,
    },
  ],
  'add-column-positioned': [
    {
      needs: ['alterInstantAddAnywhere'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the new column is only recorded in the table definition, wherever it goes',
      cite: `${MY8_COL}: Adding a column (INSTANT at any position from 8.0.29); ${MDB_INSTANT}: ADD COLUMN (any position from 10.4)`,
    },
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `a column placed with FIRST/AFTER needs a rebuild on this version: ${REBUILD}`,
      cite: `${MY8_COL}: Adding a column (before 8.0.29 INSTANT adds only the last column); ${MDB_INPLACE}: ADD COLUMN`,
    },
  ],
  'add-column-stored': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a STORED generated column is computed for every row (MySQL manual, Online DDL column operations: "Adding a STORED column" is not in place; MariaDB likewise): ${COPY_WHY}`,
      cite: `${MY_GEN}: Adding a STORED column (not in place, no concurrent DML); MySQL manual, ALTER TABLE and Generated Columns; ${SEEN}`,
    },
  ],
  'add-column-virtual': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a VIRTUAL generated column is only recorded in the table definition (computed when read)',
      cite: `${MY_GEN}: Adding a VIRTUAL column (INSTANT from 8.0.12, non-partitioned tables); MariaDB: ${SEEN}`,
      observedOn: ['mariadb'],
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'a VIRTUAL generated column stores nothing',
      cite: `MySQL 5.7 manual 14.13.1, Generated Column Operations: Adding a VIRTUAL column (in place, metadata only); MariaDB: ${SEEN}`,
      observedOn: ['mariadb'],
    },
  ],
  'drop-column': [
    {
      needs: ['alterInstantDropColumn'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the column is only marked dropped; its data stays in the rows until they are rewritten',
      cite: `${MY8_COL}: Dropping a column (INSTANT from 8.0.29); ${MDB_INSTANT}: DROP COLUMN (10.4+)`,
    },
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: REBUILD,
      cite: `${MY57_COL}: Dropping a column (in place, rebuilds, concurrent DML); ${MDB_INPLACE}: DROP COLUMN`,
    },
  ],
  'rename-column': [
    {
      needs: ['alterInstantRenameColumn'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the name in the table definition changes',
      cite: `${MY8_COL}: Renaming a column (INSTANT from 8.0.28); ${MDB_INSTANT}: CHANGE COLUMN (rename only)`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the definition changes',
      cite: `${MY57_COL}: Renaming a column (in place, metadata only)`,
    },
  ],
  'column-same': [
    {
      // A CHANGE that renames is in this situation too: MySQL renames instantly only from 8.0.28.
      needs: ['alterInstantRenameColumn'],
      algorithm: 'instant',
      lock: 'none',
      why: 'type and NULL-ness stay the same: only the definition (name, default, comment) changes',
      cite: `${MY8_COL}: Renaming a column (INSTANT from 8.0.28), Setting / Dropping the column default value (INSTANT); ${MDB_INSTANT}: CHANGE COLUMN, ALTER COLUMN`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the definition changes',
      cite: `${MY57_COL}: Renaming a column, Setting a column default value (in place, metadata only)`,
    },
  ],
  'column-reorder': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'moving a column only changes the definition on this server',
      cite: `${MDB_INSTANT}: Reordering Columns (10.4+); MySQL never (Column Operations: Reordering columns, Instant No)`,
    },
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `moving a column rewrites every row: ${REBUILD}`,
      cite: `${MY_COL}: Reordering columns (in place, rebuilds, concurrent DML); ${MDB_INPLACE}: Reordering Columns`,
    },
  ],
  'column-varchar-widen': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a longer VARCHAR with the same length prefix only changes the definition',
      cite: `${MDB_INSTANT}: Changing the Data Type of a Column (longer VARCHAR, same number of length bytes)`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'a longer VARCHAR with the same length prefix (up to 255 bytes) needs no rewrite',
      cite: `${MY_COL}: Extending VARCHAR column size (in place, metadata only, same number of length bytes; 5.7+); MariaDB KB, InnoDB Online DDL Overview (10.2.2+)`,
    },
  ],
  'column-varchar-widen-short': [
    {
      needs: ['alterInstantVarcharExtend'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the VARCHAR held at most 127 bytes, so every stored value keeps its one-byte length: only the definition changes (MariaDB knowledge base, InnoDB online DDL: extending VARCHAR)',
      cite: `${MDB_INSTANT}: Changing the Data Type of a Column (10.4.3+: from 127 bytes or less to 256 or more, MDEV-15563)`,
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a VARCHAR grown past 255 bytes needs a second length byte in every row: ${COPY_WHY}`,
      cite: `${MY_COL}: Extending VARCHAR column size (from under 256 bytes to 256 or more only with ALGORITHM=COPY)`,
    },
  ],
  'column-varchar-widen-prefix': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a VARCHAR grown past 255 bytes needs a second length byte in every row; MariaDB's instant widening stops at 255 bytes unless the column held at most 127 (seen on 10.11 and 11.8): ${COPY_WHY}`,
      cite: `${MY_COL}: Extending VARCHAR column size (crossing 255 bytes needs ALGORITHM=COPY); ${MDB_INSTANT}: Changing the Data Type of a Column (128-255 bytes to 256 or more: Try ALGORITHM=COPY); ${SEEN}`,
    },
  ],
  'column-enum-append': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'ENUM/SET members added at the end keep every stored value: only the definition changes (MySQL manual, Online DDL column operations; MariaDB the same)',
      cite: `${MY8_COL}: Modifying the definition of an ENUM or SET column (INSTANT from 8.0.12); ${MDB_INSTANT}: Adding a New ENUM / SET Option`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'ENUM/SET members added at the end keep every stored value',
      cite: `${MY57_COL}: Modifying the definition of an ENUM or SET column (in place, metadata only)`,
    },
  ],
  'column-nullability': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `NULL/NOT NULL is checked on every row: ${REBUILD}`,
      cite: `${MY_COL}: Making a column NULL / NOT NULL (in place, rebuilds, concurrent DML); ${MDB_INPLACE}: Changing a Column to NULL / NOT NULL`,
    },
  ],
  'column-type': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a new data type converts every value: ${COPY_WHY}`,
      cite: `${MY_COL}: Changing the column data type (COPY, no concurrent DML); ${MDB_INPLACE}: Changing the Data Type of a Column`,
    },
  ],
  'set-default': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a default lives only in the table definition',
      cite: `${MY8_COL}: Setting a column default value (INSTANT from 8.0.12); ${MDB_INSTANT}: Setting a Column's Default Value`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'a default lives only in the table definition',
      cite: `${MY57_COL}: Setting a column default value (in place, metadata only)`,
    },
  ],
  'drop-default': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a default lives only in the table definition',
      cite: `${MY8_COL}: Dropping the column default value (INSTANT from 8.0.12); ${MDB_INSTANT}: Removing a Column's Default Value`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'a default lives only in the table definition',
      cite: `${MY57_COL}: Dropping the column default value (in place, metadata only)`,
    },
  ],
  'add-index': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: ONLINE_INDEX,
      cite: `${MY_IDX}: Creating or adding a secondary index (in place, concurrent DML); ${MDB_NOCOPY}: ADD INDEX`,
    },
  ],
  'add-unique-index': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: `${ONLINE_INDEX}; it fails at the end if a duplicate exists`,
      cite: `${MY_IDX}: Creating or adding a secondary index (in place, concurrent DML); ${MDB_NOCOPY}: ADD INDEX`,
    },
  ],
  'add-fulltext-index': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'shared',
      why: 'a FULLTEXT index is built while writes wait, and the first one adds a hidden FTS_DOC_ID column (a rebuild)',
      cite: `${MY_IDX}: Adding a FULLTEXT index (in place, no concurrent DML; the first one rebuilds without FTS_DOC_ID); ${MDB_INPLACE}: Adding a Fulltext Index`,
    },
  ],
  'add-functional-index': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'a functional key part adds a hidden virtual column and is built while writes wait (seen on MySQL 9.7; MariaDB has no functional indexes)',
      cite: `observed on MySQL 9.7 (no manual row: a functional key part is a hidden virtual generated column, MySQL 8.0.13+)`,
      observedOn: ['mysql'],
    },
  ],
  'add-spatial-index': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'a SPATIAL index is built while writes wait',
      cite: `${MY_IDX}: Adding a SPATIAL index (in place, no concurrent DML); ${MDB_INPLACE}: Adding a Spatial Index`,
    },
  ],
  'add-primary-key': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `rows are stored in primary key order: ${REBUILD}`,
      cite: `${MY_PK}: Adding a primary key (in place, rebuilds, concurrent DML); ${MDB_INPLACE}: ADD PRIMARY KEY`,
    },
  ],
  'replace-primary-key': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `rows are stored in primary key order: ${REBUILD}`,
      cite: `${MY_PK}: Dropping a primary key and adding another (in place, rebuilds, concurrent DML)`,
    },
  ],
  'drop-primary-key': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `dropping the primary key without adding another in the same statement: ${COPY_WHY}`,
      cite: `${MY_PK}: Dropping a primary key (COPY only, no concurrent DML); ${MDB_INSTANT}: DROP PRIMARY KEY (not without adding one: Try ALGORITHM=COPY)`,
    },
  ],
  'drop-index': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the index is removed',
      cite: `${MY_IDX}: Dropping an index (in place, metadata only); ${MDB_NOCOPY}: DROP INDEX`,
    },
  ],
  'rename-index': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the name changes',
      cite: `MariaDB: ${SEEN} (RENAME INDEX exists from 10.5.2)`,
      observedOn: ['mariadb'],
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the name changes',
      cite: `${MY_IDX}: Renaming an index (in place, metadata only; 5.7+)`,
    },
  ],
  'index-visibility': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the index definition changes',
      cite: `MySQL 8.0+ manual, Invisible Indexes; ${SEEN}`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'add-foreign-key': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `with foreign_key_checks on, every row is checked: ${COPY_WHY}`,
      cite: `${MY_FK}: Adding a foreign key constraint (in place only with foreign_key_checks disabled, else COPY); ${MDB_INPLACE}: ADD FOREIGN KEY`,
    },
  ],
  'add-foreign-key-unchecked': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'with foreign_key_checks off, the existing rows are not checked',
      cite: `${MY_FK}: Adding a foreign key constraint (in place with foreign_key_checks disabled, concurrent DML)`,
    },
  ],
  'drop-foreign-key': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the constraint definition goes',
      cite: `${MDB_INSTANT}: DROP FOREIGN KEY`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the constraint definition goes',
      cite: `${MY_FK}: Dropping a foreign key constraint (in place, metadata only)`,
    },
  ],
  'add-check': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `every row is checked: ${COPY_WHY}`,
      cite: `${SEEN} (existing rows are checked)`,
    },
  ],
  'drop-constraint': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the constraint definition goes',
      cite: `${MDB_INSTANT}: DROP CONSTRAINT (instant from 10.3.6); MySQL: ${SEEN}`,
      observedOn: ['mysql'],
    },
  ],
  'rename-table': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the name changes',
      cite: `${MY8_TABLE}: Renaming a table (INSTANT from 8.0.12); ${MDB_INSTANT}: RENAME TO`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the name changes',
      cite: `${MY57_TABLE}: Renaming a table (in place, metadata only)`,
    },
  ],
  'engine-rebuild': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `the same engine again: ${REBUILD}`,
      cite: `${MY_TABLE}: Performing a null rebuild (in place, rebuilds, concurrent DML); ${MDB_INPLACE}: ENGINE=InnoDB`,
    },
  ],
  'engine-change': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `another storage engine: ${COPY_WHY}`,
      cite: `MySQL manual, ALTER TABLE: changing the storage engine copies the table; ${SEEN}`,
    },
  ],
  'row-format': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `every row is rewritten in the new format: ${REBUILD}`,
      cite: `${MY_TABLE}: Changing the ROW_FORMAT (in place, rebuilds, concurrent DML); ${MDB_INPLACE}: ROW_FORMAT`,
    },
  ],
  'convert-charset': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `every text value is converted: ${COPY_WHY}`,
      cite: `${MY_TABLE}: Converting a character set (COPY, no concurrent DML); ${SEEN}`,
    },
  ],
  'default-charset': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the default for new columns changes',
      cite: `MariaDB: ${SEEN}; MariaDB blog, ALTER TABLE improvements in 10.4 (instant character set changes)`,
      observedOn: ['mariadb'],
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the default for new columns changes',
      cite: `${SEEN}; MySQL manual, Table Operations: Specifying a character set (in place, rebuilds if the encoding differs; MySQL 5.7: no concurrent DML)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'table-comment': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the comment changes',
      cite: `MariaDB: ${SEEN}`,
      observedOn: ['mariadb'],
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the comment changes',
      cite: `${SEEN} (no manual row for a table comment)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'auto-increment': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the counter changes',
      cite: `${MDB_INSTANT}: AUTO_INCREMENT=`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the counter changes',
      cite: `${MY_COL}: Changing the auto-increment value (in place, no rebuild, concurrent DML)`,
    },
  ],
  'table-option': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `assumed a rebuild (the worst an in-place table option needs): ${REBUILD}`,
      cite: `assumption: ${MY_TABLE} lists table options (KEY_BLOCK_SIZE, persistent statistics) as in place, at worst rebuilding`,
    },
  ],
  'order-by': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `rows are copied in the new order: ${COPY_WHY}`,
      cite: `${SEEN} (ORDER BY copies the rows in order)`,
    },
  ],
  'add-partition': [
    {
      needs: ['alterPartitionClause'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'new empty partitions are created (RANGE/LIST); HASH/KEY partitions redistribute rows',
      cite: `${MY_PART}: ADD PARTITION (INPLACE with LOCK=NONE for RANGE and LIST, 5.7.6+)`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: `new empty partitions are created (RANGE/LIST); ${PARTITION_NO_CLAUSE}`,
      cite: `MariaDB: ${SEEN}`,
      observedOn: ['mariadb'],
    },
  ],
  'add-partition-hash': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'HASH/KEY partitions redistribute their rows while writes wait (MySQL manual, Online DDL partitioning operations)',
      cite: `${MY_PART}: ADD PARTITION (INPLACE with LOCK=SHARED at least for HASH and KEY); MariaDB: ${SEEN}`,
      observedOn: ['mariadb'],
    },
  ],
  'drop-partition': [
    {
      needs: ['alterPartitionClause'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'the partition and its rows are removed',
      cite: `${MY_PART}: DROP PARTITION (INPLACE with LOCK=NONE)`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: `the partition and its rows are removed; ${PARTITION_NO_CLAUSE}`,
      cite: `MariaDB: ${SEEN}`,
      observedOn: ['mariadb'],
    },
  ],
  'truncate-partition': [
    {
      needs: ['alterPartitionClause'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the partition is emptied at once',
      cite: `MySQL: ${SEEN} (the manual's Partitioning Operations say in place, not instant)`,
      observedOn: ['mysql'],
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: `the partition is emptied; ${PARTITION_NO_CLAUSE}`,
      cite: `MariaDB: ${SEEN}`,
      observedOn: ['mariadb'],
    },
  ],
  'coalesce-partition': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'rows of the merged partitions are moved while writes wait',
      cite: `${MY_PART}: COALESCE PARTITION (INPLACE with LOCK=SHARED at least); ${SEEN}`,
      observedOn: ['mariadb'],
    },
  ],
  'reorganize-partition': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'rows of the reorganised partitions are copied while writes wait',
      cite: `${MY_PART}: REORGANIZE PARTITION (INPLACE with LOCK=SHARED at least); ${SEEN}`,
      observedOn: ['mariadb'],
    },
  ],
  'partition-maintenance': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'the named partitions are rebuilt or checked',
      cite: `${MY_PART}: REBUILD / ANALYZE / CHECK / REPAIR PARTITION (in place, REBUILD with LOCK=SHARED at least); ${SEEN}`,
      observedOn: ['mariadb'],
    },
  ],
  'partition-by': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `every row moves to its new partition: ${COPY_WHY}`,
      cite: `${MY_PART}: PARTITION BY (COPY, LOCK=SHARED at least); ${SEEN}`,
    },
  ],
  'remove-partitioning': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `every row moves into one table: ${COPY_WHY}`,
      cite: `${MY_PART}: REMOVE PARTITIONING (COPY, LOCK=SHARED at least); ${SEEN}`,
    },
  ],
  force: [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: REBUILD,
      cite: `${MY_TABLE}: Rebuilding with the FORCE option (in place, rebuilds, concurrent DML); ${MDB_INPLACE}: FORCE`,
    },
  ],
  unknown: [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: 'not recognised: assumed the worst, a copy',
      cite: 'Sightline: an operation it does not recognise is assumed to copy',
    },
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
  /** The manual section or observed server behaviour the rule encodes. */
  cite: string;
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
    cite: `MySQL manual, Online DDL Limitations (5.7: 14.13.6; 8.0+: 17.12.8): no in-place rebuild of a table with a user-defined FULLTEXT index; ${SEEN}`,
  },
  {
    trait: 'fulltext-index',
    flavor: 'mariadb',
    keys: REBUILDING,
    outcome: { algorithm: 'inplace-rebuild', lock: 'shared' },
    why: 'the table has a FULLTEXT index: MariaDB rebuilds it in place but writes wait (LOCK=NONE refused, seen on 10.11 and 11.8)',
    cite: `MariaDB: ${SEEN}`,
  },
  {
    trait: 'spatial-index',
    keys: REBUILDING.filter(
      (k) => k !== 'add-column-last' && k !== 'add-column-positioned' && k !== 'drop-column',
    ),
    outcome: { algorithm: 'inplace-rebuild', lock: 'shared' },
    why: 'the table has a SPATIAL index: a rebuild needs LOCK=SHARED (MySQL manual, Online DDL limitations; MariaDB the same)',
    cite: `MySQL manual, Online DDL Limitations (5.7: 14.13.6; 8.0+: 17.12.8): a table with a SPATIAL index is rebuilt without concurrent DML; ${SEEN}`,
  },
  {
    trait: 'compressed-row-format',
    keys: ['add-column-last', 'add-column-positioned', 'drop-column'],
    outcome: { algorithm: 'inplace-rebuild', lock: 'none' },
    why: 'ROW_FORMAT=COMPRESSED tables take no instant ADD/DROP COLUMN (MySQL manual, ALGORITHM=INSTANT limitations; MariaDB knowledge base, Instant ADD COLUMN): the table is rebuilt',
    cite: `MySQL 8.0+ manual 17.12.1, Column Operations: INSTANT cannot add a column to a ROW_FORMAT=COMPRESSED table; MariaDB KB, Instant ADD COLUMN for InnoDB (not for ROW_FORMAT=COMPRESSED)`,
  },
  {
    trait: 'generated-columns',
    flavor: 'mariadb',
    keys: COLUMN_CHANGES,
    outcome: 'unknown',
    why: 'MariaDB plans column changes on a table with generated columns case by case (seen: copies, shared locks, or instant); Sightline cannot tell which',
    cite: `MariaDB KB, Generated Columns: Statement Support; ${SEEN}`,
  },
  {
    trait: 'partitioned',
    flavor: 'mariadb',
    keys: ['add-column-virtual'],
    outcome: { algorithm: 'copy', lock: 'shared' },
    why: `MariaDB adds a generated column to a partitioned table by copying it (seen on 10.11 and 11.8): ${COPY_WHY}`,
    cite: `MariaDB: ${SEEN}`,
  },
  {
    trait: 'no-primary-key',
    keys: ['add-unique-index'],
    outcome: { algorithm: 'inplace-rebuild', lock: 'none' },
    why: `without a primary key, the first UNIQUE index on NOT NULL columns becomes the clustered index: ${REBUILD}`,
    cite: `MySQL manual, Clustered and Secondary Indexes: without a primary key the first UNIQUE NOT NULL index is the clustered index; ${SEEN}`,
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
  /** Only on servers without this capability: syntax that arrived with it. */
  unlessCapability?: CapabilityKey;
  /** The server's reason, in plain words, with its error number. */
  reason: string;
  /** The manual section or observed server behaviour the rule encodes. */
  cite: string;
}

const STRICT = 'InnoDB refuses it with innodb_strict_mode on (the default): error 1478';

/** The rejection rules, checked before the rules above. */
export const REJECTION_RULES: readonly RejectionRule[] = [
  // Syntax older versions lack (checked first: the parser refuses before anything else).
  {
    clause: /^RENAME\s+COLUMN\b/i,
    unlessCapability: 'alterRenameColumnClause',
    reason:
      'RENAME COLUMN arrived in MySQL 8.0.3 and MariaDB 10.5.2 (write CHANGE COLUMN old new <definition>): syntax error 1064',
    cite: 'MySQL 8.0 manual, ALTER TABLE: RENAME COLUMN; MariaDB 10.5.2 release notes (MDEV-16290)',
  },
  {
    clause: /^RENAME\s+(INDEX|KEY)\b/i,
    unlessCapability: 'alterRenameIndexClause',
    reason:
      'RENAME INDEX arrived in MySQL 5.7.1 and MariaDB 10.5.2 (drop and add the index instead): syntax error 1064',
    cite: 'MySQL 5.7 manual, ALTER TABLE: RENAME INDEX (WL#6555); MariaDB 10.5.2 release notes (MDEV-7318)',
  },
  {
    flavor: 'mysql',
    clause: /^ALTER\s+(INDEX|KEY)\s+\S+\s+(IN)?VISIBLE\b/i,
    unlessCapability: 'invisibleIndexes',
    reason: 'invisible indexes arrived in MySQL 8.0: syntax error 1064',
    cite: 'MySQL 8.0 manual, Invisible Indexes',
  },
  {
    flavor: 'mariadb',
    clause: /^ALTER\s+(INDEX|KEY)\s+\S+\s+(NOT\s+)?IGNORED\b/i,
    unlessCapability: 'invisibleIndexes',
    reason: 'ignored indexes arrived in MariaDB 10.6.0: syntax error 1064',
    cite: 'MariaDB KB, Ignored Indexes (10.6.0)',
  },
  {
    flavor: 'mysql',
    clause: /^ADD\s+(UNIQUE\s+)?(INDEX|KEY)\b[^(]*\(\s*\(/i,
    unlessCapability: 'functionalKeyParts',
    reason:
      'functional key parts arrived in MySQL 8.0.13 (index a generated column instead): syntax error 1064',
    cite: 'MySQL 8.0 manual, CREATE INDEX: Functional Key Parts (8.0.13)',
  },
  {
    flavor: 'mysql',
    clause: /^DROP\s+CHECK\b/i,
    unlessCapability: 'alterDropCheckClause',
    reason:
      'DROP CHECK arrived in MySQL 8.0.16, with enforced CHECK constraints: syntax error 1064',
    cite: 'MySQL 8.0 manual, CHECK Constraints (8.0.16)',
  },
  {
    clause: /^DROP\s+CONSTRAINT\b/i,
    unlessCapability: 'alterDropConstraintClause',
    reason: 'DROP CONSTRAINT arrived in MySQL 8.0.19 and MariaDB 10.2.1: syntax error 1064',
    cite: 'MySQL 8.0 manual, ALTER TABLE: DROP CONSTRAINT (8.0.19); MariaDB KB, ALTER TABLE: DROP CONSTRAINT (10.2.1)',
  },
  {
    flavor: 'mysql',
    clause: /^ALTER\s+(INDEX|KEY)\s+\S+\s+(NOT\s+)?IGNORED\b/i,
    reason: 'MySQL has no IGNORED indexes (it writes INVISIBLE): syntax error 1064',
    cite: `MySQL manual, Invisible Indexes (8.0+); ${SEEN}`,
  },
  {
    flavor: 'mariadb',
    clause: /^ALTER\s+(INDEX|KEY)\s+\S+\s+(IN)?VISIBLE\b/i,
    reason: 'MariaDB writes IGNORED / NOT IGNORED (10.6+), not INVISIBLE: syntax error 1064',
    cite: `MariaDB KB, Ignored Indexes (10.6+); ${SEEN}`,
  },
  {
    flavor: 'mariadb',
    clause: /^ADD\s+(UNIQUE\s+)?(INDEX|KEY)\b[^(]*\(\s*\(/i,
    reason:
      'MariaDB has no functional key parts (index a generated column instead): syntax error 1064',
    cite: `MariaDB KB, Generated Columns (index a generated column, no functional key parts); ${SEEN}`,
  },
  {
    flavor: 'mysql',
    clause:
      /^(PAGE_COMPRESSED|PAGE_COMPRESSION_LEVEL|ENCRYPTED|ENCRYPTION_KEY_ID|IETF_QUOTES|TRANSACTIONAL|PAGE_CHECKSUM)\b/i,
    reason: 'a MariaDB table option that MySQL does not know: syntax error 1064',
    cite: `MariaDB KB, CREATE TABLE table options; ${SEEN}`,
  },
  {
    flavor: 'mariadb',
    clause: /^(COMPRESSION|AUTOEXTEND_SIZE|SECONDARY_ENGINE)\b/i,
    reason: 'a MySQL table option that MariaDB does not know: error 1911 (unknown option)',
    cite: `MySQL manual, CREATE TABLE table options; ${SEEN}`,
  },
  {
    trait: 'explicit-uncompressed-row-format',
    clause: /^KEY_BLOCK_SIZE\s*=?\s*[1-9]/i,
    unlessStatement: /\bROW_FORMAT\s*=?\s*COMPRESSED\b/i,
    reason: `KEY_BLOCK_SIZE needs ROW_FORMAT=COMPRESSED, and the table's row format is another: ${STRICT}`,
    cite: `MySQL manual, InnoDB Table Compression (KEY_BLOCK_SIZE only with ROW_FORMAT=COMPRESSED under innodb_strict_mode); ${SEEN}`,
  },
  {
    trait: 'key-block-size',
    clause: /^ROW_FORMAT\s*=?\s*(DYNAMIC|COMPACT|REDUNDANT)\b/i,
    unlessStatement: /\bKEY_BLOCK_SIZE\s*=?\s*0\b/i,
    reason: `the table has a KEY_BLOCK_SIZE, which only ROW_FORMAT=COMPRESSED takes (add KEY_BLOCK_SIZE=0): ${STRICT}`,
    cite: `MySQL manual, InnoDB Table Compression (KEY_BLOCK_SIZE only with ROW_FORMAT=COMPRESSED under innodb_strict_mode); ${SEEN}`,
  },
];

/**
 * Why the server refuses `clause` outright on this table, or null. Without `capabilities`, the
 * rules about syntax older versions lack are not applied.
 */
export function rejectionFor(
  clause: string,
  statement: string,
  facts: TableFacts,
  flavor: 'mysql' | 'mariadb',
  capabilities?: Capabilities,
): string | null {
  const traits = new Set(facts.traits ?? []);
  const rule = REJECTION_RULES.find(
    (r) =>
      (r.flavor ?? flavor) === flavor &&
      (r.unlessCapability === undefined ||
        (capabilities !== undefined && !capabilities[r.unlessCapability])) &&
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

/**
 * Whether `row` is only seen behaviour that this server's version was never checked for (an
 * older server than the matrix's, of a flavor in `observedOn`): the plan must then say unknown.
 */
export function unverifiedOn(
  row: RuleRow,
  flavor: 'mysql' | 'mariadb',
  capabilities: Capabilities,
): boolean {
  return (row.observedOn ?? []).includes(flavor) && !capabilities.alterRulesObserved;
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
