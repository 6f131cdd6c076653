/**
 * The generated ALTER matrix of rules-matrix.test.ts, as data: table shapes, and operations
 * that apply to every table (on its own columns) or to one shape. Column type changes are
 * generated from a table of column types × the changes a DBA asks of each; byte-length
 * boundaries from the character sets' widths. Each shape lives in its own database so that
 * putting it back after an accepted ALTER is one DROP DATABASE away.
 */

export interface Shape {
  name: string;
  /** The table the operations alter. */
  table: string;
  /** CREATE TABLE (and INSERT) statements, `;`-separated. */
  setup: string;
  /** Only on this flavor (the others lack the feature). */
  only?: 'mysql' | 'mariadb';
  /** Statements that bring the table to its instant row-version limit (MySQL). */
  atRowVersionLimit?: boolean;
  /** The operations run with foreign_key_checks off in the session. */
  foreignKeyChecksOff?: boolean;
  /** Words between ALTER and TABLE in every statement of this shape (`IGNORE`, `ONLINE`). */
  head?: string;
  /** Operations for this shape only. */
  ops: readonly string[];
  /** Operations per copy of the shape (a costly setup is better spread over connections). */
  jobSize?: number;
  /** Leave out the operations every shape gets. */
  noCommon?: boolean;
}

/** Columns every regular shape has, so that the common operations apply to all. */
const COMMON_COLUMNS = `a INT NOT NULL DEFAULT 0, b VARCHAR(20), c INT NULL`;
const ROWS = (table: string) => `INSERT INTO ${table} (a, b, c) VALUES (1, 'x', 1), (2, 'z', 2)`;

/** Operations tried on every shape but those marked noCommon. */
export const COMMON_OPS: readonly string[] = [
  'ADD COLUMN x INT',
  'ADD COLUMN x INT FIRST',
  'ADD COLUMN x INT AFTER a',
  "ADD COLUMN x VARCHAR(10) NOT NULL DEFAULT 'q'",
  'ADD COLUMN x INT AS (a + 1) VIRTUAL',
  'ADD COLUMN x INT AS (a + 1) STORED',
  'DROP COLUMN c',
  'RENAME COLUMN b TO b2',
  'MODIFY COLUMN a BIGINT NOT NULL DEFAULT 0',
  'MODIFY COLUMN b VARCHAR(40)',
  'MODIFY COLUMN b VARCHAR(64)',
  'MODIFY COLUMN c INT NOT NULL',
  'ALTER COLUMN a SET DEFAULT 5',
  'ADD INDEX kb (b)',
  'ADD UNIQUE INDEX ua (a, id)',
  'RENAME TO t_renamed',
  'ENGINE=InnoDB',
  'FORCE',
  "COMMENT='x'",
  'AUTO_INCREMENT=1000',
  'STATS_PERSISTENT=0',
  'DEFAULT CHARSET=latin1',
  'CONVERT TO CHARACTER SET utf8mb4',
  'ROW_FORMAT=DYNAMIC',
  'ROW_FORMAT=COMPACT',
  'ROW_FORMAT=REDUNDANT',
  'ROW_FORMAT=COMPRESSED',
  'KEY_BLOCK_SIZE=8',
];

/**
 * One column of the wide table: its type, a value every row holds (so that NOT NULL and
 * narrowing meet real data), and the definitions it is changed to (`MODIFY COLUMN name <to>`).
 */
interface TypedColumn {
  name: string;
  type: string;
  value: string;
  to: readonly string[];
}

/** Character sets and their widest character: where a VARCHAR crosses 255 bytes. */
const CHARSETS = [
  { name: 'latin1', bytes: 1 },
  { name: 'utf8mb3', bytes: 3 },
  { name: 'utf8mb4', bytes: 4 },
] as const;

/**
 * VARCHAR columns of each character set at the byte-length boundaries: short (at most 127
 * bytes: every value has a one-byte length in either encoding), mid (128..255), at 255 bytes,
 * and long (over 255: a two-byte length), each widened within, to and across 255 bytes,
 * narrowed, and converted to other kinds.
 */
function varcharColumns(): TypedColumn[] {
  return CHARSETS.flatMap(({ name: cs, bytes }) => {
    const chars = (n: number) => Math.floor(n / bytes);
    const v = (n: number, extra = '') => `VARCHAR(${n}) CHARACTER SET ${cs}${extra}`;
    const s = chars(100);
    const m = chars(200);
    const e = chars(255);
    const l = chars(300);
    return [
      { name: `${cs}_s`, type: v(s), value: "'s'", to: [v(chars(120)), v(e), v(e + 1)] },
      {
        name: `${cs}_m`,
        type: v(m),
        value: "'m'",
        to: [
          v(e),
          v(e + 1),
          v(m - 5),
          `CHAR(${m}) CHARACTER SET ${cs}`,
          `TEXT CHARACTER SET ${cs}`,
          v(m, ' NOT NULL'),
          v(m, " DEFAULT 'q'"),
          v(m, ` COLLATE ${cs}_bin`),
          `VARCHAR(${m}) CHARACTER SET ${cs === 'utf8mb4' ? 'latin1' : 'utf8mb4'}`,
          `VARBINARY(${m})`,
        ],
      },
      { name: `${cs}_e`, type: v(e), value: "'e'", to: [v(e + 1), v(e - 1)] },
      { name: `${cs}_l`, type: v(l), value: "'l'", to: [v(l + 50), v(e)] },
    ];
  });
}

const ENUM_255 = Array.from({ length: 255 }, (_, k) => `'v${k}'`).join(',');
const SET_8 = Array.from({ length: 8 }, (_, k) => `'s${k}'`).join(',');

/** The columns of the wide table that are changed, by type family. */
const TYPED_COLUMNS: readonly TypedColumn[] = [
  // integers: widen, narrow, signedness, to decimal and text
  {
    name: 'n_ti',
    type: 'TINYINT',
    value: '1',
    to: ['SMALLINT', 'INT', 'TINYINT UNSIGNED', 'DECIMAL(5,0)', 'TINYINT NOT NULL'],
  },
  {
    name: 'n_si',
    type: 'SMALLINT',
    value: '1',
    to: ['MEDIUMINT', 'TINYINT', 'SMALLINT UNSIGNED', 'BIGINT'],
  },
  { name: 'n_mi', type: 'MEDIUMINT', value: '1', to: ['INT', 'SMALLINT', 'MEDIUMINT UNSIGNED'] },
  {
    name: 'n_i',
    type: 'INT',
    value: '1',
    to: [
      'BIGINT',
      'INT UNSIGNED',
      'BIGINT UNSIGNED',
      'SMALLINT',
      'DECIMAL(12,0)',
      'DECIMAL(10,2)',
      'DOUBLE',
      'VARCHAR(20)',
      'CHAR(11)',
      'INT NOT NULL',
      'INT DEFAULT 7',
      "INT COMMENT 'c'",
      'INT ZEROFILL',
    ],
  },
  {
    name: 'n_bi',
    type: 'BIGINT',
    value: '1',
    to: ['INT', 'BIGINT UNSIGNED', 'DECIMAL(20,0)', 'BIGINT NOT NULL'],
  },
  { name: 'n_u', type: 'INT UNSIGNED', value: '1', to: ['INT', 'BIGINT UNSIGNED', 'BIGINT'] },
  // fixed and floating point
  {
    name: 'n_dc',
    type: 'DECIMAL(10,2)',
    value: '1.5',
    to: [
      'DECIMAL(12,2)',
      'DECIMAL(18,2)',
      'DECIMAL(8,2)',
      'DECIMAL(10,3)',
      'DECIMAL(10,1)',
      'INT',
      'DOUBLE',
      'DECIMAL(10,2) NOT NULL',
    ],
  },
  { name: 'n_fl', type: 'FLOAT', value: '1.5', to: ['DOUBLE', 'DECIMAL(10,2)', 'FLOAT NOT NULL'] },
  { name: 'n_db', type: 'DOUBLE', value: '1.5', to: ['FLOAT', 'DECIMAL(20,4)'] },
  { name: 'n_bit', type: 'BIT(8)', value: "b'1'", to: ['BIT(16)', 'BIT(4)', 'TINYINT UNSIGNED'] },
  { name: 'n_yr', type: 'YEAR', value: '2020', to: ['SMALLINT', 'YEAR NOT NULL'] },
  // CHAR, BINARY
  {
    name: 'c_ch',
    type: 'CHAR(10)',
    value: "'c'",
    to: ['CHAR(20)', 'CHAR(5)', 'VARCHAR(10)', 'VARCHAR(20)', 'BINARY(10)', 'CHAR(10) NOT NULL'],
  },
  { name: 'c_bin', type: 'BINARY(8)', value: "'b'", to: ['BINARY(16)', 'VARBINARY(8)'] },
  {
    name: 'c_vb',
    type: 'VARBINARY(20)',
    value: "'vb'",
    to: ['VARBINARY(40)', 'VARBINARY(300)', 'VARBINARY(10)', 'VARCHAR(20)', 'BLOB'],
  },
  // TEXT, BLOB
  { name: 't_tt', type: 'TINYTEXT', value: "'tt'", to: ['TEXT', 'VARCHAR(255)'] },
  {
    name: 't_tx',
    type: 'TEXT',
    value: "'tx'",
    to: [
      'MEDIUMTEXT',
      'LONGTEXT',
      'TINYTEXT',
      'BLOB',
      'VARCHAR(100)',
      'TEXT CHARACTER SET latin1',
      'TEXT COLLATE utf8mb4_bin',
      'TEXT NOT NULL',
    ],
  },
  { name: 't_mt', type: 'MEDIUMTEXT', value: "'mt'", to: ['LONGTEXT', 'TEXT'] },
  {
    name: 't_bl',
    type: 'BLOB',
    value: "'bl'",
    to: ['MEDIUMBLOB', 'LONGBLOB', 'TINYBLOB', 'TEXT', 'VARBINARY(100)'],
  },
  // ENUM, SET: append, insert, reorder, remove, past a storage-size step
  {
    name: 'k_e',
    type: "ENUM('a','b')",
    value: "'a'",
    to: [
      "ENUM('a','b','c')",
      "ENUM('a','b','c','d')",
      "ENUM('a','c','b')",
      "ENUM('b','a')",
      "ENUM('a')",
      "ENUM('a','b') NOT NULL",
      "ENUM('a','b') DEFAULT 'b'",
      "ENUM('a','b','c') DEFAULT 'c'",
      'VARCHAR(10)',
    ],
  },
  {
    name: 'k_s',
    type: "SET('x','y')",
    value: "'x'",
    to: ["SET('x','y','z')", "SET('x','z','y')", "SET('y','x')", "SET('x')", 'VARCHAR(10)'],
  },
  { name: 'k_e255', type: `ENUM(${ENUM_255})`, value: "'v1'", to: [`ENUM(${ENUM_255},'v255')`] },
  { name: 'k_s8', type: `SET(${SET_8})`, value: "'s1'", to: [`SET(${SET_8},'s8')`] },
  // JSON
  {
    name: 'j',
    type: 'JSON',
    value: `'{"k": 1}'`,
    to: ['LONGTEXT', 'TEXT', 'JSON NOT NULL', "JSON COMMENT 'c'"],
  },
  // temporal types and fractional seconds
  {
    name: 'dt',
    type: 'DATETIME',
    value: "'2024-01-02 03:04:05'",
    to: [
      'DATETIME(3)',
      'DATETIME(6)',
      'TIMESTAMP NULL',
      'DATE',
      'DATETIME NOT NULL',
      'DATETIME DEFAULT CURRENT_TIMESTAMP',
      'VARCHAR(30)',
    ],
  },
  {
    name: 'dt3',
    type: 'DATETIME(3)',
    value: "'2024-01-02 03:04:05.123'",
    to: ['DATETIME(6)', 'DATETIME(2)', 'DATETIME'],
  },
  {
    name: 'ts',
    type: 'TIMESTAMP NULL',
    value: "'2024-01-02 03:04:05'",
    to: ['TIMESTAMP(3) NULL', 'DATETIME', 'TIMESTAMP NULL DEFAULT CURRENT_TIMESTAMP'],
  },
  { name: 'dd', type: 'DATE', value: "'2024-01-02'", to: ['DATETIME', 'VARCHAR(10)'] },
  { name: 'tm', type: 'TIME', value: "'03:04:05'", to: ['TIME(3)', 'DATETIME'] },
  ...varcharColumns(),
];

/** The wide table: the common columns, every typed column, a foreign key out, an index. */
function wideSetup(): string {
  const columns = TYPED_COLUMNS.map((c) => `${c.name} ${c.type}`).join(',\n  ');
  const names = TYPED_COLUMNS.map((c) => c.name).join(', ');
  const values = TYPED_COLUMNS.map((c) => c.value).join(', ');
  return `CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB;
INSERT INTO p VALUES (0), (1), (2);
CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}, d VARCHAR(10) NULL,
  ${columns},
  KEY ka (a), KEY kd (d), CONSTRAINT fk_c FOREIGN KEY (c) REFERENCES p (id))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t (a, b, c, d, ${names}) VALUES (1, 'x', 1, 'y', ${values}), (2, 'z', 2, 'w', ${values})`;
}

/** MODIFY COLUMN for every typed column and each of its changes. */
const TYPE_CHANGES: readonly string[] = TYPED_COLUMNS.flatMap((c) =>
  c.to.map((to) => `MODIFY COLUMN ${c.name} ${to}`),
);

/** Column definitions added as new columns: one per family. */
const ADDED_TYPES: readonly string[] = [
  'BIGINT NOT NULL DEFAULT 7',
  'DECIMAL(8,2)',
  'TEXT',
  'BLOB',
  'JSON',
  "ENUM('p','q') NOT NULL DEFAULT 'p'",
  'DATETIME DEFAULT CURRENT_TIMESTAMP',
  'TIMESTAMP(6) NULL',
  'VARCHAR(300) CHARACTER SET latin1',
  'CHAR(5) NOT NULL',
];

/** The rest of the column operations on the wide table. */
const COLUMN_OPS: readonly string[] = [
  ...ADDED_TYPES.map((t) => `ADD COLUMN x ${t}`),
  'ADD COLUMN x INT AS (a * 2) VIRTUAL AFTER a',
  'ADD COLUMN x INT AS (a * 2) STORED FIRST',
  "ADD COLUMN x VARCHAR(20) AS (CONCAT(b, 'x')) STORED",
  'ADD COLUMN x INT, ADD COLUMN y INT',
  'ADD COLUMN (x INT, y INT)',
  'ADD COLUMN x INT INVISIBLE',
  'DROP COLUMN t_tx',
  'DROP COLUMN j',
  'DROP COLUMN k_e',
  'DROP COLUMN a',
  'DROP COLUMN d',
  'DROP COLUMN latin1_s, DROP COLUMN latin1_l',
  'MODIFY COLUMN b VARCHAR(10)',
  'MODIFY COLUMN a INT NULL DEFAULT 0',
  'MODIFY COLUMN d VARCHAR(10) NOT NULL',
  "MODIFY COLUMN d VARCHAR(10) NULL COMMENT 'why'",
  "MODIFY COLUMN d VARCHAR(10) DEFAULT 'q'",
  'MODIFY COLUMN d VARCHAR(10) COLLATE utf8mb4_bin',
  'MODIFY COLUMN d VARCHAR(20)',
  'MODIFY COLUMN d VARCHAR(100)',
  'MODIFY COLUMN a INT NOT NULL DEFAULT 0 AFTER d',
  'MODIFY COLUMN a INT NOT NULL DEFAULT 0 FIRST',
  'CHANGE COLUMN d d2 VARCHAR(10)',
  'CHANGE COLUMN d d2 VARCHAR(20)',
  'CHANGE COLUMN n_i n_i2 BIGINT',
  'ALTER COLUMN a DROP DEFAULT',
  "ALTER COLUMN d SET DEFAULT 'z'",
  'ALTER COLUMN n_dc SET DEFAULT 1.25',
  'ALTER COLUMN dt SET DEFAULT CURRENT_TIMESTAMP',
  "ALTER COLUMN k_e SET DEFAULT 'b'",
  'ALTER COLUMN c SET INVISIBLE',
  // renames and metadata of columns that an index or a foreign key uses
  'RENAME COLUMN c TO c2',
  'CHANGE COLUMN c c2 INT NULL',
  'RENAME COLUMN a TO a2',
  "MODIFY COLUMN a INT NOT NULL DEFAULT 0 COMMENT 'x'",
  'MODIFY COLUMN a INT NOT NULL DEFAULT (1 + 1)',
  'ALTER COLUMN n_i SET DEFAULT (FLOOR(RAND() * 10))',
  'DROP INDEX fk_c',
];

/** Index operations on the wide table. */
const INDEX_OPS: readonly string[] = [
  'ADD INDEX kab (a, b)',
  'ADD INDEX kprefix (t_tx(10))',
  'ADD INDEX kvprefix (b(5))',
  'ADD INDEX kl (latin1_m)',
  'ADD INDEX kdesc (a DESC)',
  'ADD INDEX kbt (a) USING BTREE',
  "ADD INDEX kcm (a) COMMENT 'c'",
  'ADD INDEX kinv (a) INVISIBLE',
  'ADD INDEX kign (a) IGNORED',
  'ADD UNIQUE INDEX ud (d)',
  'ADD UNIQUE INDEX ua2 (a, b)',
  'ADD INDEX kj ((CAST(j->>"$.k" AS CHAR(10))))',
  'ADD INDEX kx1 (n_i), ADD INDEX kx2 (n_bi)',
  'ADD INDEX kx1 (n_i), DROP INDEX ka',
  'ADD FULLTEXT INDEX ftx (t_tx)',
  'ADD FULLTEXT INDEX ftx2 (t_tx, t_mt)',
  'ADD FULLTEXT INDEX ftng (t_tx) WITH PARSER ngram',
  'DROP INDEX ka',
  'DROP INDEX ka, DROP INDEX kd',
  'RENAME INDEX ka TO ka2',
  'RENAME KEY kd TO kd2',
  'ALTER INDEX ka INVISIBLE',
  'ALTER INDEX ka VISIBLE',
  'ALTER INDEX ka IGNORED',
  'ALTER INDEX ka NOT IGNORED',
  'DROP INDEX ka, ADD INDEX ka (a, b)',
  'DROP PRIMARY KEY, ADD PRIMARY KEY (id, a)',
  'MODIFY COLUMN d VARCHAR(40), ADD INDEX kd40 (d)',
];

/** Constraints and the table as a whole on the wide table. */
const TABLE_OPS: readonly string[] = [
  'ADD CONSTRAINT ck CHECK (a >= 0)',
  'ADD CHECK (n_i > 0)',
  'DROP FOREIGN KEY fk_c',
  'ADD CONSTRAINT fk2 FOREIGN KEY (a) REFERENCES p (id)',
  'ADD CONSTRAINT fk3 FOREIGN KEY (n_i) REFERENCES p (id) ON DELETE CASCADE',
  // A column's own REFERENCES: MySQL 9 and MariaDB create the foreign key.
  'ADD COLUMN x INT REFERENCES p (id)',
  'ADD COLUMN x INT NULL REFERENCES p (id) ON DELETE CASCADE',
  'DROP FOREIGN KEY fk_c, ADD CONSTRAINT fk_c2 FOREIGN KEY (c) REFERENCES p (id)',
  'ORDER BY a',
  'RENAME AS t_renamed',
  'RENAME TO t_renamed, ADD INDEX kr (a, b)',
  'RENAME TO t_renamed, MODIFY COLUMN c INT NOT NULL',
  'RENAME TO t_renamed, ADD COLUMN x INT',
  'CONVERT TO CHARACTER SET latin1',
  'CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
  'CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci',
  'DEFAULT COLLATE utf8mb4_bin',
  'DEFAULT CHARACTER SET utf8mb3',
  'ENGINE=MyISAM',
  'ADD INDEX kf (a), FORCE',
  // combined: instant next to instant, next to in place, next to a copy
  'ADD COLUMN x INT, ADD INDEX kx (a)',
  'ADD COLUMN x INT, RENAME COLUMN b TO b2',
  'ADD COLUMN x INT, DROP COLUMN d',
  'ADD COLUMN x INT, ALTER COLUMN a SET DEFAULT 3',
  "ADD COLUMN x INT, COMMENT='y'",
  'ADD COLUMN x INT, MODIFY COLUMN n_i BIGINT',
  'ADD COLUMN x INT, FORCE',
  'ADD COLUMN x INT, MODIFY COLUMN d VARCHAR(10) NOT NULL',
  "ALTER COLUMN a SET DEFAULT 3, COMMENT='y'",
  'RENAME COLUMN b TO b2, ADD INDEX kb2 (d)',
  'ADD INDEX kx (a), MODIFY COLUMN n_i BIGINT',
  'ADD INDEX kx (n_i), ADD FULLTEXT INDEX ftx (t_tx)',
  "MODIFY COLUMN k_e ENUM('a','b','c'), ADD COLUMN x INT",
  "MODIFY COLUMN k_e ENUM('a','b','c'), MODIFY COLUMN n_i BIGINT",
];

/** Table options, each value the manuals list. */
const TABLE_OPTION_OPS: readonly string[] = [
  'STATS_PERSISTENT=1',
  'STATS_PERSISTENT=DEFAULT',
  'STATS_AUTO_RECALC=0',
  'STATS_AUTO_RECALC=DEFAULT',
  'STATS_SAMPLE_PAGES=50',
  'STATS_SAMPLE_PAGES=DEFAULT',
  'PACK_KEYS=1',
  'PACK_KEYS=0',
  'PACK_KEYS=DEFAULT',
  'CHECKSUM=1',
  'CHECKSUM=0',
  'MAX_ROWS=1000',
  'MIN_ROWS=10',
  'AVG_ROW_LENGTH=100',
  'DELAY_KEY_WRITE=1',
  'DELAY_KEY_WRITE=0',
  'KEY_BLOCK_SIZE=0',
  'KEY_BLOCK_SIZE=4',
  'ROW_FORMAT=DEFAULT',
  'ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8',
  'ROW_FORMAT=FIXED',
  'ROW_FORMAT=PAGE',
  "COMMENT='a longer comment'",
  'AUTO_INCREMENT=5',
  "COMPRESSION='zlib'",
  "COMPRESSION='lz4'",
  "COMPRESSION='none'",
  "ENCRYPTION='N'",
  "ENCRYPTION='Y'",
  'ENCRYPTED=NO',
  'ENCRYPTED=YES',
  'ENCRYPTION_KEY_ID=2',
  'PAGE_COMPRESSED=1',
  'PAGE_COMPRESSED=0',
  'PAGE_COMPRESSION_LEVEL=3',
  'PAGE_CHECKSUM=1',
  'TRANSACTIONAL=1',
  'IETF_QUOTES=YES',
  'AUTOEXTEND_SIZE=4M',
  'TABLESPACE innodb_file_per_table',
  'INSERT_METHOD=LAST',
  'STATS_PERSISTENT=0, STATS_AUTO_RECALC=1',
  "STATS_PERSISTENT=0 COMMENT='z'",
];

/** A RANGE- or LIST-partitioned table (`by`, `partitions`), and the operations for it. */
function partitionedShape(
  name: string,
  by: string,
  partitions: string,
  ops: readonly string[],
): Shape {
  return {
    name,
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT NOT NULL, ${COMMON_COLUMNS}, PRIMARY KEY (id)) ENGINE=InnoDB
  PARTITION BY ${by} ${partitions};
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (150, 2, 'z', 2);
CREATE TABLE tx (id INT NOT NULL, ${COMMON_COLUMNS}, PRIMARY KEY (id)) ENGINE=InnoDB`,
    ops,
  };
}

/** Partition maintenance that every partitioned shape takes on its partition p0. */
const PARTITION_MAINTENANCE = (p: string): string[] => [
  `TRUNCATE PARTITION ${p}`,
  `ANALYZE PARTITION ${p}`,
  `CHECK PARTITION ${p}`,
  `OPTIMIZE PARTITION ${p}`,
  `REBUILD PARTITION ${p}`,
  `REPAIR PARTITION ${p}`,
  `EXCHANGE PARTITION ${p} WITH TABLE tx`,
  'TRUNCATE PARTITION ALL',
  'REMOVE PARTITIONING',
];

/** Operations on a partitioned table that are not partition management. */
const ON_PARTITIONED: readonly string[] = [
  'ADD COLUMN x INT',
  'ADD COLUMN x INT AS (a + 1) VIRTUAL',
  'DROP COLUMN c',
  'ADD INDEX kb (b)',
  'MODIFY COLUMN a BIGINT NOT NULL DEFAULT 0',
  'MODIFY COLUMN b VARCHAR(40)',
  'FORCE',
  'STATS_PERSISTENT=0',
  'CONVERT TO CHARACTER SET utf8mb4',
];

export const SHAPES: readonly Shape[] = [
  {
    name: 'wide',
    table: 't',
    setup: wideSetup(),
    ops: [...TYPE_CHANGES, ...COLUMN_OPS, ...INDEX_OPS, ...TABLE_OPS, ...TABLE_OPTION_OPS],
  },
  {
    name: 'generated',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY, ${COMMON_COLUMNS},
  gs INT AS (a + 10) STORED, gv INT AS (a * 3) VIRTUAL, KEY kgv (gv)) ENGINE=InnoDB;
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (2, 2, 'z', 2)`,
    ops: [
      'DROP COLUMN gs',
      'DROP COLUMN gv',
      'MODIFY COLUMN gs INT AS (a + 11) STORED',
      'MODIFY COLUMN gv INT AS (a * 4) VIRTUAL',
      'RENAME COLUMN a TO a2',
      "MODIFY COLUMN a INT NOT NULL DEFAULT 0 COMMENT 'x'",
      'ADD INDEX kgs (gs)',
      'DROP INDEX kgv',
      'ADD INDEX kgv2 (gv, a)',
    ],
  },
  {
    name: 'stored-generated',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY, ${COMMON_COLUMNS},
  gs INT AS (a + 10) STORED) ENGINE=InnoDB;
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (2, 2, 'z', 2)`,
    ops: ['DROP COLUMN gs', 'ADD INDEX kgs (gs)', 'MODIFY COLUMN a INT NOT NULL DEFAULT 0 FIRST'],
  },
  {
    name: 'virtual-indexed',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY, ${COMMON_COLUMNS},
  gv INT AS (a * 3) VIRTUAL, KEY kgv (gv)) ENGINE=InnoDB;
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (2, 2, 'z', 2)`,
    ops: ['DROP COLUMN gv', 'DROP INDEX kgv', 'MODIFY COLUMN a INT NOT NULL DEFAULT 0 FIRST'],
  },
  {
    name: 'virtual-unindexed',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY, ${COMMON_COLUMNS},
  gv INT AS (a * 3) VIRTUAL) ENGINE=InnoDB;
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (2, 2, 'z', 2)`,
    ops: [
      'DROP COLUMN gv',
      'ADD INDEX kgv (gv)',
      'MODIFY COLUMN a INT NOT NULL DEFAULT 0 FIRST',
      'MODIFY COLUMN gv INT AS (a * 3) VIRTUAL FIRST',
    ],
  },
  {
    name: 'fulltext',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}, body TEXT,
  FULLTEXT KEY fbody (body)) ENGINE=InnoDB;
${ROWS('t')}`,
    ops: [
      'DROP INDEX fbody',
      'ADD FULLTEXT INDEX fb (b)',
      'MODIFY COLUMN body MEDIUMTEXT',
      'RENAME INDEX fbody TO fbody2',
    ],
  },
  {
    // The last FULLTEXT index dropped: InnoDB keeps its hidden FTS_DOC_ID column, and both
    // servers rebuild for ADD/DROP COLUMN (and MariaDB for moving a column) instead.
    name: 'fulltext-dropped',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}, body TEXT,
  FULLTEXT KEY fbody (body)) ENGINE=InnoDB;
${ROWS('t')};
ALTER TABLE t DROP INDEX fbody`,
    ops: [
      'ADD COLUMN x INT, ADD COLUMN y INT',
      'MODIFY COLUMN c INT NULL AFTER id',
      'MODIFY COLUMN c INT NULL FIRST',
      'ADD FULLTEXT INDEX fb (body)',
    ],
  },
  {
    // A key declared in a column's definition is built like ADD UNIQUE / ADD PRIMARY KEY.
    name: 'inline-keys',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}, KEY ka (a)) ENGINE=InnoDB;
${ROWS('t')}`,
    ops: [
      'MODIFY COLUMN a INT NOT NULL DEFAULT 0 UNIQUE',
      'CHANGE COLUMN b b2 VARCHAR(20) UNIQUE',
      'MODIFY COLUMN b VARCHAR(40) UNIQUE KEY',
      "MODIFY COLUMN b VARCHAR(20) COMMENT 'UNIQUE'",
    ],
  },
  {
    // ALTER IGNORE on a column holding a duplicate: MariaDB copies to delete it; MySQL has
    // no IGNORE (syntax error).
    name: 'ignore-duplicates',
    table: 't',
    noCommon: true,
    head: 'IGNORE',
    setup: `CREATE TABLE t (id INT PRIMARY KEY, ${COMMON_COLUMNS}, KEY ka (a)) ENGINE=InnoDB;
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (2, 1, 'z', 2)`,
    ops: [
      'ADD UNIQUE INDEX ua (a)',
      'ADD CONSTRAINT ua UNIQUE (a)',
      'ADD COLUMN x INT UNIQUE',
      'MODIFY COLUMN a INT NOT NULL DEFAULT 0 UNIQUE',
      'DROP INDEX ka, ADD UNIQUE INDEX ka (a)',
      'DROP PRIMARY KEY, ADD PRIMARY KEY (a)',
      'ADD COLUMN x INT',
      'ADD INDEX kb (b)',
      'MODIFY COLUMN a BIGINT NOT NULL DEFAULT 0',
      'FORCE',
    ],
  },
  {
    name: 'online',
    table: 't',
    noCommon: true,
    head: 'ONLINE',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}) ENGINE=InnoDB;
${ROWS('t')}`,
    ops: ['ADD COLUMN x INT', 'ADD INDEX kb (b)', 'MODIFY COLUMN a BIGINT NOT NULL DEFAULT 0'],
  },
  {
    name: 'spatial',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  g POINT NOT NULL, h GEOMETRY NOT NULL, SPATIAL KEY sg (g)) ENGINE=InnoDB;
INSERT INTO t (a, b, c, g, h) VALUES (1, 'x', 1, POINT(1, 1), POINT(2, 2))`,
    ops: [
      'DROP INDEX sg',
      'ADD COLUMN g2 POINT',
      'ADD SPATIAL INDEX sh (h)',
      'RENAME INDEX sg TO sg2',
    ],
  },
  {
    name: 'foreign-key-in',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}) ENGINE=InnoDB;
${ROWS('t')};
CREATE TABLE ch (id INT PRIMARY KEY, tid INT, CONSTRAINT fk_in FOREIGN KEY (tid) REFERENCES t (id)) ENGINE=InnoDB;
INSERT INTO ch VALUES (1, 1)`,
    ops: ['MODIFY COLUMN id INT NOT NULL AUTO_INCREMENT', 'ENGINE=MyISAM'],
  },
  {
    name: 'foreign-key-cascade',
    table: 't',
    setup: `CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB;
INSERT INTO p VALUES (1), (2);
CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}, KEY kc (c),
  CONSTRAINT fk_c FOREIGN KEY (c) REFERENCES p (id) ON DELETE CASCADE ON UPDATE SET NULL) ENGINE=InnoDB;
${ROWS('t')}`,
    ops: ['ADD INDEX ka (a)', 'DROP FOREIGN KEY fk_c', 'MODIFY COLUMN a INT NULL DEFAULT 0'],
  },
  {
    name: 'foreign-key-cascade-parent',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}) ENGINE=InnoDB;
${ROWS('t')};
CREATE TABLE ch (id INT PRIMARY KEY, tid INT,
  CONSTRAINT fk_in FOREIGN KEY (tid) REFERENCES t (id) ON DELETE CASCADE) ENGINE=InnoDB;
INSERT INTO ch VALUES (1, 1)`,
    ops: ['ADD INDEX ka (a)'],
  },
  {
    name: 'foreign-key-unchecked',
    table: 't',
    noCommon: true,
    foreignKeyChecksOff: true,
    setup: `CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB;
INSERT INTO p VALUES (1), (2);
CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}, KEY kc (c),
  CONSTRAINT fk_c FOREIGN KEY (c) REFERENCES p (id)) ENGINE=InnoDB;
${ROWS('t')}`,
    ops: [
      'ADD CONSTRAINT fk2 FOREIGN KEY (a) REFERENCES p (id)',
      'ADD CONSTRAINT fk3 FOREIGN KEY (c) REFERENCES p (id) ON DELETE SET NULL',
      'ADD COLUMN x INT REFERENCES p (id)',
      'DROP FOREIGN KEY fk_c',
      'ADD COLUMN x INT',
      'DROP COLUMN c',
      'ADD INDEX kb (b)',
    ],
  },
  {
    name: 'checks',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  CONSTRAINT ck_a CHECK (a >= 0)) ENGINE=InnoDB;
${ROWS('t')}`,
    ops: [
      'DROP CHECK ck_a',
      'DROP CONSTRAINT ck_a',
      'ADD CONSTRAINT ck_b CHECK (c > 0)',
      'ALTER CHECK ck_a NOT ENFORCED',
      'ALTER CONSTRAINT ck_a NOT ENFORCED',
    ],
  },
  {
    name: 'utf8mb4-unindexed',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(20), tx TEXT)
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t VALUES (1, 1, 'x', 'y')`,
    ops: [
      'CONVERT TO CHARACTER SET utf8mb4',
      'CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
      'CONVERT TO CHARACTER SET utf8mb3',
      'CONVERT TO CHARACTER SET latin1',
      'DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_bin',
      'MODIFY COLUMN b VARCHAR(20) COLLATE utf8mb4_bin',
      'MODIFY COLUMN b VARCHAR(20) CHARACTER SET utf8mb4',
      'MODIFY COLUMN b VARCHAR(30) CHARACTER SET utf8mb4',
    ],
  },
  {
    name: 'utf8mb4-indexed',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(20), tx TEXT, KEY kb (b))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t VALUES (1, 1, 'x', 'y')`,
    ops: [
      'CONVERT TO CHARACTER SET utf8mb4',
      'CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
      'MODIFY COLUMN b VARCHAR(20) COLLATE utf8mb4_bin',
      'MODIFY COLUMN b VARCHAR(20) CHARACTER SET utf8mb4',
      'MODIFY COLUMN b VARCHAR(30) CHARACTER SET utf8mb4',
      'MODIFY COLUMN tx TEXT COLLATE utf8mb4_bin',
    ],
  },
  {
    name: 'utf8mb4-binary-collation',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT PRIMARY KEY, b VARCHAR(20), bb VARCHAR(20) COLLATE utf8mb4_bin,
  KEY kbb (bb)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t VALUES (1, 'x', 'y')`,
    ops: [
      'CONVERT TO CHARACTER SET utf8mb4',
      'CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
      'MODIFY COLUMN bb VARCHAR(20) CHARACTER SET utf8mb4',
      'MODIFY COLUMN bb VARCHAR(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
      "MODIFY COLUMN bb VARCHAR(20) COLLATE utf8mb4_bin COMMENT 'c'",
      'ADD UNIQUE INDEX ub (b)',
    ],
  },
  {
    // utf8mb3 columns taken to utf8mb4: instant on MariaDB, in place on MySQL, where no index
    // uses the column and a VARCHAR's length prefix keeps its size; a copy otherwise.
    name: 'utf8mb3-columns',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT PRIMARY KEY, u VARCHAR(20) CHARACTER SET utf8mb3,
  nn VARCHAR(20) CHARACTER SET utf8mb3 NOT NULL DEFAULT '', tx TEXT CHARACTER SET utf8mb3,
  bb VARCHAR(100) CHARACTER SET utf8mb3, w VARCHAR(70) CHARACTER SET utf8mb3,
  ch CHAR(10) CHARACTER SET utf8mb3, k VARCHAR(20) CHARACTER SET utf8mb3, KEY kk (k))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t VALUES (1, 'a', 'b', 'c', 'd', 'e', 'f', 'g'), (2, 'h', 'i', 'j', 'k', 'l', 'm', 'n')`,
    ops: [
      'MODIFY COLUMN u VARCHAR(20) CHARACTER SET utf8mb4',
      'MODIFY COLUMN u VARCHAR(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
      'MODIFY COLUMN u VARCHAR(20) COLLATE utf8mb4_general_ci',
      "MODIFY COLUMN u VARCHAR(20) CHARACTER SET utf8mb4 COMMENT 'emoji'",
      'MODIFY COLUMN u VARCHAR(20) CHARACTER SET utf8mb4 NOT NULL',
      'MODIFY COLUMN u VARCHAR(20) CHARACTER SET utf8mb4 FIRST',
      "MODIFY COLUMN nn VARCHAR(20) CHARACTER SET utf8mb4 NOT NULL DEFAULT ''",
      'MODIFY COLUMN tx TEXT CHARACTER SET utf8mb4',
      'MODIFY COLUMN bb VARCHAR(100) CHARACTER SET utf8mb4',
      'MODIFY COLUMN w VARCHAR(70) CHARACTER SET utf8mb4',
      'MODIFY COLUMN ch CHAR(10) CHARACTER SET utf8mb4',
      'MODIFY COLUMN k VARCHAR(20) CHARACTER SET utf8mb4',
      'CHANGE COLUMN u u2 VARCHAR(20) CHARACTER SET utf8mb4',
    ],
  },
  {
    name: 'triggers',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}) ENGINE=InnoDB;
CREATE TABLE audit (n INT) ENGINE=InnoDB;
CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO audit VALUES (NEW.a);
${ROWS('t')}`,
    ops: ['MODIFY COLUMN id BIGINT NOT NULL AUTO_INCREMENT', 'ADD SYSTEM VERSIONING'],
  },
  {
    name: 'system-versioned',
    table: 't',
    only: 'mariadb',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}) ENGINE=InnoDB
  WITH SYSTEM VERSIONING;
${ROWS('t')}`,
    ops: ['DROP SYSTEM VERSIONING'],
  },
  {
    name: 'long-unique',
    table: 't',
    only: 'mariadb',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}, tx TEXT,
  UNIQUE KEY utx (tx)) ENGINE=InnoDB;
INSERT INTO t (a, b, c, tx) VALUES (1, 'x', 1, 'p'), (2, 'z', 2, 'q')`,
    ops: ['DROP INDEX utx', 'ADD UNIQUE INDEX ub2 (b, tx)', 'MODIFY COLUMN tx MEDIUMTEXT'],
  },
  {
    name: 'column-attributes',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  v VARCHAR(100), lv VARCHAR(100) CHARACTER SET latin1, e ENUM('a','b'),
  KEY kv (v), KEY klv (lv), KEY ke (e)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t (a, b, c, v, lv, e) VALUES (1, 'x', 1, 'v', 'l', 'a'), (2, 'z', 2, 'w', 'm', 'b')`,
    ops: [
      'ADD COLUMN x VARCHAR(36) DEFAULT (UUID())',
      'ADD COLUMN x INT DEFAULT (a + 1)',
      'ADD COLUMN x INT UNIQUE',
      'ADD COLUMN x INT NOT NULL, ADD INDEX kx (x)',
      'ADD COLUMN x INT CHECK (x > 0)',
      'ADD COLUMN x INT AFTER id, ADD COLUMN y INT FIRST',
      'DROP COLUMN a, ADD COLUMN a BIGINT',
      'RENAME COLUMN a TO a2, RENAME COLUMN b TO a',
      'MODIFY COLUMN v VARCHAR(120)',
      'MODIFY COLUMN lv VARCHAR(200) CHARACTER SET latin1',
      'MODIFY COLUMN lv VARCHAR(300) CHARACTER SET latin1',
      "MODIFY COLUMN e ENUM('a','b','c')",
      'CHANGE COLUMN v v2 VARCHAR(100)',
      "ALTER COLUMN v SET DEFAULT 'q'",
      'MODIFY COLUMN id BIGINT NOT NULL AUTO_INCREMENT',
      'MODIFY COLUMN c INT NULL INVISIBLE',
      'DROP COLUMN v',
      'DROP INDEX kv, DROP COLUMN v',
    ],
  },
  {
    // Columns of keys: the AUTO_INCREMENT primary key, unique and plain keys of two columns,
    // a column another table's foreign key references.
    name: 'key-columns',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT, a INT, b INT, c INT, d INT, u INT,
  PRIMARY KEY (id), UNIQUE KEY uab (a, b), KEY kcd (c, d), UNIQUE KEY uu (u)) ENGINE=InnoDB;
INSERT INTO t (a, b, c, d, u) VALUES (1, 2, 3, 4, 1), (1, 3, 3, 4, 2);
CREATE TABLE ch (id INT PRIMARY KEY, tu INT, CONSTRAINT fk_in FOREIGN KEY (tu) REFERENCES t (u)) ENGINE=InnoDB;
INSERT INTO ch VALUES (1, 1)`,
    ops: [
      'DROP COLUMN id',
      'DROP COLUMN c',
      'DROP COLUMN c, DROP COLUMN d',
      'MODIFY COLUMN id INT NOT NULL',
      'CHANGE COLUMN id id2 INT NOT NULL AUTO_INCREMENT',
      'RENAME COLUMN u TO u2',
      'CHANGE COLUMN u u2 INT',
      "MODIFY COLUMN u INT COMMENT 'x'",
    ],
  },
  {
    name: 'composite-primary-key',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, a INT, PRIMARY KEY (id, k)) ENGINE=InnoDB;
INSERT INTO t VALUES (1, 1, 1), (2, 1, 1)`,
    ops: [
      'MODIFY COLUMN id INT NOT NULL AUTO_INCREMENT',
      'DROP COLUMN k, DROP COLUMN id',
      'DROP COLUMN k, DROP COLUMN id, ADD PRIMARY KEY (id2), ADD COLUMN id2 INT NOT NULL AUTO_INCREMENT',
    ],
  },
  {
    // Records near InnoDB's 8126-byte limit: 31 CHAR(255) latin1 columns, 7944 bytes at most.
    name: 'wide-record',
    table: 't',
    only: 'mysql',
    noCommon: true,
    setup: `CREATE TABLE t (id INT PRIMARY KEY, ${Array.from({ length: 31 }, (_, k) => `c${k} CHAR(255)`).join(', ')},
  a INT) ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO t (id, a) VALUES (1, 1), (2, 2)`,
    ops: ['ADD COLUMN x VARCHAR(255)', 'ADD COLUMN x INT', 'DROP COLUMN a'],
  },
  {
    name: 'varchar-primary-key',
    table: 't',
    noCommon: true,
    setup: `CREATE TABLE t (k VARCHAR(20) NOT NULL PRIMARY KEY, a INT) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t VALUES ('x', 1), ('y', 2)`,
    ops: [
      'MODIFY COLUMN k VARCHAR(40) NOT NULL',
      'MODIFY COLUMN k VARCHAR(10) NOT NULL',
      'MODIFY COLUMN k VARCHAR(20) NOT NULL COLLATE utf8mb4_bin',
      "MODIFY COLUMN k VARCHAR(20) NOT NULL COMMENT 'pk'",
      'RENAME COLUMN k TO k2',
      'ADD COLUMN x INT',
      'ADD COLUMN x INT FIRST',
      'DROP COLUMN a',
      'DROP PRIMARY KEY',
      'DROP PRIMARY KEY, ADD PRIMARY KEY (k, a)',
    ],
  },
  {
    name: 'compact',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  l1 VARCHAR(100) CHARACTER SET latin1) ENGINE=InnoDB ROW_FORMAT=COMPACT;
${ROWS('t')}`,
    ops: [
      'MODIFY COLUMN l1 VARCHAR(255) CHARACTER SET latin1',
      'MODIFY COLUMN l1 VARCHAR(256) CHARACTER SET latin1',
    ],
  },
  {
    name: 'redundant',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  l1 VARCHAR(100) CHARACTER SET latin1, l2 VARCHAR(200) CHARACTER SET latin1) ENGINE=InnoDB ROW_FORMAT=REDUNDANT;
${ROWS('t')}`,
    ops: [
      'MODIFY COLUMN l1 VARCHAR(256) CHARACTER SET latin1',
      'MODIFY COLUMN l2 VARCHAR(300) CHARACTER SET latin1',
      'MODIFY COLUMN l1 VARCHAR(120) CHARACTER SET latin1',
      'MODIFY COLUMN c INT NULL DEFAULT 3',
    ],
  },
  {
    name: 'compressed',
    table: 't',
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS},
  l1 VARCHAR(100) CHARACTER SET latin1) ENGINE=InnoDB ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8;
${ROWS('t')}`,
    ops: [
      'KEY_BLOCK_SIZE=4',
      'MODIFY COLUMN l1 VARCHAR(256) CHARACTER SET latin1',
      'ROW_FORMAT=DYNAMIC KEY_BLOCK_SIZE=0',
    ],
  },
  partitionedShape(
    'range-partitioned',
    'RANGE (id)',
    '(PARTITION p0 VALUES LESS THAN (100), PARTITION p1 VALUES LESS THAN (200))',
    [
      ...ON_PARTITIONED,
      ...PARTITION_MAINTENANCE('p0'),
      'ADD PARTITION (PARTITION p2 VALUES LESS THAN (300))',
      'ADD PARTITION (PARTITION p2 VALUES LESS THAN (300), PARTITION p3 VALUES LESS THAN MAXVALUE)',
      'DROP PARTITION p1',
      'DROP PARTITION p0, p1',
      'REORGANIZE PARTITION p1 INTO (PARTITION p1a VALUES LESS THAN (150), PARTITION p1b VALUES LESS THAN (200))',
      'REORGANIZE PARTITION p0, p1 INTO (PARTITION p01 VALUES LESS THAN (200))',
      'PARTITION BY HASH (id) PARTITIONS 2',
      'PARTITION BY KEY (id) PARTITIONS 2',
      'PARTITION BY RANGE (id) (PARTITION q0 VALUES LESS THAN (1000))',
    ],
  ),
  partitionedShape(
    'list-partitioned',
    'LIST (id)',
    '(PARTITION p0 VALUES IN (1, 2, 3), PARTITION p1 VALUES IN (150, 151))',
    [
      ...PARTITION_MAINTENANCE('p0'),
      'ADD PARTITION (PARTITION p2 VALUES IN (300))',
      'DROP PARTITION p1',
      'REORGANIZE PARTITION p1 INTO (PARTITION p1a VALUES IN (150), PARTITION p1b VALUES IN (151))',
      'PARTITION BY LIST (id) (PARTITION q0 VALUES IN (1, 150))',
    ],
  ),
  partitionedShape('hash-partitioned', 'HASH (id)', 'PARTITIONS 3', [
    ...ON_PARTITIONED,
    ...PARTITION_MAINTENANCE('p0'),
    'ADD PARTITION PARTITIONS 2',
    'COALESCE PARTITION 1',
    'PARTITION BY HASH (id) PARTITIONS 4',
  ]),
  partitionedShape('key-partitioned', 'KEY (id)', 'PARTITIONS 3', [
    ...PARTITION_MAINTENANCE('p0'),
    'ADD PARTITION PARTITIONS 1',
    'COALESCE PARTITION 2',
    'PARTITION BY KEY (id) PARTITIONS 5',
  ]),
  {
    name: 'no-primary-key',
    table: 't',
    setup: `CREATE TABLE t (id INT NOT NULL, ${COMMON_COLUMNS}) ENGINE=InnoDB;
INSERT INTO t (id, a, b, c) VALUES (1, 1, 'x', 1), (2, 2, 'z', 2)`,
    ops: [
      'ADD PRIMARY KEY (id)',
      'ADD UNIQUE INDEX uid (id)',
      'ADD UNIQUE INDEX ub (b)',
      'ADD COLUMN x INT NOT NULL AUTO_INCREMENT UNIQUE',
      'ADD COLUMN x INT NOT NULL AUTO_INCREMENT PRIMARY KEY',
      'ADD PRIMARY KEY (c)',
      'ADD PRIMARY KEY (id), ADD COLUMN x INT',
      'ENGINE=MyISAM',
      'ENGINE=MEMORY',
      'ENGINE=Aria',
      "COMMENT='no key'",
    ],
  },
  {
    name: 'row-version-limit',
    table: 't',
    only: 'mysql',
    atRowVersionLimit: true,
    noCommon: true,
    jobSize: 1,
    setup: `CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ${COMMON_COLUMNS}) ENGINE=InnoDB;
${ROWS('t')}`,
    ops: [
      'ADD COLUMN x INT',
      'DROP COLUMN c',
      'RENAME COLUMN b TO b2',
      'ALTER COLUMN a SET DEFAULT 5',
    ],
  },
];

/** The distinct operation clauses of the matrix (what the test prints as its operation count). */
export function distinctOperations(): number {
  const all = SHAPES.flatMap((s) => [...(s.noCommon ? [] : COMMON_OPS), ...s.ops]);
  return new Set(all).size;
}
