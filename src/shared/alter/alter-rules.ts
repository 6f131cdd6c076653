import type { Capabilities, CapabilityKey } from '../server/capabilities';
import type { AlterOperation, AlterOperationKind } from './alter-operation';
import type { ColumnChange } from './column-change';
import type { ColumnRefusalFacts, ForeignKeyUse } from './column-refusals';

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
  /**
   * The server's answer depends on what neither the statement nor the table shows (a keyring,
   * an encryption plugin): the plan says "unknown" and assumes the worst.
   */
  unknown?: true;
  /** The server accepts any ALGORITHM=/LOCK= here and ignores it: the plan proposes none. */
  clauseIgnored?: true;
  /**
   * The server accepts even ALGORITHM=INSTANT here and copies anyway: the clause cannot keep
   * it from doing worse (the plan still proposes it, and says so).
   */
  unenforced?: true;
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
  | 'engine-change'
  | 'table-option-metadata'
  | 'table-encryption'
  | 'tablespace'
  | 'convert-charset-metadata'
  | 'convert-collation'
  | 'convert-collation-indexed'
  | 'convert-collation-varchar'
  | 'table-page-compressed-on'
  | 'column-collation-indexed'
  | 'column-varchar-widen-redundant'
  | 'drop-indexed-column'
  | 'drop-indexed-virtual-column'
  | 'drop-column-shrinks-index'
  | 'check-not-enforced'
  | 'add-column-references'
  | 'add-column-references-unchecked'
  | 'drop-primary-key-column'
  | 'column-auto-increment-add'
  | 'column-auto-increment-drop'
  | 'rename-referenced-column'
  | 'add-fulltext-index-more'
  | 'drop-check'
  | 'partition-check'
  | 'add-unique-nullable-index'
  | 'add-foreign-key-unchecked-indexed'
  | 'add-column-auto-increment'
  | 'add-column-expression-default'
  | 'add-column-indexed'
  | 'add-column-check'
  | 'column-collation-primary'
  | 'drop-long-unique-index'
  | 'drop-system-versioning';

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
  'add-column-auto-increment': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'shared',
      why: 'a new AUTO_INCREMENT column numbers every row: the table is rebuilt in place while writes wait (MySQL manual, Online DDL column operations: adding an auto-increment column permits no concurrent DML; seen on all three servers)',
      cite: `MySQL manual, Online DDL column operations: adding an auto-increment column permits no concurrent DML; seen on all three servers`,
    },
  ],
  'add-column-expression-default': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a DEFAULT given as an expression is computed for every existing row (MySQL manual, ALGORITHM=INSTANT limitations; seen on all three servers): ${COPY_WHY}`,
      cite: `MySQL manual, ALGORITHM=INSTANT limitations; seen on all three servers`,
    },
  ],
  'add-column-indexed': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `a column declared UNIQUE or KEY comes with its index, so it cannot be added instantly (seen on all three servers): ${REBUILD}`,
      cite: `seen on all three servers (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'add-column-check': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the new column is NULL in every row, which passes its CHECK: MariaDB only records both (seen on 10.11 and 11.8)',
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a column with its own CHECK constraint: MySQL checks every row by copying the table (seen on 9.7): ${COPY_WHY}`,
      cite: `seen on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'drop-long-unique-index': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'dropping the long UNIQUE index itself drops its hidden hash column without copying the table (seen on MariaDB 10.11 and 11.8)',
      cite: `seen on MariaDB 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'column-collation-primary': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a new collation for a primary key column re-sorts the clustered index: the table is copied (seen on all three servers): ${COPY_WHY}`,
      cite: `seen on all three servers (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
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
  'column-binary': [
    {
      needs: ['alterNocopy'],
      algorithm: 'copy',
      lock: 'shared',
      why: `MariaDB converts a character column to a binary type value by value, even when the bytes stay (seen on 10.5, 10.11 and 11.8): ${COPY_WHY}`,
      cite: `${MDB_INPLACE}: Changing the Data Type of a Column; seen on 10.5, 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
    },
    {
      needs: ['alterInstant'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'a character column made its binary counterpart of the same byte length (VARCHAR to VARBINARY, TEXT to BLOB), with no index on it: the stored bytes stay, so MySQL changes it in place without a rebuild (seen on 9.7)',
      cite: `${MY8_COL}: Changing the column data type (COPY, but character set changes of unindexed columns are in place, WL#11605); seen on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a new data type converts every value: ${COPY_WHY}`,
      cite: `${MY57_COL}: Changing the column data type (COPY, no concurrent DML)`,
    },
  ],
  'column-virtual-reorder': [
    {
      needs: ['alterNocopy'],
      algorithm: 'copy',
      lock: 'shared',
      why: `a VIRTUAL column restated with FIRST/AFTER: MariaDB recomputes it by copying the table (seen on 10.5, 10.11 and 11.8): ${COPY_WHY}`,
      cite: `seen on 10.5, 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
    },
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'an unindexed VIRTUAL column stores nothing: restated unchanged and moved with FIRST/AFTER, MySQL only changes the definition (seen on 9.7; the manual, Generated Column Operations, still lists "Modifying VIRTUAL column order" as a copy)',
      cite: `${MY_GEN}: Modifying VIRTUAL column order; seen instant on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `moving a VIRTUAL column copies the table (MySQL manual, Generated Column Operations: Modifying VIRTUAL column order): ${COPY_WHY}`,
      cite: `${MY_GEN}: Modifying VIRTUAL column order (COPY)`,
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
  'add-unique-nullable-index': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: `${ONLINE_INDEX}; it fails at the end if a duplicate exists. A nullable column keeps it from becoming the clustered index of a table without a primary key (MySQL manual, Clustered and Secondary Indexes; seen on all three servers)`,
      cite: `MySQL manual, Clustered and Secondary Indexes; seen on all three servers`,
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
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'MariaDB marks an index IGNORED or NOT IGNORED in the definition only (seen instant on 10.11 and 11.8)',
      cite: `MariaDB KB, Ignored Indexes (10.6+); ${SEEN}`,
      observedOn: ['mariadb'],
    },
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
  'add-foreign-key-unchecked-indexed': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: "with foreign_key_checks off and an index that starts with the key's columns, MariaDB only records the constraint (seen on 10.11 and 11.8)",
      cite: SEEN,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'with foreign_key_checks off, the existing rows are not checked',
      cite: SEEN,
      observedOn: ['mysql', 'mariadb'],
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
      needs: ['alterCopyChecksAlgorithm'],
      algorithm: 'copy',
      lock: 'shared',
      why: `another storage engine: ${COPY_WHY}`,
      cite: `MySQL manual, ALTER TABLE: changing the storage engine copies the table; ${SEEN}`,
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      unenforced: true,
      why: `another storage engine: ${COPY_WHY}; this MariaDB accepts ALGORITHM=INSTANT for it and copies anyway (seen on 10.11)`,
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
      needs: ['alterCopyChecksAlgorithm'],
      algorithm: 'copy',
      lock: 'shared',
      why: `rows are copied in the new order: ${COPY_WHY}`,
      cite: `${SEEN} (ORDER BY copies the rows in order)`,
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      unenforced: true,
      why: `rows are copied in the new order: ${COPY_WHY}; this MariaDB accepts ALGORITHM=INSTANT for it and copies anyway (seen on 10.11)`,
      cite: `${SEEN} (ORDER BY copies the rows in order; MariaDB 10.11 takes ALGORITHM=INSTANT and copies)`,
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
  'table-option-metadata': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'the option lives only in the table definition (statistics, PACK_KEYS, CHECKSUM, MAX_ROWS, ...): MariaDB changes it instantly (seen on 10.11 and 11.8)',
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'the option lives only in the table definition: in place, no rebuild (MySQL manual, Online DDL table operations: "Setting persistent table statistics" and "Changing table options" modify metadata only; seen on 9.7 for every STATS_*, PACK_KEYS, CHECKSUM, MAX_ROWS, MIN_ROWS, AVG_ROW_LENGTH, DELAY_KEY_WRITE, INSERT_METHOD, COMPRESSION, AUTOEXTEND_SIZE)',
      cite: `MySQL manual, Online DDL table operations: "Setting persistent table statistics" and "Changing table options" modify metadata only; seen on 9.7 for every STATS_*, PACK_KEYS, CHECKSUM, MAX_ROWS, MIN_ROWS, AVG_ROW_LENGTH, DELAY_KEY_WRITE, INSERT_METHOD, COMPRESSION, AUTOEXTEND_SIZE`,
    },
  ],
  'table-page-compressed-on': [
    {
      needs: ['alterRulesObserved'],
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `PAGE_COMPRESSED=1 on a table without it: MariaDB rewrites every page (seen on 10.11 and 11.8): ${REBUILD}`,
      cite: `${MDB_INPLACE}: ALTER TABLE ... PAGE_COMPRESSED=...; seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
    },
    {
      needs: ['alterPageCompressedUnsure'],
      algorithm: 'copy',
      lock: 'exclusive',
      unknown: true,
      why: 'PAGE_COMPRESSED=1: MariaDB 10.5 turns it on instantly, 10.11 rebuilds the table; in which version between that changed is not known',
      cite: `MariaDB source, ha_innobase alter_options_need_rebuild ("Allow an instant change to enable page_compressed"); seen instant on 10.5, rebuilt on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
    },
    {
      needs: ['alterPageCompressedInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'PAGE_COMPRESSED=1 on a table without it: MariaDB 10.5 only marks the table, pages are compressed as they are written (MariaDB source: "Allow an instant change to enable page_compressed"; seen on 10.5)',
      cite: `${MDB_INSTANT}: ALTER TABLE ... PAGE_COMPRESSED=1; MariaDB source, ha_innobase alter_options_need_rebuild; seen on 10.5 (test/integration/alter/rules-matrix.test.ts)`,
    },
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `PAGE_COMPRESSED=1 on a table without it: ${REBUILD}`,
      cite: `${MDB_INPLACE}: ALTER TABLE ... PAGE_COMPRESSED=...`,
    },
  ],
  'table-encryption': [
    {
      algorithm: 'copy',
      lock: 'exclusive',
      unknown: true,
      why: 'encrypting a table needs a keyring (MySQL) or a key management plugin (MariaDB) on the server, which the table does not show: without one the server refuses it (MySQL 3185, MariaDB 1478), with one it rebuilds the table',
      cite: SEEN,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  tablespace: [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'MariaDB ignores TABLESPACE for InnoDB tables (seen on 10.11 and 11.8)',
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `the table moves to the named tablespace (MySQL manual, Online DDL tablespace operations): ${REBUILD}`,
      cite: `MySQL manual, Online DDL tablespace operations`,
    },
  ],
  'convert-charset-metadata': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'every text column already has this character set and collation: only the definition changes, instantly on MariaDB (seen on 10.11 and 11.8)',
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      needs: ['alterNocopy'],
      algorithm: 'copy',
      lock: 'shared',
      why: `MariaDB before 10.4 converts the column (assumed from its knowledge base, Instant ALTER: collation changes are instant from 10.4): ${COPY_WHY}`,
      cite: `assumed from its knowledge base, Instant ALTER: collation changes are instant from 10.4`,
    },
    {
      needs: ['alterInstant'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'every text column already has this character set and collation: in place without a rebuild (seen on MySQL 9.7)',
      cite: `seen on MySQL 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `every text value is converted (assumed before MySQL 8.0): ${COPY_WHY}`,
      cite: `assumed before MySQL 8.0; ${SEEN}`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'convert-collation': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'every text column already has this character set, and none is indexed: at most their collation changes, which MariaDB does instantly (seen on 10.11 and 11.8)',
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      needs: ['alterNocopy'],
      algorithm: 'copy',
      lock: 'shared',
      why: `MariaDB before 10.4 converts the columns (assumed from its knowledge base, Instant ALTER: collation changes are instant from 10.4): ${COPY_WHY}`,
      cite: `assumed from its knowledge base, Instant ALTER: collation changes are instant from 10.4`,
    },
    {
      needs: ['alterInstant'],
      algorithm: 'inplace-rebuild',
      lock: 'shared',
      why: 'every text column already has this character set, and none is indexed, but their collation may change: MySQL rebuilds the table while writes wait (seen on 9.7; without COLLATE the server default collation is assumed to differ)',
      cite: `seen on 9.7; without COLLATE the server default collation is assumed to differ (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `every text value is converted (assumed before MySQL 8.0): ${COPY_WHY}`,
      cite: `assumed before MySQL 8.0; ${SEEN}`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'convert-collation-varchar': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'every text column already has this character set, and the ones whose collation changes are unindexed CHAR/VARCHAR: MariaDB only changes the definition (seen on 10.11 and 11.8)',
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      needs: ['alterNocopy'],
      algorithm: 'copy',
      lock: 'shared',
      why: `MariaDB before 10.4 converts the columns (assumed from its knowledge base, Instant ALTER: collation changes are instant from 10.4): ${COPY_WHY}`,
      cite: `assumed from its knowledge base, Instant ALTER: collation changes are instant from 10.4`,
    },
    {
      needs: ['alterInstant'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'every text column already has this character set, and the ones whose collation changes are unindexed CHAR/VARCHAR: MySQL changes them in place without a rebuild (WL#11605: collation changes of unindexed columns are metadata; seen on 9.7, where a TEXT column among them made it rebuild)',
      cite: `MySQL WL#11605 (character set conversion in place, no index); seen on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `every text value is converted (assumed before MySQL 8.0): ${COPY_WHY}`,
      cite: `assumed before MySQL 8.0; ${SEEN}`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'column-collation': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'a new collation for a column no index uses: MariaDB changes only the definition (MariaDB knowledge base, Instant ALTER: changing the collation of a non-indexed column; seen on 10.11 and 11.8)',
      cite: `MariaDB knowledge base, Instant ALTER: changing the collation of a non-indexed column; seen on 10.11 and 11.8`,
    },
    {
      needs: ['alterNocopy'],
      algorithm: 'copy',
      lock: 'shared',
      why: `MariaDB before 10.4 converts the column (assumed from its knowledge base, Instant ALTER: collation changes are instant from 10.4): ${COPY_WHY}`,
      cite: `assumed from its knowledge base, Instant ALTER: collation changes are instant from 10.4`,
    },
    {
      needs: ['alterInstant'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'a new collation for a column no index uses: in place without a rebuild (seen on MySQL 9.7)',
      cite: `seen on MySQL 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a new collation converts every value (assumed before MySQL 8.0): ${COPY_WHY}`,
      cite: `assumed before MySQL 8.0; ${SEEN}`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'convert-collation-indexed': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'the text columns keep their character set, but indexed ones may change collation (without COLLATE the server default is assumed to differ): MariaDB rebuilds those indexes without copying the table (seen on 10.11 and 11.8)',
      cite: `without COLLATE the server default is assumed to differ; seen on 10.11 and 11.8; ${SEEN}`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `the text columns keep their character set, but indexed ones may change collation, and MySQL copies the table to re-sort their indexes (seen on 9.7): ${COPY_WHY}`,
      cite: `seen on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'column-charset-widen': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'utf8mb3 to utf8mb4 for a column no index uses: every stored value is already valid utf8mb4, so MariaDB changes only the definition (MariaDB 10.4 release blog, ALTER TABLE improvements; seen on 10.5, 10.11 and 11.8)',
      cite: `MariaDB Server 10.4 ALTER TABLE improvements (instant utf8mb3 to utf8mb4); seen on 10.5, 10.11 and 11.8; ${SEEN}`,
    },
    {
      needs: ['alterNocopy'],
      algorithm: 'copy',
      lock: 'shared',
      why: `MariaDB before 10.4 converts the column (assumed: instant character set changes came with 10.4): ${COPY_WHY}`,
      cite: `assumed: instant character set changes came with MariaDB 10.4`,
    },
    {
      needs: ['alterInstant'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'utf8mb3 to utf8mb4 for a column no index uses, its length prefix keeping its size: MySQL changes it in place without a rebuild (seen on 9.7)',
      cite: `seen on 9.7; ${SEEN}`,
      observedOn: ['mysql'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a new character set converts every value (assumed before MySQL 8.0): ${COPY_WHY}`,
      cite: `assumed before MySQL 8.0; ${SEEN}`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'column-collation-indexed': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'a new collation for an indexed column: MariaDB rebuilds its indexes without copying the table (seen on 10.11 and 11.8)',
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a new collation for an indexed column: MySQL copies the table to re-sort the index (seen on 9.7): ${COPY_WHY}`,
      cite: `seen on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'column-varchar-widen-redundant': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'instant',
      lock: 'none',
      why: 'ROW_FORMAT=REDUNDANT stores every length in the same width, so MariaDB widens any VARCHAR instantly (MariaDB knowledge base, Instant ALTER: extending VARCHAR; seen on 10.11 and 11.8)',
      cite: `MariaDB knowledge base, Instant ALTER: extending VARCHAR; seen on 10.11 and 11.8`,
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `a VARCHAR grown past 255 bytes needs a second length byte in every row, REDUNDANT or not on MySQL (seen on 9.7): ${COPY_WHY}`,
      cite: `seen on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'drop-indexed-column': [
    {
      needs: ['alterInstantMetadata'],
      algorithm: 'inplace',
      lock: 'none',
      why: 'the column is part of an index: MariaDB drops both without rebuilding the table (NOCOPY, seen on 10.11 and 11.8)',
      cite: `NOCOPY, seen on 10.11 and 11.8; ${SEEN}`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `the column is part of an index, which changes with it: no instant DROP COLUMN (MySQL manual, ALGORITHM=INSTANT limitations): ${REBUILD}`,
      cite: `MySQL manual, ALGORITHM=INSTANT limitations`,
    },
  ],
  'drop-column-shrinks-index': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `the column is part of an index that keeps its other columns: the index is rebuilt without it, and the table with it (MySQL manual, ALGORITHM=INSTANT limitations; MariaDB too, NOCOPY refused: seen on 10.11 and 11.8): ${REBUILD}`,
      cite: `MySQL manual, ALGORITHM=INSTANT limitations; seen on all three servers (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mariadb'],
    },
  ],
  'add-column-references': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `the column's own REFERENCES clause creates a foreign key (MySQL 9 and MariaDB do; MySQL 8.4 ignored it), and with foreign_key_checks on every row is checked: ${COPY_WHY}`,
      cite: `${MY_FK}: Adding a foreign key constraint (COPY with foreign_key_checks on); seen on MySQL 9.7, MariaDB 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'add-column-references-unchecked': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'none',
      why: `the column's own REFERENCES clause creates a foreign key (MySQL 9 and MariaDB do), which is not instant; with foreign_key_checks off the rows are not checked (seen on all three servers): ${REBUILD}`,
      cite: `${MY_FK}: Adding a foreign key constraint (in place with foreign_key_checks disabled); seen on MySQL 9.7, MariaDB 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'drop-primary-key-column': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `dropping every column of the primary key drops the primary key, and the statement adds no other (seen on all three servers: "Dropping a primary key is not allowed without also adding a new primary key"): ${COPY_WHY}`,
      cite: `${MY_PK}: Dropping a primary key (COPY only); seen on all three servers (test/integration/alter/rules-matrix.test.ts)`,
    },
  ],
  'column-auto-increment-add': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `making an existing column AUTO_INCREMENT checks (and may renumber) every row: ${COPY_WHY} (seen on all three servers, MariaDB 11.8 included: no online copy for it)`,
      cite: `seen on MySQL 9.7, MariaDB 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'column-auto-increment-drop': [
    {
      needs: ['alterNocopy'],
      algorithm: 'instant',
      lock: 'none',
      why: 'taking AUTO_INCREMENT off a column keeps every value: MariaDB only changes the definition (seen on 10.11 and 11.8)',
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mariadb'],
    },
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `taking AUTO_INCREMENT off a column: MySQL copies the table ("Need to rebuild the table to change column type", seen on 9.7): ${COPY_WHY}`,
      cite: `seen on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql'],
    },
  ],
  'rename-referenced-column': [
    {
      needs: ['alterNocopy'],
      algorithm: 'instant',
      lock: 'none',
      why: "only the name changes; MariaDB renames it in the other table's foreign key too (seen on 10.11 and 11.8)",
      cite: `${MDB_INSTANT}: CHANGE COLUMN (rename only); seen on 10.11 and 11.8`,
      observedOn: ['mariadb'],
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'another table\'s foreign key references the column: MySQL renames it in place, not instantly ("Columns participating in a foreign key are renamed", seen on 9.7)',
      cite: `${MY57_COL}: Renaming a column (in place, metadata only); INSTANT refused for a column a foreign key references, seen on 9.7`,
      observedOn: ['mysql'],
    },
  ],
  'drop-indexed-virtual-column': [
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'a VIRTUAL column stores nothing; only its index is dropped (MySQL manual, Online DDL generated column operations: dropping a VIRTUAL column is in place without a rebuild; MariaDB the same, seen on 10.11 and 11.8)',
      cite: `MySQL manual, Online DDL generated column operations: dropping a VIRTUAL column is in place without a rebuild; MariaDB the same, seen on 10.11 and 11.8`,
    },
  ],
  'add-fulltext-index-more': [
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: 'the table already has a FULLTEXT index and its hidden FTS_DOC_ID column: the new one is built in place without a rebuild, while writes wait (MySQL manual, Online DDL index operations: adding a FULLTEXT index; seen on both flavors)',
      cite: `MySQL manual, Online DDL index operations: adding a FULLTEXT index; seen on both flavors`,
    },
  ],
  'check-enforcement': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `ENFORCED checks every row against the constraint (seen on 9.7 for a NOT ENFORCED one; one already enforced is left as it is, instantly): ${COPY_WHY}`,
      cite: `MySQL manual, CHECK Constraints (ALTER CHECK ... ENFORCED, 8.0.16+); seen on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql'],
    },
  ],
  'check-not-enforced': [
    {
      algorithm: 'instant',
      lock: 'none',
      why: 'NOT ENFORCED only marks the constraint in the table definition: no row is read (seen on 9.7)',
      cite: `MySQL manual, CHECK Constraints (ALTER CHECK ... NOT ENFORCED, 8.0.16+); seen on 9.7 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql'],
    },
  ],
  'drop-check': [
    {
      needs: ['alterInstantDropColumn'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the CHECK constraint definition goes (seen instant on MySQL 9.7, MariaDB 10.11 and 11.8; assumed from MySQL 8.0.29 and MariaDB 10.4)',
      cite: `seen instant on MySQL 9.7, MariaDB 10.11 and 11.8; assumed from MySQL 8.0.29 and MariaDB 10.4 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the constraint definition goes',
      cite: SEEN,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'partition-check': [
    {
      needs: ['alterPartitionClause'],
      algorithm: 'inplace',
      lock: 'shared',
      clauseIgnored: true,
      why: 'the named partitions are analysed, checked, optimised or exchanged; MySQL accepts and ignores ALGORITHM= and LOCK= for these (manual, Online DDL partitioning operations: "ALGORITHM and LOCK clauses are ignored"; seen on 9.7)',
      cite: `manual, Online DDL partitioning operations: "ALGORITHM and LOCK clauses are ignored"; seen on 9.7`,
    },
    {
      algorithm: 'inplace',
      lock: 'shared',
      why: `the named partitions are analysed, checked, optimised or exchanged; ${PARTITION_NO_CLAUSE}`,
      cite: SEEN,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'system-versioning': [
    {
      algorithm: 'copy',
      lock: 'shared',
      why: `adding system versioning adds row-start and row-end columns to every row (seen on 10.11 and 11.8): ${COPY_WHY}`,
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'drop-system-versioning': [
    {
      algorithm: 'inplace-rebuild',
      lock: 'shared',
      why: 'the history rows and the row-start/row-end columns go: MariaDB rebuilds the table while writes wait (seen on 10.11 and 11.8)',
      cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
      observedOn: ['mysql', 'mariadb'],
    },
  ],
  'column-visibility': [
    {
      needs: ['alterInstant'],
      algorithm: 'instant',
      lock: 'none',
      why: 'only the column definition changes (MySQL manual, Online DDL column operations: column visibility; seen on 9.7)',
      cite: `MySQL manual, Online DDL column operations: column visibility; seen on 9.7`,
    },
    {
      algorithm: 'inplace',
      lock: 'none',
      why: 'only the column definition changes',
      cite: SEEN,
      observedOn: ['mysql', 'mariadb'],
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

/**
 * A relief: on a server with `needs`, an operation planned with `algorithm` takes `lock`
 * instead. Applied after the situation rules, to every operation but those under `except`.
 */
export interface LockRelief {
  needs: CapabilityKey;
  algorithm: AlterAlgorithm;
  lock: AlterLock;
  except?: readonly RuleKey[];
  /** Not on a table with any of these traits. */
  unless?: readonly TableTrait[];
  /** Why, in plain words, and the manual section or server behaviour it encodes. */
  why: string;
}

export const LOCK_RELIEFS: readonly LockRelief[] = [
  {
    needs: 'alterOnlineCopy',
    algorithm: 'copy',
    lock: 'none',
    // The change buffer cannot replay cascades: refused with LOCK=NONE (seen on 11.8).
    unless: ['cascading-foreign-keys'],
    // Nor can it number rows for a column made AUTO_INCREMENT (seen on 11.8).
    except: ['column-auto-increment-add'],
    why: 'MariaDB 11.2+ copies the table online: writes made meanwhile go to an online change buffer and are replayed (MariaDB knowledge base, Online Schema Change: LOCK=NONE with ALGORITHM=COPY; seen on 11.8 for every copying operation of the matrix)',
  },
];

/** The relief that applies to an operation planned with `algorithm` under `key`, if any. */
export function lockReliefFor(
  key: RuleKey,
  algorithm: AlterAlgorithm,
  capabilities: Capabilities,
  facts: TableFacts = {},
): LockRelief | null {
  const traits = new Set(facts.traits ?? []);
  return (
    LOCK_RELIEFS.find(
      (r) =>
        r.algorithm === algorithm &&
        capabilities[r.needs] &&
        !(r.except ?? []).includes(key) &&
        !(r.unless ?? []).some((t) => traits.has(t)),
    ) ?? null
  );
}

/**
 * A statement is instant only as a whole; next to other operations an instant one is usually
 * done the slower way (for ADD COLUMN: a rebuild). Some servers keep it without a rebuild next to
 * certain operations: on `flavor` with `needs`, when every other operation of the statement is
 * under `companions` and planned `inplace`, the operations under `instant` become `algorithm`.
 */
export interface InstantCompanionRule {
  flavor: 'mysql' | 'mariadb';
  needs: CapabilityKey;
  instant: readonly RuleKey[];
  companions: readonly RuleKey[];
  algorithm: AlterAlgorithm;
  lock: AlterLock;
  why: string;
  cite: string;
}

export const INSTANT_COMPANION_RULES: readonly InstantCompanionRule[] = [
  {
    flavor: 'mariadb',
    needs: 'alterRulesObserved',
    instant: ['add-column-last'],
    companions: ['drop-indexed-column'],
    algorithm: 'inplace',
    lock: 'none',
    why: 'next to dropping an indexed column, which MariaDB does without a rebuild (dropping the index, then the column instantly), the added column is done the same way: NOCOPY, no rebuild (seen on 10.11 and 11.8)',
    cite: `seen on 10.11 and 11.8 for ADD COLUMN with DROP COLUMN of an indexed column (test/integration/alter/rules-matrix.test.ts)`,
  },
];

/**
 * The rule that keeps an instant operation under `key` without a rebuild next to `others` (the
 * statement's other, non-instant operations), if any.
 */
export function instantCompanionFor(
  key: RuleKey,
  others: ReadonlyArray<{ ruleKey: RuleKey; algorithm: AlterAlgorithm }>,
  flavor: 'mysql' | 'mariadb',
  capabilities: Capabilities,
): InstantCompanionRule | null {
  return (
    INSTANT_COMPANION_RULES.find(
      (r) =>
        r.flavor === flavor &&
        capabilities[r.needs] &&
        r.instant.includes(key) &&
        others.length > 0 &&
        others.every((o) => r.companions.includes(o.ruleKey) && o.algorithm === 'inplace'),
    ) ?? null
  );
}

/** What about the table decides a situation rule (from the live table's facts). */
export type TableTrait =
  | 'fulltext-index'
  | 'spatial-index'
  | 'compressed-row-format'
  | 'partitioned'
  | 'no-primary-key'
  /** ROW_FORMAT=DYNAMIC/COMPACT/REDUNDANT written in the table's definition. */
  | 'explicit-uncompressed-row-format'
  /** KEY_BLOCK_SIZE=n (n > 0) in the table's definition. */
  | 'key-block-size'
  /** ROW_FORMAT=REDUNDANT (the table's actual row format). */
  | 'redundant-row-format'
  /** VIRTUAL generated columns, indexed or not. */
  | 'virtual-columns'
  /** A VIRTUAL generated column that an index uses. */
  | 'indexed-virtual-columns'
  /** STORED (PERSISTENT) generated columns. */
  | 'stored-generated-columns'
  /** A MariaDB UNIQUE index on long columns (TEXT/BLOB), kept as a hidden hash: type HASH. */
  | 'long-unique-index'
  /** WITH SYSTEM VERSIONING (MariaDB). */
  | 'system-versioned'
  /** A foreign key of this table with ON DELETE/UPDATE CASCADE or SET NULL. */
  | 'cascading-foreign-keys'
  /** A foreign key to or from another table. */
  | 'foreign-keys'
  /** PAGE_COMPRESSED=1 (MariaDB) in the table's definition. */
  | 'page-compressed'
  /** ENCRYPTION='Y' (MySQL) or ENCRYPTED=YES (MariaDB) in the table's definition. */
  | 'encrypted'
  /**
   * MySQL's generated invisible primary key: an invisible `my_row_id` BIGINT UNSIGNED
   * AUTO_INCREMENT column as the whole primary key (made by sql_generate_invisible_primary_key,
   * or written so; the server treats both alike).
   */
  | 'generated-invisible-primary-key';

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
  'drop-indexed-column',
  'drop-column-shrinks-index',
  'column-reorder',
  'column-virtual-reorder',
  'column-nullability',
  'engine-rebuild',
  'row-format',
  'force',
  'add-primary-key',
  'replace-primary-key',
  'table-option',
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
      (k) =>
        k !== 'add-column-last' &&
        k !== 'add-column-positioned' &&
        k !== 'drop-column' &&
        k !== 'drop-indexed-column' &&
        k !== 'drop-column-shrinks-index',
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
    trait: 'indexed-virtual-columns',
    flavor: 'mariadb',
    keys: [
      'add-column-last',
      'column-reorder',
      'engine-rebuild',
      'row-format',
      'force',
      'table-option',
    ],
    outcome: { algorithm: 'inplace-rebuild', lock: 'shared' },
    why: 'an index on a VIRTUAL column: MariaDB rebuilds the table in place but writes wait, as it recomputes the indexed values (seen on 10.11 and 11.8)',
    cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
  },
  {
    trait: 'indexed-virtual-columns',
    flavor: 'mariadb',
    keys: ['add-column-positioned', 'drop-column', 'column-nullability'],
    outcome: { algorithm: 'copy', lock: 'shared' },
    why: `an index on a VIRTUAL column: MariaDB copies the table to place, drop or re-check a column (seen on 10.11 and 11.8): ${COPY_WHY}`,
    cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
  },
  {
    trait: 'indexed-virtual-columns',
    flavor: 'mariadb',
    keys: [
      'add-primary-key',
      'replace-primary-key',
      'drop-indexed-column',
      'drop-column-shrinks-index',
    ],
    outcome: 'unknown',
    why: 'an index on a VIRTUAL column: MariaDB plans a new primary key or dropping an indexed column case by case on such a table (not seen by the matrix); Sightline cannot tell how',
    cite: `MariaDB KB, Generated Columns: Statement Support; ${SEEN}`,
  },
  {
    trait: 'long-unique-index',
    flavor: 'mariadb',
    keys: (Object.keys(ALTER_RULES) as RuleKey[]).filter(
      (k) => k !== 'rename-table' && k !== 'drop-long-unique-index',
    ),
    outcome: { algorithm: 'copy', lock: 'shared' },
    why: `the table has a UNIQUE index on TEXT/BLOB columns, which MariaDB keeps through a hidden hash: every change copies the table, even a comment (seen on 10.11 and 11.8): ${COPY_WHY}`,
    cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
  },
  {
    trait: 'stored-generated-columns',
    flavor: 'mariadb',
    keys: ['column-nullability'],
    outcome: { algorithm: 'copy', lock: 'shared' },
    why: `the table has STORED generated columns: MariaDB copies it to make a column NOT NULL (seen on 10.11 and 11.8): ${COPY_WHY}`,
    cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
  },
  {
    trait: 'virtual-columns',
    flavor: 'mariadb',
    keys: ['add-column-positioned'],
    outcome: { algorithm: 'copy', lock: 'shared' },
    why: `the table has VIRTUAL columns: MariaDB places a new column with FIRST/AFTER by copying the table (seen on 10.11 and 11.8): ${COPY_WHY}`,
    cite: `seen on 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)`,
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
  /** Only on a table WITHOUT the trait (with `trait`). */
  negate?: true;
  /** Only when the operation's column is one of these (from the table's facts). */
  columnIn?: 'foreign-key-columns' | 'set-null-foreign-key-columns' | 'generated-dependencies';
  /** Only when the operation's index is one of these (from the table's facts). */
  indexIn?: 'foreign-key-indexes';
  /** Only when the clause names as many partitions as the table has (DROP PARTITION). */
  namesEveryPartition?: true;
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
    flavor: 'mariadb',
    clause: /^ADD\s+(UNIQUE\s+)?(INDEX|KEY)\b.*\b(NOT\s+)?IGNORED\s*$/i,
    unlessCapability: 'invisibleIndexes',
    reason: 'ignored indexes arrived in MariaDB 10.6.0: syntax error 1064',
    cite: 'MariaDB KB, Ignored Indexes (10.6.0); seen refused (1064) on 10.5.23',
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
    flavor: 'mariadb',
    clause: /^ENCRYPTION\s*=/i,
    reason:
      "MySQL's ENCRYPTION= option, which MariaDB writes ENCRYPTED=YES/NO: error 1911 (unknown option; seen on 10.11 and 11.8)",
    cite: SEEN,
  },
  {
    flavor: 'mariadb',
    clause: /^IETF_QUOTES\b/i,
    reason:
      'IETF_QUOTES belongs to the CSV engine; InnoDB does not know it: error 1911 (unknown option; seen on 10.11 and 11.8)',
    cite: `unknown option; seen on 10.11 and 11.8; ${SEEN}`,
  },
  {
    clause: /^ROW_FORMAT\s*=?\s*(FIXED|PAGE)\b/i,
    reason:
      'InnoDB has no ROW_FORMAT=FIXED or PAGE (those are MyISAM and Aria formats): error 1478 (MySQL writes a syntax error 1064 for PAGE; seen on all three servers)',
    cite: `MySQL writes a syntax error 1064 for PAGE; seen on all three servers; ${SEEN}`,
  },
  {
    flavor: 'mariadb',
    clause: /^PAGE_COMPRESSION_LEVEL\b/i,
    trait: 'page-compressed',
    negate: true,
    unlessStatement: /\bPAGE_COMPRESSED\s*=?\s*(1|YES)\b/i,
    reason:
      'PAGE_COMPRESSION_LEVEL needs PAGE_COMPRESSED=1, which the table does not have: error 1478 (MariaDB knowledge base, InnoDB page compression; seen on 10.11 and 11.8)',
    cite: `MariaDB knowledge base, InnoDB page compression; seen on 10.11 and 11.8`,
  },
  {
    flavor: 'mysql',
    clause: /^ADD\s+(UNIQUE\s+)?(INDEX|KEY)\b.*\bIGNORED\s*$/i,
    reason: 'MySQL has no IGNORED indexes (it writes INVISIBLE): syntax error 1064',
    cite: SEEN,
  },
  {
    flavor: 'mariadb',
    clause: /^ADD\s+(UNIQUE\s+)?(INDEX|KEY)\b.*\b(IN)?VISIBLE\s*$/i,
    reason: 'MariaDB writes IGNORED (10.6+), not INVISIBLE, for indexes: syntax error 1064',
    cite: SEEN,
  },
  {
    flavor: 'mariadb',
    clause: /^ALTER\s+(COLUMN\s+)?\S+\s+SET\s+(IN)?VISIBLE\b/i,
    reason:
      "MariaDB cannot change a column's visibility with ALTER COLUMN (MODIFY COLUMN ... INVISIBLE does it): syntax error 1064",
    cite: SEEN,
  },
  {
    flavor: 'mariadb',
    clause: /^ALTER\s+(CHECK|CONSTRAINT)\b/i,
    reason:
      "MariaDB cannot switch a CHECK constraint's enforcement (it has no NOT ENFORCED; drop and add it instead): syntax error 1064 (seen on 10.11 and 11.8)",
    cite: SEEN,
  },
  {
    flavor: 'mysql',
    clause: /^ALTER\s+CHECK\b/i,
    unlessCapability: 'alterDropCheckClause',
    reason:
      'ALTER CHECK arrived in MySQL 8.0.16, with enforced CHECK constraints: syntax error 1064',
    cite: 'MySQL 8.0 manual, CHECK Constraints (8.0.16)',
  },
  {
    flavor: 'mysql',
    clause: /^ALTER\s+CONSTRAINT\b/i,
    unlessCapability: 'alterDropConstraintClause',
    reason: 'ALTER CONSTRAINT arrived in MySQL 8.0.19: syntax error 1064',
    cite: 'MySQL 8.0 manual, ALTER TABLE: ALTER CONSTRAINT (8.0.19)',
  },
  {
    flavor: 'mariadb',
    clause: /^DROP\s+CHECK\b/i,
    reason: 'MariaDB has no DROP CHECK (it writes DROP CONSTRAINT name): syntax error 1064',
    cite: SEEN,
  },
  {
    flavor: 'mariadb',
    clause: /\bWITH\s+PARSER\s+ngram\b/i,
    reason:
      'MariaDB has no ngram full-text parser plugin: error 1128 (function not defined; seen on 10.11 and 11.8)',
    cite: `function not defined; seen on 10.11 and 11.8; ${SEEN}`,
  },
  {
    flavor: 'mysql',
    clause: /^ENGINE\s*=?\s*'?Aria\b/i,
    reason: "MySQL has no Aria engine (MariaDB's): error 1286, unknown storage engine",
    cite: SEEN,
  },
  {
    flavor: 'mysql',
    clause: /^(ADD|DROP)\s+SYSTEM\s+VERSIONING\b/i,
    reason: 'MySQL has no system-versioned tables (MariaDB has): syntax error 1064',
    cite: SEEN,
  },
  {
    flavor: 'mariadb',
    trait: 'system-versioned',
    clause:
      /^(ADD\s+(COLUMN\b|UNIQUE\b|\((?!\s*PARTITION)|(?!(INDEX|KEY|FULLTEXT|SPATIAL|CONSTRAINT|PRIMARY|FOREIGN|CHECK|PARTITION|PERIOD|SYSTEM)\b)\w)|DROP\s+(COLUMN\b|(?!(INDEX|KEY|PRIMARY|FOREIGN|CHECK|CONSTRAINT|PARTITION|SYSTEM|PERIOD)\b)\w)|MODIFY\b|CHANGE\b)/i,
    reason:
      'the table is system-versioned: MariaDB refuses to change its columns (or add a UNIQUE index) while @@system_versioning_alter_history is ERROR, the default: error 4119 (MariaDB knowledge base, System-Versioned Tables; seen on 10.11 and 11.8)',
    cite: `MariaDB knowledge base, System-Versioned Tables; seen on 10.11 and 11.8`,
  },
  {
    namesEveryPartition: true,
    clause: /^DROP\s+PARTITION\b/i,
    reason:
      'it names every partition of the table, and a partitioned table keeps at least one: error 1508 (use DROP TABLE or TRUNCATE; seen on all three servers)',
    cite: `use DROP TABLE or TRUNCATE; seen on all three servers; ${SEEN}`,
  },
  {
    indexIn: 'foreign-key-indexes',
    clause: /^DROP\s+(INDEX|KEY)\b/i,
    unlessStatement: /\bADD\s+(UNIQUE\s+)?(INDEX|KEY)\b/i,
    reason:
      'the index is the only one a foreign key of the table can use: error 1553 (drop the foreign key first, or add another index in the same statement; seen on all three servers)',
    cite: `drop the foreign key first, or add another index in the same statement; seen on all three servers; ${SEEN}`,
  },
  {
    flavor: 'mysql',
    columnIn: 'generated-dependencies',
    clause: /^RENAME\s+COLUMN\b/i,
    reason:
      "a generated column's expression uses the column: MySQL refuses to rename it, error 3108 (MariaDB renames it; seen on 9.7)",
    cite: SEEN,
  },
  {
    columnIn: 'set-null-foreign-key-columns',
    clause: /^(MODIFY|CHANGE)\b.*\bNOT\s+NULL\b/i,
    reason:
      'the column is under an ON DELETE/UPDATE SET NULL foreign key, so it must stay nullable: error 1830 (seen on all three servers)',
    cite: `seen on all three servers (test/integration/alter/rules-matrix.test.ts)`,
  },
  {
    columnIn: 'foreign-key-columns',
    clause: /^DROP\s+(COLUMN\s+)?/i,
    reason:
      "the column is part of one of the table's foreign keys: MySQL refuses with error 1828, MariaDB with 1553 or 1828 (drop the foreign key first; seen on all three servers)",
    cite: SEEN,
  },
  {
    flavor: 'mysql',
    clause:
      /^ALTER\s+(COLUMN\s+)?\S+\s+SET\s+DEFAULT\s+(CURRENT_TIMESTAMP|NOW|LOCALTIME|LOCALTIMESTAMP)\b/i,
    reason:
      'MySQL takes only a literal or a parenthesised expression after ALTER COLUMN ... SET DEFAULT (write SET DEFAULT (CURRENT_TIMESTAMP)): syntax error 1064 (manual, ALTER TABLE syntax; seen on 9.7)',
    cite: `manual, ALTER TABLE syntax; seen on 9.7`,
  },
  {
    flavor: 'mysql',
    trait: 'generated-invisible-primary-key',
    clause: /^DROP\s+PRIMARY\s+KEY\b/i,
    unlessStatement: /\bDROP\s+(COLUMN\s+)?`?my_row_id\b/i,
    reason:
      "the primary key is MySQL's generated invisible one (my_row_id): the server refuses to drop it while the column stays, error 4111 (add DROP COLUMN my_row_id to the same statement; seen on 9.7)",
    cite: SEEN,
  },
  {
    trait: 'foreign-keys',
    clause: /^ENGINE\s*=?\s*(?!InnoDB\b)\w/i,
    reason:
      'the table has foreign keys, which only InnoDB keeps: MySQL refuses with error 3776, MariaDB with 1217 (drop the foreign keys first; seen on all three servers)',
    cite: `drop the foreign keys first; seen on all three servers; ${SEEN}`,
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
  column?: string,
  index?: string,
): string | null {
  const traits = new Set(facts.traits ?? []);
  const among = (list: readonly string[] | undefined) =>
    (list ?? []).some((c) => c.toLowerCase() === (column ?? '').toLowerCase());
  const columnLists = {
    'foreign-key-columns': facts.foreignKeyColumns,
    'set-null-foreign-key-columns': facts.setNullForeignKeyColumns,
    'generated-dependencies': facts.generatedDependencies,
  };
  const indexLists = { 'foreign-key-indexes': facts.foreignKeyIndexes };
  const indexAmong = (list: readonly string[] | undefined) =>
    (list ?? []).some((i) => i.toLowerCase() === (index ?? '').toLowerCase());
  const named = clause
    .trim()
    .replace(/^DROP\s+PARTITION\s+/i, '')
    .split(',').length;
  const everyPartition = facts.partitions !== undefined && named >= facts.partitions;
  const rule = REJECTION_RULES.find(
    (r) =>
      (r.flavor ?? flavor) === flavor &&
      (r.unlessCapability === undefined ||
        (capabilities !== undefined && !capabilities[r.unlessCapability])) &&
      (r.columnIn === undefined || among(columnLists[r.columnIn])) &&
      (r.indexIn === undefined || indexAmong(indexLists[r.indexIn])) &&
      (r.namesEveryPartition === undefined || everyPartition) &&
      (r.trait === undefined || traits.has(r.trait) !== (r.negate === true)) &&
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
  /**
   * InnoDB keeps a hidden FTS_DOC_ID column (left by a FULLTEXT index, even one since dropped):
   * both servers then refuse ALGORITHM=INSTANT for ADD/DROP COLUMN and rebuild the table.
   */
  hiddenFtsDocId?: boolean;
  /** INNODB_TABLES.TOTAL_ROW_VERSIONS (MySQL 8.0.29+). */
  rowVersions?: number | null;
  /** @@foreign_key_checks of the session that runs the ALTER; default on. */
  foreignKeyChecks?: boolean;
  /** What the situation rules look at; absent traits are taken as absent. */
  traits?: readonly TableTrait[];
  /** Columns that some index uses (dropping one drops or shrinks the index: never instant). */
  indexedColumns?: readonly string[];
  /** VIRTUAL generated columns. */
  virtualColumns?: readonly string[];
  /** Their expressions as SHOW CREATE TABLE writes them, by column name in lower case. */
  virtualExpressions?: Readonly<Record<string, string>>;
  /** Names of the table's CHECK constraints. */
  checkConstraints?: readonly string[];
  /** Columns of the table's own foreign keys (the referencing side). */
  foreignKeyColumns?: readonly string[];
  /** Those of them under an ON DELETE/UPDATE SET NULL foreign key. */
  setNullForeignKeyColumns?: readonly string[];
  /** The table's own foreign keys: names and referencing columns. */
  foreignKeys?: readonly ForeignKeyUse[];
  /** Other tables' foreign keys into this one, with the columns of this table they reference. */
  incomingForeignKeys?: readonly ForeignKeyUse[];
  /** The AUTO_INCREMENT column; null when the table has none. */
  autoIncrementColumn?: string | null;
  /** MariaDB UNIQUE indexes on long columns, kept through a hidden hash (type HASH). */
  longUniqueIndexes?: readonly string[];
  /** Indexes that are the only one serving one of the table's foreign keys. */
  foreignKeyIndexes?: readonly string[];
  /** Columns that a generated column's expression uses. */
  generatedDependencies?: readonly string[];
  /** How many partitions the table has (0: not partitioned). */
  partitions?: number;
  /** Each index's columns, in order. */
  indexes?: ReadonlyArray<readonly string[]>;
  /** The primary key's columns. */
  primaryKeyColumns?: readonly string[];
  /** The collation the server gives a character set named without COLLATE, by character set. */
  defaultCollations?: Readonly<Record<string, string>>;
  /** Every index, the primary key (`PRIMARY`) included: name, columns in order, uniqueness. */
  keys?: ColumnRefusalFacts['keys'];
  /** The columns each generated column's expression uses, by generated column. */
  generatedColumnUses?: ColumnRefusalFacts['generatedColumnUses'];
  /** The columns each named CHECK constraint uses, by constraint name. */
  checkConstraintColumns?: ColumnRefusalFacts['checkConstraintColumns'];
  /** Expressions that use columns outside generated columns and CHECKs (see ColumnRefusalFacts). */
  expressionUses?: ColumnRefusalFacts['expressionUses'];
  /**
   * MariaDB's @@innodb_instant_alter_column_allowed (10.3.23+): `add_last` keeps DROP COLUMN,
   * ADD COLUMN FIRST/AFTER and reordering from being instant, `never` ADD COLUMN too. Absent or
   * null: the default, `add_drop_reorder`, which forbids nothing.
   */
  instantAlterColumnAllowed?: 'never' | 'add_last' | 'add_drop_reorder' | null;
  /** @@innodb_page_size in bytes, which sets InnoDB's record limit; absent or null: 16 KiB. */
  innodbPageSize?: number | null;
  /**
   * The algorithm the server gives a statement that names none (or ALGORITHM=DEFAULT): MySQL's
   * @@old_alter_table=ON copies, MariaDB's @@alter_algorithm acts as if it were written, with the
   * setting in words for the plan to name. Absent or null: the server picks the best.
   */
  serverAlgorithm?: { algorithm: ServerDefaultAlgorithm; setting: string } | null;
}

/** An algorithm a server setting can impose on ALTERs that name none. */
export type ServerDefaultAlgorithm = 'COPY' | 'INPLACE' | 'NOCOPY' | 'INSTANT';

/**
 * Table options that live only in the table definition: the servers change them without
 * touching a row (MySQL in place, MariaDB instantly). Checked on the servers one by one.
 */
const METADATA_OPTIONS =
  /^(STATS_PERSISTENT|STATS_AUTO_RECALC|STATS_SAMPLE_PAGES|PACK_KEYS|CHECKSUM|TABLE_CHECKSUM|MAX_ROWS|MIN_ROWS|AVG_ROW_LENGTH|DELAY_KEY_WRITE|INSERT_METHOD|COMPRESSION|AUTOEXTEND_SIZE|PAGE_CHECKSUM|TRANSACTIONAL)\b/i;

/** What the planner worked out about one operation from the table's columns. */
export interface OperationContext {
  /** For CONVERT TO CHARACTER SET. */
  conversion?: CharsetConversion;
  /** For ADD UNIQUE: some of its columns are nullable (so it cannot become the clustered index). */
  nullableUnique?: boolean;
}

/**
 * What a statement's CONVERT TO CHARACTER SET does to the table's text columns; `collation-varchar`:
 * only unindexed CHAR/VARCHAR columns change collation (no TEXT among them).
 */
export type CharsetConversion =
  'converts' | 'metadata' | 'collation' | 'collation-varchar' | 'collation-indexed';

/** The referencing columns of `ADD [CONSTRAINT x] FOREIGN KEY [name] (a, b) REFERENCES ...`. */
function foreignKeyColumnsOf(text: string): string[] {
  const list = /\bFOREIGN\s+KEY\b[^(]*\(([^)]*)\)/i.exec(text)?.[1] ?? '';
  return list
    .split(',')
    .map((c) =>
      c
        .trim()
        .replace(/^[`"]|[`"]$/g, '')
        .toLowerCase(),
    )
    .filter((c) => c !== '');
}

/** Whether some index starts with `columns`, in order (what a foreign key can use). */
function hasIndexFor(
  columns: readonly string[],
  indexes: ReadonlyArray<readonly string[]> | undefined,
): boolean {
  if (columns.length === 0 || indexes === undefined) return false;
  return indexes.some((index) => columns.every((c, k) => index[k]?.toLowerCase() === c));
}

/**
 * A DEFAULT that is an expression, `DEFAULT (a + 1)` or `DEFAULT UUID()`, not a literal or the
 * current time (which the servers add instantly).
 */
const EXPRESSION_DEFAULT =
  /\bDEFAULT\s*(\(|(?!(CURRENT_TIMESTAMP|NOW|LOCALTIME|LOCALTIMESTAMP)\b)[A-Za-z_]\w*\s*\()/i;

/** The key under which a table option is looked up. */
function tableOptionKey(text: string, traits: ReadonlySet<TableTrait>): RuleKey {
  const option = text.trim();
  if (METADATA_OPTIONS.test(option)) return 'table-option-metadata';
  if (/^TABLESPACE\b/i.test(option)) return 'tablespace';
  // Turning off what the table does not have changes nothing but the definition.
  if (/^PAGE_COMPRESSED\s*=?\s*(0|NO)\b/i.test(option) && !traits.has('page-compressed')) {
    return 'table-option-metadata';
  }
  if (/^PAGE_COMPRESSED\s*=?\s*(1|YES)\s*$/i.test(option) && !traits.has('page-compressed')) {
    return 'table-page-compressed-on';
  }
  if (/^ENCRYPTION\s*=?\s*'?N/i.test(option) && !traits.has('encrypted')) {
    return 'table-option-metadata';
  }
  if (/^(ENCRYPTION\s*=?\s*'?Y|ENCRYPTED\s*=?\s*YES)/i.test(option)) return 'table-encryption';
  return 'table-option';
}

/** The key under which `op` is looked up, given the rest of the statement and the table. */
export function ruleKeyFor(
  op: AlterOperation,
  all: readonly AlterOperation[],
  facts: TableFacts,
  columnChange: ColumnChange | undefined,
  context: OperationContext = {},
): RuleKey {
  const conversion = context.conversion ?? 'converts';
  const traits = new Set(facts.traits ?? []);
  const has = (list: readonly string[] | undefined, name: string | undefined) =>
    (list ?? []).some((c) => c.toLowerCase() === (name ?? '').toLowerCase());
  const columnName = (name: string | undefined) => (name ?? '').toLowerCase();
  // A column another table's foreign key references (MySQL renames it in place, not instantly).
  const referenced = (name: string | undefined) =>
    (facts.incomingForeignKeys ?? []).some((f) => has(f.columns, name));
  switch (op.kind) {
    case 'system-versioning':
      return /^DROP\b/i.test(op.text) ? 'drop-system-versioning' : op.kind;
    case 'add-column': {
      // Quoted text (a COMMENT, a string default) says nothing about the column's kind.
      const definition = (op.definition ?? '').replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, "''");
      if (/\bAUTO_INCREMENT\b/i.test(definition)) return 'add-column-auto-increment';
      if (/\bREFERENCES\b/i.test(definition)) {
        return facts.foreignKeyChecks === false
          ? 'add-column-references-unchecked'
          : 'add-column-references';
      }
      if (/\b(UNIQUE|PRIMARY\s+KEY|KEY)\b/i.test(definition)) return 'add-column-indexed';
      if (EXPRESSION_DEFAULT.test(definition)) return 'add-column-expression-default';
      if (/\bCHECK\s*\(/i.test(definition)) return 'add-column-check';
      const generated = /\b(AS|GENERATED\s+ALWAYS\s+AS)\s*\(/i.test(op.definition ?? '');
      if (generated && /\b(STORED|PERSISTENT)\b/i.test(op.definition ?? '')) {
        return 'add-column-stored';
      }
      if (generated) return 'add-column-virtual';
      return op.position && op.position.at !== 'last' ? 'add-column-positioned' : 'add-column-last';
    }
    case 'add-index':
    case 'add-unique-index':
      if (/\(\s*\(/.test(op.text)) return 'add-functional-index';
      return op.kind === 'add-unique-index' && context.nullableUnique === true
        ? 'add-unique-nullable-index'
        : op.kind;
    case 'add-fulltext-index':
      // A hidden FTS_DOC_ID left by a dropped FULLTEXT index serves the new one as it is.
      return traits.has('fulltext-index') || facts.hiddenFtsDocId === true
        ? 'add-fulltext-index-more'
        : op.kind;
    case 'drop-column': {
      const dropped = new Set(
        all.filter((o) => o.kind === 'drop-column').map((o) => (o.column ?? '').toLowerCase()),
      );
      const primary = facts.primaryKeyColumns ?? [];
      const addsPrimary = all.some(
        (o) =>
          o.kind === 'add-primary-key' ||
          (o.kind === 'add-column' && /\bPRIMARY\s+KEY\b/i.test(o.definition ?? '')),
      );
      if (
        has(primary, op.column) &&
        primary.every((c) => dropped.has(c.toLowerCase())) &&
        !addsPrimary
      ) {
        return 'drop-primary-key-column';
      }
      if (!has(facts.indexedColumns, op.column)) return op.kind;
      if (has(facts.virtualColumns, op.column)) return 'drop-indexed-virtual-column';
      // An index that keeps other columns is rebuilt smaller, and the table with it.
      const shrinks = (facts.keys ?? []).some(
        (k) => has(k.columns, op.column) && k.columns.some((c) => !dropped.has(c.toLowerCase())),
      );
      return shrinks ? 'drop-column-shrinks-index' : 'drop-indexed-column';
    }
    case 'rename-column':
      return referenced(op.column) ? 'rename-referenced-column' : op.kind;
    case 'drop-index':
      return has(facts.longUniqueIndexes, op.index) ? 'drop-long-unique-index' : op.kind;
    case 'check-enforcement':
      return /\bNOT\s+ENFORCED\s*$/i.test(op.text) ? 'check-not-enforced' : op.kind;
    case 'drop-constraint':
      return /^DROP\s+CHECK\b/i.test(op.text) || has(facts.checkConstraints, op.index)
        ? 'drop-check'
        : op.kind;
    case 'table-option':
      return tableOptionKey(op.text, traits);
    case 'convert-charset':
      if (conversion === 'metadata') return 'convert-charset-metadata';
      if (conversion === 'collation') return 'convert-collation';
      if (conversion === 'collation-varchar') return 'convert-collation-varchar';
      return conversion === 'collation-indexed' ? 'convert-collation-indexed' : op.kind;
    case 'partition-maintenance':
      return /^(ANALYZE|CHECK|OPTIMIZE|REPAIR|EXCHANGE)\b/i.test(op.text)
        ? 'partition-check'
        : op.kind;
    case 'add-partition':
      return /^ADD\s+PARTITION\s+PARTITIONS\b/i.test(op.text) ? 'add-partition-hash' : op.kind;
    case 'change-column':
    case 'modify-column': {
      const change = columnChange ?? 'type';
      if ((change === 'same' || change === 'reorder') && facts.autoIncrementColumn !== undefined) {
        const was = (facts.autoIncrementColumn ?? '').toLowerCase() === columnName(op.column);
        const definition = (op.definition ?? '').replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, "''");
        const now = /\bAUTO_INCREMENT\b/i.test(definition);
        if (now && !was) return 'column-auto-increment-add';
        if (was && !now) return 'column-auto-increment-drop';
      }
      const renamed =
        op.kind === 'change-column' &&
        op.newName !== undefined &&
        columnName(op.newName) !== columnName(op.column);
      if (change === 'same' && renamed && referenced(op.column)) return 'rename-referenced-column';
      if (change === 'collation' && has(facts.primaryKeyColumns, op.column)) {
        return 'column-collation-primary';
      }
      if (change === 'collation' && has(facts.indexedColumns, op.column)) {
        return 'column-collation-indexed';
      }
      if (
        (change === 'varchar-widen-prefix' || change === 'varchar-widen-short') &&
        traits.has('redundant-row-format')
      ) {
        return 'column-varchar-widen-redundant';
      }
      return `column-${change}`;
    }
    case 'drop-primary-key':
      return all.some((o) => o.kind === 'add-primary-key')
        ? 'replace-primary-key'
        : 'drop-primary-key';
    case 'add-primary-key':
      return 'add-primary-key';
    case 'add-foreign-key': {
      if (facts.foreignKeyChecks !== false) return 'add-foreign-key';
      return hasIndexFor(foreignKeyColumnsOf(op.text), facts.indexes)
        ? 'add-foreign-key-unchecked-indexed'
        : 'add-foreign-key-unchecked';
    }
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
